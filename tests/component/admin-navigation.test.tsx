import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NavigationEditor, type PermissionUser } from '../../admin';
import { moduleAtom, moduleOrderAtom, pageAtom } from '../../engine';
import type { Module, Page } from '../../schemas/model';
import { findFocusedDialog, renderAdmin, seriousAxeViolations } from '../helpers/admin-render';

const modules: Module[] = [
  { id: 'm1', slug: 'main', name: 'Main', childIds: ['p1', 'p2'] },
  { id: 'm2', slug: 'events', name: 'Events', childIds: ['p3'] },
];
const pages: Page[] = [
  { id: 'p1', slug: 'home', name: 'Home', moduleId: 'm1', children: [] },
  { id: 'p2', slug: 'about', name: 'About', moduleId: 'm1', children: [] },
  { id: 'p3', slug: 'calendar', name: 'Calendar', moduleId: 'm2', children: [] },
];

function renderNav(user?: PermissionUser, currentPageId = 'p1') {
  const onNavigate = vi.fn();
  const scene = renderAdmin(
    { modules, pages, blocks: [], lists: [{ id: 'l1', name: 'Members' }] },
    { user, extra: <NavigationEditor currentModuleId="m1" currentPageId={currentPageId} onNavigate={onNavigate} /> },
  );
  return { ...scene, onNavigate };
}

const dataTransfer = () => ({ setData() {}, getData: () => '', effectAllowed: 'move', dropEffect: 'move' });

