import { describe, expect, it } from 'vitest';
import type { RuleContext } from '../../engine/core';
import type { RuleQuery } from '../../schemas/model';
import { decideBlockVisibility, pageVisibility, viewAsContext } from '../../engine/core';
import { realRuleEngine } from '../helpers/rule-engine';

const { engine } = realRuleEngine();
const member = (lists: string[], extra: Partial<NonNullable<RuleContext['user']>> = {}): RuleContext => ({
  user: {
    accountId: 'u1',
    isAdmin: false,
    isElevated: false,
    listMemberships: lists.map((l, i) => ({ id: `m${i}`, userListId: l, state: 'accepted' })),
    ...extra,
  },
});
const inStaff: RuleQuery = { logicalOperator: 'all', rules: [{ kind: 'userList', subject: '', operator: 'inListSomeSelected', value: ['staff'] }] };

// The engine's block visibility decision, driven by the real rule engine.
describe('block visibility with the rule engine', () => {
  it('uses the advanced rules when advanced is on', () => {
    expect(decideBlockVisibility({ advanced: true, rules: inStaff }, member(['staff']), engine)).toEqual({ visible: true });
    expect(decideBlockVisibility({ advanced: true, rules: inStaff }, member([]), engine)).toEqual({ visible: false, reason: 'rules' });
    expect(decideBlockVisibility({ advanced: true }, member([]), engine)).toEqual({ visible: true });
  });

  it('hides a block with malformed rules from members and keeps the error for admins', () => {
    const decision = decideBlockVisibility(
      { advanced: true, rules: { logicalOperator: 'all', rules: [{ kind: 'formField', subject: 'a', operator: 'nope' }] } },
      member([]),
      engine,
    );
    expect(decision).toMatchObject({ visible: false, reason: 'ruleError' });
    expect(decision.visible === false && decision.error).toContain('unknown operator "nope"');
  });

  it('otherwise uses the device and profile booleans', () => {
    const mobile: RuleContext = { ...member([]), device: { isMobile: true, isDesktop: false } };
    expect(decideBlockVisibility({ visibleOnMobile: false }, mobile, engine).visible).toBe(false);
    expect(decideBlockVisibility({ visibleOnDesktop: false }, mobile, engine).visible).toBe(true);
    const own: RuleContext = { ...member([]), profile: { accountId: 'u1', data: { profile: {}, meta: {} } } };
    const other: RuleContext = { ...member([]), profile: { accountId: 'u2', data: { profile: {}, meta: {} } } };
    expect(decideBlockVisibility({ visibleOnUsersOwnProfile: false }, own, engine).visible).toBe(false);
    expect(decideBlockVisibility({ visibleOnUsersOwnProfile: false }, other, engine).visible).toBe(true);
    expect(decideBlockVisibility({ visibleOnOtherUsersProfiles: false }, other, engine).visible).toBe(false);
    expect(decideBlockVisibility(undefined, other, engine).visible).toBe(true);
  });
});

describe('page visibility by list membership (spec 6, 2.7)', () => {
  it('shows a page to members accepted in any listed list', () => {
    expect(pageVisibility({ userListIds: ['a', 'b'] }, member(['b']), engine).visible).toBe(true);
    expect(pageVisibility({ userListIds: ['a', 'b'] }, member(['c']), engine).visible).toBe(false);
    const applied: RuleContext = {
      user: { accountId: 'u', isAdmin: false, isElevated: false, listMemberships: [{ id: 'm', userListId: 'a', state: 'applied' }] },
    };
    expect(pageVisibility({ userListIds: ['a'] }, applied, engine).visible).toBe(false);
    expect(pageVisibility(undefined, member([]), engine).visible).toBe(true);
  });

  it('needs both the lists and the rules when both are set', () => {
    const rules: RuleQuery = { logicalOperator: 'all', rules: [{ kind: 'knownValueField', subject: 'isMobile', operator: 'isTrue' }] };
    expect(pageVisibility({ userListIds: ['a'], rules }, { ...member(['a']), device: { isMobile: true, isDesktop: false } }, engine).visible).toBe(true);
    expect(pageVisibility({ userListIds: ['a'], rules }, { ...member(['a']), device: { isMobile: false, isDesktop: true } }, engine).visible).toBe(false);
  });

  it('shows everything to admins, unless they view as chosen lists', () => {
    const admin = member([], { isAdmin: true });
    expect(pageVisibility({ userListIds: ['a'] }, admin, engine).visible).toBe(true);
    expect(pageVisibility({ userListIds: ['a'] }, admin, engine, { viewAsListIds: ['b'] }).visible).toBe(false);
    expect(pageVisibility({ userListIds: ['a'] }, admin, engine, { viewAsListIds: ['a'] }).visible).toBe(true);
    expect(pageVisibility({ rules: inStaff }, admin, engine, { viewAsListIds: ['staff'] }).visible).toBe(true);
    expect(viewAsContext(admin, ['x']).user).toMatchObject({ isAdmin: false, listMemberships: [{ userListId: 'x', state: 'accepted' }] });
  });

  it('always shows the current page', () => {
    expect(pageVisibility({ userListIds: ['a'] }, member([]), engine, { isCurrent: true }).visible).toBe(true);
  });
});
