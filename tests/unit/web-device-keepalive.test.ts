import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiClient, type ApiCallOptions, type ApiClient } from '../../web/api/client';
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
    // Only the interval timer is faked: the beats are counted where the client sends them, and
    // the HTTP requests themselves run for real against the scripted server.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const client = createApiClient({ baseURL: `${server.url}/api/v1`, storage: new MemoryStorage() });
      const sent: Promise<unknown>[] = [];
      const api: Pick<ApiClient, 'post'> = {
        post: <T>(path: string, body?: unknown, options?: ApiCallOptions) => {
          const request = client.post<T>(path, body, options);
          sent.push(request);
          return request;
        },
      };
      const stop = startDeviceKeepalive(api, 'dev-9', 25);
      expect(sent).toHaveLength(1);
      vi.advanceTimersByTime(50);
      expect(sent).toHaveLength(3);
      stop();
      vi.advanceTimersByTime(250);
      expect(sent).toHaveLength(3);
      await Promise.all(sent);
      const beats = server.requests.filter((r) => r.path === '/api/v1/user/deviceKeepalive');
      expect(beats.map((r) => r.body)).toEqual([{ deviceId: 'dev-9' }, { deviceId: 'dev-9' }, { deviceId: 'dev-9' }]);
    } finally {
      vi.useRealTimers();
    }
  });
});
