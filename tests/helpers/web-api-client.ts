import type { ApiCallOptions, ApiClient } from '../../web/api/client';
import type { ApiServer } from './api-server';

/** The web app's API client surface the file service uses, over real HTTP to the test server (identity encoding: jsdom cannot inflate). */
export function webApiClient(server: ApiServer, token: string): ApiClient {
  const call = async <T>(method: string, path: string, body?: unknown, options?: ApiCallOptions): Promise<T> => {
    const query = options?.query ? `?${new URLSearchParams(options.query as Record<string, string>).toString()}` : '';
    const res = await server.call<T>(method, `${path}${query}`, { token, body, headers: { 'accept-encoding': 'identity' } });
    if (res.status >= 400) throw new Error((res.body as { message?: string }).message ?? `status ${res.status}`);
    return res.body;
  };
  return {
    baseURL: `${server.url}/api/v1`,
    get: (path, options) => call('GET', path, undefined, options),
    post: (path, body, options) => call('POST', path, body, options),
    put: (path, body, options) => call('PUT', path, body, options),
    patch: (path, body, options) => call('PATCH', path, body, options),
    delete: (path, options) => call('DELETE', path, undefined, options),
    cachedGet: (path, options) => call('GET', path, undefined, options),
    markDirty: () => undefined,
    async stream(path) {
      const res = await fetch(`${server.url}/api/v1/${path}`, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' } });
      if (!res.ok || !res.body) throw new Error(`status ${res.status}`);
      return res.body;
    },
    getToken: () => token,
    setToken: () => undefined,
    clearToken: () => undefined,
  };
}
