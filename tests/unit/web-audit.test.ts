import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../web/api/client';
import { createAuditBuffer } from '../../web/audit/audit-buffer';
import { startJsonServer, type JsonServer } from '../helpers/json-server';
import { MemoryStorage } from '../helpers/memory-storage';

let server: JsonServer;
let failNext = false;
beforeAll(async () => {
  server = await startJsonServer({
    'POST /api/v1/audit/save': () => {
      if (failNext) {
        failNext = false;
        return { status: 503 };
      }
      return { body: { saved: true } };
    },
  });
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

const api = () => createApiClient({ baseURL: `${server.url}/api/v1`, storage: new MemoryStorage(), onError: () => expect.fail('audit posts are quiet') });
const saves = () => server.requests.filter((r) => r.path === '/api/v1/audit/save').map((r) => r.body);

describe('audit buffer (spec 7.5)', () => {
  it('posts every buffered entry in one quiet call on save, and nothing when empty', async () => {
    const audit = createAuditBuffer(api(), { now: () => 1000 });
    audit.log({ type: 'pageView', pageId: 'p1', moduleId: 'm1' });
    audit.log({ type: 'externalLinkClicked', blockId: 'b1', pageId: 'p1', url: 'https://example.org' });
    await audit.flush();
    await audit.flush();
    expect(saves()).toEqual([
      [
        { type: 'pageView', pageId: 'p1', moduleId: 'm1', timestamp: 1000 },
        { type: 'externalLinkClicked', blockId: 'b1', pageId: 'p1', url: 'https://example.org', timestamp: 1000 },
      ],
    ]);
    expect(audit.pending()).toBe(0);
  });

  it('keeps entries after a failed post and sends them with the next flush', async () => {
    const audit = createAuditBuffer(api(), { now: () => 5 });
    audit.log({ type: 'entityView', entityId: 'e1' });
    failNext = true;
    await audit.flush();
    expect(audit.pending()).toBe(1);
    audit.log({ type: 'profileView', profileId: '42' });
    await audit.flush();
    expect(saves().at(-1)).toEqual([
      { type: 'entityView', entityId: 'e1', timestamp: 5 },
      { type: 'profileView', profileId: '42', timestamp: 5 },
    ]);
  });

  it('flushes on its interval and before unload', async () => {
    const target = new EventTarget();
    const audit = createAuditBuffer(api(), { intervalMs: 20 });
    const stop = audit.start(target as unknown as Window);
    audit.log({ type: 'internalModalOpened', blockId: 'b9' });
    for (let i = 0; i < 100 && saves().length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(saves()).toHaveLength(1);
    stop();
    audit.log({ type: 'entityPageView', entityId: 'e', pageId: 'p' });
    target.dispatchEvent(new Event('beforeunload'));
    await new Promise((r) => setTimeout(r, 60));
    expect(saves()).toHaveLength(1);
    const stopAgain = audit.start(target as unknown as Window);
    target.dispatchEvent(new Event('beforeunload'));
    for (let i = 0; i < 100 && saves().length === 1; i++) await new Promise((r) => setTimeout(r, 10));
    expect(saves()[1]).toMatchObject([{ type: 'entityPageView' }]);
    stopAgain();
  });
});
