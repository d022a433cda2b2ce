/**
 * "Manage my logins" on both databases: GET /user/socialAccountLink lists only the caller's own
 * linked accounts (and no providers: none is configured), DELETE unlinks only the caller's own,
 * and linking a new one is refused while no provider is configured.
 */
import { beforeAll, expect, it } from 'vitest';
import { socialAccountsDb } from '../../server/social-accounts/table';
import { describeBackends } from '../helpers/backends';

interface Links {
  providers: string[];
  links: { provider: string; externalId: string; label: string; linkedAt: number }[];
}

describeBackends('social account links', (api) => {
  let maya: string;
  let victor: string;

  beforeAll(async () => {
    [maya, victor] = await Promise.all([api.signIn('maya'), api.signIn('victor')]);
  });

  it('lists nothing, and says no provider is configured, for a member with no links', async () => {
    const res = await api.call<Links>('GET', 'user/socialAccountLink', { token: victor });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ providers: [], links: [] });
    expect((await api.call('GET', 'user/socialAccountLink')).status).toBe(401);
  });

  it("lists the own links only, unlinks the own one, and never another member's", async () => {
    // Links a provider's sign-in would have written (none is configured on this site).
    await socialAccountsDb(api.server.ctx.store.kysely)
      .insertInto('social_account_links')
      .values([
        { provider: 'google', external_id: 'g-123', account_id: 'maya', label: 'maya@example.org', linked_at: 1000 },
        { provider: 'linkedin', external_id: 'li-9', account_id: 'maya', label: 'Maya Maker', linked_at: 2000 },
        { provider: 'google', external_id: 'g-456', account_id: 'victor', label: 'victor@example.org', linked_at: 1500 },
      ])
      .execute();
    const mine = await api.call<Links>('GET', 'user/socialAccountLink', { token: maya });
    expect(mine.body.links).toEqual([
      { provider: 'google', externalId: 'g-123', label: 'maya@example.org', linkedAt: 1000 },
      { provider: 'linkedin', externalId: 'li-9', label: 'Maya Maker', linkedAt: 2000 },
    ]);
    // Victor cannot unlink Maya's: it is not linked to his account (404), and it stays.
    const refused = await api.call<{ message: string }>('DELETE', 'user/socialAccountLink/g-123', { token: victor });
    expect(refused.status).toBe(404);
    expect(refused.body.message).toContain('not linked to your account');
    expect((await api.call<Links>('GET', 'user/socialAccountLink', { token: maya })).body.links).toHaveLength(2);
    // Maya unlinks her own.
    const unlinked = await api.call<{ provider: string; externalId: string }>('DELETE', 'user/socialAccountLink/g-123', { token: maya });
    expect(unlinked.status).toBe(200);
    expect(unlinked.body).toEqual({ provider: 'google', externalId: 'g-123' });
    expect((await api.call<Links>('GET', 'user/socialAccountLink', { token: maya })).body.links.map((l) => l.externalId)).toEqual(['li-9']);
    expect((await api.call<Links>('GET', 'user/socialAccountLink', { token: victor })).body.links.map((l) => l.externalId)).toEqual(['g-456']);
    // Again: gone.
    expect((await api.call('DELETE', 'user/socialAccountLink/g-123', { token: maya })).status).toBe(404);
    expect((await api.call('DELETE', 'user/socialAccountLink/li-9')).status).toBe(401);
  });

  it('deleting a person (DELETE profile/{id}, admin) drops their social logins with them', async () => {
    const db = socialAccountsDb(api.server.ctx.store.kysely);
    await db
      .insertInto('social_account_links')
      .values({ provider: 'google', external_id: 'g-dilys', account_id: 'dilys', label: 'dilys@example.org', linked_at: 3000 })
      .execute();
    const admin = await api.signIn('admin');
    expect((await api.call('DELETE', 'profile/dilys', { token: admin })).status).toBe(200);
    expect(await db.selectFrom('social_account_links').select('external_id').where('account_id', '=', 'dilys').execute()).toEqual([]);
    // Others' links stay.
    expect((await db.selectFrom('social_account_links').select('external_id').where('account_id', '=', 'victor').execute()).length).toBe(1);
  });

  it("refuses a too long id (414, the server's path parameter limit), and linking while no provider is configured", async () => {
    const long = await api.call<{ message: string }>('DELETE', `user/socialAccountLink/${'x'.repeat(201)}`, { token: maya });
    expect(long.status).toBe(414);
    const link = await api.call<{ message: string }>('GET', 'user/socialAccountLink/google/new/abc', { token: maya });
    expect(link.status).toBe(400);
    expect(link.body.message).toContain('"google" is not configured');
  });
});
