import { describe, expect, it } from 'vitest';
import type { RuleQuery } from '../../schemas/model';
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
});
