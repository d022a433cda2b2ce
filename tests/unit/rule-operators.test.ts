import { describe, expect, it } from 'vitest';
import type { RuleContext } from '../../engine/core';
import type { Entity, JsonValue, ListMembership, Rule } from '../../schemas/model';
import { RULE_OPERATIONS } from '../../engine/core';
import { realRuleEngine } from '../helpers/rule-engine';

const { registry, engine } = realRuleEngine();

/** [subject value, operand, expected]; for power-up operators the subject is the member's memberships and `state` may be set. */
type Row = { subject: unknown; value?: JsonValue; state?: string; expected: boolean };

const T = (subject: unknown, value: JsonValue | undefined, expected: boolean): Row => ({ subject, value, expected });

const entity: Entity = {
  id: 'e1',
  title: 'Choir',
  powerUps: ['membership'],
  powerUpData: {
    membership: {
      membershipType: [
        { id: 't-sing', primaryUserList: { value: 'l-sing' }, tags: { value: ['voice', 'soprano'] } },
        { id: 't-help', primaryUserList: { value: 'l-help' }, tags: { value: ['crew'] } },
      ],
    },
  },
};
const m = (id: string, userListId: string, state: ListMembership['state']): ListMembership => ({ id, userListId, state });

const VALUE_TABLES: Record<string, Row[]> = {
  isTrue: [
    T(true, undefined, true),
    T('true', undefined, true),
    T(1, undefined, true),
    T(false, undefined, false),
    T(undefined, undefined, false),
    T('yes', undefined, false),
  ],
  isFalse: [
    T(false, undefined, true),
    T('false', undefined, true),
    T(0, undefined, true),
    T(undefined, undefined, true),
    T(true, undefined, false),
    T('no', undefined, false),
  ],
  equals: [T('a', 'a', true), T('5', 5, true), T('a', 'b', false), T(undefined, 'a', false)],
  notEquals: [T('a', 'b', true), T('a', 'a', false), T(5, '5', false)],
  greaterThan: [T(5, 3, true), T(3, 3, false), T('2024-05-02', '2024-05-01', true), T(2, 3, false)],
  greaterThanOrEqual: [T(3, 3, true), T(4, 3, true), T(2, 3, false)],
  lessThan: [T(2, 3, true), T(3, 3, false), T('2024-01-01', '2024-05-01', true)],
  lessThanOrEqual: [T(3, 3, true), T(2, 3, true), T(4, 3, false)],
  contains: [
    T('Hello World', 'world', true),
    T('Hello', 'bye', false),
    T(['a', 'b'], 'b', true),
    T(['a'], 'c', false),
    T(undefined, 'a', false),
    T(12345, 234, true),
  ],
  beginsWith: [T('Hello', 'he', true), T('Hello', 'lo', false), T(undefined, 'h', false)],
  endsWith: [T('Hello', 'LO', true), T('Hello', 'he', false), T(null, 'o', false)],
  isEmpty: [
    T(undefined, undefined, true),
    T('', undefined, true),
    T('   ', undefined, true),
    T([], undefined, true),
    T({}, undefined, true),
    T('x', undefined, false),
    T(0, undefined, false),
    T(['a'], undefined, false),
  ],
  numberIsEmpty: [
    T(undefined, undefined, true),
    T('', undefined, true),
    T('abc', undefined, true),
    T(0, undefined, false),
    T('12', undefined, false),
    T(3.5, undefined, false),
  ],
  hasBeenUploaded: [
    T(['f1'], undefined, true),
    T('f1', undefined, true),
    T([{ id: 'f1' }], undefined, true),
    T([], undefined, false),
    T(undefined, undefined, false),
    T('', undefined, false),
  ],
  isToggled: [T(true, undefined, true), T('true', undefined, true), T(false, undefined, false), T(undefined, undefined, false)],
  between: [
    T(5, [1, 10], true),
    T(1, [1, 10], true),
    T(10, [1, 10], true),
    T(11, [1, 10], false),
    T('7', [1, 10], true),
    T(undefined, [1, 10], false),
    T('2024-03-01', ['2024-01-01', '2024-12-31'], true),
    T('abc', [1, 10], false),
  ],
  notBetween: [T(11, [1, 10], true), T(0, [1, 10], true), T(5, [1, 10], false), T(1, [1, 10], false), T(undefined, [1, 10], false)],
};

const LIST_TABLES: Record<string, Row[]> = {
  inListAllSelected: [T(['l1', 'l2'], ['l1', 'l2'], true), T(['l1'], ['l1', 'l2'], false), T([], ['l1'], false)],
  inListSomeSelected: [T(['l1'], ['l1', 'l2'], true), T(['l3'], ['l1', 'l2'], false), T([], ['l1'], false)],
  notInList: [T(['l3'], ['l1', 'l2'], true), T(['l1'], ['l1', 'l2'], false), T([], ['l1'], true)],
};

