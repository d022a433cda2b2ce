import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RuleContext } from '../../engine/core';
import type { RuleQuery } from '../../schemas/model';
import { realRuleEngine } from '../helpers/rule-engine';

/** The committed corpus: every rule kind, groups and malformed queries, each with a context and the expected result. */
interface CorpusCase {
  name: string;
  query: RuleQuery;
  context: RuleContext;
  expected: { matches: boolean; errorIncludes?: string };
}

const dir = path.join(import.meta.dirname, '../fixtures/rule-queries');
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort();
const { engine } = realRuleEngine();

describe('rule-query corpus (tests/fixtures/rule-queries)', () => {
  it('holds every rule kind', () => {
    const kinds = new Set<string>();
    const walk = (q: RuleQuery) => (q.rules?.forEach((r) => kinds.add(r.kind)), q.groups?.forEach(walk));
    for (const file of files) (JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as CorpusCase[]).forEach((c) => walk(c.query));
    expect([...kinds].sort()).toEqual([
      'emailBuilderField',
      'entityField',
      'field',
      'formField',
      'knownValueField',
      'list',
      'profileEntityPowerUp',
      'userEntityPowerUp',
      'userField',
      'userList',
      'weather',
    ]);
  });

  for (const file of files) {
    const cases = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as CorpusCase[];
    describe(file, () => {
      for (const c of cases) {
        it(c.name, () => {
          const result = engine.evaluate(c.query, c.context);
          expect(result.matches).toBe(c.expected.matches);
          if (c.expected.errorIncludes) expect(result.error).toContain(c.expected.errorIncludes);
          else expect(result.error).toBeUndefined();
        });
      }
    });
  }
});
