import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { NavigationEditor, type PermissionUser } from '../../admin';
import { moduleAtom, moduleOrderAtom, pageAtom } from '../../engine';
import type { Module, Page } from '../../schemas/model';
import type { StructureResponse } from '../../schemas/model/api/structure';
import { findFocusedDialog, seriousAxeViolations } from '../helpers/admin-render';
import { renderAdminOnServer, startAdminServer, type ApiServer } from '../helpers/admin-server';

// Every wait is a round trip to the real server, which a loaded machine slows down.
configure({ asyncUtilTimeout: 10_000 });

// The scene's modules come after the demo's on the real server; each test removes what it added.
const modules = [
  {
    id: 'm1',
    slug: 'main',
    name: 'Main',
    pages: [
      { id: 'p1', slug: 'start', name: 'Start' },
      { id: 'p2', slug: 'about', name: 'About' },
    ],
  },
  { id: 'm2', slug: 'events', name: 'Events', pages: [{ id: 'p3', slug: 'calendar', name: 'Calendar' }] },
];

let server: ApiServer;
let token: string;
let demoModules: string[];
const open: { close(): void }[] = [];
beforeAll(async () => {
  server = await startAdminServer();
  token = await server.signIn('admin');
  demoModules = (await structure()).order;
}, 120_000);
afterEach(async () => {
  open.splice(0).forEach((o) => o.close());
  for (const id of (await structure()).order.filter((m) => !demoModules.includes(m)))
    expect((await server.call('DELETE', `structure/module/${id}`, { token })).status).toBe(200);
});
afterAll(async () => {
  await server?.close();
});

/** The structure as the server has it now. */
async function structure(): Promise<StructureResponse> {
  return (await server.call<StructureResponse>('GET', 'structure', { token })).body;
}
const storedModule = async (id: string) => (await structure()).modules.find((m) => m.id === id) as Module | undefined;
const storedPage = async (id: string) => (await structure()).modules.flatMap((m) => m.pages).find((p) => p.id === id) as Page | undefined;

async function renderNav(userFor?: (id: (local: string) => string) => PermissionUser, extraModules: typeof modules = []) {
  const onNavigate = vi.fn();
  const view = await renderAdminOnServer(
    server,
    { modules: [...modules, ...extraModules], blocks: [] },
    {
      extraFor: ({ id, moduleId }) => <NavigationEditor currentModuleId={moduleId} currentPageId={id('p1')} onNavigate={onNavigate} />,
      userFor,
    },
  );
  open.push(view);
  return { ...view, onNavigate };
}

const dataTransfer = () => ({ setData() {}, getData: () => '', effectAllowed: 'move', dropEffect: 'move' });

