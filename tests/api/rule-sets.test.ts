/**
 * Rule sets (community §7 "Rule sets under ruleSet"), on SQLite and PostgreSQL: create, list and
 * search, read, update and delete a named rule query; a query the rule engine refuses is a 400
 * naming the problem in words, and nothing is stored; a stored query that cannot be read reads as
 * the empty query with its problem said; every call refused to a member (Maya) and to staff
 * without the area dataMappings (Elena) with 403.
 */
import type { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import type { RuleSet, RuleSetListResponse } from '../../schemas/model/api/mappings';
import { describeBackends } from '../helpers/backends';

const LONDON = { logicalOperator: 'all', rules: [{ kind: 'field', subject: 'city', operator: 'equals', value: 'London' }] };

describeBackends('rule sets', (api) => {
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
});
