/**
 * The lists domain's migration on a database made by the code before it: list memberships were
 * JSON inside the account documents and there was no `list_memberships` table. The database is
 * put back in that state straight in its tables (the migration's record and table gone, every
 * demo account's memberships in its document, plus the odd ones older data holds); the restart
 * moves every membership to the table, on both engines, and permissions follow them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ListMembership, UserState } from '../../schemas/model';
import type { StructureResponse } from '../../schemas/model/api/structure';
import type { DemoAccount } from '../../server/demo/seed';
import { setMemberships } from '../../server/lists/memberships';
import { BACKENDS, startApiServer, type ApiServer } from '../helpers/api-server';

const demoAccounts = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../server/demo/accounts.json'), 'utf8')) as DemoAccount[];

/** Memberships older data holds beyond the demo's: no id, an id used twice, a state no status names, power-up fields, entries naming no list. */
const ODD: Record<string, unknown[]> = {
  maya: [
    { userListId: 'volunteers', state: 'applied' },
    { id: 'lm-maya-makers', userListId: 'woodwork', state: 'accepted', hidden: true },
    { id: 'lm-maya-pu', userListId: 'mentors', state: 'completed', entityId: 'e1', membershipTypeId: 't1', tags: ['gold', 7] },
    { id: 'lm-maya-odd', userListId: 'makers-alumni', state: 'acepted' },
    { id: 'lm-maya-nolist', state: 'accepted' },
    'volunteers',
  ],
};

type Row = { id: string; list_id: string; account_id: string; state: string; hidden: number; entity_id: string | null; tags: string | null };

describe.each(BACKENDS)('list memberships moved out of account documents, on %s', (backend) => {
  let api: ApiServer;
  const warnings: string[] = [];

  beforeAll(async () => {
    api = await startApiServer(backend);
    const db = api.server.ctx.store.kysely;
    // Back to the previous code's database: no table, no migration record, memberships in the documents.
    await sql`drop table list_memberships`.execute(db);
    await sql`delete from kysely_migration where name = '20261129T0900_lists_memberships'`.execute(db);
    for (const account of demoAccounts) {
      const row = await db.selectFrom('documents').select('data').where('kind', '=', 'account').where('id', '=', account.accountId).executeTakeFirstOrThrow();
      const data = { ...JSON.parse(row.data), listMemberships: [...account.listMemberships, ...(ODD[account.accountId] ?? [])] };
      await db
        .updateTable('documents')
        .set({ data: JSON.stringify(data) })
        .where('kind', '=', 'account')
        .where('id', '=', account.accountId)
        .execute();
    }
    vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void warnings.push(args.map(String).join(' ')));
    await api.restart();
    vi.mocked(console.warn).mockRestore();
  });
  afterAll(async () => api?.close());

  const rows = async () =>
    (
      await sql<Row>`select id, list_id, account_id, state, hidden, entity_id, tags from list_memberships order by account_id, id`.execute(
        api.server.ctx.store.kysely,
      )
    ).rows;

  it('keeps every membership, each in its row, and leaves none in the documents', async () => {
    const stored = await rows();
    const byId = new Map(stored.map((r) => [r.id, r]));
    const expected = demoAccounts.flatMap((a) => a.listMemberships.map((m) => ({ id: m.id, account_id: a.accountId, list_id: m.userListId, state: m.state })));
    expect(expected.length).toBeGreaterThan(30);
    for (const m of expected) expect(byId.get(m.id), m.id).toMatchObject(m);
    // Every odd one that names a list is kept: the one without an id and the twin id get new ids.
    const maya = stored.filter((r) => r.account_id === 'maya');
    expect(maya.map((r) => `${r.list_id}:${r.state}:${r.hidden}`).sort()).toEqual(
      ['makers:accepted:0', 'makers-alumni:acepted:0', 'mentors:completed:0', 'volunteers:applied:0', 'woodwork:accepted:1'].sort(),
    );
    expect(new Set(stored.map((r) => r.id)).size).toBe(stored.length);
    expect(maya.find((r) => r.list_id === 'mentors')).toMatchObject({ id: 'lm-maya-pu', entity_id: 'e1', tags: '["gold"]' });
    expect(stored).toHaveLength(expected.length + 4);
    const docs = await api.server.ctx.store.kysely.selectFrom('documents').select('data').where('kind', '=', 'account').execute();
    expect(docs.filter((d) => 'listMemberships' in JSON.parse(d.data))).toEqual([]);
    expect(warnings.filter((w) => w.includes('moved'))).toEqual([
      `Tessera moved ${expected.length + 4} list memberships out of account documents (2 entries naming no list left out)`,
    ]);
  });

  it('answers memberships from the table, a state that is no status making nobody a member', async () => {
    const maya = await api.signIn('maya');
    const own = (await api.call<ListMembership[]>('GET', 'user/listMemberships', { token: maya })).body;
    expect(own.map((m) => `${m.userListId}:${m.state}`).sort()).toEqual(['makers:accepted', 'mentors:completed', 'volunteers:applied', 'woodwork:accepted']);
    expect(own.find((m) => m.userListId === 'woodwork')).toMatchObject({ id: expect.not.stringMatching(/^lm-maya-makers$/), hidden: true });
    expect(own.find((m) => m.userListId === 'mentors')).toEqual({
      id: 'lm-maya-pu',
      userListId: 'mentors',
      state: 'completed',
      entityId: 'e1',
      membershipTypeId: 't1',
      tags: ['gold'],
    });
    expect((await api.call<UserState>('GET', 'user', { token: maya })).body.listMemberships).toEqual(own);
  });

  it('permissions follow the moved memberships', async () => {
    const pagesOf = async (who: string) =>
      (await api.call<StructureResponse>('GET', 'structure', { token: await api.signIn(who) })).body.modules.flatMap((m) => m.pages.map((p) => p.id));
    const maya = await pagesOf('maya');
    const victor = await pagesOf('victor');
    // Maya is accepted in makers only (volunteers: applied), Victor in volunteers.
    expect(victor).toContain('volunteers');
    expect(maya).not.toContain('volunteers');
  });

  it('a membership written through the lists domain is answered at once, pages following it', async () => {
    const maya = await api.signIn('maya');
    const pages = async () => (await api.call<StructureResponse>('GET', 'structure', { token: maya })).body.modules.flatMap((m) => m.pages.map((p) => p.id));
    expect(await pages()).not.toContain('volunteers');
    const own = (await api.call<ListMembership[]>('GET', 'user/listMemberships', { token: maya })).body;
    const accepted = own.map((m) => (m.userListId === 'volunteers' ? { ...m, state: 'accepted' as const } : m));
    await api.server.ctx.store.transaction((tx) => setMemberships(tx, 'maya', accepted));
    expect((await api.call<ListMembership[]>('GET', 'user/listMemberships', { token: maya })).body).toEqual(accepted);
    expect(await pages()).toContain('volunteers');
    await api.server.ctx.store.transaction((tx) => setMemberships(tx, 'maya', own));
    expect(await pages()).not.toContain('volunteers');
  });

  it('runs once: a second restart moves nothing more', async () => {
    const before = await rows();
    await api.restart();
    expect(await rows()).toEqual(before);
  });
});
