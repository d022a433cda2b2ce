import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { loadStructureAtom, moduleOrderAtom } from '../../engine/react/structure-store';
import { adaptInit } from '../../web/api/init-adapter';
import { createServices } from '../../web/create-services';
import { MobileDrawer } from '../../web/nav/MobileDrawer';
import { currentRouteAtom } from '../../web/nav/structure-view';
import { AdminBar, ViewAsBar } from '../../web/shell/AdminBar';
import { RecentlyViewed } from '../../web/shell/RecentlyViewed';
import { recentOtherThan, rememberRecent } from '../../web/shell/recently-viewed';
import { ServicesProvider } from '../../web/shell/services';
import { editModeAtom, pushToastAtom, sessionAtom, textEditModeAtom } from '../../web/shell/shell-state';
import { Toasts } from '../../web/shell/Toasts';
import { useShortcuts } from '../../web/shell/use-global-behaviours';
import { initFixture } from '../helpers/init-fixture';
import { startJsonServer, type JsonServer } from '../helpers/json-server';

let server: JsonServer;
beforeAll(async () => {
  server = await startJsonServer({ 'POST /api/v1/i18n': () => ({ body: { ok: true } }) });
});
afterAll(() => server.close());
beforeEach(() => {
  localStorage.clear();
  server.requests.length = 0;
});

function setup(
  children: React.ReactNode,
  { permissions = {} as Record<string, Record<string, boolean>>, route = {}, viewAs = null as string[] | null, isAdmin = false } = {},
) {
  const store = createStore();
  const init = adaptInit(
    initFixture({ user: { ...initFixture().user, permissions, isAdmin }, viewAs: { active: !!viewAs?.length, userListIds: viewAs ?? [] } }),
  );
  store.set(sessionAtom, init);
  store.set(loadStructureAtom, { modules: init.modules, pages: init.pages });
  store.set(moduleOrderAtom, init.moduleOrder);
  store.set(currentRouteAtom, route);
  const services = createServices(store, { baseURL: `${server.url}/api/v1`, realtime: false });
  const { hook } = memoryLocation({ path: '/home/welcome' });
  render(
    <Provider store={store}>
      <ServicesProvider services={services}>
        <Router hook={hook}>
          {children}
          <Toasts />
        </Router>
      </ServicesProvider>
    </Provider>,
  );
  return { store };
}

