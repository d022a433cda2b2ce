/** Page calls of spec 7.4. Pages a user may not view are answered 404, never sent. */
import type { FastifyInstance } from 'fastify';
import type { Id, Module, Page } from '../../../schemas/model';
import type { DefaultPagesViewPermissionRequest } from '../../../schemas/model/api/settings';
import type { PageChildrenRequest, PageCreateRequest, PageOrderRequest, PageUpdateRequest, PropertyRequest } from '../../../schemas/model/api/structure';
import { requireStaff, requireUser, type AppContext } from '../../context';
import { queryRef, viewEntityPage } from '../../entities';
import { badRequest, notFound } from '../../errors';
import { intParam, paginate } from '../../http/params';
import { canViewPage, need } from '../../permissions';
import { newId } from '../../storage/ids';
import { needsViewerFilter, pageForViewer } from '../block-visibility';
import { checkPropertyKey, checkSlug } from '../checks';
import { needItemChange } from '../item-rights';
import { actionContext, PageActions } from '../page-actions';
import { mergeVisibleOrder, removePage } from '../page-tree';
import { jsonAnswer, sendJsonAnswer } from '../../http/compression';
import { readPageDocumentWithJson, readStructure } from '../read';
import { requireMovableBlocks, requireVisiblePage } from '../viewer';
import { structureSource } from '../drafts';
import { writeStructure, type StructureWrite } from '../write';

