/**
 * "Edit all admin permissions" (core §2.6, §6; issue 34 part 7): PUT userLists/admin/{id}/permissions
 * writes a list's admin mode, allow-permissions and every grant at once, on SQLite and PostgreSQL.
 * Refused to a member (Maya) and to staff without the user lists area (Elena); bad input a 400
 * naming what was wrong with nothing written; and nobody grants what they do not hold: Elena,
 * given the user lists area and managePermissions through a list, may grant those but not
 * settings, nor admin mode, and a refused save changes nothing.
 */
import { beforeAll, expect, it } from 'vitest';
import type { UserListView } from '../../schemas/model/api/lists';
import { describeBackends } from '../helpers/backends';

describeBackends('edit all admin permissions of a list', (api) => {
  let admin: string;
  let maya: string;
  let elena: string;
  let target: string;
  beforeAll(async () => {
    [admin, maya, elena] = await Promise.all([api.signIn('admin'), api.signIn('maya'), api.signIn('elena')]);
    const created = await api.call<UserListView>('PUT', 'userLists', { token: admin, body: { userList: { label: 'Grant target', type: 'standard' } } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    target = created.body.id;
  });

  const save = (token: string, body: unknown, id = target) =>
    api.call<UserListView & { message: string }>('PUT', `userLists/admin/${id}/permissions`, { token, body });
  const grantsOf = async (id = target) =>
    (await api.call<Record<string, Record<string, boolean>>>('GET', `userLists/permissions/byList/${id}`, { token: admin })).body;
  const stateOf = async (id = target) => {
    const list = (await api.call<UserListView[]>('GET', 'userLists', { token: admin })).body.find((l) => l.id === id)!;
    return { isAdmin: list.isAdmin, allowPermissions: list.allowPermissions, permissions: list.permissions };
  };

  it('the admin writes every permission in one call; the grants follow', async () => {
    const res = await save(admin, {
      isAdmin: false,
      allowPermissions: true,
      permissions: ['administration.manageEditMode', 'items.pages.addChildren', 'files.manage', 'files.manage'],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      isAdmin: false,
      allowPermissions: true,
      permissions: ['administration.manageEditMode', 'files.manage', 'items.pages.addChildren'],
    });
    expect(await grantsOf()).toEqual({ administration: { manageEditMode: true }, files: { manage: true }, 'items.pages': { addChildren: true } });
    // Taking away is the same call.
    expect((await save(admin, { isAdmin: false, allowPermissions: true, permissions: ['files.manage'] })).status).toBe(200);
    expect(await grantsOf()).toEqual({ files: { manage: true } });
  });

  it('refused to Maya and to Elena (no user lists area); nothing changes', async () => {
    const before = await stateOf();
    for (const token of [maya, elena]) {
      const res = await save(token, { isAdmin: true, allowPermissions: true, permissions: ['settings.update'] });
      expect(res.status).toBe(403);
    }
    expect((await save(elena, { isAdmin: true, allowPermissions: true, permissions: [] })).body.message).toContain('userLists');
    expect(await stateOf()).toEqual(before);
  });

  it('bad input is a 400 naming what was wrong, nothing written', async () => {
    const before = await stateOf();
    const unknown = await save(admin, { isAdmin: false, allowPermissions: true, permissions: ['files.manage', 'nonsense', 'nowhere.read'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('"nonsense", "nowhere.read" are no permissions');
    for (const body of [
      { allowPermissions: true, permissions: [] },
      { isAdmin: false, allowPermissions: true, permissions: [], extra: 1 },
      { isAdmin: 'yes', allowPermissions: true, permissions: [] },
    ]) {
      const res = await save(admin, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await save(admin, { isAdmin: false, allowPermissions: true, permissions: [] }, 'no-such-list')).status).toBe(404);
    expect(await stateOf()).toEqual(before);
  });

  it('nobody grants what they do not hold: Elena with the lists area grants only what she holds', async () => {
    // A list that gives Elena the user lists area and managePermissions on lists.
    const powers = await api.call<UserListView>('PUT', 'userLists', { token: admin, body: { userList: { label: 'List keepers', type: 'standard' } } });
    expect(powers.status).toBe(201);
    const granted = await save(
      admin,
      { isAdmin: false, allowPermissions: true, permissions: ['userLists.read', 'userLists.managePermissions'] },
      powers.body.id,
    );
    expect(granted.status).toBe(200);
    expect((await api.call('POST', `userLists/${powers.body.id}/users`, { token: admin, body: { accounts: ['elena'] } })).status).toBe(200);
    const before = await stateOf();

    const settings = await save(elena, { isAdmin: false, allowPermissions: true, permissions: ['files.manage', 'settings.update'] });
    expect(settings.status).toBe(403);
    expect(settings.body.message).toBe('You may not grant what you do not hold: settings.update');
    const adminMode = await save(elena, { isAdmin: true, allowPermissions: true, permissions: ['files.manage'] });
    expect(adminMode.status).toBe(403);
    expect(adminMode.body.message).toContain('isAdmin');
    expect(await stateOf()).toEqual(before);

    // What she holds (and what the list had already) she may give; taking away is hers too.
    const ok = await save(elena, { isAdmin: false, allowPermissions: true, permissions: ['files.manage', 'userLists.read', 'administration.manageEditMode'] });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await stateOf()).permissions).toEqual(['administration.manageEditMode', 'files.manage', 'userLists.read']);
    expect((await save(elena, { isAdmin: false, allowPermissions: false, permissions: [] })).status).toBe(200);
    expect(await stateOf()).toEqual({ isAdmin: false, allowPermissions: false, permissions: [] });
  });
});
