import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import axe from 'axe-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadStructureAtom } from '../../engine/react/structure-store';
import { App } from '../../web/App';
import { createServices } from '../../web/create-services';
import { adminPanelOpenAtom, offlineAtom, sessionAtom, textEditModeAtom } from '../../web/shell/shell-state';
import { initFixture } from '../helpers/init-fixture';
import { fakeJwt, startJsonServer, type JsonServer } from '../helpers/json-server';

let server: JsonServer;
const JWT = fakeJwt(Math.floor(Date.now() / 1000));

beforeAll(async () => {
  server = await startJsonServer({
    'GET /api/v1/settings': () => ({ body: { siteName: 'Demo', themeModeEnabled: true, footer: { links: { privacyPolicy: 'https://example.org/privacy' } } } }),
    'GET /api/v1/init': () => ({ body: initFixture() }),
    'GET /api/v1/user/image_access_token': () => ({ body: { token: 'x' } }),
    'GET /api/v1/profile/42': () => ({ body: { accountId: '42' } }),
    'POST /api/v1/settings/permission/getDefaultPagesViewPermission': () => ({ body: { myAccount: true, socialSignIn: false } }),
  });
});
afterAll(() => server.close());
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  document.head.querySelector('#tessera-brand-theme')?.remove();
});

function renderApp(path: string, { signedIn = true } = {}) {
  window.history.replaceState(null, '', path);
  if (signedIn) localStorage.setItem('jwt', JWT);
  const store = createStore();
  const services = createServices(store, { baseURL: `${server.url}/api/v1`, realtime: false, reload: () => undefined });
  const view = render(<App store={store} services={services} />);
  // The brand style sheet never loads in jsdom: report it as failed so start-up goes on.
  const fireThemeError = () => document.getElementById('tessera-brand-theme')?.dispatchEvent(new Event('error'));
  return { store, services, view, fireThemeError };
}

async function started(fireThemeError: () => void) {
  await waitFor(() => {
    fireThemeError();
    expect(screen.getByRole('navigation', { name: 'Modules' })).toBeInTheDocument();
  });
  if (/^\/app\/\w+\/\w+/.test(window.location.pathname)) await screen.findByRole('navigation', { name: 'Pages' });
}

