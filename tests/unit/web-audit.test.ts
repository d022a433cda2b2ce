import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../web/api/client';
import Ajv from 'ajv';
import auditSaveSchema from '../../schemas/json/api/audit-save-request.schema.json' with { type: 'json' };
import { createAuditBuffer, toWireEntry, type AuditEntry } from '../../web/audit/audit-buffer';
import { startJsonServer, type JsonServer } from '../helpers/json-server';
import { MemoryStorage } from '../helpers/memory-storage';

let server: JsonServer;
let failNext = false;
let refuseNext = false;
beforeAll(async () => {
  server = await startJsonServer({
    'POST /api/v1/audit/save': () => {
      if (failNext) {
        failNext = false;
        return { status: 503 };
      }
      if (refuseNext) {
        refuseNext = false;
        return { status: 400, body: { error: 'Bad Request', message: 'invalid request body' } };
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
  it("sends every kind in the shape the server's audit/save schema accepts", () => {
    const validate = new Ajv({ strict: false }).compile(auditSaveSchema);
    const kinds: AuditEntry[] = [
      { type: 'pageView', pageId: 'p', moduleId: 'm' },
      { type: 'profileView', profileId: '7' },
      { type: 'entityPageView', entityId: 'e', pageId: 'p' },
      { type: 'entityView', entityId: 'e' },
      { type: 'internalModalOpened', blockId: 'b' },
      { type: 'externalLinkClicked', blockId: 'b', pageId: 'p', url: 'https://example.org' },
    ];
    const batch = kinds.map((k) => toWireEntry(k, 1));
    expect(validate(batch), JSON.stringify(validate.errors)).toBe(true);
  });

  it('drops a batch the server refuses (4xx) instead of retrying it for ever', async () => {
    const audit = createAuditBuffer(api(), { now: () => 1 });
    refuseNext = true;
    audit.log({ type: 'pageView', pageId: 'p1' });
    await audit.flush();
    expect(audit.pending()).toBe(0);
  });

  it('posts every buffered entry in one quiet call on save, and nothing when empty', async () => {
    const audit = createAuditBuffer(api(), { now: () => 1000 });
    audit.log({ type: 'pageView', pageId: 'p1', moduleId: 'm1' });
    audit.log({ type: 'externalLinkClicked', blockId: 'b1', pageId: 'p1', url: 'https://example.org' });
    await audit.flush();
    await audit.flush();
    expect(saves()).toEqual([
      [
        { logType: 'pageView', subject: 'p1', actionTime: 1000, extra: { moduleId: 'm1' } },
        { logType: 'externalLinkClicked', subject: 'https://example.org', actionTime: 1000, extra: { blockId: 'b1', pageId: 'p1' } },
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
      { logType: 'entityView', subject: 'e1', actionTime: 5 },
      { logType: 'profileView', subject: '42', actionTime: 5 },
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
    expect(saves()[1]).toMatchObject([{ logType: 'entityPageView', subject: 'e', extra: { pageId: 'p' } }]);
    stopAgain();
  });
});