export function structurePageRoutes(app: FastifyInstance, ctx: AppContext): void {
  const v = ctx.validator;
  const actions = actionContext(ctx.registry);

  app.get<{ Querystring: { page?: string; limit?: string; filters?: string; moduleId?: string } }>('/structure/page/search', async (req) => {
    const user = await requireUser(ctx, req);
    const text = (req.query.filters ?? '').toLowerCase();
    const pages = (await readStructure(structureSource(ctx), user)).modules
      .filter((m) => !req.query.moduleId || m.id === req.query.moduleId)
      .flatMap((m) => m.pages)
      .filter((p) => !text || p.name.toLowerCase().includes(text) || p.slug.includes(text));
    return paginate(pages, req.query);
  });

  app.post('/structure/page/order', async (req) => {
    const user = await requireUser(ctx, req);
    const { moduleId, order } = v.body<PageOrderRequest>('page-order-request', req.body);
    need(user, 'moveChildren', 'items.modules', moduleId);
    const visible = new Set((await readStructure(structureSource(ctx), user)).modules.find((m) => m.id === moduleId)?.childIds ?? []);
    return writeStructure(ctx, async (w) => {
      const module = await w.require<Module>('module', moduleId);
      const current = module.childIds ?? [];
      const next = mergeVisibleOrder(current, order, visible);
      if (!next) throw badRequest(`order must list each page of module "${moduleId}" exactly once: ${current.filter((id) => visible.has(id)).join(', ')}`);
      return w.put<Module>('module', { ...module, childIds: next });
    });
  });

  app.get('/structure/page/adminView', async (req) => {
    const user = await requireStaff(ctx, req, 'the admin view');
    return (await structureSource(ctx).list<Page>('page')).map((p) => p.data).filter((p) => canViewPage(user, p));
  });

  // `entityId`: the page as a page of that entity's space (core §2.5): refused as unknown unless the space decision lists it.
  app.get<{ Params: { id: string }; Querystring: { entityId?: unknown } }>('/structure/page/:id', async (req, reply) => {
    const user = await requireUser(ctx, req);
    const entityRef = queryRef(req.query.entityId, 'entityId');
    const page = await requireVisiblePage(structureSource(ctx), user, req.params.id);
    const space = await viewEntityPage(ctx, structureSource(ctx), user, page, entityRef);
    if (!space) throw notFound(`page "${req.params.id}" does not exist`);
    const doc = await readPageDocumentWithJson(structureSource(ctx), req.params.id, ctx.validator.storedBlockOptionsProblem);
    if (!doc) throw notFound(`page "${req.params.id}" does not exist`);
    return sendJsonAnswer(req, reply, needsViewerFilter(doc.value, user) ? jsonAnswer(JSON.stringify(pageForViewer(doc.value, user, space.entity))) : doc);
  });

  app.put('/structure/page', async (req) => {
    const user = await requireUser(ctx, req);
    const { moduleId, page } = v.body<PageCreateRequest>('page-create-request', req.body);
    need(user, 'addChildren', 'items.modules', moduleId);
    checkSlug(page.slug, 'page');
    needItemChange(user, 'page', undefined, { ...page, id: page.id ?? '' });
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
    await requireVisiblePage(structureSource(ctx), user, id);
    return writeStructure(ctx, async (w) => {
      const current = await w.require<Page>('page', id);
      if (moduleId && moduleId !== current.moduleId)
        throw badRequest(`page "${id}" is in module "${current.moduleId}", not "${moduleId}" (move pages with moveChild)`);
      const module = current.moduleId ? await w.get<Module>('module', current.moduleId) : undefined;
      if (module) await uniquePageSlug(w, module, page.slug, id);
      const { revision, ...rest } = page;
      // Children change through block calls, so a stale page editor cannot orphan blocks.
      const next: Page = { ...rest, id, moduleId: current.moduleId, children: current.children ?? [], positions: current.positions ?? {} };
      needItemChange(user, 'page', current, next);
      return w.put<Page>('page', next, revision);
    });
  });

  app.post<{ Params: { id: string } }>('/structure/page/:id/property', async (req) => {
    const user = await requireUser(ctx, req);
    const { key, value } = v.body<PropertyRequest>('property-request', req.body);
    checkPropertyKey(key);
    if (key === 'children' || key === 'positions') throw badRequest(`${key} change through the block calls (addChild, addChildren, move)`);
    need(user, key === 'visibility' ? 'manageVisibility' : 'manageSettings', 'items.pages', req.params.id);
    await requireVisiblePage(structureSource(ctx), user, req.params.id);
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
    await requireVisiblePage(structureSource(ctx), user, pageId);
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
    await requireVisiblePage(structureSource(ctx), user, req.params.pageId);
    await requireMovableBlocks(structureSource(ctx), user, [req.params.childId], req.params.pageId);
    return writeStructure(ctx, async (w) => {
      const edit = new PageActions(w, actions);
      await edit.place([req.params.childId], req.params.pageId, { parentType: 'page', parentId: req.params.pageId, colIndex: 0, index });
      await edit.commit();
      return w.require<Page>('page', req.params.pageId);
    });
  });

  app.post<{ Params: { pageId: string; index: string } }>('/structure/page/:pageId/addChildren/:index', async (req) => {
    const user = await requireUser(ctx, req);
    const index = intParam(req.params.index, 'index');
    const { childrenIds, colIndex } = v.body<PageChildrenRequest>('page-children-request', req.body);
    need(user, 'addChildren', 'items.pages', req.params.pageId);
    await requireVisiblePage(structureSource(ctx), user, req.params.pageId);
    await requireMovableBlocks(structureSource(ctx), user, childrenIds, req.params.pageId);
    return writeStructure(ctx, async (w) => {
      const edit = new PageActions(w, actions);
      await edit.place(childrenIds, req.params.pageId, { parentType: 'page', parentId: req.params.pageId, colIndex: colIndex ?? 0, index });
      await edit.commit();
      return w.require<Page>('page', req.params.pageId);
    });
  });
  app.post('/settings/permission/getDefaultPagesViewPermission', async (req) => {
    const user = await requireUser(ctx, req);
    const { defaultPageNames } = v.body<DefaultPagesViewPermissionRequest>('default-pages-view-permission-request', req.body);
    const pages = (await structureSource(ctx).list<Page>('page')).map((p) => p.data);
    return Object.fromEntries(
      defaultPageNames.map((name) => {
        const page = pages.find((p) => p.slug === name || p.name === name);
        return [name, !!page && canViewPage(user, page)];
      }),
    );
  });
}

async function uniquePageSlug(w: StructureWrite, module: Module, slug: string, id: Id): Promise<void> {
  const siblings = await w.source.getMany<Page>(
    'page',
    (module.childIds ?? []).filter((p) => p !== id),
  );
  if (siblings.some((p) => p.data.slug === slug)) throw badRequest(`module "${module.id}" already has a page with slug "${slug}"`);
}
