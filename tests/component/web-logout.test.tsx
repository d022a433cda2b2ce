import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../web/api/client';
import { logout } from '../../web/shell/logout';
import { startJsonServer, type JsonServer } from '../helpers/json-server';

let server: JsonServer;
beforeAll(async () => {
  server = await startJsonServer({ 'GET /api/v1/logout': () => ({ body: { loggedOut: true, redirectTo: '/login' } }) });
});
afterAll(() => server.close());

describe('logout (spec 4.1 step 7)', () => {
  it('sends the device id, clears the session and ends at the logout address', async () => {
    localStorage.setItem('jwt', 'a.b.c');
    localStorage.setItem('tessera.deviceId', 'dev-1');
    const api = createApiClient({ baseURL: `${server.url}/api/v1` });
    let went = '';
    await logout(api, (url) => (went = url), 'https://site.example');
    expect(went).toBe('https://site.example/login');
    expect(localStorage.getItem('jwt')).toBeNull();
    expect(sessionStorage.getItem('tessera.loggedOut')).toBe('1');
    const call = server.requests.find((r) => r.path === '/api/v1/logout')!;
    expect(call.query.get('deviceId')).toBe('dev-1');
    expect(call.headers.authorization).toBe('Bearer a.b.c');
  });

  it('falls back to the site origin when the call fails or names somewhere else', async () => {
    let went = '';
    server.routes.set('GET /api/v1/logout', () => ({ status: 500 }));
    await logout(createApiClient({ baseURL: `${server.url}/api/v1` }), (url) => (went = url), 'https://site.example');
    expect(went).toBe('https://site.example');
    server.routes.set('GET /api/v1/logout', () => ({ body: { redirectTo: '//evil.example/x' } }));
    await logout(createApiClient({ baseURL: `${server.url}/api/v1` }), (url) => (went = url), 'https://site.example');
    expect(went).toBe('https://site.example');
  });
});
