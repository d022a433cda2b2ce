/**
 * The /admin frame (admin/frame) under jsdom against the real server started in-process: the
 * navigation from `GET admin/sections` in its sections, the guard per route (an elevated user
 * sees and opens only what her grants open), `/admin` going to the first area, the notice of an
 * area still to come, the dashboard's members count, the navigation toggle saved to profile meta
 * (and put back when the save fails), the asset manager (area `content`) editing in a panel, and
 * the panel stack: a panel over a panel, Escape and Back close the top one, focus goes back.
 */
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { useState } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Router, useLocation } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { adminAreaLoaders } from '../../admin/areas/index.generated';
import { adminPanelOpenAtom } from '../../admin/edit-mode';
import { AdminFrame } from '../../admin/frame/AdminFrame';
import { PanelStackProvider, usePanelStack } from '../../admin/frame/panel-stack';
import type { AdminFrameServices } from '../../admin/frame/types';
import { mediaUrl } from '../../engine';
import type { Profile } from '../../schemas/model';
import { DEMO_MEDIA } from '../../server/files/demo-media';
import { adaptInit } from '../../web/api/init-adapter';
import { adminRequestOf } from '../../web/edit-mode/admin-request';
import { createFileService } from '../../web/engine/file-services';
import { startAdminServer, type ApiServer } from '../helpers/admin-server';
import { webApiClient } from '../helpers/web-api-client';

// Real server calls on a machine that may be busy: generous waits (a ceiling, not a speed check).
configure({ asyncUtilTimeout: 10_000 });

let server: ApiServer;
let admin: string;
let elena: string;

beforeAll(async () => {
  server = await startAdminServer();
  [admin, elena] = await Promise.all([server.signIn('admin'), server.signIn('elena')]);
  // Every area's folder loads and has a screen; loaded once here, the frame's lazy imports then resolve at once.
  for (const [area, load] of Object.entries(adminAreaLoaders)) expect(typeof (await load()).default, area).toBe('function');
}, 120_000);
afterAll(async () => server?.close());

const REFUSED = 'That page does not exist, sorry for any inconvenience caused.';

async function servicesFor(token: string, change: Partial<AdminFrameServices> = {}): Promise<AdminFrameServices> {
  const client = webApiClient(server, token);
  const init = adaptInit(await client.get('init'));
  return {
    request: adminRequestOf(client),
    holder: { ...init.user, itemPermissions: init.itemPermissions },
    locale: 'en',
    files: createFileService(client),
    imageUrl: (id, width) => mediaUrl({ kind: 'image', id, token: 'x', thumb: true, width }),
    navExpanded: undefined,
    saveNavExpanded: async (expanded) => void (await client.post('profile/meta/upsert', { path: 'adminNavigation.expanded', data: expanded })),
    toast: () => undefined,
    Refused: () => (
      <section data-page-slug="404">
        <p role="alert">{REFUSED}</p>
      </section>
    ),
    ...change,
  };
}

function renderFrame(services: AdminFrameServices, path: string) {
  const location = memoryLocation({ path, record: true });
  const store = createStore();
  function AtLocation() {
    const [at] = useLocation();
    return <AdminFrame path={at} services={services} />;
  }
  const view = render(
    <Provider store={store}>
      <Router hook={location.hook}>
        <AtLocation />
      </Router>
    </Provider>,
  );
  return { ...view, location, store, navigate: (to: string) => act(() => location.navigate(to)) };
}

const nav = () => screen.getByRole('navigation', { name: 'Administration' });

