/**
 * The API client (spec 7 and 8) on ofetch. Bearer token from local storage `jwt`, refreshed when
 * older than a day (auth calls send the stored token as is), a cached GET (one-day browser cache
 * with a dirty flag), and the error rules of section 8: a failure without a message is 'Server
 * error', a string result is the error text, 401 'Not authorized' logs out once, a tokenIssue
 * logs out.
 */
import { ofetch, FetchError, type FetchOptions } from 'ofetch';
import { BROWSER_CACHE_MS, TOKEN_REFRESH_AGE_S } from '../../engine/core/constants';
import { stripMarksDeep } from '../../engine/core/i18n/text-marks';
import { JWT_STORAGE_KEY, tokenNeedsRefresh } from './token';

export const API_BASE_URL = '/api/v1';
/** Sent while edit mode is on: an editor's reads see the drafts and her structure writes make drafts (server/structure/drafts.ts). */
export const DRAFTS_HEADER = 'x-tessera-drafts';
const CACHE_PREFIX = 'tessera.apiCache:';
/** Calls that send the stored token without refreshing it first (spec 7). */
const STORED_TOKEN_PATHS = ['auth/login', 'auth/refresh', 'auth/forgot_password', 'auth/reset_password', 'auth/activate', 'auth/tradeSecret'];

export type Query = Record<string, string | number | boolean | undefined | null | (string | number)[]>;

export interface ApiCallOptions {
  query?: Query;
  body?: unknown;
  /** Errors are not reported through onError (the audit buffer posts quietly). */
  quiet?: boolean;
  signal?: AbortSignal;
}

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly data: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiClientOptions {
  baseURL?: string;
  storage?: Storage;
  now?: () => number;
  /** Called when the session must end (401 'Not authorized' once, or a tokenIssue). */
  onLogout?: (reason: 'notAuthorized' | 'tokenIssue') => void;
  /** Called with every non-quiet failure, after its message is resolved (shown as a toast by the shell). */
  onError?: (error: ApiError) => void;
  /** Translated 'Server error'. */
  serverErrorMessage?: string;
}

export interface ApiClient {
  readonly baseURL: string;
  get<T>(path: string, options?: ApiCallOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: ApiCallOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: ApiCallOptions): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: ApiCallOptions): Promise<T>;
  delete<T>(path: string, options?: ApiCallOptions): Promise<T>;
  /** GET answered from the one-day browser cache unless the path was marked dirty or the entry expired. */
  cachedGet<T>(path: string, options?: ApiCallOptions): Promise<T>;
  /** Marks cached GETs whose path starts with `prefix` (all when omitted) dirty: the next cachedGet refetches. */
  markDirty(prefix?: string): void;
  /** GET returning the raw body stream (large exports). */
  stream(path: string, options?: ApiCallOptions): Promise<ReadableStream<Uint8Array>>;
  getToken(): string | null;
  setToken(jwt: string): void;
  clearToken(): void;
  /** Edit mode on or off: whether requests ask for the drafts (DRAFTS_HEADER). */
  setDrafts?(on: boolean): void;
}

interface ErrorBody {
  message?: unknown;
  error?: unknown;
  tokenIssue?: unknown;
}

/** Section 8: the message to show for a failure. */
export function errorMessageOf(data: unknown, fallback: string): string {
  if (typeof data === 'string' && data.trim() !== '' && !data.trimStart().startsWith('<')) return data;
  if (data && typeof data === 'object') {
    const body = data as ErrorBody;
    if (typeof body.message === 'string' && body.message) return body.message;
    if (typeof body.error === 'string' && body.error) return body.error;
  }
  return fallback;
}

