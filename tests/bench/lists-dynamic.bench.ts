/**
 * lists.dynamic: 100 dynamic lists over 50 profile fields (each list reads one field, every tenth
 * a second one) and 100,000 profiles held as in memory. One operation is one profile write: a
 * profile's field changed, then the product's own re-evaluation (server/lists/dynamic-index.ts
 * `reevaluateProfile`: the changed fields, the lists reading them through the index, their rules
 * evaluated by the real rule engine). The baseline, same run and same engine, evaluates every
 * dynamic list for that profile (`evaluateDynamicLists` over all ids), as a write hook without the
 * index would. `evaluations` and `baselineEvaluations` are rule evaluations per write, counted at
 * the engine. The writes (a new profile object with one field changed) are made before the
 * timed runs, so `ms` is the re-evaluation alone on both sides.
 */
import type { JsonValue, Profile, RuleQuery } from '../../schemas/model';
import { createRegistry, createRuleEngine, type RuleEngine } from '../../engine/core';
import { loadRegistry } from '../../registry/loader';
import { buildDynamicListIndex, dynamicRuleContext, evaluateDynamicLists, reevaluateProfile } from '../../server/lists/dynamic-index';
import { defineBenches, line, measure, quick, round } from './harness';

const LISTS = 100;
const FIELDS = 50;
const PROFILES = quick ? 20_000 : 100_000;
const WRITES = quick ? 2_000 : 10_000;
const RUNS = quick ? 5 : 9;
const WARMUP = quick ? 1 : 2;

const field = (i: number) => (i === 0 ? 'city' : `f${i}`);
const CITIES = ['Riverside', 'London', 'Paris', 'Cardiff'];

function ruleFor(i: number): RuleQuery {
  const first = field(i % FIELDS);
  const rules: RuleQuery['rules'] = [
    i % FIELDS === 0
      ? { kind: 'field', subject: 'city', operator: 'equals', value: CITIES[i % CITIES.length] }
      : { kind: i % 2 ? 'field' : 'userField', subject: first, operator: 'greaterThan', value: 50 },
  ];
  if (i % 10 === 3) rules.push({ kind: 'field', subject: field((i * 7 + 3) % FIELDS || 1), operator: 'isEmpty', negate: true });
  return { logicalOperator: i % 4 === 3 ? 'any' : 'all', rules };
}

function profileFor(n: number): Profile {
  const data: Record<string, JsonValue> = { city: CITIES[n % CITIES.length] };
  for (let f = 1; f < FIELDS; f++) data[field(f)] = (n * 31 + f * 17) % 100;
  return { accountId: `p${n}`, data: { profile: data, meta: {} } };
}

export default defineBenches([
  {
    name: 'lists.dynamic',
    async run() {
      const real = createRuleEngine(createRegistry(loadRegistry()));
      let evaluations = 0;
      const engine: RuleEngine = { ...real, evaluateCompiled: (c, ctx) => (evaluations++, real.evaluateCompiled(c, ctx)) };
      const index = buildDynamicListIndex(
        Array.from({ length: LISTS }, (_, i) => ({ id: `list${i}`, rule: ruleFor(i) })),
        engine,
      );
      if (index.refused.size) throw new Error(`bench rules refused: ${[...index.refused.values()].join('; ')}`);
      const allIds = [...index.compiled.keys()];
      const profiles = Array.from({ length: PROFILES }, (_, n) => profileFor(n));

      // Write k: profile k*7919 mod N gets field k mod FIELDS changed (as a profile save writes a new document).
      const write = (k: number): [Profile, Profile] => {
        const n = (k * 7919) % PROFILES;
        const before = profiles[n];
        const f = field(k % FIELDS);
        const old = before.data.profile[f];
        const value = f === 'city' ? CITIES[(CITIES.indexOf(String(old)) + 1) % CITIES.length] : (((Number(old) + 37) % 100) as JsonValue);
        const after: Profile = { ...before, data: { ...before.data, profile: { ...before.data.profile, [f]: value } } };
        profiles[n] = after;
        return [before, after];
      };
      // The writes are made off the clock: both sides time the re-evaluation alone.
      const writes = Array.from({ length: WRITES }, (_, k) => write(k));
      let joined = 0;
      const ops = {
        ours: (k: number) => {
          const [before, after] = writes[k % WRITES];
          for (const member of reevaluateProfile(index, engine, before, after).values()) if (member) joined++;
        },
        baseline: (k: number) => {
          const [, after] = writes[k % WRITES];
          for (const member of evaluateDynamicLists(index, engine, dynamicRuleContext(after), allIds).values()) if (member) joined++;
        },
      };
      // Evaluations per write, each side counted alone.
      const count = (op: (k: number) => void) => {
        evaluations = 0;
        for (let k = 0; k < WRITES; k++) op(k);
        return evaluations / WRITES;
      };
      const perWrite = count(ops.ours);
      const baselinePerWrite = count(ops.baseline);
      const r = await measure(ops, { batch: WRITES, runs: RUNS, warmup: WARMUP });
      if (joined === 0) throw new Error('no profile ever matched a list: the bench measures nothing');
      return [
        line('lists.dynamic', { size: PROFILES, lists: LISTS, baseline: 'every dynamic list per write' }, r.ours, r.baseline, {
          evaluations: round(perWrite, 2),
          baselineEvaluations: round(baselinePerWrite, 2),
          evaluationRatio: round(baselinePerWrite / perWrite, 1),
        }),
      ];
    },
  },
]);
