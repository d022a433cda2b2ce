/**
 * Pure guard and redirect decisions of spec 2.2, 2.4 and 2.5. Components call these and act on
 * the answer (navigate, toast), so every rule is testable without a browser.
 */
import { checkAppPath } from '../../engine/core/url-check';
import type { Id, Module, Page, UserState } from '../../schemas/model';
import type { SpaceAnswer } from '../../schemas/model/api/entities';
import { pageHref, spacePageHref } from '../nav/nav-rules';

/** A toast to show: `message` (from the server) wins over the translated `key`. */
export interface ToastRequest {
  type: 'negative' | 'warning' | 'positive' | 'info';
  key?: string;
  message?: string;
  params?: Record<string, string>;
}
export interface RouteDecision {
  redirect?: string;
  /** Use history replace rather than push. */
  replace?: boolean;
  toast?: ToastRequest;
}

/** What a redirect to the not-found page would have toasted: the page says it instead, once (issue 14, item 7). */
const NOT_FOUND_REASONS = new Set(['toasts.pageMissing', 'toasts.pageMissingInModule', 'toasts.moduleMissing']);
export function notFoundReason(decision: RouteDecision): string | undefined {
  const key = decision.toast?.key;
  return decision.redirect === '/404' && !decision.toast?.message && key && NOT_FOUND_REASONS.has(key) ? key : undefined;
}
/** The reason carried in history state to the not-found page; anything else (stale or forged state) is ignored. */
export function notFoundReasonOf(state: unknown): string | undefined {
  const key = (state as { notFoundReason?: unknown } | null)?.notFoundReason;
  return typeof key === 'string' && NOT_FOUND_REASONS.has(key) ? key : undefined;
}

export interface StructureView {
  moduleBySlug(slug: string): Module | undefined;
  pagesOf(module: Module): Page[];
  page(id: Id): Page | undefined;
}

/** The first page a module opens on: its default page, else its first page. */
export function defaultPageOf(module: Module, view: StructureView): Page | undefined {
  const pages = view.pagesOf(module);
  return (module.defaultPage && pages.find((p) => p.id === module.defaultPage)) || pages[0];
}

/** /:moduleSlug goes to the module's default page, else /404 with the missing-module toast. */
export function resolveModuleRoute(moduleSlug: string, view: StructureView): RouteDecision {
  const module = view.moduleBySlug(moduleSlug);
  const first = module && defaultPageOf(module, view);
  if (module && first) return { redirect: pageHref(module.slug, first.slug), replace: true };
  return { redirect: '/404', replace: true, toast: { type: 'negative', key: 'toasts.moduleMissing' } };
}

export type PageResolution = { kind: 'page'; module: Module; page: Page } | { kind: 'notFound' } | ({ kind: 'redirect' } & RouteDecision);

/** /:moduleSlug/:pageSlug: slug 404 or module 404 is the not-found page; a missing module or page toasts and goes to 404. */
export function resolvePageRoute(moduleSlug: string, pageSlug: string, view: StructureView): PageResolution {
  if (moduleSlug === '404' || pageSlug === '404') return { kind: 'notFound' };
  const module = view.moduleBySlug(moduleSlug);
  if (!module) return { kind: 'redirect', redirect: '/404', replace: true, toast: { type: 'negative', key: 'toasts.pageMissingInModule' } };
  if (!pageSlug) {
    const first = defaultPageOf(module, view);
    return first ? { kind: 'redirect', redirect: pageHref(module.slug, first.slug), replace: true } : { kind: 'notFound' };
  }
  const page = view.pagesOf(module).find((p) => p.slug === pageSlug);
  if (!page) return { kind: 'redirect', redirect: '/404', replace: true, toast: { type: 'negative', key: 'toasts.pageMissing' } };
  return { kind: 'page', module, page };
}

/** The not-found page's go-back target: the default module's default page, else the default profile page, else /. */
export function notFoundGoBackTarget(
  view: StructureView,
  defaultModule: Module | undefined,
  defaultProfilePage?: { moduleSlug: string; pageSlug: string },
): string {
  const first = defaultModule && defaultPageOf(defaultModule, view);
  if (defaultModule && first) return pageHref(defaultModule.slug, first.slug);
  if (defaultProfilePage) return pageHref(defaultProfilePage.moduleSlug, defaultProfilePage.pageSlug);
  return '/';
}

