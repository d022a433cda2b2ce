/**
 * The /admin frame's calls on SQLite and PostgreSQL: `GET admin/sections` answers the areas the
 * caller may open (the engine/core catalogue over the caller's grants, list grants included), the
 * dashboard's counts, and `requireAdminArea` refusing an area's calls in words (the asset library,
 * area `content`): 401 without a session, 403 for a member, 403 naming the grants for an elevated
 * user without them, allowed once a list grants them.
 */
import { beforeAll, expect, it } from 'vitest';
import { ADMIN_AREAS } from '../../engine/core/admin-areas';
import type { AdminDashboardResponse, AdminSectionsResponse } from '../../schemas/model/api/staff';
import { listById, putList } from '../../server/lists';
import { grantsOfMap } from '../../server/lists/user-lists-table';
import { describeBackends } from '../helpers/backends';

describeBackends('admin areas', (api) => {
  let admin: string;
  let elena: string;
  let maya: string;

  beforeAll(async () => {
    [admin, elena, maya] = await Promise.all(['admin', 'elena', 'maya'].map((a) => api.signIn(a)));
  });

  /** Grants accepted members of the demo's Makers list (Elena is one) these permissions. */
  const grantMakers = (grants: Record<string, Record<string, boolean>>) =>
    api.server.ctx.store.transaction(async (tx) => {
      const makers = (await listById(tx.raw, 'makers'))!;
      const permissions = grantsOfMap(grants);
      await putList(tx.raw, { ...makers, permissions, allowPermissions: permissions.length > 0 });
    });

  it('GET admin/sections: every area for an admin in its sections, Elena her one, 401 and 403 in words otherwise', async () => {
    const all = await api.call<AdminSectionsResponse>('GET', 'admin/sections', { token: admin });
    expect(all.status).toBe(200);
    expect(all.body.sections.map((s) => s.section)).toEqual(['overview', 'community', 'content', 'communication', 'insights', 'settings', 'system']);
    expect(all.body.sections.flatMap((s) => s.areas.map((a) => a.area))).toEqual(ADMIN_AREAS.map((a) => a.area));
    expect(all.body.sections[0]).toEqual({ section: 'overview', areas: [{ area: 'dashboard', name: 'dashboard', path: '/admin/dashboard' }] });

    const own = await api.call<AdminSectionsResponse>('GET', 'admin/sections', { token: elena });
    expect(own.body).toEqual({ sections: [{ section: 'content', areas: [{ area: 'layouts', name: 'layouts', path: '/admin/layouts' }] }] });

    expect(await api.call('GET', 'admin/sections', { token: maya })).toMatchObject({
      status: 403,
      body: { error: 'forbidden', message: 'the admin sections: for admins and elevated users only' },
    });
    expect(await api.call('GET', 'admin/sections')).toMatchObject({ status: 401, body: { error: 'notAuthorized', message: 'Not authorized' } });
  });

  it('GET admin/dashboard: the number of accounts, for those who may open the dashboard', async () => {
    const accounts = (await api.server.ctx.store.list('account')).length;
    expect(accounts).toBeGreaterThan(3);
    const res = await api.call<AdminDashboardResponse>('GET', 'admin/dashboard', { token: admin });
    expect(res).toMatchObject({ status: 200, body: { members: accounts } });
    expect(await api.call('GET', 'admin/dashboard', { token: elena })).toMatchObject({
      status: 403,
      body: {
        error: 'forbidden',
        message: 'You may not open the admin area "dashboard": it needs read on applications, read on abuseReports or read on adminDashboard',
      },
    });
    expect(await api.call('GET', 'admin/dashboard', { token: maya })).toMatchObject({
      status: 403,
      body: { message: 'The admin area "dashboard" is for admins and elevated users only' },
    });
  });

  it('the asset library is the area content: refused in words, opened by a list grant, closed again when it goes', async () => {
    expect(await api.call('POST', 'files/getAssets', { token: elena, body: {} })).toMatchObject({
      status: 403,
      body: { error: 'forbidden', message: 'You may not open the admin area "content": it needs manage on files' },
    });
    expect(await api.call('POST', 'files/updateAsset', { token: elena, body: { id: 'nope', changes: { title: 'x' } } })).toMatchObject({ status: 403 });
    expect(await api.call('POST', 'files/getAssets', { token: maya, body: {} })).toMatchObject({
      status: 403,
      body: { message: 'The admin area "content" is for admins and elevated users only' },
    });
    expect((await api.call('POST', 'files/getAssets')).status).toBe(401);

    await grantMakers({ files: { manage: true }, tools: { read: true } });
    try {
      expect((await api.call<{ total: number }>('POST', 'files/getAssets', { token: elena, body: {} })).status).toBe(200);
      const sections = (await api.call<AdminSectionsResponse>('GET', 'admin/sections', { token: elena })).body.sections;
      expect(sections.map((s) => [s.section, s.areas.map((a) => a.area)])).toEqual([
        ['content', ['layouts', 'content']],
        ['insights', ['exports']],
        ['system', ['tools']],
      ]);
      // Maya is in Makers too, but the admin areas are for staff: the grant opens nothing to her.
      expect((await api.call('POST', 'files/getAssets', { token: maya, body: {} })).status).toBe(403);
    } finally {
      await grantMakers({});
    }
    expect((await api.call('POST', 'files/getAssets', { token: elena, body: {} })).status).toBe(403);
  });
});
