/** Page calls of spec 7.4. Pages a user may not view are answered 404, never sent. */
import type { FastifyInstance } from 'fastify';
import type { Block, Id, Module, Page } from '../../schemas/model';
import type { PageChildrenRequest, PageCreateRequest, PageOrderRequest, PageUpdateRequest, PropertyRequest } from '../../schemas/model/api';
import { requireUser, type AppContext, type SignedInUser } from '../context';
import { badRequest, forbidden, notFound } from '../errors';
import { canViewPage } from '../permissions';
import { collectBlocks, readPageDocumentWithJson, readStructure } from '../structure/read';
import { needsViewerFilter, pageForViewer } from '../structure/block-visibility';
import { childBlockIds, insertChild, removeChild } from '../structure/tree';
import { requireMovableBlocks, requireVisiblePage } from '../structure/viewer';
import { writeStructure, type StructureWrite } from '../structure/write';
import { checkPropertyKey, checkSlug, intParam, need, newId, paginate } from './helpers';

export async function viewablePage(ctx: AppContext, user: SignedInUser, pageId: Id): Promise<Page> {
  return requireVisiblePage(ctx.store, user, pageId);
}

/**
 * A new order of a module's pages from a user who may not see all of them: `order` must list each
 * page the user sees exactly once; pages the user does not see (or that no longer exist) keep
 * their places. Pure (a tree rule; it moves to engine/core with the structure actions).
 */
export function mergeVisibleOrder(current: Id[], order: Id[], visible: ReadonlySet<Id>): Id[] | undefined {
  const shown = current.filter((id) => visible.has(id));
  if (order.length !== shown.length || new Set(order).size !== order.length || order.some((id) => !visible.has(id) || !current.includes(id))) return undefined;
  let next = 0;
  return current.map((id) => (visible.has(id) ? order[next++] : id));
}

/** Moves existing blocks under a page (or block) at a column and index; they leave their old parent. */
export async function attachBlocks(
  w: StructureWrite,
  parent: { kind: 'page' | 'block'; id: Id },
  pageId: Id,
  ids: Id[],
  col: number,
  index: number,
): Promise<void> {
  let target = await w.require<Page | Block>(parent.kind, parent.id);
  for (const [i, id] of ids.entries()) {
    const block = await w.require<Block>('block', id);
    if (block.wasDeleted) throw badRequest(`block "${id}" was deleted`);
    if (parent.kind === 'block' && id === parent.id) throw badRequest(`block "${id}" cannot be its own child`);
    await detachBlock(w, block);
    target = await w.require<Page | Block>(parent.kind, parent.id);
    target = insertChild(target, id, col, index + i);
    await w.put(parent.kind, target);
    await w.put<Block & { pageId?: Id }>('block', { ...block, pageId });
  }
}

/** Removes a page; its blocks are marked deleted (and go for good when the revert window ends). Returns their ids. */
export async function removePage(w: StructureWrite, pageId: Id): Promise<Id[]> {
  const page = await w.require<Page>('page', pageId);
  const blocks = await collectBlocks(w.tx, childBlockIds(page));
  for (const b of blocks) await w.put<Block>('block', { ...b, wasDeleted: true });
  await w.remove('page', pageId);
  w.pageIds.add(pageId);
  return blocks.map((b) => b.id);
}

/** Removes a block from whichever page or block holds it. */
export async function detachBlock(w: StructureWrite, block: Block & { pageId?: Id }): Promise<void> {
  if (!block.pageId) return;
  const page = await w.get<Page>('page', block.pageId);
  if (page && (page.children?.includes(block.id) || Object.values(page.positions ?? {}).some((ids) => ids.includes(block.id)))) {
    await w.put('page', removeChild(page, block.id));
    return;
  }
  if (!page) return;
  for (const parent of await collectBlocks(w.tx, page.children ?? [], true)) {
    if (parent.children?.includes(block.id) || Object.values(parent.positions ?? {}).some((ids) => ids.includes(block.id))) {
      await w.put('block', removeChild(await w.require<Block>('block', parent.id), block.id));
      return;
    }
  }
}