describe('modules and pages in edit mode', () => {
  it('creates a page with its slug checked by the server (taken slug refused with a suggestion)', async () => {
    const user = userEvent.setup({ delay: null });
    const { api, store, member } = renderNav();
    await user.click(screen.getByRole('button', { name: '+ Add page' }));
    const dialog = await screen.findByRole('dialog', { name: 'New page' });
    await user.type(within(dialog).getByLabelText('Name'), 'About');
    expect(within(dialog).getByLabelText('Slug')).toHaveValue('about');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This slug is already in use (try about-2).');
    expect(api.calls.some((c) => c.method === 'createPage')).toBe(false);
    await user.clear(within(dialog).getByLabelText('Slug'));
    await user.type(within(dialog).getByLabelText('Slug'), 'a/b');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A slug cannot contain');
    await user.clear(within(dialog).getByLabelText('Slug'));
    await user.type(within(dialog).getByLabelText('Slug'), 'team');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const ids = store.get(moduleAtom('m1'))!.childIds!;
    expect(ids).toHaveLength(3);
    expect(store.get(pageAtom(ids[2]))).toMatchObject({ name: 'About', slug: 'team' });
    expect(member.get(moduleAtom('m1'))?.childIds).toEqual(ids);
    expect(screen.getAllByRole('button', { name: 'About' })).toHaveLength(2);
  });

  it('creates a module', async () => {
    const user = userEvent.setup({ delay: null });
    const { api, store } = renderNav();
    await user.click(screen.getByRole('button', { name: '+ Add module' }));
    const dialog = await screen.findByRole('dialog', { name: 'New module' });
    expect(await seriousAxeViolations()).toEqual([]);
    await user.type(within(dialog).getByLabelText('Name'), 'Jobs board');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.moduleOrder).toHaveLength(3);
    const created = api.modules.get(api.moduleOrder[2])!;
    expect(created).toMatchObject({ name: 'Jobs board', slug: 'jobs-board' });
    expect(store.get(moduleAtom(created.id))?.name).toBe('Jobs board');
  });

  it('reorders pages and modules by keyboard (Alt+arrows), and reverts the order when the server refuses', async () => {
    const user = userEvent.setup({ delay: null });
    const { api, store } = renderNav();
    screen.getByRole('button', { name: 'Home' }).focus();
    await user.keyboard('{Alt>}{ArrowRight}{/Alt}');
    await waitFor(() => expect(store.get(moduleAtom('m1'))?.childIds).toEqual(['p2', 'p1']));
    expect(api.modules.get('m1')?.childIds).toEqual(['p2', 'p1']);
    expect(screen.getByText('Home moved to position 2 of 2.')).toBeInTheDocument();

    api.failNext('orderModules', { error: 'x', message: 'no' });
    screen.getByRole('button', { name: 'Main' }).focus();
    await user.keyboard('{Alt>}{ArrowRight}{/Alt}');
    expect(await screen.findByText('The new order could not be saved; the previous order is back.')).toBeInTheDocument();
    expect(store.get(moduleOrderAtom)).toEqual(['m1', 'm2']);
    expect(api.moduleOrder).toEqual(['m1', 'm2']);
  });

  it('reorders modules by drag and drop', async () => {
    const { api, store } = renderNav();
    const dt = dataTransfer();
    const events = screen.getByRole('button', { name: 'Events' });
    const main = screen.getByRole('button', { name: 'Main' });
    fireEvent.dragStart(events, { dataTransfer: dt });
    fireEvent.dragOver(main.parentElement!, { dataTransfer: dt });
    fireEvent.drop(main.parentElement!, { dataTransfer: dt });
    await waitFor(() => expect(store.get(moduleOrderAtom)).toEqual(['m2', 'm1']));
    expect(api.moduleOrder).toEqual(['m2', 'm1']);
  });

  it('drags a page onto another module: confirmation names page, source and target; confirm moves it and leaves the moved active page', async () => {
    const user = userEvent.setup({ delay: null });
    const { api, store, member, onNavigate } = renderNav();
    const dt = dataTransfer();
    fireEvent.dragStart(screen.getByRole('button', { name: 'Home' }), { dataTransfer: dt });
    const events = screen.getByRole('button', { name: 'Drop on Events to move the page there' });
    // Same module: nothing.
    fireEvent.drop(screen.getByRole('button', { name: 'Main' }).parentElement!, { dataTransfer: dt });
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.dragStart(screen.getByRole('button', { name: 'Home' }), { dataTransfer: dt });
    fireEvent.drop(events.parentElement!, { dataTransfer: dt });
    const dialog = await screen.findByRole('dialog', { name: 'Move page' });
    expect(dialog).toHaveAccessibleDescription('Move the page “Home” from the module “Main” to the module “Events”?');
    expect(await seriousAxeViolations()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls.some((c) => c.method === 'moveChild')).toBe(false);

    fireEvent.dragStart(screen.getByRole('button', { name: 'Home' }), { dataTransfer: dt });
    fireEvent.drop(screen.getByRole('button', { name: 'Drop on Events to move the page there' }).parentElement!, { dataTransfer: dt });
    await user.click(within(await screen.findByRole('dialog', { name: 'Move page' })).getByRole('button', { name: 'Move page' }));
    await waitFor(() => expect(store.get(moduleAtom('m2'))?.childIds).toEqual(['p3', 'p1']));
    expect(store.get(moduleAtom('m1'))?.childIds).toEqual(['p2']);
    expect(member.get(pageAtom('p1'))?.moduleId).toBe('m2');
    expect(onNavigate).toHaveBeenCalledWith('/main/about');
  });

  it('gates add buttons, reordering and settings tabs by permission (spec 6)', async () => {
    const user = userEvent.setup({ delay: null });
    const editor: PermissionUser = {
      isAdmin: false,
      isElevated: true,
      permissions: { administration: { manageEditMode: true } },
      itemPermissions: { m1: { addChildren: true }, p2: { manageSettings: true, manageDesign: true } },
    };
    renderNav(editor);
    expect(screen.queryByRole('button', { name: '+ Add module' })).toBeNull();
    expect(screen.getByRole('button', { name: '+ Add page' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Main' })).not.toHaveAttribute('draggable', 'true');
    expect(screen.getByRole('button', { name: 'Home' })).not.toHaveAttribute('draggable', 'true');
    expect(screen.queryByRole('button', { name: 'Edit page: Home' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit module: Main' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Edit page: About' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit page' });
    expect(
      within(dialog)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Settings', 'Design']);
    expect(await seriousAxeViolations()).toEqual([]);
  });

  it('edits a page: name, visibility lists and design width, saved through the API', async () => {
    const user = userEvent.setup({ delay: null });
    const { api, store } = renderNav();
    await user.click(screen.getByRole('button', { name: 'Edit page: About' }));
    const dialog = await findFocusedDialog('Edit page');
    expect(
      within(dialog)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Settings', 'Visibility', 'Permissions', 'Design']);
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'About us');
    within(dialog).getByRole('tab', { name: 'Settings' }).focus();
    await user.keyboard('{ArrowRight}');
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Members' }));
    await user.click(within(dialog).getByRole('tab', { name: 'Design' }));
    await user.selectOptions(within(dialog).getByLabelText('Width'), 'fluid');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(store.get(pageAtom('p2'))).toMatchObject({ name: 'About us', width: 'fluid', visibility: { userListIds: ['l1'] } });
    expect(api.pages.get('p2')?.name).toBe('About us');
  });

  it('edits a module and refuses a slug another module has', async () => {
    const user = userEvent.setup({ delay: null });
    const { api } = renderNav();
    await user.click(screen.getByRole('button', { name: 'Edit module: Main' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit module' });
    expect(await seriousAxeViolations()).toEqual([]);
    await user.clear(within(dialog).getByLabelText('Slug'));
    await user.type(within(dialog).getByLabelText('Slug'), 'events');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This slug is already in use (try events-2).');
    await user.click(within(dialog).getByRole('tab', { name: 'Design' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Hide the pages row' }));
    await user.click(within(dialog).getByRole('tab', { name: 'Settings' }));
    await user.clear(within(dialog).getByLabelText('Slug'));
    await user.type(within(dialog).getByLabelText('Slug'), 'start');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.modules.get('m1')).toMatchObject({ slug: 'start', hideSubNav: true, childIds: ['p1', 'p2'] });
  });
});
