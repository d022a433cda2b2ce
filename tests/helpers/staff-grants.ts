/**
 * Staff made through the real routes: an admin creates a list, lets it grant permissions, gives it
 * the `grants` ("area.action", e.g. "searchManagement.read") and accepts the accounts in it, as an
 * admin does in the user lists area. Each call must succeed.
 */
import { expect } from 'vitest';
import type { ApiServer } from './api-server';

export async function grantThroughList(
  api: Pick<ApiServer, 'call'>,
  adminToken: string,
  label: string,
  grants: readonly string[],
  accounts: readonly string[],
): Promise<{ id: string }> {
  const list = (await api.call<{ id: string }>('PUT', 'userLists', { token: adminToken, body: { userList: { label, capacity: null } } })).body;
  for (const path of ['allowPermissions/true', ...grants.map((g) => `${g}/true`)])
    expect((await api.call('POST', `userLists/admin/${list.id}/${path}`, { token: adminToken })).status).toBe(200);
  expect((await api.call('POST', `userLists/${list.id}/users`, { token: adminToken, body: { accounts, state: 'accepted' } })).status).toBeLessThan(300);
  return list;
}
