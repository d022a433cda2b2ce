import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AdminBar, PermissionsButton, type PermissionUser } from '../../admin';
import { findFocusedDialog, renderAdmin, seriousAxeViolations } from '../helpers/admin-render';

const lists = [
  { id: 'l1', name: 'Members' },
  { id: 'l2', name: 'Alumni' },
];

describe('permissions dialog', () => {
  it('loads the item grants, changes them with the keyboard and saves them', async () => {
    const user = userEvent.setup({ delay: null });
    const { api } = renderAdmin({ blocks: [], lists }, { extra: <PermissionsButton itemId="p1" name="Home" /> });
    api.permissions.set('p1', { read: true, update: false });
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
    expect(api.permissions.get('p1')).toEqual({ update: false, manageSettings: true });
  });

  it('shows a load failure with the server message', async () => {
    const user = userEvent.setup({ delay: null });
    const { api } = renderAdmin({ blocks: [], lists }, { extra: <PermissionsButton itemId="p1" name="Home" /> });
    api.failNext('getPermissions', { error: 'forbidden', message: 'Elevated users only' });
    await user.click(screen.getByRole('button', { name: 'Permissions' }));
    expect(await within(await screen.findByRole('dialog')).findByRole('alert')).toHaveTextContent('The permissions could not be loaded: Elevated users only');
  });
});

describe('view as', () => {
  const viewer: PermissionUser = { isAdmin: false, permissions: { administration: { manageEditMode: true, allowViewAs: true } } };

  it('views as the chosen lists (POST admin/viewAs), refusing an empty choice', async () => {
    const user = userEvent.setup({ delay: null });
    const { api } = renderAdmin({ blocks: [], lists }, { user: viewer, extra: <AdminBar /> });
    await user.click(screen.getByRole('button', { name: 'View as…' }));
    const dialog = await screen.findByRole('dialog', { name: 'View as' });
    await user.click(within(dialog).getByRole('button', { name: 'View as these lists' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose at least one list.');
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Alumni' }));
    expect(await seriousAxeViolations()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'View as these lists' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.viewAsListIds).toEqual(['l2']);
  });

  it('reports a failed change with the spec message', async () => {
    const user = userEvent.setup({ delay: null });
    const { api } = renderAdmin({ blocks: [], lists }, { user: viewer, extra: <AdminBar /> });
    api.failNext('viewAs', { error: 'x', message: 'x' });
    await user.click(screen.getByRole('button', { name: 'View as…' }));
    const dialog = await screen.findByRole('dialog', { name: 'View as' });
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Members' }));
    await user.click(within(dialog).getByRole('button', { name: 'View as these lists' }));
    expect((await screen.findAllByText('There was an error trying to change who you are viewing as.')).length).toBeGreaterThan(0);
  });

  it('hides view-as from users without allowViewAs', () => {
    renderAdmin({ blocks: [], lists }, { user: { isAdmin: false, permissions: { administration: { manageEditMode: true } } }, extra: <AdminBar /> });
    expect(screen.queryByRole('button', { name: 'View as…' })).toBeNull();
  });
});
