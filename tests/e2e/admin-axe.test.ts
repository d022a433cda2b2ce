/**
 * The axe sweep of the admin back office (issue 34, "Done when"): every admin route of
 * engine/core/admin-areas.ts (the list is built from ADMIN_AREAS, so a new area or route joins by
 * itself), its parameters filled with demo ids asked of the server, opened as Ada at 1280 px light
 * and at 375 px dark; once the area's h1 shows, axe-core finds no serious or critical violation.
 * One server, one browser, one page navigated in-app (as a link click does), to stay fast.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_AREAS, adminHref, type AdminAreaDefinition, type AdminRouteName } from '../../engine/core/admin-areas';
import en from '../../engine/core/i18n/messages/en/adminAreas.json' with { type: 'json' };
import type { Brand } from '../../schemas/model';
import type { AbuseQueueResponse } from '../../schemas/model/api/abuse';
import type { StructureResponse } from '../../schemas/model/api/structure';
import { callAt, signInAt } from '../helpers/api-server';
import { launchBrowser, seriousViolations, signInThroughLogin, type LaunchedBrowser } from '../helpers/browser';
import { startServer, type RunningServer } from '../helpers/server-process';

const AREAS: readonly AdminAreaDefinition[] = ADMIN_AREAS;
const titleOf = (area: string) => (en.areas as Record<string, { title: string }>)[area].title;

let server: RunningServer;
let browser: LaunchedBrowser;
let page: Page;
/** A demo id per route parameter name. */
let ids: Record<string, string>;

const first = <T>(items: readonly T[] | undefined, what: string): T => {
  if (!items?.length) throw new Error(`the demo has no ${what}`);
  return items[0];
};

/** Demo ids for every parameter the admin routes name, asked of the running server as Ada. */
async function demoIds(url: string): Promise<Record<string, string>> {
  const token = await signInAt(url, 'admin');
  const call = <T>(path: string) => callAt<T>(url, token, 'GET', path);
  const lists = await call<{ id: string }[]>('userLists');
  const applications = await call<{ id: string }[]>('applications');
  const definitions = await call<{ id: string }[]>('entityDefinitions');
  const definitionId = first(definitions, 'entity definition').id;
  const entities = await call<{ items?: { id: string }[] } | { id: string }[]>(`entities?definitionId=${encodeURIComponent(definitionId)}`);
  const entityList = Array.isArray(entities) ? entities : (entities.items ?? []);
  const structure = await call<StructureResponse>('structure');
  const module = structure.modules.find((m) => m.pages.length) ?? first(structure.modules, 'module');
  const page = first(module.pages, 'page');
  const brands = await call<Brand[]>('service/brands');
  const abuse = await call<AbuseQueueResponse>('reportAbuse/search');
  const requests = await call<{ items: { id: string }[] }>('applications/membershipRequests/admin');
  return {
    accountId: 'maya',
    listId: first(lists, 'user list').id,
    applicationId: first(applications, 'application').id,
    requestId: first(requests.items, 'membership request').id,
    // Connections arrive with their own issue: the area is a notice whatever the id.
    connectionId: 'demo-connection',
    // The abuse report's detail and the data mapping (none in the demo: its screen says so) share `:id`.
    id: first(abuse.items, 'abuse report').report.id,
    definitionId,
    entityId: first(entityList, 'entity').id,
    tab: 'general',
    moduleId: module.id,
    pageId: page.id,
    blockId: 'welcome-greeting',
    brandId: first(brands, 'brand').brandId,
    emailTemplate: 'welcome',
    // Insights arrive with their own issue: a notice whatever the id.
    dashboardId: 'demo-dashboard',
  };
}

beforeAll(async () => {
  server = await startServer();
  ids = await demoIds(server.url);
  browser = await launchBrowser();
  page = await browser.context.newPage();
  await signInThroughLogin(page, server.url, 'Ada Admin');
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** In-app navigation, as a link click does it (no reload). */
const go = (href: string) =>
  page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, `/app${href}`);

/** Every admin route with its parameters filled: [route name, href, area]. */
function everyRoute(): [string, string, string][] {
  return AREAS.flatMap((area) =>
    area.routes.map((route): [string, string, string] => {
      // An optional parameter (`:bulkReports?`) is left out; every other one needs a demo id.
      const params = Object.fromEntries(
        [...route.path.matchAll(/:(\w+)(\?)?/g)]
          .filter((m) => !m[2])
          .map((m) => {
            const value = ids[m[1]];
            if (!value) throw new Error(`no demo id for the parameter :${m[1]} of ${route.name}`);
            return [m[1], value];
          }),
      );
      return [route.name, adminHref(route.name as AdminRouteName, params), area.area];
    }),
  );
}

async function sweep(label: string): Promise<string[]> {
  const found: string[] = [];
  for (const [name, href, area] of everyRoute()) {
    await go(href);
    await page.waitForFunction(
      ({ area, title }) =>
        document.querySelector<HTMLElement>('.t-admin-frame__screen')?.dataset.adminArea === area &&
        document.querySelector('.t-admin-frame__screen h1')?.textContent === title,
      { area, title: titleOf(area) },
    );
    // What the screen loads first (its "Loading…" status) has settled.
    await page.waitForFunction(
      () => ![...document.querySelectorAll('.t-admin-frame__screen [role="status"]')].some((s) => /…$/.test(s.textContent ?? '')),
      null,
      {
        timeout: 10_000,
      },
    );
    for (const v of await seriousViolations(page)) found.push(`${label} ${name} ${href}: ${v}`);
  }
  return found;
}

describe('every admin screen is axe clean (serious and critical)', () => {
  it('visits every route of ADMIN_AREAS with demo ids', () => {
    const routes = everyRoute();
    expect(routes).toHaveLength(AREAS.flatMap((a) => a.routes).length);
    expect(routes.map(([name]) => name)).toContain('apps');
  });

  it('at 1280 px, light', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ colorScheme: 'light' });
    expect(await sweep('1280 light')).toEqual([]);
  }, 300_000);

  it('at 375 px, dark', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await sweep('375 dark')).toEqual([]);
  }, 300_000);
});
