/**
 * The entity calls (contract schemas/model/api/entities.ts, "Entities"). Every call needs a
 * signed-in member; `{id}` is an entity's id or slug. Writes go through ./writes.ts (permission
 * against the current row, only changed columns, search row and events).
 */
import type { FastifyInstance } from 'fastify';
import {
  canChangePermissionType,
  canCreateEntity,
  POWER_UPS,
  ENTITY_GET_MAX,
  ENTITY_NOTIFICATION_MESSAGE_MAX,
  entityTitleProblem,
} from '../../engine/core/entities';
import { ENTITY_FAVOURITE_TYPE } from '../../engine/core/favourites';
import type { Entity, EntityPermissionType, PowerUp, PowerUpData } from '../../schemas/model';
import type {
  EntityCreateRequest,
  EntityDataRequest,
  EntityFieldsRequest,
  EntitySendNotificationRequest,
  EntitySettingsRequest,
  EntityUpdateKeysRequest,
  ServiceRequestCounts,
} from '../../schemas/model/api/entities';
import type { JsonObject, JsonValue } from '../../schemas/model/common';
import { countViews, recordAudit } from '../audit';
import { requireUser, type AppContext, type SignedInUser } from '../context';
import { badRequest, forbidden, HttpError, notFound } from '../errors';
import { listsDb } from '../lists/user-lists';
import { can, isStaff } from '../permissions';
import { SUBJECTS } from '../../engine/core/permissions';
import { favouriteCount } from '../profiles/favourite-counts';
import { checkData, checkLocation, checkPagePermissions, checkPermissionType, checkPowerUpData, checkPowerUps, isObject } from './checks';
import { announceEntityRemoved, withFavourites } from './events';
import { entityMemberIds, notifyEntityMembers, notifyNewUserEntity, ownsNotification } from './notifications';
import { definitionById, entitiesByIds, requireEntity } from './read';
import { entitiesDb, entityFromRow } from './records';
import { searchEntities, type SearchQuery } from './search';
import {
  afterEntityWrite,
  checkDuplicates,
  checkSlugFree,
  columnsOf,
  definitionOf,
  entitySearch,
  holderOf,
  newEntityId,
  requireEditor,
  searchText,
  uniqueSlug,
  writeEntity,
} from './writes';

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const membershipTypesOf = (e: Entity) => (e.powerUps?.includes('membership') ? e.powerUpData?.membership?.membershipType : undefined);
/** What the space decision reads: a change sends permissions:update to the entity's room. */
const spaceChanged = (a: Entity, b: Entity) =>
  !sameJson(a.pagePermissions, b.pagePermissions) || a.permissionType !== b.permissionType || !sameJson(membershipTypesOf(a), membershipTypesOf(b));

function titleOrThrow(title: unknown): string {
  const problem = entityTitleProblem(title);
  if (problem) throw badRequest(problem === 'required' ? 'title is required' : 'title: at most 256 characters');
  return (title as string).trim();
}

/** Merges data changes after checking them against the definition (fields, types, required, size, duplicates). */
const dataWrite =
  (changes: JsonObject) => async (entity: Entity, definition: Parameters<typeof checkDuplicates>[1], db: Parameters<typeof checkDuplicates>[0]) => {
    if (!isObject(changes)) throw badRequest('changes must be an object');
    const data = { ...(entity.data ?? {}), ...changes };
    checkData(definition.fields, changes, data);
    await checkDuplicates(db, definition, changes, entity.id);
    return { data };
  };

