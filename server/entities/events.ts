/**
 * Realtime of entities (contract schemas/model/api/entities.ts): the room `entity:<id>` (every
 * signed-in member may join a live entity), `entities:updated` with the whole entity after each
 * write's commit, `entities:removed` after a delete, and `permissions:update` when what decides
 * the space (pagePermissions, permission type, membership types) changed.
 */
import type { Entity } from '../../schemas/model';
import type { EntityUpdatedEvent } from '../../schemas/model/api/entities';
import type { AppContext } from '../context';
import { ENTITY_FAVOURITE_TYPE } from '../../engine/core/favourites';
import { favouriteCount } from '../profiles/favourite-counts';
import { entityByRef } from './read';
import { recheckEntityPages } from './space';
import { entityRoom } from './room';

export { entityRoom };

/** Room kind `entity`: a signed-in member (the realtime layer checks the session) and a live entity. */
export async function mayJoinEntity(ctx: AppContext, _accountId: string, id: string): Promise<boolean> {
  if (!id || id.length > 64) return false;
  const entity = await entityByRef(ctx.store.kysely, id);
  return !!entity && entity.id === id;
}

/** The entity as answered: its favourite count from favourite_targets. */
export async function withFavourites(ctx: AppContext, entity: Entity): Promise<Entity> {
  return { ...entity, favouriteCount: await favouriteCount(ctx.store.kysely, ENTITY_FAVOURITE_TYPE, entity.id) };
}

/** `entities:updated` to the entity's room (after the write's commit). */
export async function announceEntityUpdated(ctx: AppContext, entity: Entity, permissionsChanged = false): Promise<void> {
  const realtime = ctx.realtime;
  if (!realtime) return;
  const payload: EntityUpdatedEvent = { entityId: entity.id, entity: await withFavourites(ctx, entity) };
  await realtime.toRooms(entityRoom(entity.id), 'entities:updated', payload);
  if (permissionsChanged) {
    await realtime.toRooms(entityRoom(entity.id), 'permissions:update', { entityId: entity.id });
    await recheckEntityPages(ctx);
  }
}

export async function announceEntityRemoved(ctx: AppContext, entityId: string): Promise<void> {
  await ctx.realtime?.toRooms(entityRoom(entityId), 'entities:removed', { entityId });
}
