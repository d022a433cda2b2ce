/**
 * The admin's real `AdminApi` (admin/core/http-api.ts) against the real server on SQLite and
 * PostgreSQL: each edit-mode call an admin makes, what it returns for the admin's store, and that a
 * member (maya) is refused every one of them (403) without anything changing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminApi, AdminApiError, StructureWriteResult } from '../../admin/core/api';
import { createHttpAdminApi, type AdminRequest } from '../../admin/core/http-api';
import type { Block, Page } from '../../schemas/model';
import type { InitResponse } from '../../schemas/model/api/session';
import type { PageResponse, StructureResponse } from '../../schemas/model/api/structure';
import { BACKENDS, startApiServer, type ApiServer } from '../helpers/api-server';

/** The request function the shell hands in, here over plain fetch: rejects with the error body. */
function requestAs(api: ApiServer, token: string): AdminRequest {
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await api.call<T>(method, path, { token, body });
    if (res.status >= 400) throw res.body;
    return res.body;
  };
}

async function rejection(promise: Promise<unknown>): Promise<AdminApiError> {
  try {
    await promise;
  } catch (error) {
    return error as AdminApiError;
  }
  throw new Error('expected the call to be refused');
}

const columnOf = (parent: Pick<Block, 'positions'> | undefined, col: number) => parent?.positions?.[`col-${col}`] ?? [];
const blockIn = (result: StructureWriteResult, id: string) => result.blocks?.find((b) => b.id === id);

