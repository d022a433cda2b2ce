import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AdminBar, PermissionsButton, type PermissionUser } from '../../admin';
import { findFocusedDialog, seriousAxeViolations } from '../helpers/admin-render';
import { renderAdminOnServer, startAdminServer, type ApiServer, type ServerRenderOptions } from '../helpers/admin-server';

// Every wait is a round trip to the real server, which a loaded machine slows down.
configure({ asyncUtilTimeout: 10_000 });

let server: ApiServer;
let adminToken: string;
const open: { close(): void }[] = [];
beforeAll(async () => {
  server = await startAdminServer();
  adminToken = await server.signIn('admin');
}, 120_000);
afterEach(async () => {
  open.splice(0).forEach((o) => o.close());
  // View-as is the account's state on the server: every test starts without it.
  expect((await server.call('POST', 'admin/reset', { token: adminToken })).status).toBe(200);
});
afterAll(async () => {
  await server?.close();
});

async function renderAdmin(options: ServerRenderOptions = {}) {
  const view = await renderAdminOnServer(server, { blocks: [] }, options);
  open.push(view);
  return view;
}

const permissionsButton: ServerRenderOptions['extraFor'] = ({ pageId }) => <PermissionsButton itemId={pageId} name="Home" />;

describe('permissions dialog', { timeout: 60_000 }, () => {
  it('loads the item grants, changes them with the keyboard and saves them', async () => {
    const user = userEvent.setup({ delay: null });
    const { pageId, token } = await renderAdmin({ extraFor: permissionsButton });
    expect((await server.call('POST', `structure/permissions/${pageId}`, { token, body: { permissions: { read: true, update: false } } })).status).toBe(200);
    await user.click(screen.getByRole('button', { name: 'Permissions' }));
    const dialog = await findFocusedDialog('Permissions: Home');
    const view = await within(dialog).findByRole('combobox', { name: 'View' });
    expect(view).toHaveValue('allow');
    expect(within(dialog).getByRole('combobox', { name: 'Edit' })).toHaveValue('deny');
    expect(within(dialog).getByRole('combobox', { name: 'Add children' })).toHaveValue('inherit');
    expect(await seriousAxeViolations()).toEqual([]);
    await user.selectOptions(view, 'Default');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Manage settings' }), 'Allowed');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await server.call('GET', `structure/permissions/${pageId}`, { token })).body).toEqual({ update: false, manageSettings: true });
  });

  it('shows a load failure with the server message', async () => {
    const user = userEvent.setup({ delay: null });
    // A member's session: the server refuses item permissions to anyone but admins and elevated users.
    await renderAdmin({ extraFor: permissionsButton, as: 'maya' });
    await user.click(screen.getByRole('button', { name: 'Permissions' }));
    expect(await within(await screen.findByRole('dialog')).findByRole('alert')).toHaveTextContent(
      'The permissions could not be loaded: item permissions: for admins and elevated users only',
    );
  });
});

describe('view as', { timeout: 60_000 }, () => {
  const viewer: PermissionUser = { isAdmin: false, permissions: { administration: { manageEditMode: true, allowViewAs: true } } };

  it('views as the chosen lists (POST admin/viewAs), refusing an empty choice', async () => {
    const user = userEvent.setup({ delay: null });
    const { token } = await renderAdmin({ user: viewer, extra: <AdminBar /> });
    await user.click(screen.getByRole('button', { name: 'View as…' }));
    const dialog = await screen.findByRole('dialog', { name: 'View as' });
    // The lists come from the server (GET userLists); until then the button is disabled.
    const volunteers = await within(dialog).findByRole('checkbox', { name: 'Volunteers' });
    await user.click(within(dialog).getByRole('button', { name: 'View as these lists' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose at least one list.');
    await user.click(volunteers);
    expect(await seriousAxeViolations()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'View as these lists' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const init = await server.call<{ viewAs: { active: boolean; userListIds: string[] } }>('GET', 'init', {
      token,
      // Under jsdom, undici cannot inflate the compressed init (jsdom's byte arrays are of another realm).
      headers: { 'accept-encoding': 'identity' },
    });
    expect(init.body.viewAs).toMatchObject({ active: true, userListIds: ['volunteers'] });
  });

  it('reports a failed change with the spec message', async () => {
    const user = userEvent.setup({ delay: null });
    // Elena edits but may not view as lists (no allowViewAs): the server refuses.
    await renderAdmin({ user: viewer, extra: <AdminBar />, as: 'elena' });
    await user.click(screen.getByRole('button', { name: 'View as…' }));
    const dialog = await screen.findByRole('dialog', { name: 'View as' });
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Makers' }));
    await user.click(within(dialog).getByRole('button', { name: 'View as these lists' }));
    expect((await screen.findAllByText('There was an error trying to change who you are viewing as.')).length).toBeGreaterThan(0);
  });

  it('hides view-as from users without allowViewAs', async () => {
    await renderAdmin({ user: { isAdmin: false, permissions: { administration: { manageEditMode: true } } }, extra: <AdminBar /> });
    expect(screen.queryByRole('button', { name: 'View as…' })).toBeNull();
  });
});