describe('the admin frame', { timeout: 60_000 }, () => {
  it('goes from /admin to the dashboard, lists every area in its sections and counts the members; an area to come says what it holds', async () => {
    const { location, navigate } = renderFrame(await servicesFor(admin), '/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(location.history.at(-1)).toBe('/admin/dashboard');
    await within(nav()).findByRole('link', { name: 'Tools' });
    expect(
      within(nav())
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['Overview', 'Community', 'Content', 'Communication', 'Insights', 'Settings', 'System']);
    expect(within(nav()).getAllByRole('link')).toHaveLength(24);
    expect(within(nav()).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');

    const accounts = (await server.server.ctx.store.list('account')).length;
    const members = screen.getByRole('link', { name: /^Members\s*(\d|Loading)/ });
    await waitFor(() => expect(members).toHaveTextContent(`Members${accounts}accounts`));
    expect(members).toHaveAttribute('href', '/admin/users');
    expect(screen.getByRole('link', { name: /^Pending requests/ })).toHaveTextContent('Arrives with user lists and memberships');
    expect(screen.getByRole('link', { name: /^Failing jobs/ })).toHaveAttribute('href', '/admin/tools');

    fireEvent.click(within(nav()).getByRole('link', { name: 'Users' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    expect(screen.getByText('Arrives with user lists and memberships')).toBeInTheDocument();
    expect(screen.getByText(/^Every member account, the lists each one belongs to/)).toBeInTheDocument();
    // A named child route opens its area's screen with its parameters.
    navigate('/admin/users/maya/lists');
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    // A child route the spec does not name is the refusal.
    navigate('/admin/users/maya/friends');
    expect(await screen.findByText(REFUSED)).toBeInTheDocument();
  });

  it('shows and opens to an elevated user only what her grants open', async () => {
    const { location, navigate } = renderFrame(await servicesFor(elena), '/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Layouts' })).toBeInTheDocument();
    expect(location.history.at(-1)).toBe('/admin/layouts');
    await within(nav()).findByRole('link', { name: 'Layouts' });
    expect(
      within(nav())
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Layouts']);
    for (const path of ['/admin/tools', '/admin/dashboard', '/admin/blocks/welcome-greeting', '/admin/content']) {
      navigate(path);
      expect(await screen.findByText(REFUSED), path).toBeInTheDocument();
      expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    }
    // Her page grant (addChildren on pages) opens the page's layout, not the module's.
    navigate('/admin/layouts/module/home/page/welcome');
    expect(await screen.findByRole('heading', { level: 1, name: 'Layouts' })).toBeInTheDocument();
    navigate('/admin/layouts/module/home');
    expect(await screen.findByText(REFUSED)).toBeInTheDocument();
  });

  it('collapses the navigation and saves it to profile meta; a failed save puts it back and says why', async () => {
    renderFrame(await servicesFor(admin), '/admin/tools');
    const toggle = await screen.findByRole('button', { name: 'Admin navigation' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const sections = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(sections).not.toBeVisible();
    const meta = async () => (await server.call<Profile>('GET', 'profile/admin', { token: admin })).body.data.meta.adminNavigation;
    await waitFor(async () => expect(await meta()).toEqual({ expanded: false }));
    fireEvent.click(toggle);
    await waitFor(async () => expect(await meta()).toEqual({ expanded: true }));

    // A session that has ended cannot save: the toggle goes back and the reason shows.
    const ended = await server.signIn('admin');
    const services = await servicesFor(ended, { navExpanded: false });
    await server.call('GET', 'logout', { token: ended });
    renderFrame(services, '/admin/tools');
    const [, second] = await screen.findAllByRole('button', { name: 'Admin navigation' });
    expect(second).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(second);
    expect(await screen.findByText('The navigation could not keep its state: Not authorized')).toBeInTheDocument();
    expect(second).toHaveAttribute('aria-expanded', 'false');
  });

  it('the asset manager edits in a panel: noData warning, save, search and delete', async () => {
    const { store } = renderFrame(await servicesFor(admin), '/admin/content');
    const list = await screen.findByRole('list', { name: 'Content' });
    await waitFor(() => expect(within(list).getAllByRole('listitem').length).toBeGreaterThanOrEqual(5));
    const rules = within(list).getByText('Workshop rules', { selector: '.t-asset-manager__name' }).closest('li')!;
    // Its size in KB and its date in the site's format (core §9 yyyy-MM-dd), not the browser's.
    expect(rules).toHaveTextContent(/workshop-rules\.pdf · \d+ KB · \d{4}-\d{2}-\d{2}/);

    const edit = within(rules).getByRole('button', { name: 'Edit Workshop rules' });
    edit.focus();
    fireEvent.click(edit);
    const panel = screen.getByRole('dialog', { name: 'Edit Workshop rules' });
    expect(store.get(adminPanelOpenAtom)).toBe(true);
    const form = within(panel).getByRole('form', { name: 'Edit Workshop rules' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(panel).findByText('There is no file information to save.')).toBeInTheDocument();

    fireEvent.change(within(form).getByLabelText('Title'), { target: { value: 'Workshop rules 2026' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved Workshop rules 2026.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    // The panel stack tells the shell in an effect after the panel unmounts.
    await waitFor(() => expect(store.get(adminPanelOpenAtom)).toBe(false));
    await waitFor(() => expect(document.activeElement).toBe(edit));
    const saved = await server.call<{ data: { title: string } }[]>('POST', 'files/getFiles', { token: admin, body: { fileIds: [DEMO_MEDIA.rules] } });
    expect(saved.body[0].data.title).toBe('Workshop rules 2026');

    fireEvent.change(screen.getByLabelText('Search assets'), { target: { value: '2026' } });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    fireEvent.click(within(list).getByRole('button', { name: 'Delete Workshop rules 2026' }));
    fireEvent.click(within(list).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted Workshop rules 2026.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('0 assets')).toBeInTheDocument());
  });
});

describe('the panel stack', () => {
  function Opener() {
    const panels = usePanelStack();
    const [saved, setSaved] = useState('');
    return (
      <>
        <p>{saved}</p>
        <button
          type="button"
          onClick={() =>
            panels.open({
              title: 'Definition',
              render: () => <Inner onSave={setSaved} />,
            })
          }
        >
          Edit the definition
        </button>
      </>
    );
  }
  function Inner({ onSave }: { onSave(text: string): void }) {
    const panels = usePanelStack();
    return (
      <button type="button" onClick={() => panels.open({ title: 'Field', render: (close) => <FieldEditor onSave={onSave} close={close} /> })}>
        Edit a field
      </button>
    );
  }
  function FieldEditor({ onSave, close }: { onSave(text: string): void; close(): void }) {
    return (
      <button
        type="button"
        onClick={() => {
          onSave('field saved');
          close();
        }}
      >
        Save the field
      </button>
    );
  }

  it('opens a panel over a panel; Escape and Back close the top one and focus goes back to what opened it', () => {
    const store = createStore();
    render(
      <Provider store={store}>
        <PanelStackProvider labels={{ back: 'Back', close: 'Close' }}>
          <Opener />
        </PanelStackProvider>
      </Provider>,
    );
    const open = screen.getByRole('button', { name: 'Edit the definition' });
    open.focus();
    fireEvent.click(open);
    const definition = screen.getByRole('dialog', { name: 'Definition' });
    expect(document.activeElement).toBe(within(definition).getByRole('heading', { name: 'Definition' }));
    expect(store.get(adminPanelOpenAtom)).toBe(true);
    expect(open.closest('[inert]')).not.toBeNull();

    const nested = within(definition).getByRole('button', { name: 'Edit a field' });
    nested.focus();
    fireEvent.click(nested);
    const field = screen.getByRole('dialog', { name: 'Field' });
    expect(definition).toHaveAttribute('inert');
    expect(field).toHaveAttribute('aria-modal', 'true');
    expect(within(field).getByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(within(definition).getByRole('button', { name: 'Close', hidden: true })).toBeInTheDocument();

    fireEvent.keyDown(field, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Field' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Definition' })).not.toHaveAttribute('inert');
    expect(document.activeElement).toBe(nested);

    // A panel's own action closes it, and what it did shows below.
    fireEvent.click(nested);
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Field' })).getByRole('button', { name: 'Save the field' }));
    expect(screen.queryByRole('dialog', { name: 'Field' })).toBeNull();
    expect(document.activeElement).toBe(nested);

    fireEvent.click(within(screen.getByRole('dialog', { name: 'Definition' })).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(open);
    expect(open.closest('[inert]')).toBeNull();
    expect(store.get(adminPanelOpenAtom)).toBe(false);
    expect(screen.getByText('field saved')).toBeInTheDocument();
  });

  it('keeps Tab inside the top panel', () => {
    render(
      <PanelStackProvider labels={{ back: 'Back', close: 'Close' }}>
        <Opener />
      </PanelStackProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Edit the definition' }));
    const panel = screen.getByRole('dialog', { name: 'Definition' });
    const [close, inner] = within(panel).getAllByRole('button');
    inner.focus();
    fireEvent.keyDown(inner, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(inner);
  });
});
