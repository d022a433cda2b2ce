/**
 * Hot per-user state lives outside documents: a device keepalive and a profile view write their
 * own rows (account_presence, recently_viewed), never the account or profile document, so they
 * re-index nobody and make no other process drop anything from its cache. Their migrations move what documents held before,
 * tested on a database put back in the previous code's state.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile, UserState } from '../../schemas/model';
import { BACKENDS, startApiServer, type ApiServer } from '../helpers/api-server';

describe.each(BACKENDS)('member activity outside documents, on %s', (backend) => {
  let api: ApiServer;
  beforeAll(async () => {
    api = await startApiServer(backend);
  });
  afterAll(async () => api?.close());

  const db = () => api.server.ctx.store.kysely;
  const documents = async () =>
    (await db().selectFrom('documents').select(['kind', 'id', 'revision']).orderBy('kind').orderBy('id').execute()).map(
      (r) => `${r.kind}/${r.id}@${r.revision}`,
    );
  const searchRows = async () =>
    (await sql<{ n: string | number }>`select count(*) as n from member_search where updated_at >= ${Date.now() - 60_000}`.execute(db())).rows[0].n;

  it('a keepalive and a profile view write no document, no search entry and no change row', async () => {
    const maya = await api.signIn('maya');
    const docsBefore = await documents();
    const changes = async () => (backend === 'postgres' ? (await sql<{ n: string }>`select count(*) as n from store_changes`.execute(db())).rows[0].n : '0');
    const changesBefore = await changes();
    const searchBefore = await searchRows();
    for (const deviceId of ['phone', 'laptop', 'phone'])
      expect((await api.call('POST', 'user/deviceKeepalive', { token: maya, body: { deviceId } })).status).toBe(200);
    expect((await api.call('PUT', 'profile/user/actions/viewedProfile', { token: maya, body: { accountId: 'victor' } })).status).toBe(200);
    expect(await documents()).toEqual(docsBefore);
    expect(await searchRows()).toEqual(searchBefore);
    // No change row: no other process drops anything from its cache.
    expect(await changes()).toEqual(changesBefore);
    // What they answer is as before: the devices, the online time, the list.
    expect((await api.call<UserState>('GET', 'user', { token: maya })).body.userDeviceTokens).toEqual(['phone', 'laptop']);
    const profile = (await api.call<Profile>('GET', 'profile/maya', { token: await api.signIn('victor') })).body;
    expect(typeof profile.keepaliveTimestamp).toBe('number');
    expect((await api.call<Profile>('GET', 'profile/maya', { token: maya })).body.actions?.recentlyViewed?.map((e) => e.accountId)).toEqual(['victor']);
  });

  it('moves devices, keepalives and recently viewed lists out of the documents of the previous code', async () => {
    const k = db();
    for (const table of ['account_presence', 'recently_viewed']) await sql`drop table ${sql.table(table)}`.execute(k);
    await sql`delete from kysely_migration where name in ('20261129T0910_session_presence', '20261129T0920_profiles_recently_viewed')`.execute(k);
    const edit = async (kind: string, id: string, change: (d: Record<string, unknown>) => Record<string, unknown>) => {
      const row = await k.selectFrom('documents').select('data').where('kind', '=', kind).where('id', '=', id).executeTakeFirstOrThrow();
      await k
        .updateTable('documents')
        .set({ data: JSON.stringify(change(JSON.parse(row.data))) })
        .where('kind', '=', kind)
        .where('id', '=', id)
        .execute();
    };
    await edit('account', 'elena', (d) => ({ ...d, devices: { tablet: 1000, desk: 3000, broken: 'x' } }));
    await edit('profile', 'elena', (d) => ({
      ...d,
      keepaliveTimestamp: 3000,
      actions: { recentlyViewed: [{ accountId: 'maya', at: 5 }, { accountId: 'owen', at: 9 }, 'junk'] },
    }));
    await edit('profile', 'owen', (d) => ({ ...d, keepaliveTimestamp: 4000 }));
    await api.restart();

    const elena = await api.signIn('elena');
    expect((await api.call<UserState>('GET', 'user', { token: elena })).body.userDeviceTokens).toEqual(['desk', 'tablet']);
    const own = (await api.call<Profile>('GET', 'profile/elena', { token: elena })).body;
    expect(own.keepaliveTimestamp).toBe(3000);
    expect(own.actions?.recentlyViewed).toEqual([
      { accountId: 'owen', at: 9 },
      { accountId: 'maya', at: 5 },
    ]);
    expect((await api.call<Profile>('GET', 'profile/owen', { token: elena })).body.keepaliveTimestamp).toBe(4000);
    const left = await db().selectFrom('documents').select('data').where('kind', 'in', ['account', 'profile']).execute();
    expect(left.filter((d) => /"devices"|"keepaliveTimestamp"|"recentlyViewed"/.test(d.data))).toEqual([]);
  });
});
