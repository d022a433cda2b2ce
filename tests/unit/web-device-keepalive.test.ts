import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../web/api/client';
import { ensureDeviceId, startDeviceKeepalive } from '../../web/shell/device-keepalive';
import { startJsonServer, type JsonServer } from '../helpers/json-server';
import { MemoryStorage } from '../helpers/memory-storage';

let server: JsonServer;
beforeAll(async () => {
  server = await startJsonServer({ 'POST /api/v1/user/deviceKeepalive': () => ({ body: { ok: true } }) });
});
afterAll(() => server.close());

describe('device keepalive (spec 4.3)', () => {
  it('makes the device id once and keeps it', () => {
    const storage = new MemoryStorage();
    let n = 0;
    const make = () => `dev-${++n}`;
    expect(ensureDeviceId(storage, make)).toBe('dev-1');
    expect(ensureDeviceId(storage, make)).toBe('dev-1');
    expect(storage.getItem('tessera.deviceId')).toBe('dev-1');
  });

  it('posts {deviceId} at once and on every interval until stopped', async () => {
    const api = createApiClient({ baseURL: `${server.url}/api/v1`, storage: new MemoryStorage() });
    const stop = startDeviceKeepalive(api, 'dev-9', 25);
    const beats = () => server.requests.filter((r) => r.path === '/api/v1/user/deviceKeepalive');
    for (let i = 0; i < 100 && beats().length < 3; i++) await new Promise((r) => setTimeout(r, 10));
    stop();
    const count = beats().length;
    expect(count).toBeGreaterThanOrEqual(3);
    expect(beats().every((r) => JSON.stringify(r.body) === '{"deviceId":"dev-9"}')).toBe(true);
    await new Promise((r) => setTimeout(r, 80));
    expect(beats().length).toBe(count);
  });
});