/** /admin is for admins and elevated users. */
export const canEnterAdmin = (user: Pick<UserState, 'isAdmin' | 'isElevated'> | undefined) => !!user && (user.isAdmin || user.isElevated);

/** Scroll to top after navigation unless only the query changed or navigation went backwards. */
export function shouldScrollToTop(previousPath: string | undefined, nextPath: string, wentBack: boolean): boolean {
  if (wentBack) return false;
  return previousPath === undefined || previousPath !== nextPath;
}

/** /autoLogIn goes to / keeping the query. */
export const autoLogInRedirect = (search: string) => '/' + (search ? (search.startsWith('?') ? search : `?${search}`) : '');

/** returnTo with a leading /app removed, so it is relative to the base. */
export function stripAppPrefix(returnTo: string | null): string {
  if (!returnTo || !checkAppPath(returnTo).ok) return '/';
  return returnTo.replace(/^\/app(?=\/|$)/, '') || '/';
}

export type SocialLinkStatus = 'created' | 'exists' | string;
/** /socialAuth outcome: a toast by status (created, exists, else error) with the server's message or the default text, then returnTo. */
export function socialAuthOutcome(query: URLSearchParams, result: { status?: SocialLinkStatus; message?: string } | Error): RouteDecision {
  const provider = query.get('provider') ?? '';
  const status = result instanceof Error ? 'error' : result.status === 'created' || result.status === 'exists' ? result.status : 'error';
  const message = result instanceof Error ? result.message || undefined : result.message;
  return {
    redirect: stripAppPrefix(query.get('returnTo')),
    replace: true,
    toast: {
      type: status === 'error' ? 'negative' : status === 'exists' ? 'info' : 'positive',
      message,
      key: `socialSignIn.routes.status.${status}`,
      params: { provider },
    },
  };
}
/** /socialAuth/error: an error toast with the message, then returnTo. */
export function socialAuthErrorOutcome(query: URLSearchParams): RouteDecision {
  return {
    redirect: stripAppPrefix(query.get('returnTo')),
    replace: true,
    toast: {
      type: 'negative',
      message: query.get('message') || undefined,
      key: 'socialSignIn.routes.status.error',
      params: { provider: query.get('provider') ?? '' },
    },
  };
}

/**
 * A space's address after the server's decision (core §2.2, §2.5; GET entities/{id}/space): null
 * when the address shows the answered module and page, else the address to replace it with
 * (/space/:targetId and /space/:targetId/:moduleSlug always go on to a page, and a page the viewer
 * may not view goes to her landing page). `noLongerViewable`: the page was shown and is not now.
 */
export function spaceAnswerDecision(
  targetId: string,
  asked: { moduleSlug?: string; pageSlug?: string },
  answer: Pick<SpaceAnswer, 'moduleSlug' | 'pageSlug' | 'redirected'>,
  noLongerViewable = false,
): RouteDecision | null {
  if (!answer.redirected && answer.moduleSlug === asked.moduleSlug && answer.pageSlug === asked.pageSlug) return null;
  return {
    redirect: spacePageHref({ targetId, moduleSlug: answer.moduleSlug }, answer.pageSlug),
    replace: true,
    ...(noLongerViewable ? { toast: { type: 'warning', key: 'shell.space.noLongerViewable' } } : {}),
  };
}

/** A space the server refused: no page to view (404, an unknown entity too) is the not-found page with the missing-page toast; any other failure a state inside the shell. */
export function spaceFailureDecision(status: number | undefined): RouteDecision | 'failed' {
  return status === 404 ? { redirect: '/404', replace: true, toast: { type: 'negative', key: 'toasts.pageMissing' } } : 'failed';
}

/** History state key of a route decision's redirect: the navigation guard never refuses one (Decide.tsx). */
export const ROUTE_REDIRECT = 'routeRedirect';
/** True for a navigation a route decision made (its history state carries ROUTE_REDIRECT). */
export const isRouteRedirect = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && (state as Record<string, unknown>)[ROUTE_REDIRECT] === true;
