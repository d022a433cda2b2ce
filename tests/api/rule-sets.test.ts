/**
 * Rule sets (community §7 "Rule sets under ruleSet"), on SQLite and PostgreSQL: create, list and
 * search, read, update and delete a named rule query; a query the rule engine refuses is a 400
 * naming the problem in words, and nothing is stored; a stored query that cannot be read reads as
 * the empty query with its problem said; every call refused to a member (Maya) and to staff
 * without the area dataMappings (Elena) with 403. Dynamic lists follow a set: its save sets their
 * rule and moves their members; a list edited by hand stops following; a followed set is not
 * deleted (409 naming the lists); a list that cannot take the query refuses the save, nothing kept.
 */
import type { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import type { RuleSet, RuleSetListResponse } from '../../schemas/model/api/mappings';
import type { UserListView } from '../../schemas/model/api/lists';
import { describeBackends } from '../helpers/backends';
import { until } from '../helpers/until';

const LONDON = { logicalOperator: 'all', rules: [{ kind: 'field', subject: 'city', operator: 'equals', value: 'London' }] };

describeBackends('rule sets', { env: { JOBS_POLL_MS: '50' } }, (api) => {
  let admin: string;
  let maya: string;
  let elena: string;
  const signIn = async () => {
    if (!admin) [admin, maya, elena] = await Promise.all([api.signIn('admin'), api.signIn('maya'), api.signIn('elena')]);
  };
  const list = async (q = '') => (await api.call<RuleSetListResponse>('GET', `ruleSet${q ? `?q=${encodeURIComponent(q)}` : ''}`, { token: admin })).body.items;

  it('creates, lists, searches, reads, updates and deletes a rule set', async () => {
    await signIn();
    expect((await list()).map((r) => r.title)).toContain('Londoners');
    const created = await api.call<RuleSet>('PUT', 'ruleSet', {
      token: admin,
      body: { title: ' Makers in London ', description: 'For the newsletter', query: LONDON },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title: 'Makers in London', description: 'For the newsletter', query: LONDON });
    expect(created.body.id).toMatch(/^rs-/);
    expect((await list('makers in')).map((r) => r.id)).toEqual([created.body.id]);
    expect((await api.call<RuleSet>('GET', `ruleSet/${created.body.id}`, { token: admin })).body).toEqual(created.body);
    const query = { logicalOperator: 'any', rules: [...LONDON.rules, { kind: 'list', subject: '', operator: 'inListSomeSelected', value: ['makers'] }] };
    const updated = await api.call<RuleSet>('POST', `ruleSet/${created.body.id}`, { token: admin, body: { title: 'London or makers', query } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ title: 'London or makers', description: '', query });
    expect((await api.call('DELETE', `ruleSet/${created.body.id}`, { token: admin })).status).toBe(204);
    expect((await api.call('GET', `ruleSet/${created.body.id}`, { token: admin })).status).toBe(404);
    expect((await api.call('POST', `ruleSet/${created.body.id}`, { token: admin, body: { title: 'x', query: LONDON } })).status).toBe(404);
  });

  it('refuses a bad rule set naming what is wrong, and stores nothing', async () => {
    await signIn();
    const before = (await list()).length;
    const bad = async (body: unknown, text: RegExp) => {
      const res = await api.call<{ message: string }>('PUT', 'ruleSet', { token: admin, body });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(text);
    };
    await bad(
      { title: 'Unknown operator', query: { logicalOperator: 'all', rules: [{ kind: 'field', subject: 'city', operator: 'sounds', value: 'x' }] } },
      /query: invalid rule query: .*sounds/,
    );
    await bad(
      { title: 'Prototype', query: { logicalOperator: 'all', rules: [{ kind: 'field', subject: 'constructor.prototype', operator: 'equals', value: 'x' }] } },
      /query: invalid rule query/,
    );
    await bad({ title: '  ', query: LONDON }, /title must not be blank/);
    await bad({ title: 'No query' }, /query/);
    await bad({ title: 'x'.repeat(121), query: LONDON }, /title/);
    expect((await list()).length).toBe(before);
  });

  it('reads a stored query that cannot be read as the empty query, saying so', async () => {
    await signIn();
    const db = api.server.ctx.store.kysely as unknown as Kysely<{ rule_sets: Record<string, unknown> }>;
    await db
      .insertInto('rule_sets')
      .values({ id: 'rs-broken', title: 'Broken', title_search: 'broken', description: '', query: '{not json', created_at: 1, updated_at: 1 })
      .execute();
    const res = await api.call<RuleSet & { readProblem?: string }>('GET', 'ruleSet/rs-broken', { token: admin });
    expect(res.body).toMatchObject({ id: 'rs-broken', query: { logicalOperator: 'all', rules: [] }, readProblem: 'its stored query cannot be read' });
    // Saving it again repairs it.
    expect((await api.call('POST', 'ruleSet/rs-broken', { token: admin, body: { title: 'Broken', query: LONDON } })).status).toBe(200);
    expect((await api.call<RuleSet>('GET', 'ruleSet/rs-broken', { token: admin })).body).not.toHaveProperty('readProblem');
  });

  it('refuses every call to a member and to staff without the area', async () => {
    await signIn();
    const calls: [string, string, unknown?][] = [
      ['GET', 'ruleSet'],
      ['GET', 'ruleSet/rs-londoners'],
      ['PUT', 'ruleSet', { title: 'x', query: LONDON }],
      ['POST', 'ruleSet/rs-londoners', { title: 'x', query: LONDON }],
      ['DELETE', 'ruleSet/rs-londoners'],
    ];
    for (const token of [maya, elena])
      for (const [method, path, body] of calls) {
        const res = await api.call(method, path, { token, body });
        expect([method, path, res.status]).toEqual([method, path, 403]);
      }
    expect((await api.call<RuleSet>('GET', 'ruleSet/rs-londoners', { token: admin })).body).toMatchObject({ title: 'Londoners', query: LONDON });
  });
  it('makes dynamic lists follow a rule set: saved with it, re-synced when it changes, its deletion refused while followed', async () => {
    await signIn();
    const cityIs = (city: string) => ({ logicalOperator: 'all', rules: [{ kind: 'field', subject: 'city', operator: 'equals', value: city }] });
    const list = (
      await api.call<UserListView>('PUT', 'userLists', {
        token: admin,
        body: { userList: { label: 'Follows Londoners', dynamic: true, rule: cityIs('Nowhere') } },
      })
    ).body;
    const listNow = async () => (await api.call<UserListView[]>('GET', 'userLists', { token: admin })).body.find((l) => l.id === list.id)!;
    const mayaIn = async () => (await api.server.ctx.membershipsOf('maya')).some((m) => m.userListId === list.id && m.state === 'accepted');

    const created = await api.call<RuleSet>('PUT', 'ruleSet', { token: admin, body: { title: 'Followed', query: cityIs('London'), listIds: [list.id] } });
    expect(created.status).toBe(201);
    expect(created.body.listIds).toEqual([list.id]);
    expect((await listNow()).rule).toEqual(cityIs('London'));
    await until('Maya joins the list that follows London', mayaIn, (inside) => inside);

    // The set changes: the list's rule with it, and Maya (London) leaves; the list still follows.
    const changed = await api.call<RuleSet>('POST', `ruleSet/${created.body.id}`, { token: admin, body: { title: 'Followed', query: cityIs('Paris') } });
    expect(changed.body.listIds).toEqual([list.id]);
    expect((await listNow()).rule).toEqual(cityIs('Paris'));
    await until('Maya leaves once the set asks for Paris', mayaIn, (inside) => !inside);

    const refused = await api.call<{ message: string }>('DELETE', `ruleSet/${created.body.id}`, { token: admin });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/followed by the dynamic list "Follows Londoners"/);
    expect((await api.call('GET', `ruleSet/${created.body.id}`, { token: admin })).status).toBe(200);

    // Edited by hand, the list no longer follows: the set can go, the list keeps its own rule.
    expect((await api.call('POST', `userLists/${list.id}`, { token: admin, body: { changes: { rule: cityIs('Leeds') } } })).status).toBe(200);
    expect((await api.call<RuleSet>('GET', `ruleSet/${created.body.id}`, { token: admin })).body.listIds).toEqual([]);
    expect((await api.call('DELETE', `ruleSet/${created.body.id}`, { token: admin })).status).toBe(204);
    expect((await listNow()).rule).toEqual(cityIs('Leeds'));
  });

  it('refuses lists that cannot follow the set, naming them, and keeps nothing', async () => {
    await signIn();
    const before = (await list()).length;
    const put = (body: unknown) => api.call<{ message: string }>('PUT', 'ruleSet', { token: admin, body });
    const staticList = await put({ title: 'Static', query: LONDON, listIds: ['makers'] });
    expect([staticList.status, staticList.body.message]).toEqual([400, expect.stringMatching(/is not a dynamic list/)]);
    const unknown = await put({ title: 'Unknown', query: LONDON, listIds: ['no-such-list'] });
    expect([unknown.status, unknown.body.message]).toEqual([400, 'listIds: no user list "no-such-list"']);
    const listsRule = { logicalOperator: 'all', rules: [{ kind: 'list', subject: '', operator: 'inListSomeSelected', value: ['makers'] }] };
    const notProfile = await put({ title: 'Lists', query: listsRule, listIds: ['riverside'] });
    expect(notProfile.status).toBe(400);
    expect(notProfile.body.message).toMatch(/cannot follow this rule/);
    expect((await list()).length).toBe(before);
    expect((await api.call<UserListView[]>('GET', 'userLists', { token: admin })).body.find((l) => l.id === 'riverside')?.rule).not.toEqual(listsRule);
  });
});