export function structurePageRoutes(app: FastifyInstance, ctx: AppContext): void {
  const v = ctx.validator;

  app.get<{ Querystring: { page?: string; limit?: string; filters?: string; moduleId?: string } }>('/structure/page/search', async (req) => {
    const user = await requireUser(ctx, req);
    const text = (req.query.filters ?? '').toLowerCase();
    const pages = (await readStructure(ctx.store, user)).modules
      .filter((m) => !req.query.moduleId || m.id === req.query.moduleId)
      .flatMap((m) => m.pages)
      .filter((p) => !text || p.name.toLowerCase().includes(text) || p.slug.includes(text));
    return paginate(pages, req.query);
  });

  app.post('/structure/page/order', async (req) => {
    const user = await requireUser(ctx, req);
    const { moduleId, order } = v.body<PageOrderRequest>('page-order-request', req.body);
    need(user, 'moveChildren', 'items.modules', moduleId);
    const visible = new Set((await readStructure(ctx.store, user)).modules.find((m) => m.id === moduleId)?.childIds ?? []);
    return writeStructure(ctx, async (w) => {
      const module = await w.require<Module>('module', moduleId);
      const current = module.childIds ?? [];
      const next = mergeVisibleOrder(current, order, visible);
      if (!next) throw badRequest(`order must list each page of module "${moduleId}" exactly once: ${current.filter((id) => visible.has(id)).join(', ')}`);
      return w.put<Module>('module', { ...module, childIds: next });
    });
  });

  app.get('/structure/page/adminView', async (req) => {
    const user = await requireUser(ctx, req);
    if (!user.account.isAdmin && !user.account.isElevated) throw forbidden('the admin view is for admins and elevated users');
    return (await ctx.store.list<Page>('page')).map((p) => p.data).filter((p) => canViewPage(user, p));
  });

  app.get<{ Params: { id: string } }>('/structure/page/:id', async (req, reply) => {
    const user = await requireUser(ctx, req);
    await viewablePage(ctx, user, req.params.id);
    const doc = await readPageDocumentWithJson(ctx.store, req.params.id);
    if (!doc) throw notFound(`page "${req.params.id}" does not exist`);
    const json = needsViewerFilter(doc.value, user) ? JSON.stringify(pageForViewer(doc.value, user)) : doc.json;
    return reply.type('application/json; charset=utf-8').send(json);
  });

  app.put('/structure/page', async (req) => {
    const user = await requireUser(ctx, req);
    const { moduleId, page } = v.body<PageCreateRequest>('page-create-request', req.body);
    need(user, 'addChildren', 'items.modules', moduleId);
    checkSlug(page.slug, 'page');
    return writeStructure(ctx, async (w) => {
      const module = await w.require<Module>('module', moduleId);
      const id = page.id ?? newId('page');
      if (await w.get('page', id)) throw badRequest(`page "${id}" already exists`);
      await uniquePageSlug(w, module, page.slug, id);
      const { revision: _r, ...rest } = page;
      const saved = await w.create<Page>('page', { ...rest, id, moduleId, children: [], positions: {} });
      await w.put<Module>('module', { ...module, childIds: [...(module.childIds ?? []), id] });
      return saved;
    });
  });

  app.post<{ Params: { id: string } }>('/structure/page/:id', async (req) => {
    const user = await requireUser(ctx, req);
    const { page, moduleId } = v.body<PageUpdateRequest>('page-update-request', req.body);
    const { id } = req.params;
    if (page.id && page.id !== id) throw badRequest(`page id "${page.id}" does not match the path id "${id}"`);
    need(user, 'manageSettings', 'items.pages', id);
    checkSlug(page.slug, 'page');
    await viewablePage(ctx, user, id);
    return writeStructure(ctx, async (w) => {
      const current = await w.require<Page>('page', id);
      if (moduleId && moduleId !== current.moduleId)
        throw badRequest(`page "${id}" is in module "${current.moduleId}", not "${moduleId}" (move pages with moveChild)`);
      const module = current.moduleId ? await w.get<Module>('module', current.moduleId) : undefined;
      if (module) await uniquePageSlug(w, module, page.slug, id);
      if (JSON.stringify(page.visibility ?? null) !== JSON.stringify(current.visibility ?? null)) need(user, 'manageVisibility', 'items.pages', id);
      const { revision, ...rest } = page;
      // Children change through block calls, so a stale page editor cannot orphan blocks.
      return w.put<Page>('page', { ...rest, id, moduleId: current.moduleId, children: current.children ?? [], positions: current.positions ?? {} }, revision);
    });
  });

  app.post<{ Params: { id: string } }>('/structure/page/:id/property', async (req) => {
    const user = await requireUser(ctx, req);
    const { key, value } = v.body<PropertyRequest>('property-request', req.body);
    checkPropertyKey(key);
    if (key === 'children' || key === 'positions') throw badRequest(`${key} change through the block calls (addChild, addChildren, move)`);
    need(user, key === 'visibility' ? 'manageVisibility' : 'manageSettings', 'items.pages', req.params.id);
    await viewablePage(ctx, user, req.params.id);
    return writeStructure(ctx, async (w) => {
      const current = await w.require<Page>('page', req.params.id);
      const next = { ...current, [key]: value } as Page;
      v.model('page.schema.json', next, `page "${current.id}"`);
      if (key === 'slug') {
        checkSlug(String(value), 'page');
        const module = current.moduleId ? await w.get<Module>('module', current.moduleId) : undefined;
        if (module) await uniquePageSlug(w, module, String(value), current.id);
      }
      return w.put<Page>('page', next);
    });
  });

  app.delete<{ Params: { moduleId: string; pageId: string } }>('/structure/page/:moduleId/:pageId', async (req) => {
    const user = await requireUser(ctx, req);
    const { moduleId, pageId } = req.params;
    need(user, 'addChildren', 'items.modules', moduleId);
    await viewablePage(ctx, user, pageId);
    return writeStructure(ctx, async (w) => {
      const module = await w.require<Module>('module', moduleId);
      if (!module.childIds?.includes(pageId)) throw notFound(`page "${pageId}" is not in module "${moduleId}"`);
      await w.require<Page>('page', pageId);
      await w.put<Module>('module', { ...module, childIds: module.childIds.filter((id) => id !== pageId) });
      const blockIds = await removePage(w, pageId);
      return w.revertToken(user.account.accountId, ctx.config.revertWindowMs, blockIds);
    });
  });

  app.put<{ Params: { pageId: string; childId: string; index: string } }>('/structure/page/:pageId/addChild/:childId/:index', async (req) => {
    const user = await requireUser(ctx, req);
    const index = intParam(req.params.index, 'index');
    need(user, 'addChildren', 'items.pages', req.params.pageId);
    await viewablePage(ctx, user, req.params.pageId);
    await requireMovableBlocks(ctx.store, user, [req.params.childId], req.params.pageId);
    return writeStructure(ctx, async (w) => {
      await attachBlocks(w, { kind: 'page', id: req.params.pageId }, req.params.pageId, [req.params.childId], 0, index);
      return w.require<Page>('page', req.params.pageId);
    });
  });

  app.post<{ Params: { pageId: string; index: string } }>('/structure/page/:pageId/addChildren/:index', async (req) => {
    const user = await requireUser(ctx, req);
    const index = intParam(req.params.index, 'index');
    const { childrenIds, colIndex } = v.body<PageChildrenRequest>('page-children-request', req.body);
    need(user, 'addChildren', 'items.pages', req.params.pageId);
    await viewablePage(ctx, user, req.params.pageId);
    await requireMovableBlocks(ctx.store, user, childrenIds, req.params.pageId);
    return writeStructure(ctx, async (w) => {
      await attachBlocks(w, { kind: 'page', id: req.params.pageId }, req.params.pageId, childrenIds, colIndex ?? 0, index);
      return w.require<Page>('page', req.params.pageId);
    });
  });
}

async function uniquePageSlug(w: StructureWrite, module: Module, slug: string, id: Id): Promise<void> {
  const siblings = await w.tx.getMany<Page>(
    'page',
    (module.childIds ?? []).filter((p) => p !== id),
  );
  if (siblings.some((p) => p.data.slug === slug)) throw badRequest(`module "${module.id}" already has a page with slug "${slug}"`);
}
