import jsonLogic from 'json-logic-js';
import { describe, expect, it } from 'vitest';
import type { Rule, RuleQuery } from '../../schemas/model';
import { compileRuleQuery, createRegistry, createRuleEngine, RULE_QUERY_LIMITS } from '../../engine/core';
import { loadRegistry } from '../../registry/loader';
import { realRuleEngine } from '../helpers/rule-engine';

const { registry, engine } = realRuleEngine();
const one = (rule: Rule): RuleQuery => ({ logicalOperator: 'all', rules: [rule] });

describe('rule-query safety', () => {
  it('json-logic-js itself walks the prototype chain (the reason for the checks below)', () => {
    expect(typeof jsonLogic.apply({ var: 'constructor.constructor' }, {})).toBe('function');
  });

  for (const subject of ['constructor.constructor', '__proto__', 'a.__proto__.polluted', 'prototype', 'x..y', 'a b', '']) {
    it(`refuses the subject path ${JSON.stringify(subject)}, not matching, with an error for the admin`, () => {
      const result = engine.evaluate(one({ kind: 'formField', subject, operator: 'isEmpty' }), { form: {} });
      expect(result.matches).toBe(false);
      // In words, naming the condition, never a raw path like rules.0.subject.
      expect(result.error).toMatch(subject ? /^Condition 1: ".*" is not an allowed name/ : /^Condition 1: choose a subject$/);
    });
  }

  it('refuses an entity id that would walk the prototype chain', () => {
    const result = engine.evaluate(one({ kind: 'entityField', subject: 'x', entityId: 'constructor', operator: 'isEmpty' }), {});
    expect(result).toMatchObject({ matches: false });
    expect(result.error).toContain('Condition 1: "constructor" is not an allowed name');
  });

  it('treats operands as data: an operand shaped like logic is refused, and "$subject" text stays text', () => {
    expect(engine.evaluate(one({ kind: 'formField', subject: 'a', operator: 'equals', value: { var: 'user.jwt' } }), { form: { a: 'x' } }).matches).toBe(false);
    const compiled = compileRuleQuery(one({ kind: 'formField', subject: 'a', operator: 'equals', value: '$subject' }), registry);
    expect(compiled.logic).toEqual({ and: [{ '==': [{ var: 'form.a' }, '$subject'] }] });
    expect(engine.evaluate(one({ kind: 'formField', subject: 'a', operator: 'equals', value: '$subject' }), { form: { a: 'x' } }).matches).toBe(false);
  });

  it('rejects operator templates that use unknown operations or computed variables', () => {
    const data = loadRegistry();
    const evil = createRegistry({
      ...data,
      operators: {
        ...data.operators,
        dotted: { ...data.operators.equals, id: 'dotted', jsonLogic: { 'constructor.constructor': ['return 1'] } },
        computed: { ...data.operators.equals, id: 'computed', jsonLogic: { var: { cat: ['constructor', '.constructor'] } } },
      },
    });
    const problems = (op: string) => compileRuleQuery(one({ kind: 'formField', subject: 'a', operator: op, value: 'x' }), evil).problems.map((p) => p.code);
    expect(problems('dotted')).toEqual(['unknownOperation']);
    expect(problems('computed')).toEqual(['dynamicVar']);
    expect(createRuleEngine(evil).evaluate(one({ kind: 'formField', subject: 'a', operator: 'dotted', value: 'x' }), {}).matches).toBe(false);
  });

  it('bounds nesting depth', () => {
    let query: RuleQuery = { logicalOperator: 'all', rules: [{ kind: 'formField', subject: 'a', operator: 'isEmpty' }] };
    for (let i = 0; i < RULE_QUERY_LIMITS.maxDepth; i++) query = { logicalOperator: 'any', groups: [query] };
    const result = engine.evaluate(query, {});
    expect(result.matches).toBe(false);
    expect(result.error).toContain(`deeper than ${RULE_QUERY_LIMITS.maxDepth}`);
  });

  it('bounds the number of rules and the size of operands', () => {
    const rules: Rule[] = Array.from({ length: RULE_QUERY_LIMITS.maxRules + 1 }, () => ({ kind: 'formField', subject: 'a', operator: 'isEmpty' }));
    expect(engine.evaluate({ logicalOperator: 'any', rules }, {}).error).toContain(`more than ${RULE_QUERY_LIMITS.maxRules} conditions`);
    const long = 'x'.repeat(RULE_QUERY_LIMITS.maxStringLength + 1);
    expect(engine.evaluate(one({ kind: 'formField', subject: 'a', operator: 'contains', value: long }), {}).error).toContain('longer than');
    const many = Array.from({ length: RULE_QUERY_LIMITS.maxValueItems + 1 }, (_, i) => `l${i}`);
    expect(engine.evaluate(one({ kind: 'userList', subject: '', operator: 'inListSomeSelected', value: many }), {}).error).toContain('choose between 1 and');
  });

  it('never throws: not an object, null, garbage, cyclic context values', () => {
    for (const bad of [null, 'all', 42, [], { logicalOperator: 'all', rules: [null] }, { logicalOperator: 'all', rules: 'x' }] as unknown as RuleQuery[]) {
      expect(() => engine.evaluate(bad, {})).not.toThrow();
      expect(engine.evaluate(bad, {}).matches).toBe(false);
    }
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(engine.evaluate(one({ kind: 'formField', subject: 'self', operator: 'isEmpty' }), { form: cyclic as never }).matches).toBe(false);
  });

  it('keeps the error with a failing evaluation instead of throwing', () => {
    const data = loadRegistry();
    const throwing = createRegistry({
      ...data,
      operators: { ...data.operators, boom: { ...data.operators.isEmpty, id: 'boom', jsonLogic: { '>': [{ var: 'form.a' }, 1] } } },
    });
    const trap = {
      get a() {
        throw new Error('getter exploded');
      },
    };
    const result = createRuleEngine(throwing).evaluate(one({ kind: 'formField', subject: 'a', operator: 'boom' }), { form: trap as never });
    expect(result).toEqual({ matches: false, error: 'The rules could not be evaluated: getter exploded' });
  });

  it('translates errors for the admin (French)', async () => {
    const { createTranslator, messages } = await import('../../engine/core');
    const fr = createRuleEngine(registry, { translator: createTranslator(messages, 'fr') });
    expect(fr.evaluate(one({ kind: 'formField', subject: '', operator: 'isEmpty' }), {}).error).toBe('Condition 1 : choisissez un sujet');
  });
});
