/**
 * The rules editor's server calls over real HTTP on SQLite and PostgreSQL: the subjects rules can
 * talk about (lists by name, profile fields typed) and "who sees this" (the demo accounts and the
 * lists a query lets in, judged by the engine's evaluator). Admins only; a bad rule is a 400 that
 * names the problem in words; nothing is written.
 */
import { beforeAll, expect, it } from 'vitest';
import type { RulePreview, RuleSubjectChoices } from '../../engine/core';
import type { RuleQuery } from '../../schemas/model';
import { describeBackends } from '../helpers/backends';
import { watchDatabase } from '../helpers/db-snapshot';
import { membershipsByAccount } from '../../server/lists/memberships';
import type { Account } from '../../server/model';
import { RULE_PREVIEW_NAMES } from '../../server/rule-checks/rule-preview';

const inLists = (...lists: string[]): RuleQuery => ({
  logicalOperator: 'all',
  rules: [{ kind: 'userList', subject: '', operator: 'inListSomeSelected', value: lists }],
});

describeBackends('rules editor subjects and preview', (api) => {
  let admin: string;
  let maya: string;
  beforeAll(async () => {
    [admin, maya] = await Promise.all([api.signIn('admin'), api.signIn('maya')]);
  });

  const preview = (token: string | undefined, body: unknown) =>
    api.call<RulePreview & { message?: string; error?: string }>('POST', 'admin/rules/preview', { ...(token ? { token } : {}), body });

  it('gives admins the lists by name and the profile fields with their types and options', async () => {
    const res = await api.call<RuleSubjectChoices>('GET', 'admin/rules/subjects', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.lists).toEqual([
      { value: 'demo-sprint-mentors', label: 'Design Sprint mentors' },
      { value: 'demo-sprint-participants', label: 'Design Sprint participants' },
      { value: 'makers', label: 'Makers' },
      { value: 'demo-repair-cafe-members', label: 'Repair Café volunteers' },
      { value: 'riverside', label: 'Riverside members' },
      { value: 'volunteers', label: 'Volunteers' },
      { value: 'demo-woodturning-members', label: 'Woodturning Basics members' },
      { value: 'workshop-mentors', label: 'Workshop mentors' },
    ]);
    const byName = new Map(res.body.userFields!.map((f) => [f.value, f]));
    expect(byName.get('volunteer')).toEqual({ value: 'volunteer', label: 'I want to volunteer', type: 'boolean' });
    expect(byName.get('volunteerDays')).toMatchObject({ type: 'array', options: expect.arrayContaining([{ value: 'sat', label: 'Saturday' }]) });
    expect(byName.get('avatar')?.type).toBe('file');
    expect(byName.has('volunteerCondition')).toBe(false);
    expect(res.body.fields).toEqual(res.body.userFields);
  });

  it('counts who the demo rule "in the volunteers list" lets in, with the engine evaluator', async () => {
    // What the store holds: every readable account, and those accepted in the list.
    const accounts = (await api.server.ctx.store.list<Account>('account')).map((d) => d.data);
    const memberships = await membershipsByAccount(api.server.ctx.store.kysely);
    const acceptedIn = (list: string) =>
      accounts
        .filter((a) => (memberships.get(a.accountId) ?? []).some((m) => m.userListId === list && m.state === 'accepted'))
        .map((a) => `${a.firstName} ${a.lastName}`)
        .sort((a, b) => a.localeCompare(b));
    for (const list of ['volunteers', 'makers']) {
      const res = await preview(admin, { query: inLists(list) });
      expect(res.status).toBe(200);
      const expected = acceptedIn(list);
      expect(expected.length).toBeGreaterThan(1);
      expect(res.body.accounts).toEqual({ count: expected.length, total: accounts.length, names: expected.slice(0, RULE_PREVIEW_NAMES) });
      expect(res.body.lists).toEqual([{ id: list, name: list === 'makers' ? 'Makers' : 'Volunteers' }]);
    }
    // "Profile lists" reads the viewed profile: each account is judged on its own profile, so the same people.
    const profileLists = await preview(admin, {
      query: { logicalOperator: 'all', rules: [{ kind: 'list', subject: '', operator: 'inListSomeSelected', value: ['volunteers'] }] },
    });
    expect(profileLists.body.accounts.count).toBe(acceptedIn('volunteers').length);
    expect(profileLists.body.lists).toEqual([{ id: 'volunteers', name: 'Volunteers' }]);
    expect(acceptedIn('volunteers')).toContain('Victor Volunteer');
    expect(acceptedIn('volunteers')).not.toContain('Maya Maker');
  });

  it('the empty rule lets everyone in; a profile field rule reads each account’s own profile', async () => {
    const everyone = await preview(admin, { query: { logicalOperator: 'all', rules: [] } });
    expect(everyone.status).toBe(200);
    expect(everyone.body.accounts.count).toBe(everyone.body.accounts.total);
    expect(everyone.body.lists.map((l) => l.id).sort()).toEqual([
      'demo-repair-cafe-members',
      'demo-sprint-mentors',
      'demo-sprint-participants',
      'demo-woodturning-members',
      'makers',
      'riverside',
      'volunteers',
      'workshop-mentors',
    ]);

    const newsletter = await preview(admin, { query: { logicalOperator: 'all', rules: [{ kind: 'userField', subject: 'newsletter', operator: 'isTrue' }] } });
    expect(newsletter.status).toBe(200);
    expect(newsletter.body.accounts.names).toContain('Maya Maker');
    expect(newsletter.body.lists).toEqual([]);
  });

  it('refuses members (403) and anonymous callers (401), for the subjects and the preview', async () => {
    const db = await watchDatabase(api);
    const member = await preview(maya, { query: inLists('volunteers') });
    expect(member.status).toBe(403);
    expect(member.body.message).toContain('for admins only');
    expect((await api.call('GET', 'admin/rules/subjects', { token: maya })).status).toBe(403);
    expect((await preview(undefined, { query: inLists('volunteers') })).status).toBe(401);
    expect(await db.check(403, 'member preview')).toBeUndefined();
  });

  it('answers a bad rule with a 400 naming the problem in words, and writes nothing', async () => {
    const db = await watchDatabase(api);
    const noList = await preview(admin, { query: inLists() });
    expect(noList.status).toBe(400);
    expect(noList.body.message).toBe('query: Condition 1: pick at least one list');

    const wrongType = await preview(admin, {
      query: { logicalOperator: 'all', rules: [{ kind: 'userField', subject: 'volunteer', operator: 'greaterThan', value: 2 }] },
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.message).toBe('query: Condition 1: “is greater than” cannot test “volunteer”, which holds yes/no');

    const nested = await preview(admin, {
      query: { logicalOperator: 'any', groups: [{ logicalOperator: 'all', rules: [{ kind: 'userList', operator: 'isTrue' }] }] },
    });
    expect(nested.status).toBe(400);
    expect(nested.body.message).toContain('Condition 1 of group 1: “is true” cannot test a condition on My lists');
    expect(nested.body.message).not.toMatch(/rules\.\d|groups\.\d/);

    for (const body of [undefined, {}, { query: 'all' }, { query: [] }]) {
      const res = await preview(admin, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(/query|body/);
    }
    expect(await db.check(400, 'bad previews')).toBeUndefined();
  });
});