describe('mobile drawer (spec 2.7)', () => {
  it('lists modules: a module with several pages is a group open for the current module, others a single link', async () => {
    const onClose = vi.fn();
    setup(<MobileDrawer open onClose={onClose} />, { route: { moduleId: 'm1', pageId: 'p1' } });
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    expect(drawer).toHaveStyle({ width: '300px' });
    expect(within(drawer).getByRole('button', { name: 'Home' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(drawer).getByRole('link', { name: 'News' })).toHaveAttribute('href', '/home/news');
    expect(within(drawer).getByRole('link', { name: 'Events' })).toHaveAttribute('href', '/events/calendar');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Home' }));
    expect(within(drawer).queryByRole('link', { name: 'News' })).toBeNull();
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
  });
});

describe('toasts (spec 8, 2.6)', () => {
  it('shows toasts by type, closes timed ones, and keeps the update toast until Dismiss or Reload', async () => {
    vi.useFakeTimers();
    try {
      const { store } = setup(null);
      const reload = vi.fn();
      act(() => {
        store.set(pushToastAtom, { type: 'negative', message: 'Server error' });
        store.set(pushToastAtom, { type: 'negative', message: 'Server error' });
        store.set(pushToastAtom, {
          type: 'info',
          timeoutMs: null,
          message: 'This platform software has been updated. Please reload.',
          actions: [
            { label: 'Dismiss', onClick: () => undefined },
            { label: 'Reload', onClick: reload },
          ],
        });
      });
      expect(screen.getByRole('alert')).toHaveTextContent('Server error');
      act(() => vi.advanceTimersByTime(60_000));
      expect(screen.queryByRole('alert')).toBeNull();
      const update = screen.getByRole('status');
      expect(update).toHaveTextContent('This platform software has been updated. Please reload.');
      fireEvent.click(within(update).getByRole('button', { name: 'Reload' }));
      expect(reload).toHaveBeenCalledOnce();
      expect(screen.queryByRole('status')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('recently viewed (spec 2.6)', () => {
  it('keeps its open state in local storage and lists visited pages most recent first', async () => {
    rememberRecent(localStorage, { href: '/home/welcome', title: 'Welcome' });
    rememberRecent(localStorage, { href: '/events/calendar', title: 'Calendar' });
    rememberRecent(localStorage, { href: '/home/welcome', title: 'Welcome' });
    rememberRecent(localStorage, { href: '/home/news', title: 'News' });
    setup(<RecentlyViewed />);
    const toggle = screen.getByRole('button', { name: 'Recently viewed' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(localStorage.getItem('tessera.recentlyViewed.open')).toBe('1');
    // The page being shown (/home/welcome) is not listed (issue 14, item 13).
    expect(screen.getAllByRole('link').map((a) => a.textContent)).toEqual(['News', 'Calendar']);
    const items = [
      { href: '/home/welcome', title: 'Welcome' },
      { href: '/events/calendar', title: 'Calendar' },
    ];
    expect(recentOtherThan(items, '/home/welcome/')).toEqual([items[1]]);
    expect(recentOtherThan(items, '/events/calendar?tab=x')).toEqual([items[0]]);
  });
});

describe('keyboard shortcuts in the shell', () => {
  function Shortcuts() {
    useShortcuts();
    return null;
  }
  it('toggles text-edit mode (manageTextEdit) with the backtick on en-US and prints the banner for the hidden key sequence', () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const { store } = setup(<Shortcuts />, { permissions: { administration: { manageTextEdit: true } } });
    const language = vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US');
    fireEvent.keyDown(window, { key: '`' });
    expect(store.get(textEditModeAtom)).toBe(true);
    fireEvent.keyDown(window, { key: 'j', code: 'KeyJ', altKey: true, shiftKey: true });
    expect(store.get(textEditModeAtom)).toBe(false);
    for (const key of ['ArrowUp', 'ArrowUp', 'ArrowDown', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'ArrowLeft', 'ArrowRight', 'b', 'a'])
      fireEvent.keyDown(window, { key });
    expect(info).toHaveBeenCalledOnce();
    expect(String(info.mock.calls[0][0])).toContain('you found the secret');
    language.mockRestore();
    info.mockRestore();
  });
});

describe('admin bar and view-as bar (spec 2.6)', () => {
  it('shows nothing to ordinary members', () => {
    setup(<AdminBar />);
    expect(screen.queryByRole('toolbar')).toBeNull();
  });
  it('gives a text editor only the text-edit toggle, and admins edit mode and the admin link', async () => {
    const textEditor = setup(<AdminBar />, { permissions: { administration: { manageTextEdit: true } } });
    const bar = screen.getByRole('toolbar', { name: 'Administration' });
    expect(within(bar).queryByRole('button', { name: 'Edit mode' })).toBeNull();
    await userEvent.click(within(bar).getByRole('button', { name: 'Text edit mode' }));
    expect(textEditor.store.get(textEditModeAtom)).toBe(true);
    cleanup();
    const admin = setup(<AdminBar />, { isAdmin: true });
    expect(screen.getByRole('link', { name: 'Admin area' })).toHaveAttribute('href', '/admin');
    await userEvent.click(screen.getByRole('button', { name: 'Edit mode' }));
    expect(admin.store.get(editModeAtom)).toBe(true);
    // In edit mode the composer's bar (admin/AdminBar.tsx) is the one bar: the shell's hides.
    expect(screen.queryByRole('toolbar', { name: 'Administration' })).toBeNull();
  });
  it('resets view-as through POST admin/reset and reloads; a failure shows the view-as error', async () => {
    const reload = vi.fn();
    server.routes.set('POST /api/v1/admin/reset', () => ({ body: { ok: true } }));
    server.routes.set('GET /api/v1/userLists', () => ({
      body: [
        { id: 'l1', name: 'Makers' },
        { id: 'l2', name: 'Volunteers' },
        { id: 'l3', name: 'Staff' },
      ],
    }));
    setup(<ViewAsBar reload={reload} />, { viewAs: ['l1', 'l2'], isAdmin: true });
    // The chosen lists by name, not a count.
    expect(await screen.findByText('You are viewing the site as a member of Makers and Volunteers.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reset view' }));
    await waitFor(() => expect(reload).toHaveBeenCalledOnce());
    server.routes.set('POST /api/v1/admin/reset', () => ({ status: 500 }));
    await userEvent.click(screen.getByRole('button', { name: 'Reset view' }));
    expect(await screen.findByText('There was an error trying to change who you are viewing as.')).toBeInTheDocument();
    expect(reload).toHaveBeenCalledOnce();
  });
});
