/**
 * Rules on the production path: a form of 1,000 text fields and 1,000 conditionals, each shown by
 * a rule over one or two of the fields, run by the real FormController (engine/forms) with the
 * real rule engine; every condition is mounted (subscribed), as on a rendered form.
 *   rules.keystroke   one field typed into, through FormController.setValue: the field's state
 *                     atom written (value, dirty against the stored value, filled count), its
 *                     debounced validation scheduled, and the conditions reading the field
 *                     re-evaluated by jotai and delivered to their subscribers. `evaluations` per
 *                     keystroke counted at the evaluator. Two baselines, same run, the same
 *                     compiled logic indexed by json-logic-js's own uses_data():
 *                     - `json-logic-js uses_data`: the value written into a plain object in place
 *                       and the rules that read it applied; nothing stored per field, nobody told;
 *                     - `json-logic-js uses_data, jotai atoms`: the same rules as derived atoms over
 *                       one atom per field, subscribed as the form's conditions are, a keystroke
 *                       writing the field's atom: the store's share of ours, with json-logic-js
 *                       as the rule engine and none of the form's bookkeeping.
 *   rules.evaluation  one evaluation: the engine's evaluate() (compiled once, cached) against
 *                     json-logic-js apply() on the same logic and context.
 */
import jsonLogic from 'json-logic-js';
import { atom, createStore, type PrimitiveAtom } from 'jotai';
import type { Field, JsonValue, Rule, RuleQuery } from '../../schemas/model';
import { createRegistry, createRuleEngine, type RuleContext } from '../../engine/core';
import { FormController } from '../../engine/forms';
import { loadRegistry } from '../../registry/loader';
import { defineBenches, line, measure, quick, round } from './harness';

const SIZE = 1000;
/**
 * Keystrokes per run, per side: a keystroke costs microseconds (rules.keystroke in
 * docs/benchmarks.md); each side's run is made tens of ms of work, so a scheduler tick or a GC
 * pause cannot swing a run's figure.
 */
const KEYSTROKES = quick ? { ours: 200, store: 400, baseline: 1000 } : { ours: 1500, store: 3000, baseline: 8000 };
const RUNS = quick ? 5 : 11;
const WARMUP = quick ? 1 : 2;

function ruleFor(i: number): RuleQuery {
  const prev = `k${(i + SIZE - 1) % SIZE}`;
  const other = `k${(i * 7 + 3) % SIZE}`;
  const variants: Rule[] = [
    { kind: 'formField', subject: prev, operator: 'equals', value: 'yes' },
    { kind: 'formField', subject: prev, operator: 'contains', value: 'ab' },
    { kind: 'formField', subject: prev, operator: 'between', value: [10, 90] },
    { kind: 'formField', subject: prev, operator: 'isEmpty', negate: true },
  ];
  const rules = [variants[i % variants.length]];
  if (i % 5 === 0) rules.push({ kind: 'formField', subject: other, operator: 'beginsWith', value: 'a' });
  return { logicalOperator: i % 2 ? 'all' : 'any', rules };
}