describe.each(BACKENDS)('admin AdminApi over HTTP on %s', (backend) => {
  let server: ApiServer;
  let admin: AdminApi;
  let member: AdminApi;
  let adminToken: string;
  beforeAll(async () => {
    server = await startApiServer(backend, { REVERT_WINDOW_MS: '30000' });
    adminToken = await server.signIn('admin');
    admin = createHttpAdminApi({ request: requestAs(server, adminToken) });
    member = createHttpAdminApi({ request: requestAs(server, await server.signIn('maya')) });
  });
  afterAll(async () => {
    await server?.close();
  });
  const pageDoc = async (id: string) => (await server.call<PageResponse>('GET', `structure/page/${id}`, { token: adminToken })).body;

  it('adds a block with its registry defaults, updates its options, moves it to another column, deletes and reverts it', async () => {
    // A two-column block to move between.
    const cols = await admin.addBlock({
      pageId: 'welcome',
      block: { id: 'adm-cols', type: 'columns', options: {}, columns: [6, 6], children: [] },
      parentType: 'page',
      parentId: 'welcome',
      colIndex: 0,
      index: 0,
      defaults: true,
    });
    expect(cols.pages?.find((p) => p.id === 'welcome')?.children?.[0]).toBe('adm-cols');
    expect(blockIn(cols, 'adm-cols')?.options).toEqual({ gapPx: 16 });

    const added = await admin.addBlock({
      pageId: 'welcome',
      block: { id: 'adm-text', type: 'plainText', options: { text: 'Hello' } },
      parentType: 'block',
      parentId: 'adm-cols',
      colIndex: 0,
      index: 0,
      defaults: true,
    });
    expect(blockIn(added, 'adm-text')?.options).toEqual({ text: 'Hello', align: 'start' });
    expect(columnOf(blockIn(added, 'adm-cols'), 0)).toEqual(['adm-text']);

    const stored = blockIn(added, 'adm-text')!;
    const updated = await admin.updateBlock('adm-text', { ...stored, options: { ...stored.options, text: 'Changed' } });
    expect(updated.blocks?.[0]).toMatchObject({ id: 'adm-text', options: { text: 'Changed', align: 'start' } });
    expect(updated.blocks?.[0].revision).toBeGreaterThan(stored.revision ?? 0);
    // Options are checked against the type's schema; nothing is written.
    const invalid = await rejection(admin.updateBlock('adm-text', { ...updated.blocks![0], options: { text: 5 } }));
    expect(invalid).toMatchObject({ error: 'badRequest' });
    expect(invalid.message).toMatch(/text/);
    // A stale revision is a conflict.
    expect(await rejection(admin.updateBlock('adm-text', { ...stored, options: { text: 'Stale' } }))).toMatchObject({ error: 'conflict' });

    const moved = await admin.moveBlocks({
      fromPageId: 'welcome',
      toPageId: 'welcome',
      updates: [
        {
          blockId: 'adm-text',
          from: { parentType: 'block', parentId: 'adm-cols', colIndex: 0 },
          to: { parentType: 'block', parentId: 'adm-cols', colIndex: 1, index: 0 },
        },
      ],
    });
    expect(columnOf(blockIn(moved, 'adm-cols'), 0)).toEqual([]);
    expect(columnOf(blockIn(moved, 'adm-cols'), 1)).toEqual(['adm-text']);

    const deleted = await admin.deleteBlock('adm-text', 'block', 'adm-cols', 1, 0);
    expect(deleted.revertToken).toEqual(expect.any(String));
    expect(deleted.removed?.blocks).toEqual(['adm-text']);
    expect(columnOf(blockIn(deleted, 'adm-cols'), 1)).toEqual([]);
    expect((await pageDoc('welcome')).blocks.map((b) => b.id)).not.toContain('adm-text');

    const reverted = await admin.revert(deleted.revertToken);
    expect(columnOf(blockIn(reverted, 'adm-cols'), 1)).toEqual(['adm-text']);
    expect(blockIn(reverted, 'adm-text')).toMatchObject({ options: { text: 'Changed' } });
    expect(blockIn(reverted, 'adm-text')?.wasDeleted).toBeFalsy();
    // A token works once.
    expect(await rejection(admin.revert(deleted.revertToken))).toMatchObject({ error: 'notFound' });
  });

  it('places existing blocks into a page column, clones them, pastes copies and finds them by search', async () => {
    const placed = await admin.addChildren('page', 'news', 0, 0, ['news-4']);
    expect(placed.pages?.find((p) => p.id === 'news')?.children?.[0]).toBe('news-4');
    const cloned = await admin.cloneBlocks({
      fromPageId: 'news',
      toPageId: 'news',
      updates: [
        { blockId: 'news-1', from: { parentType: 'page', parentId: 'news', colIndex: 0 }, to: { parentType: 'page', parentId: 'news', colIndex: 0, index: 0 } },
      ],
    });
    const news = cloned.pages!.find((p) => p.id === 'news')!;
    const copyId = news.children![0];
    expect(copyId).not.toBe('news-1');
    expect(blockIn(cloned, copyId)?.options).toEqual(blockIn(cloned, 'news-1')?.options);
    const pasted = await admin.pasteBlocks({
      pageId: 'news',
      parentType: 'page',
      parentId: 'news',
      colIndex: 0,
      index: 0,
      roots: ['adm-pasted'],
      blocks: [{ id: 'adm-pasted', type: 'plainText', options: { text: 'Pasted' } }],
    });
    expect(pasted.pages!.find((p) => p.id === 'news')!.children![0]).toBe('adm-pasted');
    expect(blockIn(pasted, 'adm-pasted')?.options).toEqual({ text: 'Pasted' });
    const found = await admin.searchBlocks('news-3');
    expect(found.map((b) => b.id)).toContain('news-3');
  });

  it('creates a page, moves it to another module, reorders modules and pages, updates module and page', async () => {
    const created = await admin.createPage('home', { name: 'Workbench', slug: 'workbench', moduleId: 'home', children: [], type: 'other' });
    const page = created.pages![0];
    expect(created.modules?.find((m) => m.id === 'home')?.childIds).toContain(page.id);
    expect(await admin.validateSlug('page', 'new', 'workbench', 'home')).toEqual({ unique: false, number: 1 });
    expect(await admin.validateSlug('page', page.id, 'workbench', 'home')).toEqual({ unique: true, number: 0 });

    const moved = await admin.moveChild('home', page.id, 'resources');
    expect(moved.pages?.[0]).toMatchObject({ id: page.id, moduleId: 'resources' });
    expect(moved.modules?.find((m) => m.id === 'home')?.childIds).not.toContain(page.id);
    expect(moved.modules?.find((m) => m.id === 'resources')?.childIds).toContain(page.id);

    const renamed = await admin.updatePage(page.id, 'resources', { ...moved.pages![0], name: 'The workbench' });
    expect(renamed.pages?.[0]).toMatchObject({ id: page.id, name: 'The workbench', moduleId: 'resources' });
    // Pages change module through moveChild only.
    expect(await rejection(admin.updatePage(page.id, 'home', renamed.pages![0]))).toMatchObject({ error: 'badRequest' });

    const resources = moved.modules!.find((m) => m.id === 'resources')!;
    const reversed = [...(resources.childIds ?? [])].reverse();
    expect((await admin.orderPages('resources', reversed)).modules?.[0].childIds).toEqual(reversed);

    const order = (await server.call<StructureResponse>('GET', 'structure', { token: adminToken })).body.order;
    const swapped = [order[1], order[0], ...order.slice(2)];
    expect((await admin.orderModules(swapped)).moduleOrder).toEqual(swapped);

    const module = await admin.createModule({ name: 'Workshop', slug: 'workshop', childIds: [] });
    const workshop = module.modules![0];
    expect(module.moduleOrder?.at(-1)).toBe(workshop.id);
    expect((await admin.updateModule(workshop.id, { ...workshop, name: 'The workshop' })).modules?.[0].name).toBe('The workshop');
    expect(await admin.validateSlug('module', 'new', 'workshop')).toEqual({ unique: false, number: 1 });
  });

  it('reads and writes item permissions, lists user lists, views as a list and resets', async () => {
    expect(await admin.getPermissions('news')).toEqual({});
    expect(await admin.setPermissions('news', { manageSettings: true, read: false })).toEqual({ manageSettings: true, read: false });
    expect(await admin.getPermissions('news')).toEqual({ manageSettings: true, read: false });

    expect((await admin.listUserLists()).map(({ id, name }) => ({ id, name }))).toEqual([
      { id: 'demo-sprint-mentors', name: 'Design Sprint mentors' },
      { id: 'demo-sprint-participants', name: 'Design Sprint participants' },
      { id: 'makers', name: 'Makers' },
      { id: 'demo-repair-cafe-members', name: 'Repair Café volunteers' },
      { id: 'riverside', name: 'Riverside members' },
      { id: 'volunteers', name: 'Volunteers' },
      { id: 'demo-woodturning-members', name: 'Woodturning Basics members' },
      { id: 'workshop-mentors', name: 'Workshop mentors' },
    ]);
    const init = async () => (await server.call<InitResponse>('GET', 'init', { token: adminToken })).body;
    await admin.viewAs(['makers']);
    expect((await init()).viewAs).toEqual({ active: true, userListIds: ['makers'] });
    // As a maker, the volunteers' page is not there.
    expect((await init()).structure.modules.flatMap((m) => m.pages.map((p) => p.id))).not.toContain('volunteers');
    await admin.resetViewAs();
    expect((await init()).viewAs.active).toBe(false);
    expect((await init()).structure.modules.flatMap((m) => m.pages.map((p) => p.id))).toContain('volunteers');
    expect(await rejection(admin.viewAs(['nobody']))).toMatchObject({ error: 'badRequest' });
  });

  it('refuses every call to a member (maya) with 403 and changes nothing', async () => {
    const before = {
      structure: (await server.call('GET', 'structure', { token: adminToken })).body,
      welcome: await pageDoc('welcome'),
      news: await pageDoc('news'),
      permissions: await admin.getPermissions('welcome'),
    };
    const text = before.welcome.blocks.find((b) => b.id === 'welcome-intro')!;
    const home = (before.structure as StructureResponse).modules.find((m) => m.id === 'home')!;
    const page: Page = { id: 'welcome', name: 'Hacked', slug: 'welcome', moduleId: 'home', children: [] };
    const calls: [string, () => Promise<unknown>][] = [
      [
        'addBlock',
        () =>
          member.addBlock({
            pageId: 'welcome',
            block: { id: 'm-text', type: 'plainText', options: { text: 'x' } },
            parentType: 'page',
            parentId: 'welcome',
            colIndex: 0,
            index: 0,
            defaults: true,
          }),
      ],
      ['updateBlock', () => member.updateBlock('welcome-intro', { ...text, options: { text: 'Hacked' } })],
      ['addChildren', () => member.addChildren('page', 'welcome', 0, 0, ['news-1'])],
      ['searchBlocks', () => member.searchBlocks('welcome')],
      ['deleteBlock', () => member.deleteBlock('welcome-intro', 'page', 'welcome', 0, 0)],
      [
        'moveBlocks',
        () =>
          member.moveBlocks({
            fromPageId: 'welcome',
            toPageId: 'news',
            updates: [
              {
                blockId: 'welcome-intro',
                from: { parentType: 'page', parentId: 'welcome', colIndex: 0 },
                to: { parentType: 'page', parentId: 'news', colIndex: 0, index: 0 },
              },
            ],
          }),
      ],
      [
        'cloneBlocks',
        () =>
          member.cloneBlocks({
            fromPageId: 'welcome',
            toPageId: 'welcome',
            updates: [
              {
                blockId: 'welcome-intro',
                from: { parentType: 'page', parentId: 'welcome', colIndex: 0 },
                to: { parentType: 'page', parentId: 'welcome', colIndex: 0, index: 0 },
              },
            ],
          }),
      ],
      [
        'pasteBlocks',
        () =>
          member.pasteBlocks({
            pageId: 'welcome',
            parentType: 'page',
            parentId: 'welcome',
            colIndex: 0,
            index: 0,
            roots: ['member-paste'],
            blocks: [{ id: 'member-paste', type: 'plainText', options: { text: 'Mine' } }],
          }),
      ],
      ['createModule', () => member.createModule({ name: 'Mine', slug: 'mine', childIds: [] })],
      ['updateModule', () => member.updateModule('home', { ...home, name: 'Hacked' })],
      ['orderModules', () => member.orderModules([...(before.structure as StructureResponse).order].reverse())],
      ['moveChild', () => member.moveChild('home', 'news', 'resources')],
      ['createPage', () => member.createPage('home', { name: 'Mine', slug: 'mine', moduleId: 'home', children: [] })],
      ['updatePage', () => member.updatePage('welcome', 'home', page)],
      ['orderPages', () => member.orderPages('home', ['news', 'welcome'])],
      ['getPermissions', () => member.getPermissions('welcome')],
      ['setPermissions', () => member.setPermissions('welcome', { read: false })],
      ['listUserLists', () => member.listUserLists()],
      ['viewAs', () => member.viewAs(['volunteers'])],
      ['resetViewAs', () => member.resetViewAs()],
    ];
    for (const [name, run] of calls) {
      const error = await rejection(run());
      expect({ name, error: error.error }).toEqual({ name, error: 'forbidden' });
    }
    expect((await server.call('GET', 'structure', { token: adminToken })).body).toEqual(before.structure);
    expect(await pageDoc('welcome')).toEqual(before.welcome);
    expect(await pageDoc('news')).toEqual(before.news);
    expect(await admin.getPermissions('welcome')).toEqual(before.permissions);
  });
});
