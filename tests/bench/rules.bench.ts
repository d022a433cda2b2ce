/**
 * rules.keystroke: a form of 1,000 conditional fields, each shown by a rule over one or two other
 * fields. Per keystroke the rule set (compiled once, dependency index) evaluates only the rules
 * that read the changed field. Baseline, same run: every rule evaluated with json-logic-js
 * on every change.
 */
import jsonLogic from 'json-logic-js';
import type { JsonValue, Rule, RuleQuery } from '../../schemas/model';
import { createRegistry, createRuleEngine, createRuleSet, type RuleContext } from '../../engine/core';
import { loadRegistry } from '../../registry/loader';
import { defineBenches, round } from './harness';

const SIZE = 1000;
const KEYSTROKES = 200;

function ruleFor(i: number): RuleQuery {
  const prev = `f${(i + SIZE - 1) % SIZE}`;
  const other = `f${(i * 7 + 3) % SIZE}`;
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
    run() {
      const engine = createRuleEngine(createRegistry(loadRegistry()));
      const queries = Array.from({ length: SIZE }, (_, i) => ruleFor(i));
      const compiled = queries.map((q) => engine.compile(q));
      const rules = createRuleSet<number>(engine);
      queries.forEach((q, i) => rules.set(i, q));

      // The typing session, prepared up front so both sides time rule work only.
      let form: Record<string, JsonValue> = Object.fromEntries(Array.from({ length: SIZE }, (_, i) => [`f${i}`, i % 3 ? 'abc' : '']));
      const strokes: { path: string; context: RuleContext }[] = [];
      for (let k = 0; k < KEYSTROKES; k++) {
        const key = `f${(k * 37) % SIZE}`;
        form = { ...form, [key]: String(form[key] ?? '') + 'a' };
        strokes.push({ path: `form.${key}`, context: { form } });
      }

      const visible = new Array<boolean>(SIZE).fill(false);
      let evaluations = 0;
      let baselineEvaluations = 0;
      const run = (indexed: boolean) => {
        const times: number[] = [];
        for (const { path, context } of strokes) {
          const start = performance.now();
          if (indexed) {
            const before = rules.evaluations;
            rules.update([path], context);
            evaluations += rules.evaluations - before;
          } else {
            for (let i = 0; i < SIZE; i++) {
              visible[i] = jsonLogic.apply(compiled[i].logic as never, context) === true;
              baselineEvaluations++;
            }
          }
          times.push(performance.now() - start);
        }
        times.sort((a, b) => a - b);
        return times[Math.floor(times.length / 2)];
      };
      rules.evaluateAll(strokes[0].context);
      // Warm both paths, then measure.
      run(true);
      run(false);
      evaluations = 0;
      baselineEvaluations = 0;
      const baselineMs = run(false);
      const ms = run(true);
      return [
        {
          bench: 'rules.keystroke',
          size: SIZE,
          evaluations: round(evaluations / KEYSTROKES, 2),
          ms: round(ms, 4),
          baselineEvaluations: round(baselineEvaluations / KEYSTROKES, 2),
          baselineMs: round(baselineMs, 4),
          evaluationRatio: round(baselineEvaluations / Math.max(evaluations, 1), 1),
          timeRatio: round(baselineMs / Math.max(ms, 1e-6), 1),
        },
      ];
    },
  },
]);
