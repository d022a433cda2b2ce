/** Module calls of spec 7.4 plus structure, templates, revert and item permissions. */
import { sendPermissionsChanged } from '../realtime-events';
import type { FastifyInstance } from 'fastify';
import { MODULE_SEARCH_TYPES } from '../../../engine/core/constants';
import { ownValue } from '../../../engine/core/own';
import type { Id, Module, Page } from '../../../schemas/model';
import type { ItemPermissionsRequest, ModuleWriteRequest, OrderRequest, PropertyRequest, RevertRequest } from '../../../schemas/model/api/structure';
import { requireStaff, requireUser, type AppContext } from '../../context';
import { badRequest, forbidden, notFound } from '../../errors';
import { paginate } from '../../http/params';
import { isStaff, need } from '../../permissions';
import { newId } from '../../storage/ids';
import { checkPropertyKey, checkSlug } from '../checks';
import { removePage } from '../page-tree';
import { moduleOrder, readStructure } from '../read';
import { itemVisibleTo, requireVisiblePage, seesEverything, visibleItemPermissions } from '../viewer';
import { revertChange } from '../revert';
import { structureSource } from '../drafts';
import { writeStructure } from '../write';
import type { RevertRecord } from '../../model';

export function structureModuleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const v = ctx.validator;

  app.get('/structure', async (req) => readStructure(structureSource(ctx), await requireUser(ctx, req)));

  app.get('/structure/templates/modules', async (req) => {
    const user = await requireUser(ctx, req);
    return (await readStructure(structureSource(ctx), user)).modules.filter((m) => m.isAbstract);
  });

  app.get<{ Params: { moduleSlug: string } }>('/structure/:moduleSlug', async (req) => {
    const user = await requireUser(ctx, req);
    const module = (await readStructure(structureSource(ctx), user)).modules.find((m) => m.slug === req.params.moduleSlug);
    if (!module) throw notFound(`module "${req.params.moduleSlug}" does not exist`);
    return module;
  });

  app.post('/structure/revert', async (req) => {
    const user = await requireUser(ctx, req);
    const { token } = v.body<RevertRequest>('revert-request', req.body);
    // A revert undoes its write where that write was made: drafts again for a draft write, the published items for the rest (a publish too).
    const record = (await ctx.store.get<RevertRecord>('revert', token))?.data;
    const options = record?.drafts ? { drafts: { accountId: user.account.accountId } } : { live: true };
    return writeStructure(ctx, (w) => revertChange(w, user, token), options);
  });

  app.get('/structure/permissions', async (req) => {
    const user = await requireUser(ctx, req);
    if (!isStaff(user.account)) return {};
    return visibleItemPermissions(
      structureSource(ctx),
      user,
      Object.fromEntries((await structureSource(ctx).list<Record<string, boolean>>('itemPermissions')).map((d) => [d.id, d.data])),
    );
  });

  app.get<{ Params: { itemId: string } }>('/structure/permissions/:itemId', async (req) => {
    const user = await requireStaff(ctx, req, 'item permissions');
    if (!(await itemVisibleTo(structureSource(ctx), user, req.params.itemId))) return {};
    return (await structureSource(ctx).get<Record<string, boolean>>('itemPermissions', req.params.itemId))?.data ?? {};
  });

  app.post<{ Params: { itemId: string } }>('/structure/permissions/:itemId', async (req) => {
    const user = await requireUser(ctx, req);
    const { permissions } = v.body<ItemPermissionsRequest>('item-permissions-request', req.body);
    const { itemId } = req.params;
    // Members are refused before the id is looked up: the answer never tells a hidden item from an unknown one.
    if (!isStaff(user.account)) throw forbidden('item permissions: for admins and elevated users only');
    const kind = await itemVisibleTo(structureSource(ctx), user, itemId);
    if (!kind) throw notFound(`item "${itemId}" does not exist`);
    need(user, 'managePermissions', `items.${kind}s`, itemId);
    const before = (await structureSource(ctx).get<Record<string, boolean>>('itemPermissions', itemId))?.data ?? {};
    await ctx.store.transaction((tx) => tx.put('itemPermissions', itemId, permissions));
    sendPermissionsChanged(ctx, { itemId, kind, before, after: permissions });
    return permissions;
  });

  // Modules.
  app.get<{ Querystring: { page?: string; limit?: string; filters?: string; sortBy?: string; descending?: string; typesToLoad?: string } }>(
    '/structure/module/search',
    async (req) => {
      const user = await requireUser(ctx, req);
      const q = req.query;
      const types = (q.typesToLoad ? q.typesToLoad.split(',') : [...MODULE_SEARCH_TYPES]).map((t) => t.trim());
      const text = (q.filters ?? '').toLowerCase();
      let modules = (await readStructure(structureSource(ctx), user)).modules.filter(
        (m) => types.includes(m.isAbstract ? 'abstract' : 'normal') && (!text || m.name.toLowerCase().includes(text) || m.slug.includes(text)),
      );
      const key = q.sortBy ?? 'name';
      const sortValue = (m: Module) => String(ownValue(m as unknown as Record<string, unknown>, key) ?? '');
      modules = modules.sort((a, b) => sortValue(a).localeCompare(sortValue(b)) * (q.descending === 'true' ? -1 : 1));
      return paginate(modules, q);
    },
  );

  app.post('/structure/module/order', async (req) => setModuleOrder(req));
  app.post('/structure/module/order/', async (req) => setModuleOrder(req));
  async function setModuleOrder(req: Parameters<typeof requireUser>[1]) {
    const user = await requireUser(ctx, req);
    const { order } = v.body<OrderRequest>('order-request', req.body);
    need(user, 'move', 'items.modules');
    return writeStructure(ctx, async (w) => {
      const all = (await w.source.list<Module>('module')).map((m) => m.id);
      const unknown = order.filter((id) => !all.includes(id));
      if (unknown.length) throw badRequest(`order names unknown modules: ${unknown.join(', ')}`);
      if (new Set(order).size !== order.length) throw badRequest('order lists a module twice');
      await w.setModuleOrder(order);
      w.moduleIds.add('global');
      return { order };
    });
  }

  app.get('/structure/module/adminView', async (req) => {
    const user = await requireStaff(ctx, req, 'the admin view');
    if (seesEverything(user)) return (await structureSource(ctx).list<Module>('module')).map((m) => m.data);
    // childIds name only the pages this user may see.
    return (await readStructure(structureSource(ctx), user)).modules.map(({ pages: _pages, ...m }) => m);
  });

  app.get('/structure/module', async (req) => {
    const user = await requireUser(ctx, req);
    return (await readStructure(structureSource(ctx), user)).modules.map(({ pages: _pages, ...m }) => m);
  });

  app.get<{ Params: { slug: string } }>('/structure/module/slug/:slug', async (req) => {
    const user = await requireUser(ctx, req);
    const module = (await readStructure(structureSource(ctx), user)).modules.find((m) => m.slug === req.params.slug);
    if (!module) throw notFound(`module "${req.params.slug}" does not exist`);
    return module;
  });

  app.get<{ Params: { id: string } }>('/structure/module/:id', async (req) => {
    const user = await requireUser(ctx, req);
    const module = (await readStructure(structureSource(ctx), user)).modules.find((m) => m.id === req.params.id);
    if (!module) throw notFound(`module "${req.params.id}" does not exist`);
    return module;
  });

  app.put('/structure/module', async (req) => {
    const user = await requireUser(ctx, req);
    const { module } = v.body<ModuleWriteRequest>('module-write-request', req.body);
    need(user, 'addModules', 'items.modules');
    checkSlug(module.slug, 'module');
    return writeStructure(ctx, async (w) => {
      const id = module.id ?? newId('module');
      if (await w.get('module', id)) throw badRequest(`module "${id}" already exists`);
      await uniqueModuleSlug(w.source, module.slug, id);
      const { revision: _r, ...rest } = module;
      const saved = await w.create<Module>('module', { ...rest, id, childIds: [] });
      const order = await moduleOrder(w.source);
      await w.setModuleOrder([...order, id]);
      return saved;
    });
  });

  app.post<{ Params: { id: string } }>('/structure/module/:id', async (req) => {
    const user = await requireUser(ctx, req);
    const { module } = v.body<ModuleWriteRequest>('module-write-request', req.body);
    const { id } = req.params;
    if (module.id && module.id !== id) throw badRequest(`module id "${module.id}" does not match the path id "${id}"`);
    need(user, 'manageSettings', 'items.modules', id);
    checkSlug(module.slug, 'module');
    return writeStructure(ctx, async (w) => {
      const current = await w.require<Module>('module', id);
      await uniqueModuleSlug(w.source, module.slug, id);
      const { revision, ...rest } = module;
      // childIds change only through page calls, so a stale editor cannot drop pages.
      return w.put<Module>('module', { ...rest, id, childIds: current.childIds ?? [] }, revision);
    });
  });

  app.post<{ Params: { id: string } }>('/structure/module/:id/property', async (req) => {
    const user = await requireUser(ctx, req);
    const { key, value } = v.body<PropertyRequest>('property-request', req.body);
    checkPropertyKey(key);
    if (key === 'childIds') throw badRequest('childIds change through the page calls (order, moveChild)');
    need(user, 'manageSettings', 'items.modules', req.params.id);
    return writeStructure(ctx, async (w) => {
      const current = await w.require<Module>('module', req.params.id);
      const next = { ...current, [key]: value } as Module;
      v.model('module.schema.json', next, `module "${current.id}"`);
      if (key === 'slug') {
        checkSlug(String(value), 'module');
        await uniqueModuleSlug(w.source, String(value), current.id);
      }
      return w.put<Module>('module', next);
    });
  });

  app.delete<{ Params: { id: string } }>('/structure/module/:id', async (req) => {
    const user = await requireUser(ctx, req);
    need(user, 'addModules', 'items.modules', req.params.id);
    if (req.params.id === 'global') throw badRequest('the global module cannot be deleted');
    // Deleting a module deletes its pages: only someone who may see every one of them may.
    const stored = (await structureSource(ctx).get<Module>('module', req.params.id))?.data;
    const seen = (await readStructure(structureSource(ctx), user)).modules.find((m) => m.id === req.params.id)?.childIds ?? [];
    const pagesThere = (await structureSource(ctx).getMany<Page>('page', stored?.childIds ?? [])).map((p) => p.id);
    if (pagesThere.some((id) => !seen.includes(id))) throw forbidden(`You may not delete module "${req.params.id}": it holds pages you cannot see`);
    return writeStructure(ctx, async (w) => {
      const module = await w.require<Module>('module', req.params.id);
      const blockIds: Id[] = [];
      for (const pageId of module.childIds ?? []) if (await w.get('page', pageId)) blockIds.push(...(await removePage(w, pageId)));
      await w.remove('module', module.id);
      const order = await moduleOrder(w.source);
      await w.setModuleOrder(order.filter((id) => id !== module.id));
      w.moduleIds.add(module.id);
      return w.revertToken(user.account.accountId, ctx.config.revertWindowMs, blockIds);
    });
  });

  app.post<{ Params: { origin: string; child: string; target: string } }>('/structure/module/:origin/moveChild/:child/target/:target', async (req) => {
    const user = await requireUser(ctx, req);
    const { origin, child, target } = req.params;
    need(user, 'moveChildren', 'items.modules', origin);
    need(user, 'addChildren', 'items.modules', target);
    await requireVisiblePage(structureSource(ctx), user, child);
    return writeStructure(ctx, async (w) => {
      const from = await w.require<Module>('module', origin);
      const to = origin === target ? from : await w.require<Module>('module', target);
      if (!from.childIds?.includes(child)) throw notFound(`page "${child}" is not in module "${origin}"`);
      const page = await w.require<Page>('page', child);
      if ((to.childIds ?? []).some((id) => id !== child) && origin !== target) {
        const siblings = await w.source.getMany<Page>('page', to.childIds ?? []);
        if (siblings.some((p) => p.data.slug === page.slug)) throw badRequest(`module "${target}" already has a page with slug "${page.slug}"`);
      }
      await w.put<Module>('module', { ...from, childIds: from.childIds.filter((id) => id !== child) });
      const fresh = origin === target ? await w.require<Module>('module', origin) : to;
      await w.put<Module>('module', { ...fresh, childIds: [...(fresh.childIds ?? []), child] });
      return w.put<Page>('page', { ...page, moduleId: target });
    });
  });
}

async function uniqueModuleSlug(reader: { list<T>(kind: 'module'): Promise<{ id: string; data: T }[]> }, slug: string, id: Id): Promise<void> {
  const taken = (await reader.list<Module>('module')).some((m) => m.id !== id && m.data.slug === slug);
  if (taken) throw badRequest(`module slug "${slug}" is already used`);
}
