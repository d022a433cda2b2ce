import { describe, expect, it } from 'vitest';
import type { Profile, RuleQuery } from '../../schemas/model';
import {
  buildDynamicListIndex,
  changedProfileFields,
  dynamicRuleContext,
  evaluateDynamicLists,
  fieldKeyOf,
  listsReading,
  listsToEvaluate,
} from '../../server/lists/dynamic-index';
import { realRuleEngine } from '../helpers/rule-engine';

const { engine } = realRuleEngine();

const cityIs = (city: string): RuleQuery => ({ logicalOperator: 'all', rules: [{ kind: 'field', subject: 'city', operator: 'equals', value: city }] });
const profile = (fields: Profile['data']['profile']): Profile => ({ accountId: 'maya', data: { profile: fields, meta: {} } });

const lists = [
  { id: 'riverside', rule: cityIs('Riverside') },
  { id: 'london', rule: cityIs('London') },
  { id: 'woodworkers', rule: { logicalOperator: 'all', rules: [{ kind: 'userField', subject: 'skills', operator: 'contains', value: 'wood' }] } as RuleQuery },
  {
    id: 'nested',
    rule: { logicalOperator: 'any', rules: [{ kind: 'field', subject: 'address.town', operator: 'equals', value: 'Riverside' }] } as RuleQuery,
  },
  {
    id: 'byList',
    rule: { logicalOperator: 'all', rules: [{ kind: 'userList', subject: '', operator: 'inListSomeSelected', value: ['makers'] }] } as RuleQuery,
  },
  { id: 'broken', rule: { logicalOperator: 'all', rules: [{ kind: 'field', subject: 'constructor.x', operator: 'equals', value: 1 }] } as RuleQuery },
];

describe('dynamic list index', () => {
  const index = buildDynamicListIndex(lists, engine);

  it('maps rule dependencies to profile field keys', () => {
    expect(fieldKeyOf('profile.data.profile.city')).toBe('city');
    expect(fieldKeyOf('user.data.address.town')).toBe('address');
    expect(fieldKeyOf('user.listMemberships')).toBeUndefined();
    expect(fieldKeyOf('profile.data.profile.')).toBeUndefined();
  });

  it('indexes lists by the fields their rules read, and leaves out rules reading anything else', () => {
    expect(Object.fromEntries(index.byField)).toEqual({ city: ['riverside', 'london'], skills: ['woodworkers'], address: ['nested'] });
    expect([...index.refused.keys()].sort()).toEqual(['broken', 'byList']);
    expect(index.refused.get('byList')).toMatch(/user\.listMemberships|lists/);
  });

  it('finds the changed fields of a profile write, blind to key order', () => {
    expect(changedProfileFields({ city: 'London', a: { x: 1, y: 2 } }, { city: 'Riverside', a: { y: 2, x: 1 } })).toEqual(['city']);
    expect(changedProfileFields({ bio: 'x' }, {}).sort()).toEqual(['bio']);
    expect(changedProfileFields(undefined, { city: 'Riverside' })).toEqual(['city']);
    expect(changedProfileFields({ city: 'R' }, { city: 'R' })).toEqual([]);
  });

  it('re-evaluates only the lists reading a changed field', () => {
    expect(listsReading(index, ['city']).sort()).toEqual(['london', 'riverside']);
    expect(listsReading(index, ['bio', 'phone'])).toEqual([]);
    expect(listsToEvaluate(index, profile({ city: 'London', bio: 'a' }), profile({ city: 'London', bio: 'b' }))).toEqual([]);
    expect(listsToEvaluate(index, profile({ city: 'London' }), profile({ city: 'Riverside' })).sort()).toEqual(['london', 'riverside']);
    // A first write of the profile: every indexed list.
    expect(listsToEvaluate(index, undefined, profile({})).sort()).toEqual(['london', 'nested', 'riverside', 'woodworkers']);
  });

  it('evaluates the rules against the profile as the member sees her own', () => {
    const p = profile({ city: 'Riverside', skills: 'woodwork, lathe', address: { town: 'Riverside' } });
    const result = evaluateDynamicLists(index, engine, dynamicRuleContext(p), ['riverside', 'london', 'woodworkers', 'nested', 'broken', 'unknown']);
    expect(Object.fromEntries(result)).toEqual({ riverside: true, london: false, woodworkers: true, nested: true, broken: false, unknown: false });
  });
});
