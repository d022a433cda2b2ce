/**
 * The route table of spec 2.2 under base /app, the named-route link helpers and in-text link
 * handling. Paths here are relative to the base (wouter's Router base adds /app).
 */
import { checkAppPath } from '../../engine/core/url-check';

export const APP_BASE = '/app';

/** Route patterns in matching order (wouter syntax). */
export const ROUTES = {
  home: '/',
  settings: '/settings',
  chat: '/chat/:targetId?',
  admin: '/admin/*?',
  autoLogIn: '/autoLogIn',
  socialAuthError: '/socialAuth/error',
  socialAuth: '/socialAuth',
  spaceRedirect: '/space/:targetId',
  spaceModule: '/space/:targetId/:moduleSlug',
  spacePage: '/space/:targetId/:moduleSlug/:pageSlug/',
  spacePageNoSlash: '/space/:targetId/:moduleSlug/:pageSlug',
  notFound: '/404',
  module: '/:moduleSlug',
  moduleSlash: '/:moduleSlug/',
  page: '/:moduleSlug/:pageSlug/:targetId?/:modifier?',
} as const;

type QueryValue = string | number | string[] | undefined;

function withQuery(path: string, query: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined) continue;
    params.set(k, Array.isArray(v) ? v.join(',') : String(v));
  }
  const s = params.toString();
  return s ? `${path}?${s}` : path;
}
const seg = (s: string | number) => encodeURIComponent(String(s));

/**
 * Named routes used for links (spec 2.2). Results are relative to /app. The admin's named routes
 * (editBrand, editEntity, editEntityDefinition and the rest of core 2.3) are `adminHref` of the
 * area catalogue (engine/core/admin-areas.ts), which the member entry does not carry.
 */
export const routeHref = {
  /** `tab` is a list of blockhash_tabhash pairs; `blockQuery` carries a block's post and page number. */
  page(p: { moduleSlug: string; pageSlug: string; targetId?: string | number; tab?: string[]; blockQuery?: Record<string, string | number> }): string {
    const path = `/${seg(p.moduleSlug)}/${seg(p.pageSlug)}` + (p.targetId !== undefined ? `/${seg(p.targetId)}` : '');
    return withQuery(path, { tab: p.tab?.length ? p.tab : undefined, ...(p.blockQuery ?? {}) });
  },
  space: (p: { targetId: string | number; moduleSlug: string; pageSlug: string }) => `/space/${seg(p.targetId)}/${seg(p.moduleSlug)}/${seg(p.pageSlug)}/`,
  module: (p: { moduleSlug: string }) => `/${seg(p.moduleSlug)}`,
  chat: (p: { targetId?: string | number } = {}) => (p.targetId !== undefined ? `/chat/${seg(p.targetId)}` : '/chat/'),
};

/** The tab query parameter: a comma list of blockhash_tabhash pairs. */
export function parseTabQuery(value: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (value ?? '').split(',')) {
    const [block, tab] = pair.split('_');
    if (block && tab) out[block] = tab;
  }
  return out;
}
export const formatTabQuery = (tabs: Record<string, string>) =>
  Object.entries(tabs)
    .map(([b, t]) => `${b}_${t}`)
    .join(',');

/**
 * In-text links (spec 2.1): a link written with a leading slash is an in-app path. Returns the
 * path relative to the base for in-app navigation, or null for links the browser should follow.
 */
export function inAppPath(href: string | null): string | null {
  if (!href || !checkAppPath(href).ok) return null;
  if (href === APP_BASE || href.startsWith(APP_BASE + '/')) return href.slice(APP_BASE.length) || '/';
  if (href.startsWith('/api/')) return null;
  return href;
}
/** The address an in-text link's href is rewritten to: /foo -> /app/foo. */
export const prefixedHref = (href: string) => {
  const inApp = inAppPath(href);
  return inApp === null ? href : APP_BASE + inApp;
};

/** A target id is a profile when it is an integer, otherwise an entity slug or id. */
export function targetKind(targetId: string | undefined): 'none' | 'profile' | 'entity' {
  if (!targetId) return 'none';
  return /^\d+$/.test(targetId) ? 'profile' : 'entity';
}
