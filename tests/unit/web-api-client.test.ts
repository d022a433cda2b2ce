import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, createApiClient } from '../../web/api/client';
import { fakeJwt, startJsonServer, type JsonServer } from '../helpers/json-server';
import { MemoryStorage } from '../helpers/memory-storage';

let server: JsonServer;
let storage: MemoryStorage;
const DAY_MS = 86_400_000;
const NOW = Date.UTC(2026, 0, 10);

beforeAll(async () => {
  server = await startJsonServer({
    'GET /api/v1/echo': (req) => ({ body: { auth: req.headers.authorization ?? null, q: req.query.get('q') } }),
    'POST /api/v1/auth/refresh': (req) => ({ body: { jwt: fakeJwt(NOW / 1000, `refreshed-from-${(req.body as { jwt: string }).jwt.length}`) } }),
    'GET /api/v1/settings': () => ({ body: { siteName: 'Counter ' + server.requests.filter((r) => r.path === '/api/v1/settings').length } }),
    'GET /api/v1/fail/empty': () => ({ status: 500 }),
    'GET /api/v1/fail/message': () => ({ status: 422, body: { error: 'Invalid', message: 'Slug already taken' } }),
    'GET /api/v1/fail/string': () => ({ status: 400, body: 'Quota exceeded for this list', text: true }),
    'GET /api/v1/fail/unauthorized': () => ({ status: 401, body: { error: 'Unauthorized', message: 'Not authorized' } }),
    'GET /api/v1/fail/tokenIssue': () => ({ status: 403, body: { message: 'Token expired', tokenIssue: true } }),
  });
});
afterAll(() => server.close());
beforeEach(() => {
  storage = new MemoryStorage();
  server.requests.length = 0;
});

const client = (extra: Parameters<typeof createApiClient>[0] = {}) => createApiClient({ baseURL: `${server.url}/api/v1`, storage, now: () => NOW, ...extra });

describe('API client', () => {
  it('sends the stored jwt as a bearer token and query parameters', async () => {
    const fresh = fakeJwt(NOW / 1000 - 60);
    storage.setItem('jwt', fresh);
    const res = await client().get<{ auth: string; q: string }>('echo', { query: { q: 'hello' } });
    expect(res).toEqual({ auth: `Bearer ${fresh}`, q: 'hello' });
  });

  it('refreshes a token older than one day before the call, once for concurrent calls, and stores the new one', async () => {
    const old = fakeJwt((NOW - DAY_MS - 1000) / 1000);
    storage.setItem('jwt', old);
    const api = client();
    const [a, b] = await Promise.all([api.get<{ auth: string }>('echo'), api.get<{ auth: string }>('echo')]);
    const refreshed = storage.getItem('jwt')!;
    expect(refreshed).not.toBe(old);
    expect(a.auth).toBe(`Bearer ${refreshed}`);
    expect(b.auth).toBe(`Bearer ${refreshed}`);
    const refreshCalls = server.requests.filter((r) => r.path === '/api/v1/auth/refresh');
    expect(refreshCalls).toHaveLength(1);
    expect(refreshCalls[0].headers.authorization).toBe(`Bearer ${old}`);
  });

  it('does not refresh a token younger than one day', async () => {
    storage.setItem('jwt', fakeJwt((NOW - DAY_MS + 60_000) / 1000));
    await client().get('echo');
    expect(server.requests.map((r) => r.path)).toEqual(['/api/v1/echo']);
  });

  it('serves cachedGet from the one-day cache until marked dirty or expired', async () => {
    let now = NOW;
    const api = client({ now: () => now });
    expect(await api.cachedGet('settings')).toEqual({ siteName: 'Counter 1' });
    expect(await api.cachedGet('settings')).toEqual({ siteName: 'Counter 1' });
    api.markDirty('settings');
    expect(await api.cachedGet('settings')).toEqual({ siteName: 'Counter 2' });
    expect(await api.cachedGet('settings')).toEqual({ siteName: 'Counter 2' });
    now += DAY_MS + 1;
    expect(await api.cachedGet('settings')).toEqual({ siteName: 'Counter 3' });
  });

  it("shows 'Server error' for a failure without a message, the message otherwise, and a string result as the error", async () => {
    const seen: string[] = [];
    const api = client({ onError: (e) => seen.push(e.message) });
    await expect(api.get('fail/empty')).rejects.toMatchObject({ message: 'Server error', status: 500 });
    await expect(api.get('fail/message')).rejects.toMatchObject({ message: 'Slug already taken', status: 422 });
    await expect(api.get('fail/string')).rejects.toMatchObject({ message: 'Quota exceeded for this list' });
    await expect(api.get('fail/empty', { quiet: true })).rejects.toBeInstanceOf(ApiError);
    expect(seen).toEqual(['Server error', 'Slug already taken', 'Quota exceeded for this list']);
  });

  it("logs out once on 401 'Not authorized', clearing the stored token", async () => {
    storage.setItem('jwt', fakeJwt(NOW / 1000));
    const logouts: string[] = [];
    const api = client({ onLogout: (r) => logouts.push(r) });
    await expect(api.get('fail/unauthorized')).rejects.toMatchObject({ status: 401 });
    await expect(api.get('fail/unauthorized')).rejects.toMatchObject({ status: 401 });
    expect(logouts).toEqual(['notAuthorized']);
    expect(storage.getItem('jwt')).toBeNull();
  });

  it('after a deliberate logout (clearToken), a late 401 does not log out again', async () => {
    storage.setItem('jwt', fakeJwt(NOW / 1000));
    const logouts: string[] = [];
    const api = client({ onLogout: (r) => logouts.push(r) });
    api.clearToken();
    await expect(api.get('fail/unauthorized')).rejects.toMatchObject({ status: 401 });
    expect(logouts).toEqual([]);
  });

  it('logs out when an error response carries a tokenIssue', async () => {
    const logouts: string[] = [];
    await expect(client({ onLogout: (r) => logouts.push(r) }).get('fail/tokenIssue')).rejects.toMatchObject({ message: 'Token expired' });
    expect(logouts).toEqual(['tokenIssue']);
  });

  it('posts JSON bodies', async () => {
    server.routes.set('POST /api/v1/i18n', (req) => ({ body: { got: req.body, iso: req.query.get('iso') } }));
    const res = await client().post('i18n', [{ key: 'shell.main', data: 'Main' }], { query: { iso: 'fr' } });
    expect(res).toEqual({ got: [{ key: 'shell.main', data: 'Main' }], iso: 'fr' });
  });
});
