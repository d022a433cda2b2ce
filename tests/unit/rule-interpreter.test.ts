import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RuleContext } from '../../engine/core';
import { toEvaluator } from '../../engine/core/rules/interpreter';
import { jsonLogic } from '../../engine/core/rules/operations';
import type { RuleQuery } from '../../schemas/model';
import { realRuleEngine } from '../helpers/rule-engine';

/** The interpreter must answer exactly as json-logic-js does, on every compiled query of the corpus. */
const dir = path.join(import.meta.dirname, '../fixtures/rule-queries');
const cases = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .flatMap((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as { name: string; query: RuleQuery; context: RuleContext }[]);
const { engine } = realRuleEngine();

describe('rule interpreter (engine/core/rules/interpreter.ts)', () => {
  it('gives json-logic-js results for every compiled query of the corpus, in every corpus context', () => {
    const contexts = cases.map((c) => c.context);
    let compared = 0;
    for (const c of cases) {
      const logic = engine.compile(c.query).logic;
      if (logic === null) continue;
      const run = toEvaluator(logic);
      for (const context of contexts) {
        let expected: unknown;
        try {
          expected = jsonLogic.apply(logic as never, context);
        } catch {
          expect(() => run(context), c.name).toThrow();
          continue;
        }
        expect(run(context), `${c.name} in ${JSON.stringify(context).slice(0, 80)}`).toEqual(expected);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });

  it('follows json-logic-js on the standard operations it prepares', () => {
    const logic = [
      { var: '' },
      { var: ['a.b', 'none'] },
      { var: 'a.missing' },
      { and: [1, [], 'x'] },
      { or: [0, [], 'x'] },
      { or: [] },
      { '!': [[]] },
      { '!!': ['0'] },
      { '==': [1, '1'] },
      { '!=': [null, undefined] },
      { '<': [1, { var: 'n' }, 10] },
      { '<=': [5, { var: 'n' }] },
      { in: ['b', 'abc'] },
      { in: ['b', null] },
      { cat: ['a', { var: 'n' }] },
    ];
    const data = { a: { b: 0 }, n: 5 };
    for (const l of logic) expect(toEvaluator(l as never)(data), JSON.stringify(l)).toEqual(jsonLogic.apply(l as never, data));
  });
});
