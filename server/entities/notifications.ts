/**
 * Entity notifications through notify() (community §4, §5; contract schemas/model/api/entities.ts):
 * entityCreated, entityUpdated, entityDeleted and sendNotification go to the entity's accepted
 * members (memberships carry the entity's id), only for the events the definition lists in
 * settings.notificationsForEntities; newUserCreatedEntity goes to the staff who may change the
 * definition's entities when a member created one.
 */
import type { Kysely } from 'kysely';
import { canEditEntity } from '../../engine/core/entities';
import type { Entity, EntityDefinition } from '../../schemas/model';
import { permissionContextOf, type AppContext } from '../context';
import { listsDb } from '../lists/user-lists';
import type { Account } from '../model';
import { notify } from '../notifications/notify';
import { isStaff, permissionHolder } from '../permissions';
import type { DB } from '../storage/database';

type EntityEvent = 'entityCreated' | 'entityUpdated' | 'entityDeleted';

/** The accounts accepted in a list for this entity. */
export async function entityMemberIds(db: Kysely<DB>, entityId: string): Promise<string[]> {
  const rows = await listsDb(db)
    .selectFrom('list_memberships')
    .select('account_id')
    .distinct()
    .where('entity_id', '=', entityId)
    .where('state', '=', 'accepted')
    .execute();
  return rows.map((r) => r.account_id);
}

export const ownsNotification = (definition: EntityDefinition, event: string): boolean =>
  Array.isArray(definition.settings.notificationsForEntities) && definition.settings.notificationsForEntities.includes(event);

/** Sends an entity event to its members (but the actor); nothing when the definition does not list it. */
export async function notifyEntityMembers(
  ctx: AppContext,
  entity: Entity,
  definition: EntityDefinition,
  event: EntityEvent,
  actorId: string,
  message?: string,
): Promise<number> {
  if (!ownsNotification(definition, event)) return 0;
  const accounts = (await entityMemberIds(ctx.store.kysely, entity.id)).filter((a) => a !== actorId);
  if (!accounts.length) return 0;
  const result = await notify(
    ctx,
    event,
    { accounts },
    {
      targetId: entity.id,
      title: entity.title.slice(0, 200),
      message: message ?? entity.title,
      fromAccountId: actorId,
      data: { entityId: entity.id },
    },
  );
  return result.recipients;
}

/** newUserCreatedEntity to the staff who may change this definition's entities (the creator left out). */
export async function notifyNewUserEntity(ctx: AppContext, entity: Entity, definition: EntityDefinition, creatorId: string): Promise<void> {
  const staff = (await ctx.store.list<Account>('account')).filter((a) => a.data && isStaff(a.data) && a.id !== creatorId);
  const allowed = await Promise.all(
    staff.map(async (a) => {
      const holder = await permissionContextOf(ctx, a.id);
      return holder && canEditEntity({ ...permissionHolder(holder), accountId: a.id }, { id: entity.id, definition: definition.id }) ? a.id : undefined;
    }),
  );
  const accounts = allowed.filter((id): id is string => !!id);
  if (!accounts.length) return;
  await notify(
    ctx,
    'newUserCreatedEntity',
    { accounts },
    {
      targetId: entity.id,
      title: entity.title.slice(0, 200),
      message: `${definition.name}: ${entity.title}`.slice(0, 500),
      fromAccountId: creatorId,
      data: { entityId: entity.id },
    },
  );
}
