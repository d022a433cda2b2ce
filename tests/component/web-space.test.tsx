/**
 * The shell's space routes (web/routes/SpaceRoute.tsx) under jsdom against the real server started
 * in-process, on the demo's workshops, with the web app's API client over HTTP: the server's
 * decision replaces the address, the page row shows only the viewable pages, linked within the
 * space, the route is current with its entity (page loads, the page room), the audit names the
 * entity's id; a failed load is a state with a retry inside the shell, a corrupt entity shows the
 * page with a notice, an entity target on the generic route is loaded by slug.
 */
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { DEMO_ENTITIES } from '../../server/entities/seed';
import { adaptInit } from '../../web/api/init-adapter';
import type { ApiClient } from '../../web/api/client';
import type { AuditBuffer } from '../../web/audit/audit-buffer';
import { currentRouteAtom } from '../../web/nav/structure-view';
import { AppRoutes } from '../../web/routes/AppRoutes';
import { ServicesProvider } from '../../web/shell/services';
import { applyInit } from '../../web/startup/apply-init';
import { startAdminServer, type ApiServer } from '../helpers/admin-server';
import { webApiClient } from '../helpers/web-api-client';
import { insertCorruptWorkshop } from '../helpers/corruption';
import { usePageRow } from '../../web/nav/use-nav-items';

let api: ApiServer;
let victor: string;
const P = DEMO_ENTITIES.pages;

beforeAll(async () => {
  api = await startAdminServer();
  victor = await api.signIn('victor');
}, 120_000);
afterEach(() => cleanup());
afterAll(async () => {
  await api?.close();
});

/** The web client over HTTP; its GETs fail with their status as the app's ApiError does, and `fail` refuses the first call it names (an unreachable server). */
function client(fail?: (path: string) => boolean): ApiClient {
  const base = webApiClient(api, victor);
  let failed = false;
  return {
    ...base,
    async get<T>(path: string, options?: { query?: Record<string, unknown> }): Promise<T> {
      if (fail && !failed && fail(path)) {
        failed = true;
        throw Object.assign(new Error('The server could not be reached'), { status: 503 });
      }
      const query = options?.query ? `?${new URLSearchParams(options.query as Record<string, string>).toString()}` : '';
      const res = await api.call<T>('GET', `${path}${query}`, { token: victor, headers: { 'accept-encoding': 'identity' } });
      if (res.status >= 400) throw Object.assign(new Error(`status ${res.status}`), { status: res.status });
      return res.body;
    },
  } as ApiClient;
}

/** The page row as the header shows it. */
function PageRow() {
  const { items } = usePageRow();
  return (
    <nav aria-label="Pages">
      {items.map((i) => (
        <a key={i.key} href={i.href} aria-current={i.current ? 'page' : undefined}>
          {i.label}
        </a>
      ))}
    </nav>
  );
}

async function renderAt(path: string, api: ApiClient = client()) {
  const store = createStore();
  applyInit(store, adaptInit(await api.get('init')), {}, { selectable: false, mode: 'light' }, false, localStorage);
  const location = memoryLocation({ path, record: true });
  const logged: unknown[] = [];
  const audit = { log: (entry: unknown) => void logged.push(entry) } as unknown as AuditBuffer;
  render(
    <Provider store={store}>
      <ServicesProvider services={{ api, audit, realtime: false }}>
        <Router hook={location.hook}>
          <PageRow />
          <main>
            <AppRoutes />
          </main>
        </Router>
      </ServicesProvider>
    </Provider>,
  );
  return { store, location, logged };
}

describe('a space in the shell', () => {
  it('replaces /space/:targetId with the page the server decides and shows only the pages he may view, within the space', async () => {
    const { store, location, logged } = await renderAt('/space/design-sprint');
    await waitFor(() => expect(location.history?.at(-1)).toBe('/space/design-sprint/spaces/overview/'));
    await screen.findByRole('heading', { level: 1, name: 'Overview' });
    const row = screen.getByRole('navigation', { name: 'Pages' });
    expect(
      within(row)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([['Overview', '/space/design-sprint/spaces/overview/']]);
    expect(store.get(currentRouteAtom)).toMatchObject({
      pageId: P.overview,
      entityId: DEMO_ENTITIES.designSprint,
      space: { targetId: 'design-sprint', entityId: DEMO_ENTITIES.designSprint, moduleSlug: 'spaces', viewablePageIds: [P.overview] },
    });
    expect(logged).toContainEqual(expect.objectContaining({ type: 'entityView', entityId: DEMO_ENTITIES.designSprint, pageId: P.overview }));
    expect(document.title).toContain('Design Sprint');
  });

  it('ends an unknown space at the not-found page', async () => {
    const { location } = await renderAt('/space/no-such-workshop/spaces/overview/');
    await waitFor(() => expect(location.history?.at(-1)).toBe('/404'));
  });

  it('says a failed load inside the shell, and Try again asks again', async () => {
    await renderAt(
      '/space/design-sprint/spaces/overview/',
      client((path) => path.includes('/space')),
    );
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'This space could not be loaded. Check your connection and try again.' })).toBeVisible();
    // The page row of the shell stays where it is.
    expect(screen.getByRole('navigation', { name: 'Pages' })).toBeVisible();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { level: 1, name: 'Overview' });
  });

  it('shows a corrupt entity’s space with a notice (the server fails it closed: only its location page)', async () => {
    await insertCorruptWorkshop(api.server.ctx.store.kysely, 'corrupt-shell-workshop');
    const { location } = await renderAt('/space/corrupt-shell-workshop/spaces/members/');
    await waitFor(() => expect(location.history?.at(-1)).toBe('/space/corrupt-shell-workshop/spaces/overview/'));
    expect((await screen.findByRole('alert')).textContent).toContain('Parts of this space could not be read');
    await screen.findByRole('heading', { level: 1, name: 'Overview' });
  });

  it('loads an entity target of the generic page route by slug and logs an entityPageView with its id', async () => {
    const { store, logged } = await renderAt('/spaces/overview/repair-cafe');
    await screen.findByRole('heading', { level: 1, name: 'Overview' });
    await waitFor(() => expect(store.get(currentRouteAtom).entityId).toBe(DEMO_ENTITIES.repairCafe));
    expect(logged).toContainEqual(expect.objectContaining({ type: 'entityPageView', entityId: DEMO_ENTITIES.repairCafe, pageId: P.overview }));
    expect(store.get(currentRouteAtom).space).toBeUndefined();
  });
});
