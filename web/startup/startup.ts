/**
 * The start-up sequence of spec 4.1 as a plain async function over injected parts, so it runs
 * the same in the browser and in tests against a real HTTP server.
 */
import type { ApiClient } from '../api/client';
import { adaptInit, type AppInit } from '../api/init-adapter';
import type { Settings } from '../../schemas/model';

/** The five progress flags of spec 4.1 step 5. */
export const STARTUP_FLAGS = ['user', 'language', 'structure', 'settings', 'theme'] as const;
export type StartupFlag = (typeof STARTUP_FLAGS)[number];
export type StartupFlags = Record<StartupFlag, boolean>;

export const noFlags = (): StartupFlags => ({ user: false, language: false, structure: false, settings: false, theme: false });
/** Progress in whole percent: each flag is a fifth. */
export const startupProgress = (flags: StartupFlags) => Math.round((STARTUP_FLAGS.filter((f) => flags[f]).length / STARTUP_FLAGS.length) * 100);

export class StartupError extends Error {
  constructor(
    message: string,
    readonly kind: 'notLoggedIn' | 'badge' | 'init',
  ) {
    super(message);
    this.name = 'StartupError';
  }
}

export type StartupOutcome = { kind: 'ready'; init: AppInit; settings: Settings; safeMode: boolean } | { kind: 'denied'; redirectTo: string };

export interface StartupDeps {
  api: ApiClient;
  /** The address the app was opened at. */
  url: URL;
  online: () => boolean;
  onFlag: (flag: StartupFlag) => void;
  /** Applies the brand theme (section 4.2) once settings are known; resolves when the style sheet is in place. */
  loadTheme: (settings: Settings) => Promise<void>;
  /** Removes t, s (and badge) from the address once used, so a reload does not repeat them. */
  replaceUrl: (url: URL) => void;
  reload: () => void;
  /** The 'User not logged in' text, translated. */
  notLoggedInMessage?: string;
}

/** Safe mode (spec 4.1 step 6): query safeMode is on, 1 or true. */
export function isSafeMode(search: URLSearchParams): boolean {
  return ['on', '1', 'true'].includes((search.get('safeMode') ?? '').toLowerCase());
}

/** The account page a user without general access is sent to (spec 4.1 step 4). */
export const ACCOUNT_PAGE_PATH = '/account';

export async function runStartup(deps: StartupDeps): Promise<StartupOutcome> {
  const { api, url } = deps;
  const serviceId = url.searchParams.get('t');
  const secret = url.searchParams.get('s');
  if (serviceId && secret) {
    const { jwt } = await api.post<{ jwt: string }>('auth/tradeSecret', { secret, serviceId });
    api.setToken(jwt);
    const clean = new URL(url);
    clean.searchParams.delete('t');
    clean.searchParams.delete('s');
    deps.replaceUrl(clean);
  }
  if (!api.getToken()) throw new StartupError(deps.notLoggedInMessage ?? 'User not logged in', 'notLoggedIn');

  const badge = url.searchParams.get('badge');
  if (badge) {
    try {
      await api.get('checkFrameworkBadge', { query: { badge }, quiet: true });
    } catch {
      api.clearToken();
      const clean = new URL(url);
      clean.searchParams.delete('badge');
      deps.replaceUrl(clean);
      deps.reload();
      throw new StartupError('Badge check failed', 'badge');
    }
  }

  const settings = await api.get<Settings>('settings');
  deps.onFlag('settings');
  const themeLoaded = deps.loadTheme(settings).then(() => deps.onFlag('theme'));
  const imageToken = deps.online()
    ? api.get<{ token?: string }>('user/image_access_token', { quiet: true }).catch(() => undefined)
    : Promise.resolve(undefined);
  const opts = initOpts(url);
  const init = adaptInit(await api.get('init', opts ? { query: { opts } } : undefined));
  deps.onFlag('user');
  deps.onFlag('language');
  deps.onFlag('structure');
  const token = await imageToken;
  if (token?.token) init.user.imageAccessToken = token.token;
  await themeLoaded;
  if (!init.generalAccessPermitted) return { kind: 'denied', redirectTo: ACCOUNT_PAGE_PATH };
  return { kind: 'ready', init, settings: { ...settings, ...init.settings }, safeMode: isSafeMode(url.searchParams) };
}

/**
 * GET init's `opts` for the address being opened (/app/:moduleSlug/:pageSlug/..., or a space's
 * /app/space/:targetId/:moduleSlug/:pageSlug with the target as `entityId`), so the server
 * sends that page's blocks and fields with init and the first page needs no second request.
 */
export function initOpts(url: URL): string | undefined {
  // A space's page comes for its entity (the server sends it only when the space decision lists it).
  const space = /^\/app\/space\/([^/?#]+)\/([^/?#]+)\/([^/?#]+)/.exec(url.pathname);
  const match = /^\/app\/([^/?#]+)\/([^/?#]+)/.exec(url.pathname);
  if (!space && (!match || match[1] === 'space' || match[1] === 'admin')) return undefined;
  try {
    if (space)
      return JSON.stringify({ moduleSlug: decodeURIComponent(space[2]), pageSlug: decodeURIComponent(space[3]), entityId: decodeURIComponent(space[1]) });
    return JSON.stringify({ moduleSlug: decodeURIComponent(match![1]), pageSlug: decodeURIComponent(match![2]) });
  } catch {
    return undefined;
  }
}
