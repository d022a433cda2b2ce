import { describe, expect, it } from 'vitest';
import type { RuleQuery } from '../../schemas/model';
import { createRuleDependencyIndex } from '../../engine/core';
import { realRuleEngine } from '../helpers/rule-engine';

const { engine } = realRuleEngine();

describe('rule dependencies', () => {
  it('lists the context paths a query reads, per kind', () => {
    const query: RuleQuery = {
      logicalOperator: 'any',
      rules: [
        { kind: 'formField', subject: 'email', operator: 'isEmpty' },
        { kind: 'field', subject: 'firstName', operator: 'isEmpty' },
        { kind: 'entityField', subject: 'size', operator: 'isEmpty', entityId: 'e2' },
        { kind: 'knownValueField', subject: 'isOwnProfile', operator: 'isTrue' },
      ],
      groups: [{ logicalOperator: 'all', rules: [{ kind: 'userEntityPowerUp', subject: 'membership', operator: 'isMember' }] }],
    };
    expect(engine.dependencies(query)).toEqual([
      'entities.e2.data.size',
      'entity',
      'form.email',
      'lists',
      'profile.accountId',
      'profile.data.profile.firstName',
      'user.accountId',
      'user.listMemberships',
    ]);
  });

  it('compiles a query object once', () => {
    const query: RuleQuery = { logicalOperator: 'all', rules: [{ kind: 'formField', subject: 'a', operator: 'isEmpty' }] };
    expect(engine.compile(query)).toBe(engine.compile(query));
  });

  it('returns the rules that read a changed path, beneath it or above it, and nothing else', () => {
    const index = createRuleDependencyIndex<string>();
    index.set('email', ['form.email']);
    index.set('address', ['form.address.city', 'form.address.zip']);
    index.set('wholeForm', ['form']);
    index.set('lists', ['user.listMemberships', 'lists']);
    expect([...index.affected('form.email')].sort()).toEqual(['email', 'wholeForm']);
    expect([...index.affected('form.address')].sort()).toEqual(['address', 'wholeForm']);
    expect([...index.affected('form.address.city.extra')].sort()).toEqual(['address', 'wholeForm']);
    expect([...index.affected('form')].sort()).toEqual(['address', 'email', 'wholeForm']);
    expect([...index.affected('form.other')]).toEqual(['wholeForm']);
    expect([...index.affected('user')]).toEqual(['lists']);
    expect([...index.affected('profile')]).toEqual([]);
    expect([...index.affectedByAll(['lists', 'form.email'])].sort()).toEqual(['email', 'lists', 'wholeForm']);
    index.set('email', ['form.phone']);
    expect([...index.affected('form.email')]).toEqual(['wholeForm']);
    index.delete('wholeForm');
    expect([...index.affected('form.email')]).toEqual([]);
    expect(index.size).toBe(3);
  });
});

describe('rule set', () => {
  it('evaluates everything once, then only the rules reading what changed, reporting whose result flipped', async () => {
    const { createRuleSet } = await import('../../engine/core');
    const set = createRuleSet<string>(engine);
    set.set('showPhone', { logicalOperator: 'all', rules: [{ kind: 'formField', subject: 'contact', operator: 'equals', value: 'phone' }] });
    set.set('showAdult', { logicalOperator: 'all', rules: [{ kind: 'formField', subject: 'age', operator: 'greaterThanOrEqual', value: 18 }] });
    set.set('broken', { logicalOperator: 'all', rules: [{ kind: 'formField', subject: 'age', operator: 'nope' }] });
    set.evaluateAll({ form: { contact: 'email', age: 20 } });
    expect(set.evaluations).toBe(3);
    expect(set.result('showPhone')?.matches).toBe(false);
    expect(set.result('showAdult')?.matches).toBe(true);
    expect(set.result('broken')).toEqual({ matches: false, error: 'rules.0.operator: unknown operator "nope"' });

    expect(set.update(['form.contact'], { form: { contact: 'phone', age: 20 } })).toEqual(['showPhone']);
    expect(set.evaluations).toBe(4);
    expect(set.update(['form.contact'], { form: { contact: 'phone!', age: 20 } })).toEqual(['showPhone']);
    expect(set.update(['form.age'], { form: { contact: 'phone!', age: 21 } })).toEqual([]);
    expect(set.evaluations).toBe(6); // only showAdult: a malformed query reads nothing and never matches
    set.delete('broken');
    expect(set.update(['form.age'], { form: { age: 2 } })).toEqual(['showAdult']);
    expect(set.evaluations).toBe(7);
  });
});
