/**
 * The lists domain's `user_lists` migration on a database made by the code before it: lists were
 * `userList` documents of the staff domain and their grants `listPermissions` documents. The
 * database is put back in that state straight in its tables (corrupt documents included); the
 * restart moves every list into the table, its grants into `permissions`, and deletes the
 * documents, on both engines.
 */
import { sql } from 'kysely';
import { beforeAll, expect, it, vi } from 'vitest';
import type { UserListView } from '../../schemas/model/api/lists';
import { describeBackends } from '../helpers/backends';

const DOCS: [kind: string, id: string, data: string][] = [
  ['userList', 'makers', JSON.stringify({ id: 'makers', name: 'Makers' })],
  ['userList', 'volunteers', JSON.stringify({ id: 'volunteers', name: 'Volunteers', capacity: 40, dynamic: 'yes' })],
  ['userList', 'broken', '{not json'],
  ['userList', 'odd', JSON.stringify([1, 2])],
  ['userList', 'weird', JSON.stringify({ label: 'Weird', capacity: -3, type: 'galaxy', system: true, rule: 'x' })],
  ['listPermissions', 'makers', JSON.stringify({ files: { manage: true }, tools: { read: false }, notes: 'x' })],
  ['listPermissions', 'ghost', JSON.stringify({ tools: { read: true } })],
  ['listPermissions', 'volunteers', '{}'],
];

describeBackends('user lists moved out of documents', (api) => {
  const warnings: string[] = [];

  beforeAll(async () => {
    const db = api.server.ctx.store.kysely;
    await sql`drop table user_lists`.execute(db);
    await sql`delete from kysely_migration where name = '20261129T1500_lists_user_lists'`.execute(db);
    for (const [kind, id, data] of DOCS)
      await db.insertInto('documents').values({ kind, id, data, revision: 1, schema_version: null, expires_at: null, updated_at: Date.now() }).execute();
    vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void warnings.push(args.map(String).join(' ')));
    await api.restart();
    vi.mocked(console.warn).mockRestore();
  });

  it('moves every list, tolerating corrupt documents, and deletes the documents', async () => {
    const admin = await api.signIn('admin');
    const lists = (await api.call<UserListView[]>('GET', 'userLists', { token: admin })).body;
    const byId = new Map(lists.map((l) => [l.id, l]));
    expect([...byId.keys()].sort()).toEqual(['broken', 'ghost', 'makers', 'odd', 'volunteers', 'weird']);
    expect(byId.get('makers')).toMatchObject({ label: 'Makers', name: 'Makers', allowPermissions: true, permissions: ['files.manage'], capacity: null });
    expect(byId.get('volunteers')).toMatchObject({ capacity: 40, dynamic: false, allowPermissions: false, permissions: [] });
    expect(byId.get('broken')).toMatchObject({ label: 'broken', type: 'standard', capacity: null });
    expect(byId.get('weird')).toMatchObject({ label: 'Weird', type: 'standard', capacity: null, system: true });
    expect(byId.get('weird')).not.toHaveProperty('rule');
    expect(byId.get('ghost')).toMatchObject({ label: 'ghost', permissions: ['tools.read'], allowPermissions: true });
    expect(warnings.some((w) => w.includes('moved 6 user lists'))).toBe(true);
    const left = await api.server.ctx.store.kysely.selectFrom('documents').select('id').where('kind', 'in', ['userList', 'listPermissions']).execute();
    expect(left).toEqual([]);
    // Elena (elevated, accepted in Makers) holds the moved grant.
    expect(await api.call('GET', 'userLists/permissions/byList/makers', { token: await api.signIn('elena') })).toMatchObject({
      status: 200,
      body: { files: { manage: true } },
    });
  });
});
