/**
 * The admin areas `layouts` and `blocks` (issue 34, part 7): the structure outline the caller may
 * see (GET admin/layouts/outline), every block of it as a flat list (GET admin/blocks) and one
 * block's details (GET admin/blocks/{blockId}, for the caller with update on that block: the
 * editBlock route of engine/core/admin-areas.ts). Reads only.
 */
import type { FastifyInstance } from 'fastify';
import { adminArea, mayOpenAdminRoute } from '../../../engine/core/admin-areas';
import { blockRows, outlineCounts } from '../../../engine/core/structure/outline';
import type { Block, Module, Page } from '../../../schemas/model';
import type { AdminBlockDetailResponse, AdminBlocksResponse, StructureOutlineResponse } from '../../../schemas/model/api/structure-admin';
import { requireAdminArea } from '../../admin-area';
import type { AppContext } from '../../context';
import { forbidden, notFound } from '../../errors';
import { permissionHolder } from '../../permissions';
import { outlineCap, outlineSource, readOutline } from '../outline';

export function structureOutlineRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Querystring: { cap?: string } }>('/admin/layouts/outline', async (req): Promise<StructureOutlineResponse> => {
    const user = await requireAdminArea(ctx, req, 'layouts');
    const cap = outlineCap(req.query.cap);
    const { nodes, truncated } = await readOutline(ctx.store, user, cap);
    return { modules: nodes, counts: outlineCounts(nodes), cap, truncated };
  });

  app.get<{ Querystring: { cap?: string } }>('/admin/blocks', async (req): Promise<AdminBlocksResponse> => {
    const user = await requireAdminArea(ctx, req, 'blocks');
    const cap = outlineCap(req.query.cap);
    const { nodes, truncated } = await readOutline(ctx.store, user, cap);
    return { items: blockRows(nodes), cap, truncated };
  });

  app.get<{ Params: { blockId: string } }>('/admin/blocks/:blockId', async (req): Promise<AdminBlockDetailResponse> => {
    const user = await requireAdminArea(ctx, req, 'blocks');
    const { blockId } = req.params;
    // The grant is judged before the block is looked up: the answer never tells a hidden block from an unknown one.
    const editBlock = adminArea('blocks').routes.find((r) => r.name === 'editBlock')!;
    if (!mayOpenAdminRoute(permissionHolder(user), editBlock, { blockId })) throw forbidden(`You may not edit block "${blockId}": it needs update on it`);
    const source = outlineSource(ctx.store, user);
    const stored = (await source.get<Block & { pageId?: string }>('block', blockId))?.data;
    // Only a live block on a page the caller may see, not hidden from her, is found: the outline of that page decides.
    const { nodes } = stored?.pageId && !stored.wasDeleted ? await readOutline(ctx.store, user, Number.MAX_SAFE_INTEGER, stored.pageId) : { nodes: [] };
    const row = blockRows(nodes).find((b) => b.id === blockId);
    if (!stored || !row) throw notFound(`block "${blockId}" does not exist`);
    const page = (await source.get<Page>('page', row.pageId))?.data;
    const module = (await source.get<Module>('module', row.moduleId))?.data;
    const permissions = (await ctx.store.get<Record<string, boolean>>('itemPermissions', blockId))?.data ?? {};
    return { block: row, moduleSlug: module?.slug ?? '', pageSlug: page?.slug ?? '', options: stored.options ?? {}, permissions };
  });
}