export default defineBenches([
  {
    name: 'rules.keystroke',
    async run() {
      const engine = createRuleEngine(createRegistry(loadRegistry()));
      const queries = Array.from({ length: SIZE }, (_, i) => ruleFor(i));
      let evaluations = 0;
      const counted = { ...engine, evaluate: (q: RuleQuery, c: RuleContext) => (evaluations++, engine.evaluate(q, c)) };
      const inputs: Field[] = Array.from({ length: SIZE }, (_, i) => ({ id: `f${i}`, key: `k${i}`, type: 'text', label: `Field ${i}` }));
      const conditionals: Field[] = queries.map((rules, i) => ({ id: `c${i}`, type: 'conditional', rules, children: [`s${i}`] }) as Field);
      const shown: Field[] = queries.map((_, i) => ({ id: `s${i}`, key: `s${i}`, type: 'text', label: `Shown ${i}` }));
      const initial: Record<string, JsonValue> = Object.fromEntries(inputs.map((f, i) => [f.key!, i % 3 ? 'abc' : '']));
      const store = createStore();
      const { registryFieldTypes } = await import('../../engine/forms/field-types');
      const controller = new FormController(store, {
        formId: 'rules-bench',
        fields: [...inputs, ...conditionals, ...shown],
        rootIds: [...inputs, ...conditionals].map((f) => f.id),
        data: initial,
        options: { editable: true, alwaysEdit: true },
        services: { save: async () => {}, evaluator: counted },
        fieldTypes: registryFieldTypes,
      });
      for (const c of conditionals) store.sub(controller.conditionAtom(c.id), () => {});

      // Baseline: the same logic, indexed by json-logic-js's uses_data().
      const logic = queries.map((q) => engine.compile(q).logic);
      const byVar = new Map<string, number[]>();
      logic.forEach((l, i) => {
        for (const v of jsonLogic.uses_data(l as never)) byVar.set(v, [...(byVar.get(v) ?? []), i]);
      });
      const data: { form: Record<string, JsonValue> } = { form: { ...initial } };
      const visible = new Array<boolean>(SIZE).fill(false);
      let baselineEvaluations = 0;

      // The same rules in a jotai store: one atom per field, one derived atom per rule reading
      // the fields uses_data() names, each subscribed.
      const jotaiStore = createStore();
      const valueAtoms = new Map<string, PrimitiveAtom<JsonValue>>(inputs.map((f) => [f.key!, atom<JsonValue>(initial[f.key!])]));
      let storeEvaluations = 0;
      logic.forEach((l) => {
        const reads = jsonLogic.uses_data(l as never).map((v) => v.slice('form.'.length));
        const ruleAtom = atom((get) => {
          const form: Record<string, JsonValue> = {};
          for (const key of reads) form[key] = get(valueAtoms.get(key)!);
          storeEvaluations++;
          return jsonLogic.apply(l as never, { form }) === true;
        });
        jotaiStore.sub(ruleAtom, () => {});
      });

      const keyOf = (k: number) => `k${(k * 37) % SIZE}`;
      const ops = {
        ours: (k: number) => {
          const id = `f${(k * 37) % SIZE}`;
          controller.setValue(id, undefined, `${String(controller.read(id).value ?? '')}a`);
        },
        baseline: (k: number) => {
          const key = keyOf(k);
          // Written in place: the baseline pays for no copy of the form.
          data.form[key] = `${String(data.form[key] ?? '')}a`;
          for (const i of byVar.get(`form.${key}`) ?? []) {
            visible[i] = jsonLogic.apply(logic[i] as never, data) === true;
            baselineEvaluations++;
          }
        },
        store: (k: number) => {
          const target = valueAtoms.get(keyOf(k))!;
          jotaiStore.set(target, `${String(jotaiStore.get(target) ?? '')}a`);
        },
      };
      evaluations = 0;
      storeEvaluations = 0;
      const r = await measure(ops, { batch: KEYSTROKES, runs: RUNS, warmup: WARMUP });
      const calls = (side: keyof typeof KEYSTROKES) => (RUNS + WARMUP) * KEYSTROKES[side];
      controller.dispose();

      // One evaluation, side by side, over every rule.
      const context = { form: initial } as RuleContext;
      let n = 0;
      const e = await measure(
        {
          ours: () => engine.evaluate(queries[n++ % SIZE], context),
          baseline: () => jsonLogic.apply(logic[n++ % SIZE] as never, context),
        },
        // Ours costs under a microsecond (rules.evaluation): 100,000 calls per run make its run tens of ms.
        { batch: { ours: SIZE * 100, baseline: SIZE * 25 }, runs: RUNS },
      );
      return [
        line('rules.keystroke', { size: SIZE, baseline: 'json-logic-js uses_data' }, r.ours, r.baseline, {
          evaluations: round(evaluations / calls('ours'), 2),
          baselineEvaluations: round(baselineEvaluations / calls('baseline'), 2),
        }),
        line('rules.keystroke', { size: SIZE, baseline: 'json-logic-js uses_data, jotai atoms' }, r.ours, r.store, {
          evaluations: round(evaluations / calls('ours'), 2),
          baselineEvaluations: round(storeEvaluations / calls('store'), 2),
        }),
        line('rules.evaluation', { size: SIZE, baseline: 'json-logic-js apply' }, e.ours, e.baseline),
      ];
    },
  },
]);