function hasTokenIssue(data: unknown): boolean {
  return !!data && typeof data === 'object' && !!(data as ErrorBody).tokenIssue;
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseURL = options.baseURL ?? API_BASE_URL;
  const storage = options.storage ?? globalThis.localStorage;
  const now = options.now ?? Date.now;
  const serverError = options.serverErrorMessage ?? 'Server error';
  const dirty = new Set<string>();
  let allDirty = false;
  let loggedOut = false;
  let refreshing: Promise<string | null> | null = null;
  /** Edit mode: every request asks for the drafts (the server honours it for editors only). */
  let drafts = false;

  const getToken = () => storage?.getItem(JWT_STORAGE_KEY) ?? null;
  const setToken = (jwt: string) => storage?.setItem(JWT_STORAGE_KEY, jwt);
  const clearToken = () => storage?.removeItem(JWT_STORAGE_KEY);
  const trim = (path: string) => path.replace(/^\/+/, '');

  const logout = (reason: 'notAuthorized' | 'tokenIssue') => {
    if (loggedOut) return;
    loggedOut = true;
    clearToken();
    options.onLogout?.(reason);
  };

  async function refreshToken(jwt: string): Promise<string | null> {
    refreshing ??= ofetch<{ jwt?: string }>('auth/refresh', { baseURL, method: 'POST', body: { jwt }, headers: { authorization: `Bearer ${jwt}` } })
      .then((r) => {
        if (r?.jwt) setToken(r.jwt);
        return r?.jwt ?? jwt;
      })
      .catch(() => jwt)
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  async function tokenFor(path: string): Promise<string | null> {
    const jwt = getToken();
    if (!jwt) return null;
    if (STORED_TOKEN_PATHS.some((p) => path === p || path.startsWith(p + '?'))) return jwt;
    return tokenNeedsRefresh(jwt, TOKEN_REFRESH_AGE_S, now()) ? refreshToken(jwt) : jwt;
  }

  async function call<T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', rawPath: string, opts: ApiCallOptions = {}, responseType?: 'stream'): Promise<T> {
    const path = trim(rawPath);
    const jwt = await tokenFor(path);
    const fetchOptions: Omit<FetchOptions, 'responseType'> = {
      baseURL,
      method,
      query: opts.query as FetchOptions['query'],
      signal: opts.signal,
      headers: jwt || drafts ? { ...(jwt ? { authorization: `Bearer ${jwt}` } : {}), ...(drafts ? { [DRAFTS_HEADER]: '1' } : {}) } : undefined,
    };
    // Text-edit mode marks labels (engine/core/i18n/text-marks): none may reach the server.
    if (opts.body !== undefined) fetchOptions.body = stripMarksDeep(opts.body) as FetchOptions['body'];
    try {
      if (responseType === 'stream') return (await ofetch(path, { ...fetchOptions, responseType: 'stream' })) as T;
      return await ofetch<T>(path, fetchOptions);
    } catch (cause) {
      const status = cause instanceof FetchError ? cause.status : undefined;
      const data = cause instanceof FetchError ? cause.data : undefined;
      const error = new ApiError(errorMessageOf(data, serverError), status, data);
      if (status === 401 && error.message === 'Not authorized') logout('notAuthorized');
      else if (hasTokenIssue(data)) logout('tokenIssue');
      if (!opts.quiet) options.onError?.(error);
      throw error;
    }
  }

  const cacheKey = (path: string, query?: Query) => CACHE_PREFIX + path + (query ? '?' + JSON.stringify(query) : '');

  async function cachedGet<T>(rawPath: string, opts: ApiCallOptions = {}): Promise<T> {
    const path = trim(rawPath);
    // Drafts are never kept in the browser's cache.
    if (drafts) return call<T>('GET', path, opts);
    const key = cacheKey(path, opts.query);
    const isDirty = allDirty || [...dirty].some((prefix) => path.startsWith(prefix));
    if (!isDirty) {
      const stored = storage?.getItem(key);
      if (stored) {
        try {
          const entry = JSON.parse(stored) as { at: number; data: T };
          if (now() - entry.at < BROWSER_CACHE_MS) return entry.data;
        } catch {
          storage?.removeItem(key);
        }
      }
    }
    const data = await call<T>('GET', path, opts);
    try {
      storage?.setItem(key, JSON.stringify({ at: now(), data }));
    } catch {
      // Storage full: the answer is still returned, just not cached.
    }
    if (isDirty) {
      allDirty = false;
      for (const prefix of [...dirty]) if (path.startsWith(prefix)) dirty.delete(prefix);
    }
    return data;
  }

  return {
    baseURL,
    get: (path, opts) => call('GET', path, opts),
    post: (path, body, opts) => call('POST', path, { ...opts, body }),
    put: (path, body, opts) => call('PUT', path, { ...opts, body }),
    patch: (path, body, opts) => call('PATCH', path, { ...opts, body }),
    delete: (path, opts) => call('DELETE', path, opts),
    cachedGet,
    markDirty(prefix) {
      if (prefix === undefined) allDirty = true;
      else dirty.add(trim(prefix));
    },
    stream: (path, opts) => call<ReadableStream<Uint8Array>>('GET', path, opts, 'stream'),
    setDrafts(on) {
      drafts = on;
    },
    getToken,
    setToken,
    // A deliberate logout ends the session: a request still in flight (the audit flush on unload)
    // that answers 401 must not log out again, which reloaded the page over the logout's navigation.
    clearToken: () => {
      loggedOut = true;
      clearToken();
    },
  };
}