describe('modules and pages in edit mode', { timeout: 60_000 }, () => {
  it('creates a page with its slug checked by the server (taken slug refused with a suggestion)', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls, store, member, id } = await renderNav();
    await user.click(screen.getByRole('button', { name: '+ Add page' }));
    const dialog = await screen.findByRole('dialog', { name: 'New page' });
    await user.type(within(dialog).getByLabelText('Name'), 'About');
    expect(within(dialog).getByLabelText('Slug')).toHaveValue('about');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This slug is already in use (try about-2).');
    expect(calls.some((c) => c.method === 'createPage')).toBe(false);
    await user.clear(within(dialog).getByLabelText('Slug'));
    await user.type(within(dialog).getByLabelText('Slug'), 'a/b');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A slug cannot contain');
    await user.clear(within(dialog).getByLabelText('Slug'));
    await user.type(within(dialog).getByLabelText('Slug'), 'team');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const ids = store.get(moduleAtom(id('m1')))!.childIds!;
    expect(ids).toHaveLength(3);
    expect(store.get(pageAtom(ids[2]))).toMatchObject({ name: 'About', slug: 'team' });
    expect((await storedModule(id('m1')))?.childIds).toEqual(ids);
    await waitFor(() => expect(member.get(moduleAtom(id('m1')))?.childIds).toEqual(ids));
    expect(screen.getAllByRole('button', { name: 'About' })).toHaveLength(2);
  });

  it('creates a module', async () => {
    const user = userEvent.setup({ delay: null });
    const { store } = await renderNav();
    const before = (await structure()).order;
    await user.click(screen.getByRole('button', { name: '+ Add module' }));
    const dialog = await screen.findByRole('dialog', { name: 'New module' });
    expect(await seriousAxeViolations()).toEqual([]);
    await user.type(within(dialog).getByLabelText('Name'), 'Jobs board');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const after = await structure();
    expect(after.order).toHaveLength(before.length + 1);
    const created = after.modules.find((m) => !before.includes(m.id))!;
    expect(created).toMatchObject({ name: 'Jobs board', slug: 'jobs-board' });
    expect(store.get(moduleAtom(created.id))?.name).toBe('Jobs board');
  });

  it('reorders pages and modules by keyboard (Alt+arrows), and reverts the order when the server refuses', async () => {
    const user = userEvent.setup({ delay: null });
    const { store, id } = await renderNav(undefined, [{ id: 'm3', slug: 'spare', name: 'Spare', pages: [] }]);
    screen.getByRole('button', { name: 'Start' }).focus();
    await user.keyboard('{Alt>}{ArrowRight}{/Alt}');
    await waitFor(() => expect(store.get(moduleAtom(id('m1')))?.childIds).toEqual([id('p2'), id('p1')]));
    expect((await storedModule(id('m1')))?.childIds).toEqual([id('p2'), id('p1')]);
    expect(screen.getByText('Start moved to position 2 of 2.')).toBeInTheDocument();

    // Another admin deletes the Spare module meanwhile: the order this client sends names it, and the server refuses.
    expect((await server.call('DELETE', `structure/module/${id('m3')}`, { token })).status).toBe(200);
    const before = store.get(moduleOrderAtom);
    screen.getByRole('button', { name: 'Main' }).focus();
    await user.keyboard('{Alt>}{ArrowRight}{/Alt}');
    expect(await screen.findByText('The new order could not be saved; the previous order is back.')).toBeInTheDocument();
    expect(store.get(moduleOrderAtom)).toEqual(before);
    expect((await structure()).order).toEqual(before.filter((m) => m !== id('m3')));
  });

  it('reorders modules by drag and drop', async () => {
    const { store, id } = await renderNav();
    const dt = dataTransfer();
    const events = screen.getByRole('button', { name: 'Events' });
    const main = screen.getByRole('button', { name: 'Main' });
    fireEvent.dragStart(events, { dataTransfer: dt });
    fireEvent.dragOver(main.parentElement!, { dataTransfer: dt });
    fireEvent.drop(main.parentElement!, { dataTransfer: dt });
    await waitFor(() => expect(store.get(moduleOrderAtom).slice(-2)).toEqual([id('m2'), id('m1')]));
    expect((await structure()).order.slice(-2)).toEqual([id('m2'), id('m1')]);
  });

  it('drags a page onto another module: confirmation names page, source and target; confirm moves it and leaves the moved active page', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls, store, member, onNavigate, id } = await renderNav();
    const dt = dataTransfer();
    fireEvent.dragStart(screen.getByRole('button', { name: 'Start' }), { dataTransfer: dt });
    const events = screen.getByRole('button', { name: 'Drop on Events to move the page there' });
    // Same module: nothing.
    fireEvent.drop(screen.getByRole('button', { name: 'Main' }).parentElement!, { dataTransfer: dt });
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.dragStart(screen.getByRole('button', { name: 'Start' }), { dataTransfer: dt });
    fireEvent.drop(events.parentElement!, { dataTransfer: dt });
    const dialog = await screen.findByRole('dialog', { name: 'Move page' });
    expect(dialog).toHaveAccessibleDescription('Move the page “Start” from the module “Main” to the module “Events”?');
    expect(await seriousAxeViolations()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'moveChild')).toBe(false);

    fireEvent.dragStart(screen.getByRole('button', { name: 'Start' }), { dataTransfer: dt });
    fireEvent.drop(screen.getByRole('button', { name: 'Drop on Events to move the page there' }).parentElement!, { dataTransfer: dt });
    await user.click(within(await screen.findByRole('dialog', { name: 'Move page' })).getByRole('button', { name: 'Move page' }));
    await waitFor(() => expect(store.get(moduleAtom(id('m2')))?.childIds).toEqual([id('p3'), id('p1')]));
    expect(store.get(moduleAtom(id('m1')))?.childIds).toEqual([id('p2')]);
    expect((await storedModule(id('m2')))?.childIds).toEqual([id('p3'), id('p1')]);
    await waitFor(() => expect(member.get(pageAtom(id('p1')))?.moduleId).toBe(id('m2')));
    expect(onNavigate).toHaveBeenCalledWith('/main/about');
  });

  it('gates add buttons, reordering and settings tabs by permission (spec 6)', async () => {
    const user = userEvent.setup({ delay: null });
    await renderNav((id): PermissionUser => ({
      isAdmin: false,
      isElevated: true,
      permissions: { administration: { manageEditMode: true } },
      itemPermissions: Object.fromEntries<Record<string, boolean>>([
        [id('m1'), { addChildren: true }],
        [id('p2'), { manageSettings: true, manageDesign: true }],
      ]),
    }));
    expect(screen.queryByRole('button', { name: '+ Add module' })).toBeNull();
    expect(screen.getByRole('button', { name: '+ Add page' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Main' })).not.toHaveAttribute('draggable', 'true');
    expect(screen.getByRole('button', { name: 'Start' })).not.toHaveAttribute('draggable', 'true');
    expect(screen.queryByRole('button', { name: 'Edit page: Start' })).toBeNull();
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
    const { store, id } = await renderNav();
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
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Makers' }));
    await user.click(within(dialog).getByRole('tab', { name: 'Design' }));
    await user.selectOptions(within(dialog).getByLabelText('Width'), 'fluid');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(store.get(pageAtom(id('p2')))).toMatchObject({ name: 'About us', width: 'fluid', visibility: { userListIds: ['makers'] } });
    expect(await storedPage(id('p2'))).toMatchObject({ name: 'About us', width: 'fluid', visibility: { userListIds: ['makers'] } });
  });

  it('edits a module and refuses a slug another module has', async () => {
    const user = userEvent.setup({ delay: null });
    const { id } = await renderNav();
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
    expect(await storedModule(id('m1'))).toMatchObject({ slug: 'start', hideSubNav: true, childIds: [id('p1'), id('p2')] });
  });
});
