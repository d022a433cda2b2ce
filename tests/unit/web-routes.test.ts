import { describe, expect, it } from 'vitest';
import type { Module, Page } from '../../schemas/model';
import {
  autoLogInRedirect,
  canEnterAdmin,
  notFoundGoBackTarget,
  resolveModuleRoute,
  resolvePageRoute,
  shouldScrollToTop,
  socialAuthErrorOutcome,
  socialAuthOutcome,
  spaceAnswerDecision,
  spaceFailureDecision,
  stripAppPrefix,
  type StructureView,
} from '../../web/routes/guards';
import { formatTabQuery, inAppPath, parseTabQuery, prefixedHref, routeHref, targetKind } from '../../web/routes/route-table';

const modules: Module[] = [
  { id: 'm1', slug: 'home', name: 'Home', childIds: ['p1', 'p2'], defaultPage: 'p2' },
  { id: 'm2', slug: 'empty', name: 'Empty', childIds: [] },
];
const pages: Page[] = [
  { id: 'p1', slug: 'welcome', name: 'Welcome' },
  { id: 'p2', slug: 'news', name: 'News' },
];
const view: StructureView = {
  moduleBySlug: (slug) => modules.find((m) => m.slug === slug),
  pagesOf: (m) => (m.childIds ?? []).map((id) => pages.find((p) => p.id === id)!).filter(Boolean),
  page: (id) => pages.find((p) => p.id === id),
};

describe('named routes and links', () => {
  // The admin named routes (editBrand, editEntity, editEntityDefinition, ...) are the catalogue's adminHref (tests/unit/admin-areas.test.ts).
  it('builds page, space, module and chat links', () => {
    expect(routeHref.page({ moduleSlug: 'home', pageSlug: 'news', targetId: 42, tab: ['b1_t2', 'b3_t1'], blockQuery: { 'b9.page': 2 } })).toBe(
      '/home/news/42?tab=b1_t2%2Cb3_t1&b9.page=2',
    );
    expect(routeHref.page({ moduleSlug: 'home', pageSlug: 'news' })).toBe('/home/news');
    expect(routeHref.space({ targetId: 'acme', moduleSlug: 'org', pageSlug: 'about' })).toBe('/space/acme/org/about/');
    expect(routeHref.module({ moduleSlug: 'events' })).toBe('/events');
    expect(routeHref.chat()).toBe('/chat/');
  });
  it('prefixes in-text links with a leading slash and leaves others to the browser', () => {
    expect(prefixedHref('/events/calendar')).toBe('/app/events/calendar');
    expect(prefixedHref('/app/events')).toBe('/app/events');
    expect(prefixedHref('https://example.org/x')).toBe('https://example.org/x');
    expect(inAppPath('//evil.example/x')).toBeNull();
    expect(inAppPath('/api/v1/image/3')).toBeNull();
    expect(inAppPath('/app')).toBe('/');
  });
  it('reads and writes the tab query as blockhash_tabhash pairs', () => {
    expect(parseTabQuery('b1_t2,b3_t1,bad')).toEqual({ b1: 't2', b3: 't1' });
    expect(formatTabQuery({ b1: 't2', b3: 't1' })).toBe('b1_t2,b3_t1');
  });
  it('tells a numeric profile target from an entity target', () => {
    expect(targetKind('123')).toBe('profile');
    expect(targetKind('acme-ltd')).toBe('entity');
    expect(targetKind(undefined)).toBe('none');
  });
});

describe('module and page resolution', () => {
  it('sends /:moduleSlug to the default page, or to /404 with the missing-module toast', () => {
    expect(resolveModuleRoute('home', view)).toEqual({ redirect: '/home/news', replace: true });
    expect(resolveModuleRoute('nope', view)).toEqual({ redirect: '/404', replace: true, toast: { type: 'negative', key: 'toasts.moduleMissing' } });
    expect(resolveModuleRoute('empty', view).toast?.key).toBe('toasts.moduleMissing');
  });
  it('resolves pages, the 404 slug, a missing page and a missing module', () => {
    expect(resolvePageRoute('home', 'welcome', view)).toMatchObject({ kind: 'page', page: { id: 'p1' } });
    expect(resolvePageRoute('404', '', view)).toEqual({ kind: 'notFound' });
    expect(resolvePageRoute('home', '404', view)).toEqual({ kind: 'notFound' });
    expect(resolvePageRoute('home', 'gone', view)).toMatchObject({ kind: 'redirect', redirect: '/404', toast: { key: 'toasts.pageMissing' } });
    expect(resolvePageRoute('nope', 'x', view)).toMatchObject({ kind: 'redirect', toast: { key: 'toasts.pageMissingInModule' } });
    expect(resolvePageRoute('home', '', view)).toMatchObject({ kind: 'redirect', redirect: '/home/news' });
  });
  it("goes back to the default module's default page, else the default profile page, else /", () => {
    expect(notFoundGoBackTarget(view, modules[0])).toBe('/home/news');
    expect(notFoundGoBackTarget(view, modules[1], { moduleSlug: 'people', pageSlug: 'profile' })).toBe('/people/profile');
    expect(notFoundGoBackTarget(view, undefined)).toBe('/');
  });
});

