/**
 * Rules on the production path: a form of 1,000 text fields and 1,000 conditionals, each shown by
 * a rule over one or two of the fields, run by the real FormController (engine/forms) with the
 * real rule engine; every condition is mounted (subscribed), as on a rendered form.
 *   rules.keystroke   one field typed into: the controller's write and the conditions it re-runs.
 *                     `evaluations` per keystroke counted at the evaluator. Baseline, same run:
 *                     json-logic-js with the same compiled logic, indexed by its own uses_data(),
 *                     evaluating the rules that read the changed field.
 *   rules.evaluation  one evaluation: the engine's evaluate() (compiled once, cached) against
 *                     json-logic-js apply() on the same logic and context.
 */
import jsonLogic from 'json-logic-js';
import { createStore } from 'jotai';
import type { Field, JsonValue, Rule, RuleQuery } from '../../schemas/model';
import { createRegistry, createRuleEngine, type RuleContext } from '../../engine/core';
import { FormController } from '../../engine/forms';
import { loadRegistry } from '../../registry/loader';
import { defineBenches, line, measure, quick, round } from './harness';

const SIZE = 1000;
/** Keystrokes per run: a keystroke costs tens of microseconds, a run needs milliseconds to be above the clock's grain. */
const KEYSTROKES = quick ? 200 : 1000;

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
      };
      evaluations = 0;
      const r = await measure(ops, { batch: KEYSTROKES });
      const calls = r.ours.runs * KEYSTROKES + (quick ? 1 : 2) * KEYSTROKES;
      controller.dispose();

      // One evaluation, side by side, over every rule.
      const context = { form: initial } as RuleContext;
      let n = 0;
      const e = await measure(
        {
          ours: () => engine.evaluate(queries[n++ % SIZE], context),
          baseline: () => jsonLogic.apply(logic[n++ % SIZE] as never, context),
        },
        { batch: SIZE * 10 },
      );
      return [
        line('rules.keystroke', { size: SIZE, baseline: 'json-logic-js uses_data' }, r.ours, r.baseline, {
          evaluations: round(evaluations / calls, 2),
          baselineEvaluations: round(baselineEvaluations / calls, 2),
        }),
        line('rules.evaluation', { size: SIZE, baseline: 'json-logic-js apply' }, e.ours, e.baseline),
      ];
    },
  },
]);