export function entityRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = () => ctx.store.kysely;
  const v = ctx.validator;

  app.get<{ Querystring: SearchQuery }>('/entities', async (req) => {
    await requireUser(ctx, req);
    return searchEntities(ctx, req.query);
  });

  app.get<{ Params: { connectionId: string; accountId: string } }>(
    '/entities/getServiceRequestCounts/:connectionId/:accountId',
    async (req): Promise<ServiceRequestCounts> => {
      const user = await requireUser(ctx, req);
      const { connectionId, accountId } = req.params;
      if (accountId !== user.account.accountId && !isStaff(user.account)) throw forbidden('getServiceRequestCounts: the account itself or staff only');
      const rows = await listsDb(db())
        .selectFrom('list_memberships')
        .select(['state', (eb) => eb.fn.countAll<number | string>().as('n')])
        .where('list_id', '=', connectionId)
        .where('account_id', '=', accountId)
        .groupBy('state')
        .execute();
      return { connectionId, accountId, counts: Object.fromEntries(rows.map((r) => [r.state, Number(r.n)])) };
    },
  );

  app.get<{ Params: { id: string } }>('/entities/:id', async (req): Promise<Entity> => {
    await requireUser(ctx, req);
    return withFavourites(ctx, await requireEntity(ctx, req.params.id));
  });

  app.post('/entities/get', async (req): Promise<Entity[]> => {
    await requireUser(ctx, req);
    const body = req.body as { ids?: unknown } | undefined;
    const ids = body?.ids;
    if (!Array.isArray(ids) || ids.length > ENTITY_GET_MAX || !ids.every((id) => typeof id === 'string' && id.length <= 64))
      throw badRequest(`ids must be a list of at most ${ENTITY_GET_MAX} entity ids`);
    const found = await entitiesByIds(db(), ids as string[]);
    return Promise.all(found.map((e) => withFavourites(ctx, e)));
  });

  app.put<{ Params: { definitionId: string } }>('/entities/:definitionId', async (req, reply): Promise<Entity> => {
    const user = await requireUser(ctx, req);
    const body = v.body<EntityCreateRequest>('entity-create-request', req.body);
    const definition = req.params.definitionId.length <= 64 ? await definitionById(db(), req.params.definitionId) : undefined;
    if (!definition) throw notFound(`entity definition "${req.params.definitionId.slice(0, 64)}" does not exist`);
    const holder = holderOf(user);
    if (!canCreateEntity(holder, definition))
      throw forbidden(`You may not create entities of "${definition.id}": needs createEntities on entityDefinitions "${definition.id}"`);
    if (body.permissionType !== undefined && checkPermissionType(body.permissionType) !== 'default' && !canChangePermissionType(holder))
      throw forbidden('Only admins set an entity’s permission type');
    const title = titleOrThrow(body.title);
    const powerUps = checkPowerUps(body.powerUps, 'powerUps', definition.powerUps);
    const powerUpData: PowerUpData = {};
    if (body.powerUpData !== undefined) {
      if (!isObject(body.powerUpData)) throw badRequest('powerUpData must be an object');
      for (const [key, value] of Object.entries(body.powerUpData)) {
        if (!powerUps.includes(key as PowerUp)) throw badRequest(`powerUpData.${key.slice(0, 40)}: the power-up is not on the entity`);
        await checkPowerUpData(ctx, key as PowerUp, value);
        powerUpData[key] = value as JsonObject;
      }
    }
    const data = body.data ?? {};
    if (!isObject(data)) throw badRequest('data must be an object');
    checkData(definition.fields, data, data, true);
    const location = body.location !== undefined ? checkLocation(body.location) : (definition.settings.location ?? {});
    const pagePermissions = body.pagePermissions !== undefined ? checkPagePermissions(body.pagePermissions) : [];
    // Created by permission, not by membersMayCreate: no newUserCreatedEntity.
    const staffMay = can(user, 'createEntities', SUBJECTS.entityDefinitions, definition.id);
    let entity!: Entity;
    await ctx.store.transaction(async (tx) => {
      const tdb = tx.raw as unknown as Parameters<typeof checkDuplicates>[0];
      if (body.slug !== undefined) await checkSlugFree(tdb, body.slug);
      const slug = body.slug ?? (await uniqueSlug(tdb, title));
      await checkDuplicates(tdb, definition, data);
      const now = Date.now();
      const draft: Entity = {
        id: newEntityId(),
        slug,
        title,
        definition: definition.id,
        powerUps,
        powerUpData,
        pagePermissions,
        permissionType: (body.permissionType ?? definition.settings.permissionType ?? 'default') as EntityPermissionType,
        location,
        context: {},
        data,
      };
      await entitiesDb(tdb)
        .insertInto('entities')
        .values({
          id: draft.id,
          definition_id: definition.id,
          slug,
          title,
          data: '{}',
          power_ups: '[]',
          power_up_data: '{}',
          page_permissions: '[]',
          default_permission: null,
          permission_type: 'default',
          location: '{}',
          context: '{}',
          starts_at: null,
          lat: null,
          lng: null,
          ...columnsOf(draft, definition),
          created_by: user.account.accountId,
          created: now,
          updated: now,
        })
        .execute();
      entity = entityFromRow(await entitiesDb(tdb).selectFrom('entities').selectAll().where('id', '=', draft.id).executeTakeFirstOrThrow());
      await entitySearch(ctx.engine).put(tx.raw, entity.id, searchText(entity, definition));
      tx.afterCommit(async () => {
        await afterEntityWrite(ctx, user, entity, definition, { action: 'create', permissionsChanged: false, notifyMembers: true, event: 'entityCreated' });
        if (!staffMay) await notifyNewUserEntity(ctx, entity, definition, user.account.accountId).catch((error) => ctx.log(error));
      });
    });
    reply.status(201);
    return withFavourites(ctx, entity);
  });

  app.post<{ Params: { id: string } }>('/entities/:id/data', async (req) => {
    const user = await requireUser(ctx, req);
    const { changes } = v.body<EntityDataRequest>('entity-data-request', req.body);
    return writeEntity(ctx, user, req.params.id, { action: 'data' }, dataWrite(changes));
  });

  app.post<{ Params: { id: string; key: string } }>('/entities/:id/data/:key', async (req) => {
    const user = await requireUser(ctx, req);
    const body = req.body as { value?: JsonValue } | undefined;
    if (!isObject(body) || !('value' in body)) throw badRequest('send {value}');
    return writeEntity(ctx, user, req.params.id, { action: 'data' }, dataWrite({ [req.params.key]: body.value as JsonValue }));
  });

  app.post<{ Params: { id: string } }>('/entities/:id/updateKeys', async (req) => {
    const user = await requireUser(ctx, req);
    const { keys } = v.body<EntityUpdateKeysRequest>('entity-update-keys-request', req.body);
    return writeEntity(ctx, user, req.params.id, { action: 'updateKeys' }, dataWrite(keys));
  });

  app.post<{ Params: { id: string } }>('/entities/:id/settingsData', async (req) => {
    const user = await requireUser(ctx, req);
    const body = v.body<EntitySettingsRequest>('entity-settings-request', req.body);
    const patch: Partial<Entity> = {};
    if (body.title !== undefined) patch.title = titleOrThrow(body.title);
    if (body.location !== undefined) patch.location = checkLocation(body.location);
    if (body.pagePermissions !== undefined) patch.pagePermissions = checkPagePermissions(body.pagePermissions);
    if (body.defaultPermission !== undefined) {
      if (typeof body.defaultPermission !== 'string' || body.defaultPermission.length > 64) throw badRequest('defaultPermission: at most 64 characters');
      patch.defaultPermission = body.defaultPermission;
    }
    if (body.context !== undefined) {
      if (!isObject(body.context) || JSON.stringify(body.context).length > 16_000) throw badRequest('context must be an object of at most 16000 characters');
      patch.context = body.context;
    }
    return writeEntity(ctx, user, req.params.id, { action: 'settings', permissions: spaceChanged }, async (entity, _definition, tdb) => {
      if (body.slug !== undefined && body.slug !== entity.slug) {
        await checkSlugFree(tdb, body.slug, entity.id);
        patch.slug = body.slug;
      }
      return patch;
    });
  });

  app.post<{ Params: { id: string; powerUpId: string } }>('/entities/:id/:powerUpId/powerUpData', async (req) => {
    const user = await requireUser(ctx, req);
    const powerUp = req.params.powerUpId as PowerUp;
    const body = req.body as { data?: unknown } | undefined;
    if (!isObject(body) || !isObject(body.data)) throw badRequest('send {data} with the power-up’s data object');
    const data = body.data;
    // Checked before the transaction: it reads lists and pages (SQLite has one connection).
    if (!(POWER_UPS as readonly string[]).includes(powerUp)) throw badRequest(`"${powerUp.slice(0, 40)}" is not a power-up`);
    await checkPowerUpData(ctx, powerUp, data);
    return writeEntity(ctx, user, req.params.id, { action: 'powerUpData', permissions: spaceChanged }, (entity) => {
      if (!entity.powerUps?.includes(powerUp)) throw badRequest(`power-up "${powerUp}" is not on the entity`);
      return { powerUpData: { ...(entity.powerUpData ?? {}), [powerUp]: data } };
    });
  });

  app.post<{ Params: { id: string } }>('/entities/:id/fields', async (req) => {
    const user = await requireUser(ctx, req);
    const body = v.body<EntityFieldsRequest>('entity-fields-request', req.body);
    return writeEntity(ctx, user, req.params.id, { action: 'fields', permissions: spaceChanged }, (entity, definition) => {
      const add = checkPowerUps(body.add, 'add', definition.powerUps);
      const remove = checkPowerUps(body.remove, 'remove');
      const patch: Partial<Entity> = { powerUps: [...new Set([...(entity.powerUps ?? []), ...add])].filter((p) => !remove.includes(p)) };
      if (body.removeData?.length) {
        if (body.removeData.length > 200) throw badRequest('removeData: at most 200 keys');
        const data = { ...(entity.data ?? {}) };
        for (const key of body.removeData) delete data[key];
        patch.data = data;
      }
      return patch;
    });
  });

  app.post<{ Params: { id: string } }>('/entities/:id/permissionTypes', async (req) => {
    const user = await requireUser(ctx, req);
    const body = req.body as { permissionType?: unknown } | undefined;
    const permissionType = checkPermissionType(body?.permissionType);
    const allow = (u: SignedInUser) => {
      if (!canChangePermissionType(u.account)) throw forbidden('Only admins change an entity’s permission type (community §6)');
    };
    return writeEntity(ctx, user, req.params.id, { action: 'permissionType', allow, permissions: spaceChanged }, () => ({ permissionType }));
  });

  app.post<{ Params: { id: string } }>('/entities/:id/sendNotification', async (req) => {
    const user = await requireUser(ctx, req);
    const body = v.body<EntitySendNotificationRequest>('entity-send-notification-request', req.body);
    if ((body.message?.length ?? 0) > ENTITY_NOTIFICATION_MESSAGE_MAX) throw badRequest(`message: at most ${ENTITY_NOTIFICATION_MESSAGE_MAX} characters`);
    const entity = await requireEntity(ctx, req.params.id);
    const definition = await definitionOf(db(), entity);
    requireEditor(user, entity, definition);
    if (!ownsNotification(definition, body.event))
      throw new HttpError(
        400,
        'badRequest',
        `notification_ownership: "${String(body.event).slice(0, 64)}" is not among the notifications of “${definition.name}”`,
        'notification_ownership',
      );
    const message = body.message?.trim() ? `${entity.title}: ${body.message.trim()}` : entity.title;
    const sent = await notifyEntityMembers(ctx, entity, definition, body.event as 'entityUpdated', user.account.accountId, message);
    await recordAudit(ctx, { accountId: user.account.accountId, logType: 'entities.sendNotification', subject: entity.id, extra: { event: body.event } });
    return { sent };
  });

  app.delete<{ Params: { id: string } }>('/entities/:id', async (req, reply) => {
    const user = await requireUser(ctx, req);
    const found = await requireEntity(ctx, req.params.id);
    let deleted: Entity | undefined;
    await ctx.store.transaction(async (tx) => {
      const tdb = tx.raw as unknown as Parameters<typeof checkDuplicates>[0];
      const row = await entitiesDb(tdb).selectFrom('entities').selectAll().where('id', '=', found.id).executeTakeFirst();
      if (!row) return;
      const entity = entityFromRow(row);
      const definition = await definitionOf(tdb, entity);
      requireEditor(user, entity, definition);
      await entitiesDb(tdb).deleteFrom('entities').where('id', '=', entity.id).execute();
      await entitySearch(ctx.engine).remove(tx.raw, entity.id);
      deleted = entity;
      tx.afterCommit(async () => {
        try {
          await announceEntityRemoved(ctx, entity.id);
          await notifyEntityMembers(ctx, entity, definition, 'entityDeleted', user.account.accountId);
          await recordAudit(ctx, { accountId: user.account.accountId, logType: 'entities.delete', subject: entity.id });
        } catch (error) {
          ctx.log(error);
        }
      });
    });
    if (!deleted) throw notFound(`entity "${found.id}" does not exist`);
    reply.status(204);
  });

  app.get<{ Params: { id: string; stat: string } }>('/entities/:id/blockStatistics/:stat', async (req) => {
    await requireUser(ctx, req);
    const entity = await requireEntity(ctx, req.params.id);
    const { stat } = req.params;
    if (stat === 'favourites') return { stat, value: await favouriteCount(db(), ENTITY_FAVOURITE_TYPE, entity.id) };
    if (stat === 'members') {
      const rows = await listsDb(db())
        .selectFrom('list_memberships')
        .select(['state', (eb) => eb.fn.countAll<number | string>().as('n')])
        .where('entity_id', '=', entity.id)
        .groupBy('state')
        .execute();
      return { stat, value: Object.fromEntries(rows.map((r) => [r.state, Number(r.n)])) };
    }
    // Views of its space and of its pages, as the members' browsers logged them (core §2.5).
    if (stat === 'views') return { stat, value: await countViews(db(), ['entityView', 'entityPageView'], entity.id) };
    throw badRequest(`stat must be members, favourites or views, not "${stat.slice(0, 40)}"`);
  });
}

export { entityMemberIds };