const P = (memberships: ListMembership[], value: JsonValue | undefined, expected: boolean, state?: string): Row => ({
  subject: memberships,
  value,
  state,
  expected,
});
const POWER_UP_TABLES: Record<string, Row[]> = {
  isMember: [
    P([m('1', 'l-sing', 'accepted')], undefined, true),
    P([m('1', 'l-sing', 'applied')], undefined, false),
    P([m('1', 'l-sing', 'applied')], undefined, true, 'applied'),
    P([m('1', 'l-sing', 'accepted')], undefined, true, 'default'),
    P([m('1', 'other-list', 'accepted')], undefined, false),
    P([], undefined, false),
  ],
  hasNeverHadMembership: [P([], undefined, true), P([m('1', 'l-sing', 'withdrawn')], undefined, false), P([m('1', 'other-list', 'accepted')], undefined, true)],
  isMemberOfTag: [
    P([m('1', 'l-sing', 'accepted')], ['soprano'], true),
    P([m('1', 'l-help', 'accepted')], ['soprano'], false),
    P([m('1', 'l-sing', 'applied')], ['soprano'], false),
    P([{ ...m('1', 'x', 'accepted'), entityId: 'e1', tags: ['alto'] }], ['alto'], true),
  ],
  isInStateOfTag: [
    P([m('1', 'l-sing', 'applied')], ['voice'], true, 'applied'),
    P([m('1', 'l-sing', 'accepted')], ['voice'], false, 'applied'),
    P([m('1', 'l-sing', 'accepted')], ['voice'], true),
    P([m('1', 'l-help', 'applied')], ['voice'], false, 'applied'),
  ],
};

function contextFor(kind: 'value' | 'list' | 'powerUp', subject: unknown): RuleContext {
  if (kind === 'value') return { form: subject === undefined ? {} : { q: subject as JsonValue } };
  const memberships = kind === 'list' ? (subject as string[]).map((id, i) => m(`m${i}`, id, 'accepted')) : (subject as ListMembership[]);
  return { user: { accountId: 'u1', isAdmin: false, isElevated: false, listMemberships: memberships }, entity };
}

function ruleFor(kind: 'value' | 'list' | 'powerUp', operator: string, row: Row, negate: boolean): Rule {
  const base = { operator, value: row.value, negate, ...(row.state ? { state: row.state } : {}) };
  if (kind === 'value') return { kind: 'formField', subject: 'q', ...base };
  if (kind === 'list') return { kind: 'userList', subject: '', ...base };
  return { kind: 'userEntityPowerUp', subject: 'membership', ...base };
}

const ALL = [
  ...Object.entries(VALUE_TABLES).map(([op, rows]) => ['value', op, rows] as const),
  ...Object.entries(LIST_TABLES).map(([op, rows]) => ['list', op, rows] as const),
  ...Object.entries(POWER_UP_TABLES).map(([op, rows]) => ['powerUp', op, rows] as const),
];

describe('rule-query operators, each against its truth table', () => {
  it('covers exactly the registry operators', () => {
    expect(ALL.map(([, op]) => op).sort()).toEqual(Object.keys(registry.data.operators).sort());
    expect(Object.keys(registry.data.operators)).toHaveLength(24);
  });

  it('declares exactly the named operations each template uses, all of them registered', () => {
    for (const op of Object.values(registry.data.operators)) {
      const used = Object.keys(RULE_OPERATIONS).filter((name) => JSON.stringify(op.jsonLogic).includes(`"${name}":`));
      expect(op.operations ?? [], op.id).toEqual(used);
    }
  });

  for (const [kind, operator, rows] of ALL) {
    describe(operator, () => {
      rows.forEach((row, i) => {
        it(`row ${i}: ${JSON.stringify(row.subject)} ${operator} ${JSON.stringify(row.value ?? null)}${row.state ? ` [${row.state}]` : ''} -> ${row.expected}`, () => {
          const context = contextFor(kind, row.subject);
          const plain = engine.evaluate({ logicalOperator: 'all', rules: [ruleFor(kind, operator, row, false)] }, context);
          expect(plain).toEqual({ matches: row.expected });
          if (registry.operator(operator)!.negatable) {
            const negated = engine.evaluate({ logicalOperator: 'all', rules: [ruleFor(kind, operator, row, true)] }, context);
            expect(negated).toEqual({ matches: !row.expected });
          } else {
            const refused = engine.evaluate({ logicalOperator: 'all', rules: [ruleFor(kind, operator, row, true)] }, context);
            expect(refused.matches).toBe(false);
            expect(refused.error).toContain('cannot be inverted');
          }
        });
      });
    });
  }

  it('power-up operators find nothing when the entity lacks the power-up', () => {
    const rule: Rule = { kind: 'userEntityPowerUp', subject: 'membership', operator: 'isMember' };
    const context = { ...contextFor('powerUp', [m('1', 'l-sing', 'accepted')]), entity: { ...entity, powerUps: [] } };
    expect(engine.evaluate({ logicalOperator: 'all', rules: [rule] }, context).matches).toBe(false);
    expect(engine.evaluate({ logicalOperator: 'all', rules: [{ ...rule, operator: 'hasNeverHadMembership' }] }, context).matches).toBe(true);
  });
});
