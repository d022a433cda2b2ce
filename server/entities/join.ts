/**
 * The join power-up's calls (contract schemas/model/api/entities.ts, "Structure lookups"; core
 * §2.5): `GET|POST structure/powerUp/{entityId}/join` and `POST .../leave`, answering JoinState.
 * Where a join goes and which move it makes are engine/core/entities.ts (joinTarget, joinMove,
 * leaveMove); the write is the lists domain's one membership write, in a transaction, with the
 * entity and membership type on the membership (so power-up rules and the space decision read it).
 * Capacity is the list's (moveMembership holds it under concurrency: 409 `listFull`). After a
 * change the entity's room hears `entities:join {entityId, memberCount}`.
 */
import type { FastifyInstance } from 'fastify';
import { decideSpace, joinMove, joinNeedsApproval, joinTarget, leaveMove, spaceModuleSlug } from '../../engine/core/entities';
import { isListFull, listCapacity, refusedMoveMessage } from '../../engine/core/membership-moves';
import type { Entity, Id, ListMembership, MembershipState } from '../../schemas/model';
import type { JoinRequest, JoinState } from '../../schemas/model/api/entities';

/** `entities:join`: someone joined or left (the contract's event). */
interface EntityJoinEvent {
  entityId: Id;
  memberCount: number;
}
import { requireUser, type AppContext, type SignedInUser } from '../context';
import { badRequest, conflict, HttpError, notFound } from '../errors';
import { countAcceptedMembers, listById, moveMembership, storedMembershipsOf, type MovedMembership } from '../lists';
import type { DocumentTx } from '../storage/documents';
import { structureSource } from '../structure/drafts';
import { readStructure } from '../structure/read';
import { requireEntity } from './read';
import { entityRoom } from './events';
import { queryRef, spaceViewer } from './space';

interface Target {
  entity: Entity;
  listId: Id;
  membershipTypeId?: Id;
}

/** The entity and where its join goes, or a 400/409 naming what is missing. */
async function joinTargetOf(ctx: AppContext, ref: string, membershipTypeId: Id | undefined): Promise<Target> {
  const entity = await requireEntity(ctx, ref);
  const target = joinTarget(entity, membershipTypeId);
  if ('problem' in target) {
    if (target.problem === 'unknownType')
      throw badRequest(`membershipTypeId "${String(membershipTypeId).slice(0, 64)}" is not a membership type of this entity`);
    if (target.problem === 'noJoin') throw badRequest(`entity "${entity.id}" has no join power-up`);
    throw conflict(`entity "${entity.id}" names no list to join (the join power-up's userListId, or a membership type's primary list)`);
  }
  return { entity, ...target };
}

/** Her state in the list for this entity, from her memberships (the same reader every check uses). */
const stateIn = (memberships: readonly ListMembership[], target: Target): MembershipState | null =>
  memberships.find((m) => m.userListId === target.listId && m.entityId === target.entity.id)?.state ?? null;

/** The JoinState of this viewer, her memberships being `memberships` (after her write, when there was one). */
async function joinState(ctx: AppContext, user: SignedInUser, target: Target, memberships: readonly ListMembership[]): Promise<JoinState> {
  const list = await listById(ctx.store.kysely, target.listId);
  if (!list) throw notFound(`user list "${target.listId.slice(0, 64)}" of this entity does not exist`);
  const memberCount = await countAcceptedMembers(ctx.store.kysely, [list.id]);
  const capacity = listCapacity(list.capacity);
  const state = stateIn(memberships, target);
  const answer: JoinState = {
    entityId: target.entity.id,
    state,
    listId: list.id,
    ...(target.membershipTypeId ? { membershipTypeId: target.membershipTypeId } : {}),
    memberCount,
    ...(capacity !== null ? { capacity } : {}),
    isFull: isListFull(capacity, memberCount),
    approval: joinNeedsApproval(target.entity),
  };
  if (state === 'accepted') {
    const landing = await landingOf(ctx, user, target.entity, memberships);
    if (landing) answer.landing = landing;
  }
  return answer;
}