describe('space routes', () => {
  const answer = (moduleSlug: string, pageSlug: string, redirected = false) => ({ moduleSlug, pageSlug, redirected });
  it('sends /space/:targetId and /space/:targetId/:moduleSlug on to the answered page, keeping the target as given', () => {
    expect(spaceAnswerDecision('pottery', {}, answer('workshops', 'about', true))).toEqual({ redirect: '/space/pottery/workshops/about/', replace: true });
    expect(spaceAnswerDecision('pottery', { moduleSlug: 'workshops' }, answer('workshops', 'about', true))).toEqual({
      redirect: '/space/pottery/workshops/about/',
      replace: true,
    });
  });
  it('shows the asked page when the answer is that page, and replaces a page she may not view with her landing page', () => {
    expect(spaceAnswerDecision('pottery', { moduleSlug: 'workshops', pageSlug: 'about' }, answer('workshops', 'about'))).toBeNull();
    expect(spaceAnswerDecision('pottery', { moduleSlug: 'workshops', pageSlug: 'members' }, answer('workshops', 'about', true))).toEqual({
      redirect: '/space/pottery/workshops/about/',
      replace: true,
    });
    // Asked again after a change (the page was shown): she is told why she moved.
    expect(spaceAnswerDecision('pottery', { moduleSlug: 'workshops', pageSlug: 'members' }, answer('workshops', 'about', true), true)).toMatchObject({
      toast: { type: 'warning', key: 'shell.space.noLongerViewable' },
    });
  });
  it('encodes the parts of the address', () => {
    expect(spaceAnswerDecision('a b', {}, answer('w/s', 'p?', true))?.redirect).toBe('/space/a%20b/w%2Fs/p%3F/');
  });
  it('ends a 404 at the not-found page with the missing-page toast, and any other failure in the shell', () => {
    expect(spaceFailureDecision(404)).toEqual({ redirect: '/404', replace: true, toast: { type: 'negative', key: 'toasts.pageMissing' } });
    expect(spaceFailureDecision(500)).toBe('failed');
    expect(spaceFailureDecision(undefined)).toBe('failed');
  });
});

describe('guards', () => {
  it('lets admins and elevated users into /admin only', () => {
    expect(canEnterAdmin({ isAdmin: true, isElevated: false })).toBe(true);
    expect(canEnterAdmin({ isAdmin: false, isElevated: true })).toBe(true);
    expect(canEnterAdmin({ isAdmin: false, isElevated: false })).toBe(false);
    expect(canEnterAdmin(undefined)).toBe(false);
  });
  it('scrolls to top unless only the query changed or navigation went back', () => {
    expect(shouldScrollToTop('/a/b', '/a/c', false)).toBe(true);
    expect(shouldScrollToTop('/a/b', '/a/b', false)).toBe(false);
    expect(shouldScrollToTop('/a/b', '/a/c', true)).toBe(false);
  });
  it('keeps the query on /autoLogIn and strips a leading /app from returnTo', () => {
    expect(autoLogInRedirect('?x=1')).toBe('/?x=1');
    expect(autoLogInRedirect('')).toBe('/');
    expect(stripAppPrefix('/app/home/news')).toBe('/home/news');
    expect(stripAppPrefix('/apple/pie')).toBe('/apple/pie');
    expect(stripAppPrefix('https://evil.example')).toBe('/');
  });
  it('maps social sign-in results to toasts by status with the server message or the default text', () => {
    const q = new URLSearchParams({ provider: 'google', returnTo: '/app/settings' });
    expect(socialAuthOutcome(q, { status: 'created' })).toEqual({
      redirect: '/settings',
      replace: true,
      toast: { type: 'positive', key: 'socialSignIn.routes.status.created', message: undefined, params: { provider: 'google' } },
    });
    expect(socialAuthOutcome(q, { status: 'exists', message: 'Already there' }).toast).toMatchObject({ type: 'info', message: 'Already there' });
    expect(socialAuthOutcome(q, new Error('')).toast).toMatchObject({ type: 'negative', key: 'socialSignIn.routes.status.error', message: undefined });
    expect(socialAuthErrorOutcome(new URLSearchParams({ message: 'Denied', returnTo: '/app/x' }))).toMatchObject({
      redirect: '/x',
      toast: { type: 'negative', message: 'Denied' },
    });
  });
});
