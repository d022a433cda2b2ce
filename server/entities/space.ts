/**
 * The space decision on the server (core §2.5, §2.7): which pages of an entity's module a viewer
 * may view and where she lands, decided by engine/core/entities.ts decideSpace over the module's
 * pages as the structure domain shows them to her (page visibility first), her memberships and
 * her view-as lists. `GET entities/{id}/space` answers it; the page answers for an entity (GET
 * structure/page/{id}?entityId=, init's `opts.entityId`) and `page:subscribe {id, entityId}` ask
 * `mayViewEntityPage`, so a page the decision does not list is never sent.
 */
import type { FastifyInstance } from 'fastify';
import { decideSpace, showsOutsideSpace, spaceModuleSlug, type SpaceDecision, type SpaceViewer } from '../../engine/core/entities';
import type { Entity, Page } from '../../schemas/model';
import type { SpaceAnswer } from '../../schemas/model/api/entities';
import type { StructureModule } from '../../schemas/model/api/structure';
import { requireUser, type AppContext } from '../context';
import { badRequest, notFound } from '../errors';
import { permissionHolder, viewAsListIds, type PermissionContext } from '../permissions';
import type { DocumentSource } from '../storage/documents';
import { structureSource } from '../structure/drafts';
import { readStructure } from '../structure/read';
import { withFavourites } from './events';
import { entityByRef } from './read';

/** Longest entity reference, module or page slug a call may name (longer ones name nothing). */
const REF_MAX = 200;

export const spaceViewer = (user: PermissionContext): SpaceViewer => ({
  isAdmin: !!user.account.isAdmin,
  viewAsListIds: viewAsListIds(user.account),
  memberships: user.memberships,
});

export interface DecidedSpace {
  module: StructureModule;
  decision: SpaceDecision;
}

/**
 * The decision for this viewer in the module (the asked slug, else the entity's location module),
 * over the pages she may view of it; undefined when that module is unknown or hidden from her.
 */
export async function decideSpaceFor(
  reader: DocumentSource,
  user: PermissionContext,
  entity: Entity,
  moduleSlug: string | undefined,
  pageSlug: string | undefined,
): Promise<DecidedSpace | undefined> {
  const slug = spaceModuleSlug(entity, moduleSlug);
  if (!slug) return undefined;
  // The structure is kept per kind of viewer until the next write: no page is read here.
  const module = (await readStructure(reader, user)).modules.find((m) => m.slug === slug);
  return module && { module, decision: decideSpace(entity, module.pages, pageSlug, spaceViewer(user)) };
}

/**
 * The page as the viewer may view it for the entity `entityRef` (its id or slug): `{entity}` when
 * the entity exists and the space decision of the page's module lists the page, undefined when
 * refused. Without an entity the page is answered as any page (`{}`): an entity page is then the
 * template every entity shares, listed in the structure and heard of in its module's room like
 * any page; what is an entity's own is its space's, which always names the entity.
 */
export async function viewEntityPage(
  ctx: AppContext,
  reader: DocumentSource,
  user: PermissionContext,
  page: Page,
  entityRef: string | undefined,
): Promise<{ entity?: Entity } | undefined> {
  if (entityRef === undefined) return showsOutsideSpace(page, permissionHolder(user)) ? {} : undefined;
  if (!entityRef || entityRef.length > REF_MAX) return undefined;
  const entity = await entityByRef(ctx.store.kysely, entityRef);
  if (!entity) return undefined;
  const module = (await readStructure(reader, user)).modules.find((m) => m.childIds?.includes(page.id));
  return module && decideSpace(entity, module.pages, page.slug, spaceViewer(user)).viewablePageIds.includes(page.id) ? { entity } : undefined;
}

/** Whether the viewer may view the page for this entity (the room check of `page:subscribe {id, entityId}`). */
export async function mayViewEntityPage(ctx: AppContext, user: PermissionContext, page: Page, entityRef: string | undefined): Promise<boolean> {
  return !!(await viewEntityPage(ctx, ctx.store, user, page, entityRef));
}

/**
 * After what decides a space changed (pagePermissions, permission type, membership types): the
 * sockets following an entity page check again that they may (each with the entity it named), so
 * a page no longer listed stops reaching them. Entity pages are few; their rooms are re-checked.
 */
export async function recheckEntityPages(ctx: AppContext): Promise<void> {
  if (!ctx.realtime) return;
  const rooms = (await ctx.store.list<Page>('page')).filter((p) => p.data.type === 'entity').map((p) => `page:${p.id}`);
  if (rooms.length) await ctx.realtime.recheck({ rooms });
}

/** An optional query value: a string of at most REF_MAX characters, else a 400 naming it. */
export function queryRef(value: unknown, name: string): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || value.length > REF_MAX) throw badRequest(`${name} must be a text of at most ${REF_MAX} characters`);
  return value;
}

export function spaceRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Params: { id: string }; Querystring: { moduleSlug?: unknown; pageSlug?: unknown } }>('/entities/:id/space', async (req) => {
    const user = await requireUser(ctx, req);
    const moduleSlug = queryRef(req.query.moduleSlug, 'moduleSlug');
    const pageSlug = queryRef(req.query.pageSlug, 'pageSlug');
    const ref = req.params.id;
    const entity = ref.length <= REF_MAX ? await entityByRef(ctx.store.kysely, ref) : undefined;
    if (!entity) throw notFound(`entity "${ref.slice(0, REF_MAX)}" does not exist`);
    const [space, answered] = await Promise.all([decideSpaceFor(structureSource(ctx), user, entity, moduleSlug, pageSlug), withFavourites(ctx, entity)]);
    const page = space?.decision.pageId ? space.module.pages.find((p) => p.id === space.decision.pageId) : undefined;
    // Nothing viewable answers as an unknown entity would: the viewer learns nothing of its pages.
    if (!space || !page) throw notFound(`entity "${ref.slice(0, REF_MAX)}" has no page you may view`);
    const { decision } = space;
    return {
      entity: answered,
      moduleSlug: space.module.slug,
      viewablePageIds: decision.viewablePageIds,
      pageSlug: page.slug,
      redirected: decision.redirected,
      ...(decision.membershipType ? { membershipTypeId: decision.membershipType.id } : {}),
    } satisfies SpaceAnswer;
  });
}