describe('the app shell', () => {
  it('shows the login screen with a Log in button when there is no session, calling no API', async () => {
    const { view } = renderApp('/app/', { signedIn: false });
    await screen.findByRole('button', { name: 'Log in' });
    expect(screen.getByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    expect(server.requests.filter((r) => r.path === '/api/v1/init')).toHaveLength(0);
    view.unmount();
  });

  it('starts up, redirects home to the first module page, renders header tabs, the page title and the footer', async () => {
    const { fireThemeError } = renderApp('/app/');
    await started(fireThemeError);
    await waitFor(() => expect(window.location.pathname).toBe('/app/home/welcome'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome' })).toBeInTheDocument();
    const modules = screen.getByRole('navigation', { name: 'Modules' });
    expect(within(modules).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    expect(within(modules).getByRole('link', { name: 'Events' })).toHaveAttribute('href', '/app/events/calendar');
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(
      within(pages)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Welcome', 'News']);
    expect(screen.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', 'https://example.org/privacy');
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main-content');
  });

  it('navigates between tabs without a reload and logs page views', async () => {
    const { fireThemeError, services } = renderApp('/app/home/welcome');
    await started(fireThemeError);
    const marker = {};
    (window as unknown as { marker: object }).marker = marker;
    await userEvent.click(within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('link', { name: 'News' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'News' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/app/home/news');
    expect((window as unknown as { marker: object }).marker).toBe(marker);
    expect(document.title).toBe('News – Demo');
    expect(services.audit.pending()).toBeGreaterThanOrEqual(2);
  });

  it('sends an unknown module to 404, which says the module is missing, and the go-back button home', async () => {
    const { fireThemeError } = renderApp('/app/nowhere');
    await waitFor(() => {
      fireThemeError();
      expect(screen.getByText('That module does not exist, sorry for any inconvenience caused.')).toBeInTheDocument();
    });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/app/404');
    await userEvent.click(screen.getByRole('button', { name: 'Go back' }));
    await waitFor(() => expect(window.location.pathname).toBe('/app/home/welcome'));
  });

  it('says the page is missing, once, for an unknown page of a known module', async () => {
    const { fireThemeError } = renderApp('/app/home/gone');
    await waitFor(() => {
      fireThemeError();
      expect(screen.getByRole('alert')).toHaveTextContent('That page does not exist, sorry for any inconvenience caused.');
    });
    await waitFor(() => expect(window.location.pathname).toBe('/app/404'));
    // On the not-found page, not again in a toast (issue 14, item 7).
    expect(screen.getAllByText('That page does not exist, sorry for any inconvenience caused.')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('blocks navigation while the admin panel is open, except in text-edit mode', async () => {
    const { fireThemeError, store } = renderApp('/app/home/welcome');
    await started(fireThemeError);
    act(() => store.set(adminPanelOpenAtom, true));
    await userEvent.click(within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('link', { name: 'News' }));
    expect(await screen.findByText('You must close the admin panel before navigating away.')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/app/home/welcome');
    // Text-edit mode needs manageTextEdit (it is turned off for users without it).
    act(() => {
      const session = store.get(sessionAtom)!;
      store.set(sessionAtom, { ...session, user: { ...session.user, permissions: { administration: { manageTextEdit: true } } } });
      store.set(textEditModeAtom, true);
    });
    // The text-edit layer (a lazy chunk) strips the labels' marks once it is there. A page's name
    // is a label there too (content translations): a click edits it, and Use control follows the link.
    await userEvent.click(within(await screen.findByRole('navigation', { name: 'Pages' })).getByRole('link', { name: 'News' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Edit label' })).getByRole('button', { name: 'Use control' }));
    await waitFor(() => expect(window.location.pathname).toBe('/app/home/news'));
  });

  it('updates tabs in place when the structure store changes (a realtime items:changes)', async () => {
    const { fireThemeError, store } = renderApp('/app/home/welcome');
    await started(fireThemeError);
    act(() => store.set(loadStructureAtom, { modules: [{ id: 'm2', slug: 'events', name: 'Happenings', childIds: ['p3'], revision: 2 }] }));
    expect(within(screen.getByRole('navigation', { name: 'Modules' })).getByRole('link', { name: 'Happenings' })).toBeInTheDocument();
    act(() =>
      store.set(loadStructureAtom, {
        modules: [{ id: 'm2', slug: 'events', name: 'Happenings', childIds: ['p4', 'p3'], revision: 3 }],
        pages: [{ id: 'p4', slug: 'agenda', name: 'Agenda', moduleId: 'm2' }],
      }),
    );
    expect(within(screen.getByRole('navigation', { name: 'Modules' })).getByRole('link', { name: 'Happenings' })).toHaveAttribute('href', '/app/events/agenda');
  });

  it('navigates in-text links with a leading slash inside the app', async () => {
    const { fireThemeError } = renderApp('/app/home/welcome');
    await started(fireThemeError);
    const link = document.createElement('a');
    link.setAttribute('href', '/events/calendar');
    link.textContent = 'in text';
    document.getElementById('main-content')!.appendChild(link);
    await userEvent.click(link);
    await waitFor(() => expect(window.location.pathname).toBe('/app/events/calendar'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Calendar' })).toBeInTheDocument();
  });

  it('shows a page with a numeric target only when that profile exists, else goes to 404', async () => {
    const { fireThemeError } = renderApp('/app/home/news/42');
    await started(fireThemeError);
    expect(await screen.findByRole('heading', { level: 1, name: 'News' })).toBeInTheDocument();
    expect(server.requests.some((r) => r.path === '/api/v1/profile/42')).toBe(true);
    cleanup();
    const second = renderApp('/app/home/news/999');
    await waitFor(() => {
      second.fireThemeError();
      expect(window.location.pathname).toBe('/app/404');
    });
    expect(screen.queryByRole('heading', { level: 1, name: 'News' })).toBeNull();
  });

  it('links a social account on /socialAuth, toasts by status and goes to returnTo without /app', async () => {
    server.routes.set('GET /api/v1/user/socialAccountLink/google/new/abc', (req) => ({
      body: { status: req.query.get('source') === 'settings' ? 'created' : 'exists' },
    }));
    const { fireThemeError } = renderApp('/app/socialAuth?provider=google&dataString=abc&source=settings&returnTo=/app/events/calendar');
    await waitFor(() => {
      fireThemeError();
      expect(screen.getByText('Your google account is now linked.')).toBeInTheDocument();
    });
    await waitFor(() => expect(window.location.pathname).toBe('/app/events/calendar'));
    cleanup();
    const errorRoute = renderApp('/app/socialAuth/error?message=Access%20denied&returnTo=/app/home/news');
    await waitFor(() => {
      errorRoute.fireThemeError();
      expect(screen.getByRole('alert')).toHaveTextContent('Access denied');
    });
    await waitFor(() => expect(window.location.pathname).toBe('/app/home/news'));
  });

  it('refuses /admin to a member with the not-exist message, and /autoLogIn goes home keeping the query', async () => {
    const { fireThemeError } = renderApp('/app/admin/users');
    await waitFor(() => {
      fireThemeError();
      expect(screen.getByRole('alert')).toHaveTextContent('That page does not exist, sorry for any inconvenience caused.');
    });
    expect(document.querySelector('[data-page-slug="404"]')).not.toBeNull();
    cleanup();
    const auto = renderApp('/app/autoLogIn?ref=mail');
    await waitFor(() => {
      auto.fireThemeError();
      expect(window.location.pathname).toBe('/app/home/welcome');
    });
    expect(window.location.search).toBe('?ref=mail');
  });

  it('shows the red offline banner when offline', async () => {
    const { fireThemeError, store } = renderApp('/app/home/welcome');
    await started(fireThemeError);
    act(() => store.set(offlineAtom, true));
    expect(screen.getByRole('alert')).toHaveTextContent('No internet connection');
  });

  it('opens the user controls with the permitted entries and the theme and language choices', async () => {
    const { fireThemeError } = renderApp('/app/home/welcome');
    await started(fireThemeError);
    await userEvent.click(screen.getByRole('button', { name: /Open user controls/ }));
    const panel = await screen.findByRole('dialog', { name: 'User controls' });
    await waitFor(() => expect(within(panel).getByRole('link', { name: 'My account' })).toBeInTheDocument());
    expect(within(panel).queryByText('Manage my logins')).toBeNull();
    expect(within(panel).getByRole('combobox', { name: 'Language' })).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('radio', { name: 'Dark' }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem('tessera.themeMode')).toBe('dark');
    await userEvent.selectOptions(within(panel).getByRole('combobox', { name: 'Language' }), 'fr');
    expect(await screen.findByRole('navigation', { name: 'Pages' })).toBeInTheDocument();
    // French shows once its shell texts (their own chunk) have loaded.
    expect(await screen.findByRole('button', { name: /^Ouvrir les contrôles utilisateur/ })).toBeInTheDocument();
  });
});

describe('accessibility of the shell (axe-core in jsdom: structure, names, roles; colour contrast needs a real browser)', () => {
  it('has no violations on a started page with the user controls open', async () => {
    const { fireThemeError } = renderApp('/app/home/welcome');
    await started(fireThemeError);
    await screen.findByRole('heading', { level: 1, name: 'Welcome' });
    await userEvent.click(screen.getByRole('button', { name: /Open user controls/ }));
    await screen.findByRole('dialog', { name: 'User controls' });
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});
