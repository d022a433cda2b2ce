/**
 * The one place that decides which operators test which subjects (engine/core/rules/subjects),
 * the subject catalogue built from stored fields, problems in words, and the one meaning of an
 * empty rule: it always matches, so everyone sees what it guards.
 */
import { describe, expect, it } from 'vitest';
import {
  compileRuleQuery,
  createTranslator,
  decideBlockVisibility,
  describeRulePath,
  describeRuleProblem,
  EMPTY_RULE_MESSAGE,
  fieldSubjectChoices,
  fieldSubjectType,
  isEmptyRuleQuery,
  messages,
  operatorsForSubject,
  subjectTypeFrom,
} from '../../engine/core';
import type { Rule, RuleQuery } from '../../schemas/model';
import { realRuleEngine } from '../helpers/rule-engine';

const { registry, engine } = realRuleEngine();
const operators = Object.values(registry.data.operators);
const ids = (kind: Rule['kind'], type?: Parameters<typeof operatorsForSubject>[2]) => operatorsForSubject(operators, kind, type).map((o) => o.id);
const t = createTranslator(messages, 'en').t;
const one = (rule: Rule): RuleQuery => ({ logicalOperator: 'all', rules: [rule] });

describe('operators filtered by the subject', () => {
  it('list kinds take the list operators only, power-up kinds the power-up operators only', () => {
    expect(ids('userList').sort()).toEqual(['inListAllSelected', 'inListSomeSelected', 'notInList']);
    expect(ids('list').sort()).toEqual(['inListAllSelected', 'inListSomeSelected', 'notInList']);
    expect(ids('userEntityPowerUp').sort()).toEqual(['hasNeverHadMembership', 'isInStateOfTag', 'isMember', 'isMemberOfTag']);
  });

  it('a field subject is offered the operators of its type (and those for any value), never list or power-up ones', () => {
    const boolean = ids('userField', 'boolean');
    expect(boolean).toEqual(expect.arrayContaining(['isTrue', 'isFalse', 'isToggled', 'equals']));
    expect(boolean).not.toContain('greaterThan');
    expect(boolean).not.toContain('beginsWith');
    const number = ids('field', 'number');
    expect(number).toEqual(expect.arrayContaining(['greaterThan', 'between', 'equals']));
    expect(number).not.toContain('beginsWith');
    expect(number).not.toContain('hasBeenUploaded');
    const text = ids('field', 'string');
    expect(text).toEqual(expect.arrayContaining(['contains', 'beginsWith', 'endsWith', 'isEmpty', 'equals']));
    expect(text).not.toContain('between');
    expect(ids('field', 'file')).toEqual(expect.arrayContaining(['hasBeenUploaded', 'isEmpty']));
    expect(ids('field', 'file')).not.toContain('greaterThan');
    for (const type of ['boolean', 'number', 'string', 'date', 'array', 'file'] as const) {
      expect(ids('field', type)).not.toContain('inListSomeSelected');
      expect(ids('field', type)).not.toContain('isMember');
    }
    // An unknown type accepts every value operator.
    expect(ids('formField', undefined).length).toBeGreaterThan(ids('formField', 'boolean').length);
  });

  it('field types decide the subject type; valueless and unknown types are not subjects', () => {
    const type = (t: string) => fieldSubjectType(t, registry.fieldType(t));
    expect([type('toggle'), type('number'), type('rating'), type('date'), type('text'), type('checkbox'), type('files'), type('imageUploader')]).toEqual([
      'boolean',
      'number',
      'number',
      'date',
      'string',
      'array',
      'file',
      'file',
    ]);
    expect([type('heading'), type('paragraph'), type('group'), type('conditional'), type('noSuchType')]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('the compiler, told the subject types, refuses an operator that cannot test the subject, in words', () => {
    const subjectType = subjectTypeFrom({ userFields: [{ value: 'volunteer', label: 'I want to volunteer', type: 'boolean' }] });
    const bad = compileRuleQuery(one({ kind: 'userField', subject: 'volunteer', operator: 'greaterThan', value: 3 }), registry, { subjectType });
    expect(bad.logic).toBeNull();
    expect(bad.problems.map((p) => p.code)).toEqual(['operatorNotForSubject']);
    expect(describeRuleProblem(bad.problems[0], t)).toBe('Condition 1: “is greater than” cannot test “volunteer”, which holds yes/no');
    expect(compileRuleQuery(one({ kind: 'userField', subject: 'volunteer', operator: 'isTrue' }), registry, { subjectType }).problems).toEqual([]);
    // Built-in known values are booleans even without a catalogue.
    expect(compileRuleQuery(one({ kind: 'knownValueField', subject: 'isMobile', operator: 'beginsWith', value: 'x' }), registry).problems[0]?.code).toBe(
      'operatorNotForSubject',
    );
  });

  it('problem places are words, never raw paths', () => {
    expect(describeRulePath('rules.0.subject', t)).toBe('Condition 1');
    expect(describeRulePath('groups.1.rules.2.value', t)).toBe('Condition 3 of group 2');
    expect(describeRulePath('groups.0.groups.1.logicalOperator', t)).toBe('Group 1.2');
    expect(describeRulePath('/', t)).toBe('The rules');
    const { problems } = compileRuleQuery(one({ kind: 'userList', subject: '', operator: 'inListSomeSelected' }), registry);
    expect(problems.map((p) => describeRuleProblem(p, t))).toEqual(['Condition 1: pick at least one list']);
  });
});

describe('the subject catalogue of stored fields', () => {
  it('lists each named field once, typed, with its options; unreadable and valueless fields are left out', () => {
    const choices = fieldSubjectChoices(
      [
        { id: 'f1', key: 'volunteer', type: 'toggle', label: 'I want to volunteer' },
        { id: 'f2', key: 'volunteerDays', type: 'checkbox', label: 'Which days?', options: [{ value: 'tue', label: 'Tuesday' }] },
        { id: 'f3', key: 'volunteer', type: 'text', label: 'Duplicate name' },
        { id: 'f4', key: 'heading', type: 'heading', label: 'A heading' },
        { id: 'f5', key: 'city', type: 'text' },
        null,
        'junk',
        { key: 'noType' },
        { type: 'text' },
      ],
      registry,
    );
    expect(choices).toEqual([
      { value: 'city', label: 'city', type: 'string' },
      { value: 'volunteer', label: 'I want to volunteer', type: 'boolean' },
      { value: 'volunteerDays', label: 'Which days?', type: 'array', options: [{ value: 'tue', label: 'Tuesday' }] },
    ]);
  });
});

describe('the empty rule', () => {
  const member = { user: { accountId: 'maya', isAdmin: false, isElevated: false, listMemberships: [] } };

  it('always matches: an empty query, empty nested groups, and advanced visibility with no query all show to everyone', () => {
    expect(engine.evaluate({ logicalOperator: 'all', rules: [] }, member)).toEqual({ matches: true });
    expect(engine.evaluate({ logicalOperator: 'any', groups: [{ logicalOperator: 'all' }] }, member)).toEqual({ matches: true });
    expect(decideBlockVisibility({ advanced: true, rules: { logicalOperator: 'all', rules: [] } }, member, engine)).toEqual({ visible: true });
    expect(decideBlockVisibility({ advanced: true }, { ...member, device: { isMobile: true, isDesktop: false } }, engine)).toEqual({ visible: true });
    // Advanced on: the booleans no longer apply, even with no query stored.
    expect(decideBlockVisibility({ advanced: true, visibleOnMobile: false }, { ...member, device: { isMobile: true, isDesktop: false } }, engine)).toEqual({
      visible: true,
    });
  });

  it('is recognised as empty (and says so in one message), while a query with a condition is not', () => {
    expect([
      isEmptyRuleQuery(undefined),
      isEmptyRuleQuery({ logicalOperator: 'all' }),
      isEmptyRuleQuery({ logicalOperator: 'all', groups: [{ logicalOperator: 'any', rules: [] }] }),
    ]).toEqual([true, true, true]);
    expect(isEmptyRuleQuery(one({ kind: 'userList', subject: '', operator: 'inListSomeSelected', value: ['volunteers'] }))).toBe(false);
    expect(isEmptyRuleQuery({ logicalOperator: 'all', groups: [null as never] })).toBe(false);
    expect(t(EMPTY_RULE_MESSAGE)).toBe('No conditions: the rule always matches, so everyone sees this.');
    expect(createTranslator(messages, 'fr').t(EMPTY_RULE_MESSAGE)).toContain('tout le monde');
  });
});