/** Where an accepted member of a membership type lands (core §2.5): her type's landing page, when she may view it. */
async function landingOf(ctx: AppContext, user: SignedInUser, entity: Entity, memberships: readonly ListMembership[]): Promise<JoinState['landing']> {
  const moduleSlug = spaceModuleSlug(entity, undefined);
  if (!moduleSlug) return undefined;
  const module = (await readStructure(structureSource(ctx), user)).modules.find((m) => m.slug === moduleSlug);
  if (!module) return undefined;
  const decision = decideSpace(entity, module.pages, undefined, { ...spaceViewer(user), memberships });
  const landingId = decision.membershipType?.landingPage?.value;
  const page = landingId && decision.pageId === landingId ? module.pages.find((p) => p.id === landingId) : undefined;
  return page && { moduleSlug, pageSlug: page.slug };
}

/** Her state in the list for this entity as stored now, in the writing transaction. */
async function currentState(tx: DocumentTx, target: Target, accountId: Id): Promise<MembershipState | null> {
  return stateIn(await storedMembershipsOf(tx.raw, accountId), target);
}

/**
 * The move was decided on the state read before the list was locked: a state changed meanwhile
 * (an admin's ban) would let the power-up's move apply to it, so it is refused and rolled back.
 */
function checkedMove(decidedFrom: MembershipState | null, moved: MovedMembership): MovedMembership {
  if (moved.from !== decidedFrom) throw conflict('the membership changed meanwhile: try again');
  return moved;
}

/** After the commit: the entity's room hears the new count, and she gets her JoinState. */
async function afterWrite(ctx: AppContext, user: SignedInUser, target: Target, changed: boolean): Promise<JoinState> {
  // Read as stored now (the cache follows the commit by its own announcement).
  const state = await joinState(ctx, user, target, await storedMembershipsOf(ctx.store.kysely, user.account.accountId));
  if (changed) {
    const event: EntityJoinEvent = { entityId: target.entity.id, memberCount: state.memberCount };
    await ctx.realtime?.toRooms(entityRoom(target.entity.id), 'entities:join', event).catch((error: unknown) => ctx.log(error));
  }
  return state;
}

/** The join body: nothing, or `{membershipTypeId}`. */
function joinBody(ctx: AppContext, body: unknown): JoinRequest {
  return ctx.validator.body<JoinRequest>('join-request', body ?? {});
}

export function joinRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Params: { entityId: string }; Querystring: { membershipTypeId?: unknown } }>('/structure/powerUp/:entityId/join', async (req) => {
    const user = await requireUser(ctx, req);
    const target = await joinTargetOf(ctx, req.params.entityId, queryRef(req.query.membershipTypeId, 'membershipTypeId'));
    return joinState(ctx, user, target, user.memberships);
  });

  app.post<{ Params: { entityId: string } }>('/structure/powerUp/:entityId/join', async (req) => {
    const user = await requireUser(ctx, req);
    const { membershipTypeId } = joinBody(ctx, req.body);
    const target = await joinTargetOf(ctx, req.params.entityId, membershipTypeId);
    const accountId = user.account.accountId;
    const approval = joinNeedsApproval(target.entity);
    // Decided again inside the transaction, against the state stored now (not the request's snapshot).
    const moved = await ctx.store.transaction(async (tx) => {
      const current = await currentState(tx, target, accountId);
      const move = joinMove(current, approval);
      if (move === 'refused') throw new HttpError(409, 'conflict', refusedMoveMessage(current, approval ? 'applied' : 'accepted'), 'moveRefused');
      if (!move) return undefined;
      return checkedMove(
        current,
        await moveMembership(ctx, tx, {
          listId: target.listId,
          accountId,
          to: move.to,
          actor: move.actor,
          entityId: target.entity.id,
          ...(target.membershipTypeId ? { membershipTypeId: target.membershipTypeId } : {}),
        }),
      );
    });
    return afterWrite(ctx, user, target, !!moved?.changed);
  });

  app.post<{ Params: { entityId: string } }>('/structure/powerUp/:entityId/leave', async (req) => {
    const user = await requireUser(ctx, req);
    const { membershipTypeId } = joinBody(ctx, req.body);
    const target = await joinTargetOf(ctx, req.params.entityId, membershipTypeId);
    const accountId = user.account.accountId;
    const moved = await ctx.store.transaction(async (tx) => {
      const current = await currentState(tx, target, accountId);
      const to = leaveMove(current);
      if (to === 'refused') throw new HttpError(409, 'conflict', refusedMoveMessage(current, 'withdrawn'), 'moveRefused');
      if (!to) return undefined;
      return checkedMove(current, await moveMembership(ctx, tx, { listId: target.listId, accountId, to, actor: 'member', entityId: target.entity.id }));
    });
    return afterWrite(ctx, user, target, !!moved?.changed);
  });
}
