/**
 * Drafts and publishing (issue 35), on both databases: what an editor changes in edit mode (the
 * `x-tessera-drafts` header) is a draft that editors see and members never receive, over HTTP or
 * realtime, until it is published (one page, or all) as one `items:changes`; a publish is taken
 * back with its revert token (the drafts come back); discard returns to the published version;
 * a member can neither publish nor read drafts; a damaged draft is dropped, never a 500.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Block } from '../../schemas/model';
import type { DraftsPublishResponse, DraftsResponse, PageResponse, StructureResponse } from '../../schemas/model/api/structure';
import type { ItemsChanges } from '../../server/structure/realtime-events';
import { BACKENDS, startApiServer, type ApiServer } from '../helpers/api-server';
import { emitAck, nextEvent, recordEvents, settle, socketFor, type Socket } from '../helpers/sockets';

const DRAFTS = { 'x-tessera-drafts': '1' };

describe.each(BACKENDS)('drafts on %s', (backend) => {
  let api: ApiServer;
  let admin: string;
  let maya: string;
  const sockets: Socket[] = [];
  const connect = async (token: string) => {
    const socket = await socketFor(api.url, token);
    sockets.push(socket);
    return socket;
  };
  /** Ada in edit mode. */
  const edit = <T = unknown>(method: string, path: string, body?: unknown) => api.call<T>(method, path, { token: admin, body, headers: DRAFTS });
  const structureOf = async (token: string, headers?: Record<string, string>) =>
    (await api.call<StructureResponse>('GET', 'structure', { token, headers })).body;
  const moduleIds = (s: StructureResponse) => s.modules.map((m) => m.id);
  const newsText = async (token: string, headers?: Record<string, string>) =>
    ((await api.call<PageResponse>('GET', 'structure/page/news', { token, headers })).body.blocks.find((b) => b.id === 'news-2')?.options as { text?: string })
      ?.text;

  beforeAll(async () => {
    api = await startApiServer(backend);
    admin = await api.signIn('admin');
    maya = await api.signIn('maya');
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await api?.close();
  });

  it('a new module, page and block are drafts: editors in edit mode see them, Maya does not over HTTP or realtime', async () => {
    const mayaSocket = await connect(maya);
    const adaSocket = await connect(admin);
    expect(await emitAck(mayaSocket, 'module:subscribe', { id: 'members-area' })).toEqual({ ok: true });
    expect(await emitAck(mayaSocket, 'page:subscribe', { id: 'news' })).toEqual({ ok: true });
    // Maya may not join the editors' room.
    expect(await emitAck(mayaSocket, 'drafts:subscribe', { id: 'all' })).toEqual({ ok: false, error: 'forbidden' });
    expect(await emitAck(adaSocket, 'drafts:subscribe', { id: 'all' })).toEqual({ ok: true });
    const toMaya = recordEvents(mayaSocket);
    const adaHears = nextEvent<ItemsChanges & { drafts?: boolean }>(adaSocket, 'items:changes');

    expect((await edit('PUT', 'structure/module', { module: { id: 'projects', slug: 'projects', name: 'Projects' } })).status).toBe(200);
    const heard = await adaHears;
    expect(heard.drafts).toBe(true);
    expect(heard.items.map((i) => i.id)).toEqual(['projects']);
    expect((await edit('PUT', 'structure/page', { moduleId: 'projects', page: { id: 'build-log', slug: 'build-log', name: 'Build log' } })).status).toBe(200);
    const block = await edit<{ block: Block }>('PUT', 'structure/block', { pageId: 'build-log', block: { id: 'build-log-1', type: 'tabs' }, defaults: true });
    expect(block.status).toBe(200);
    expect((await edit('POST', 'structure/block/news-2/property', { key: 'options', value: { text: 'Draft text' } })).status).toBe(200);

    // Editors in edit mode see the drafts; the same editor without the header, and Maya, see what is published.
    expect(moduleIds(await structureOf(admin, DRAFTS))).toContain('projects');
    expect((await structureOf(admin, DRAFTS)).modules.find((m) => m.id === 'projects')!.pages.map((p) => p.id)).toEqual(['build-log']);
    expect(moduleIds(await structureOf(admin))).not.toContain('projects');
    expect(moduleIds(await structureOf(maya))).not.toContain('projects');
    // Her header is ignored: she is no editor.
    expect(moduleIds(await structureOf(maya, DRAFTS))).not.toContain('projects');
    expect((await api.call('GET', 'structure/page/build-log', { token: maya, headers: DRAFTS })).status).toBe(404);
    expect((await edit<PageResponse>('GET', 'structure/page/build-log')).body.blocks.map((b) => b.id)).toEqual(['build-log-1']);
    expect(await newsText(maya)).toBe('Our spring repair café takes place on the first Saturday of April.');
    expect(await newsText(admin, DRAFTS)).toBe('Draft text');

    const drafts = (await edit<DraftsResponse>('GET', 'structure/drafts')).body.drafts;
    expect(drafts.map((d) => `${d.kind}:${d.id}:${d.change}`).sort()).toEqual([
      'block:build-log-1:new',
      'block:news-2:changed',
      'module:projects:new',
      'order:modules:changed',
      'page:build-log:new',
    ]);
    await settle();
    expect(toMaya.filter((e) => e.event === 'items:changes')).toEqual([]);
  });

  it('publishing one page sends Maya one items:changes and shows her the module; its revert takes it back to drafts', async () => {
    const mayaSocket = await connect(maya);
    expect(await emitAck(mayaSocket, 'page:subscribe', { id: 'news' })).toEqual({ ok: true });
    const toMaya = recordEvents(mayaSocket);

    const published = await edit<DraftsPublishResponse>('POST', 'structure/drafts/publish', { pageId: 'build-log' });
    expect(published.status).toBe(200);
    expect(published.body.published).toBe(4); // the module, the order, the page and its block
    expect(moduleIds(await structureOf(maya))).toContain('projects');
    expect((await api.call<PageResponse>('GET', 'structure/page/build-log', { token: maya })).body.blocks.map((b) => b.id)).toEqual(['build-log-1']);
    // The News draft stays a draft.
    expect(await newsText(maya)).toBe('Our spring repair café takes place on the first Saturday of April.');
    expect((await edit<DraftsResponse>('GET', 'structure/drafts')).body.drafts.map((d) => d.id)).toEqual(['news-2']);

    // Audited.
    const audit = await api.server.ctx.store.kysely.selectFrom('audit_log').selectAll().where('log_type', '=', 'structurePublish').execute();
    expect(audit.map((a) => [a.account_id, a.subject])).toEqual([['admin', 'build-log']]);

    // Taken back: members lose it, the editor has her drafts again.
    expect((await edit('POST', 'structure/revert', { token: published.body.revertToken })).status).toBe(200);
    expect(moduleIds(await structureOf(maya))).not.toContain('projects');
    expect(moduleIds(await structureOf(admin, DRAFTS))).toContain('projects');
    expect((await edit<DraftsResponse>('GET', 'structure/drafts')).body.drafts).toHaveLength(5);
    await settle();
    // Maya was in no room of the new module: she heard nothing of the news page (still a draft).
    expect(toMaya.filter((e) => e.event === 'items:changes')).toEqual([]);
  });

  it('Publish all: Maya, watching the News page, hears the change once, without a reload', async () => {
    const mayaSocket = await connect(maya);
    expect(await emitAck(mayaSocket, 'page:subscribe', { id: 'news' })).toEqual({ ok: true });
    const heard = nextEvent<ItemsChanges & { drafts?: boolean }>(mayaSocket, 'items:changes');
    const toMaya = recordEvents(mayaSocket);
    const revisionOf = async (token: string, headers?: Record<string, string>) =>
      (await api.call<PageResponse>('GET', 'structure/page/news', { token, headers })).body.blocks.find((b) => b.id === 'news-2')!.revision;
    const drafted = await revisionOf(admin, DRAFTS);
    expect((await edit<DraftsPublishResponse>('POST', 'structure/drafts/publish', { all: true })).body.published).toBe(5);
    // Published at the revision the editor holds, so her next save is not refused as stale.
    expect(await revisionOf(maya)).toBe(drafted);
    const event = await heard;
    expect(event.drafts).toBeUndefined();
    expect(event.items.find((i) => i.id === 'news-2')!.item).toMatchObject({ options: { text: 'Draft text' } });
    await settle();
    expect(toMaya.filter((e) => e.event === 'items:changes')).toHaveLength(1);
    expect(await newsText(maya)).toBe('Draft text');
    expect((await edit<DraftsResponse>('GET', 'structure/drafts')).body.drafts).toEqual([]);
  });

  it('Discard returns the page to the published version; Maya never saw the draft', async () => {
    expect((await edit('POST', 'structure/block/news-2/property', { key: 'options', value: { text: 'Second draft' } })).status).toBe(200);
    expect(await newsText(admin, DRAFTS)).toBe('Second draft');
    const discarded = await edit<{ discarded: number }>('POST', 'structure/drafts/discard', { pageId: 'news' });
    expect(discarded.status).toBe(200);
    expect(discarded.body.discarded).toBe(1);
    expect(await newsText(admin, DRAFTS)).toBe('Draft text');
    // The published text again, at a newer revision (browsers keep the newest they heard of), and no longer listed.
    expect((await edit<DraftsResponse>('GET', 'structure/drafts')).body.drafts).toEqual([]);
    expect(await newsText(maya)).toBe('Draft text');
  });

  it('a member cannot publish, discard or list drafts (403), and nothing changes; bad bodies are 400', async () => {
    expect((await edit('POST', 'structure/block/news-2/property', { key: 'options', value: { text: 'Third draft' } })).status).toBe(200);
    for (const path of ['structure/drafts/publish', 'structure/drafts/discard'])
      expect((await api.call('POST', path, { token: maya, body: { all: true }, headers: DRAFTS })).status).toBe(403);
    expect((await api.call('GET', 'structure/drafts', { token: maya })).status).toBe(403);
    // Her write with the header is refused as without it, and makes no draft.
    expect(
      (await api.call('POST', 'structure/block/news-2/property', { token: maya, body: { key: 'options', value: { text: 'x' } }, headers: DRAFTS })).status,
    ).toBe(403);
    expect(await newsText(admin, DRAFTS)).toBe('Third draft');
    expect(await newsText(maya)).toBe('Draft text');
    expect((await edit('POST', 'structure/drafts/publish', {})).status).toBe(400);
    expect((await edit('POST', 'structure/drafts/publish', { all: true, pageId: 'news' })).status).toBe(400);
    expect((await edit('POST', 'structure/drafts/publish', { pageId: 'no-such-page' })).status).toBe(404);
    expect((await edit('POST', 'structure/drafts/discard', { all: true })).status).toBe(200);
  });

  it('a damaged draft is dropped with a report, never a 500', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const now = Date.now();
      const row = (id: string, data: string) => ({ kind: 'draft', id, data, revision: 1, schema_version: null, expires_at: null, updated_at: now });
      await api.server.ctx.store.kysely
        .insertInto('documents')
        .values([
          row('block:news-3', '{"not":"a draft"'),
          row('page:news', JSON.stringify({ kind: 'page', id: 'other', data: {} })),
          row('block:news-4', JSON.stringify({ kind: 'block', id: 'news-4', data: 'text' })),
        ])
        .execute();
      expect((await api.call('GET', 'structure', { token: admin, headers: DRAFTS })).status).toBe(200);
      expect((await api.call('GET', 'structure/page/news', { token: admin, headers: DRAFTS })).status).toBe(200);
      expect((await edit<DraftsResponse>('GET', 'structure/drafts')).body.drafts).toEqual([]);
      expect((await edit('POST', 'structure/drafts/publish', { all: true })).status).toBe(200);
      expect(warn.mock.calls.length).toBeGreaterThan(0);
    } finally {
      warn.mockRestore();
    }
  });
});
