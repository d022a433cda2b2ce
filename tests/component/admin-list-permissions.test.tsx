/**
 * "Edit all admin permissions" (admin/areas/userLists/AdminPermissionsDialog) under jsdom in the real
 * /admin frame, against the real server on SQLite and PostgreSQL: the dialog is axe clean, shows
 * every administration permission and admin-area grant as a checkbox grid and saves them in one
 * call; for Elena, given the user lists area through a list, what she does not hold (admin mode,
 * settings) is disabled with the reason.
 */
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, expect, it, vi } from 'vitest';
import { adminAreaLoaders } from '../../admin/areas/index.generated';
import type { AdminToast } from '../../admin/frame/types';
import type { UserListView } from '../../schemas/model/api/lists';
import { seriousAxeViolations } from '../helpers/admin-render';
import { patchTextEncoderForJsdom } from '../helpers/admin-server';
import { adminFrameServices, renderAdminFrame } from '../helpers/admin-frame';
import { describeBackends } from '../helpers/backends';

configure({ asyncUtilTimeout: 15_000 });
vi.setConfig({ hookTimeout: 120_000 });
patchTextEncoderForJsdom();

beforeAll(async () => {
  await adminAreaLoaders.userLists();
});

describeBackends('the edit all admin permissions dialog', (api) => {
  let admin: string;
  let elena: string;
  let target: UserListView;
  beforeAll(async () => {
    [admin, elena] = await Promise.all([api.signIn('admin'), api.signIn('elena')]);
    const create = async (label: string) =>
      (await api.call<UserListView>('PUT', 'userLists', { token: admin, body: { userList: { label, type: 'standard' } } })).body;
    target = await create('Dialog target');
    const keepers = await create('Dialog keepers');
    await api.call('PUT', `userLists/admin/${keepers.id}/permissions`, {
      token: admin,
      body: { isAdmin: false, allowPermissions: true, permissions: ['userLists.read', 'userLists.accessUserData', 'userLists.managePermissions'] },
    });
    await api.call('POST', `userLists/${keepers.id}/users`, { token: admin, body: { accounts: ['elena'] } });
  });

  const open = async (token: string, toasts?: AdminToast[]) => {
    const view = renderAdminFrame(await adminFrameServices(api, token, toasts), `/admin/userLists/${target.id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit all admin permissions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Admin permissions of Dialog target' });
    return { view, dialog };
  };

  it('the admin gives several permissions in one save', async () => {
    const toasts: AdminToast[] = [];
    const { view, dialog } = await open(admin, toasts);
    expect(await seriousAxeViolations()).toEqual([]);
    const grid = within(dialog).getByRole('table', { name: 'Administration permissions and admin areas' });
    expect(within(grid).getAllByRole('checkbox').length).toBeGreaterThan(10);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Give its members the permissions below' }));
    fireEvent.click(within(grid).getByRole('checkbox', { name: 'Edit mode (compose pages)' }));
    fireEvent.click(within(grid).getByRole('checkbox', { name: 'Layouts' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save all' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toasts.map((x) => x.message)).toContain('Admin permissions of Dialog target saved.');
    const saved = (await api.call<UserListView[]>('GET', 'userLists', { token: admin })).body.find((l) => l.id === target.id)!;
    expect(saved).toMatchObject({ allowPermissions: true, isAdmin: false });
    expect(saved.permissions).toEqual(['administration.manageEditMode', 'items.modules.addChildren', 'items.pages.addChildren']);
    view.unmount();
  });

  it('Elena cannot give what she does not hold: those boxes are disabled, saying why', async () => {
    const { view, dialog } = await open(elena);
    const adminMode = within(dialog).getByRole('checkbox', { name: 'Admin mode: its accepted members are admins' });
    expect(adminMode).toBeDisabled();
    expect(adminMode).toHaveAccessibleDescription("Only admins can turn on admin mode: it makes the list's members admins.");
    const grid = within(dialog).getByRole('table', { name: 'Administration permissions and admin areas' });
    const settings = within(grid).getByRole('checkbox', { name: 'Settings' });
    expect(settings).toBeDisabled();
    expect(settings).toHaveAccessibleDescription('You do not hold this, so you cannot give it.');
    // What she holds stays open to her; what the list already gives she may take away.
    expect(within(grid).getByRole('checkbox', { name: 'Edit mode (compose pages)' })).toBeEnabled();
    expect(within(grid).getByRole('checkbox', { name: 'User lists' })).toBeEnabled();
    expect(await seriousAxeViolations()).toEqual([]);
    view.unmount();
  });
});
