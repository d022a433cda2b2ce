/**
 * Entity writes, once (contract schemas/model/api/entities.ts): each write reads the entity again
 * in its transaction, checks the permission against that current state, writes only the columns
 * it changed (a corrupt column another write did not touch stays as stored, for an admin to see),
 * keeps the derived columns (starts_at, lat, lng) and the search row current in the same
 * transaction, and after the commit announces, notifies and audits.
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { canEditEntity, duplicateKeyMessage, duplicateKeyValue, ENTITY_SLUG_MAX, entitySlugProblem } from '../../engine/core/entities';
import { geoPointOf } from '../../engine/core/geo';
import { slugFromName } from '../../engine/core/slug';
import type { Entity, EntityDefinition, Id } from '../../schemas/model';
import type { JsonObject } from '../../schemas/model/common';
import { recordAudit } from '../audit';
import type { AppContext, SignedInUser } from '../context';
import { badRequest, forbidden, HttpError, notFound } from '../errors';
import { permissionHolder } from '../permissions';
import type { DB } from '../storage/database';
import { textIndex } from '../search/text-dialect';
import { announceEntityUpdated, withFavourites } from './events';
import { notifyEntityMembers } from './notifications';
import { definitionById, entityByRef } from './read';
import { entitiesDb, entityFromRow } from './records';
import type { EntitiesTable } from './tables';

export const entitySearch = (engine: AppContext['engine']) => textIndex(engine, 'entity_search');

/** A definition stand-in for an entity whose definition is gone (fails closed: no fields, no power-ups). */
const missingDefinition = (id: Id): EntityDefinition => ({ id, name: id, slug: id, conceptType: 'other', fields: [], powerUps: [], settings: {} });

export async function definitionOf(db: Kysely<DB>, entity: Entity): Promise<EntityDefinition> {
  return (entity.definition && (await definitionById(db, entity.definition))) || missingDefinition(entity.definition ?? '');
}

export const holderOf = (user: SignedInUser) => ({ ...permissionHolder(user), accountId: user.account.accountId });

/** 403 naming the permissions unless the user may change this entity. */
export function requireEditor(user: SignedInUser, entity: Entity, definition: EntityDefinition): void {
  if (!canEditEntity(holderOf(user), entity, definition))
    throw forbidden(
      `You may not change entity "${entity.id}": needs updateEntities on entityDefinitions "${entity.definition}" or update on entities "${entity.id}"`,
    );
}

/** The text the search index keeps of an entity: title, slug and its searchable fields' values. */
export function searchText(entity: Entity, definition: EntityDefinition): string {
  const parts: string[] = [entity.title, entity.slug ?? ''];
  for (const f of definition.fields) {
    if (!f.searchable) continue;
    const v = entity.data?.[f.key];
    const values = Array.isArray(v) ? v : [v];
    for (const x of values) if (typeof x === 'string' || typeof x === 'number') parts.push(String(x).slice(0, 2000));
  }
  return parts.join(' ');
}

const ms = (iso: unknown) => (typeof iso === 'string' && !Number.isNaN(Date.parse(iso)) ? Date.parse(iso) : null);

/** The columns an entity's parts are stored in; only the parts present in `patch`. */
export function columnsOf(patch: Partial<Entity>, definition: EntityDefinition): Partial<EntitiesTable> {
  const out: Partial<EntitiesTable> = {};
  if (patch.title !== undefined) out.title = patch.title;
  if (patch.slug !== undefined) out.slug = patch.slug;
  if (patch.data !== undefined) {
    out.data = JSON.stringify(patch.data);
    const point = definition.settings.locationField ? geoPointOf(patch.data[definition.settings.locationField]) : undefined;
    out.lat = point?.lat ?? null;
    out.lng = point?.lng ?? null;
  }
  if (patch.powerUps !== undefined) out.power_ups = JSON.stringify(patch.powerUps);
  if (patch.powerUpData !== undefined) out.power_up_data = JSON.stringify(patch.powerUpData);
  if (patch.powerUps !== undefined || patch.powerUpData !== undefined) {
    const on = (patch.powerUps ?? []).includes('durations');
    out.starts_at = on ? ms(patch.powerUpData?.durations?.start) : null;
  }
  if (patch.pagePermissions !== undefined) out.page_permissions = JSON.stringify(patch.pagePermissions);
  if (patch.defaultPermission !== undefined) out.default_permission = patch.defaultPermission || null;
  if (patch.permissionType !== undefined) out.permission_type = patch.permissionType;
  if (patch.location !== undefined) out.location = JSON.stringify(patch.location);
  if (patch.context !== undefined) out.context = JSON.stringify(patch.context);
  return out;
}

/** 400 for a slug the rule refuses; 409 `slug_valid` for one another entity holds (as slug or id). */
export async function checkSlugFree(db: Kysely<DB>, slug: string, exceptId?: Id): Promise<void> {
  const problem = entitySlugProblem(slug);
  if (problem)
    throw badRequest(
      `slug "${slug.slice(0, 64)}": ${problem === 'invalidChars' ? 'must not contain \\ / # ? % or control characters' : problem === 'tooLong' ? `at most ${ENTITY_SLUG_MAX} characters` : 'is required'}`,
    );
  let q = entitiesDb(db)
    .selectFrom('entities')
    .select('id')
    .where((eb) => eb.or([eb('slug', '=', slug), eb('id', '=', slug)]));
  if (exceptId) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw new HttpError(409, 'conflict', `slug "${slug}" is taken by another entity`, 'slug_valid');
}

/** A free slug from a title: the one slug rule, then -2, -3... */
export async function uniqueSlug(db: Kysely<DB>, title: string): Promise<string> {
  const base = (slugFromName(title) || 'entity').slice(0, ENTITY_SLUG_MAX - 8);
  const taken = new Set(
    (
      await entitiesDb(db)
        .selectFrom('entities')
        .select('slug')
        .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
        .execute()
    ).map((r) => r.slug),
  );
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!taken.has(candidate) && !(await entitiesDb(db).selectFrom('entities').select('id').where('id', '=', candidate).executeTakeFirst())) return candidate;
  }
}

/** The duplicate-by-key check (community §5): a `unique` field's value held by another entity of the definition is a 409 naming the field. */
export async function checkDuplicates(db: Kysely<DB>, definition: EntityDefinition, changes: JsonObject, exceptId?: Id): Promise<void> {
  const asked = definition.fields.filter((f) => f.unique && f.key in changes && duplicateKeyValue(changes[f.key]) !== null);
  if (!asked.length) return;
  let q = entitiesDb(db).selectFrom('entities').select(['id', 'data']).where('definition_id', '=', definition.id);
  if (exceptId) q = q.where('id', '!=', exceptId);
  for (const row of await q.execute()) {
    let data: unknown;
    try {
      data = JSON.parse(row.data);
    } catch {
      continue; // a corrupt row holds no readable value to collide with
    }
    if (!data || typeof data !== 'object') continue;
    for (const f of asked)
      if (duplicateKeyValue((data as JsonObject)[f.key]) === duplicateKeyValue(changes[f.key]))
        throw new HttpError(409, 'conflict', duplicateKeyMessage(definition, f, changes[f.key]), 'duplicate_key');
  }
}

const isUniqueViolation = (error: unknown) => ['23505', 'SQLITE_CONSTRAINT_UNIQUE'].includes((error as { code?: string }).code ?? '');

export interface WriteOptions {
  /** The audit log's action (`entities.<action>`). */
  action: string;
  /** Extra rule beyond editing (permission type: admins only); throws. */
  allow?: (user: SignedInUser) => void;
  /** Whether what decides the space changed (sends permissions:update). */
  permissions?: (before: Entity, after: Entity) => boolean;
  /** entityUpdated to its members, when the definition lists it (default true). */
  notifyMembers?: boolean;
}

/**
 * Changes one entity: `change` gets the current entity and definition (inside the transaction,
 * after the permission check) and answers the parts to write, already checked.
 */
export async function writeEntity(
  ctx: AppContext,
  user: SignedInUser,
  ref: string,
  options: WriteOptions,
  change: (entity: Entity, definition: EntityDefinition, db: Kysely<DB>) => Promise<Partial<Entity>> | Partial<Entity>,
): Promise<Entity> {
  const found = ref.length <= 120 ? await entityByRef(ctx.store.kysely, ref) : undefined;
  if (!found) throw notFound(`entity "${ref.slice(0, 64)}" does not exist`);
  let before!: Entity;
  let after!: Entity;
  try {
    await ctx.store.transaction(async (tx) => {
      const db = tx.raw as unknown as Kysely<DB>;
      const row = await entitiesDb(db).selectFrom('entities').selectAll().where('id', '=', found.id).executeTakeFirst();
      if (!row) throw notFound(`entity "${found.id}" does not exist`);
      before = entityFromRow(row);
      const definition = await definitionOf(db, before);
      options.allow?.(user);
      requireEditor(user, before, definition);
      const patch = await change(before, definition, db);
      const columns = columnsOf(patch, definition);
      // The derived start follows both power-ups and their data: recompute from the whole.
      if (patch.powerUps !== undefined || patch.powerUpData !== undefined)
        Object.assign(columns, columnsOf({ powerUps: patch.powerUps ?? before.powerUps, powerUpData: patch.powerUpData ?? before.powerUpData }, definition));
      const now = Date.now();
      await entitiesDb(db)
        .updateTable('entities')
        .set({ ...columns, updated: now })
        .where('id', '=', before.id)
        .execute();
      const stored = await entitiesDb(db).selectFrom('entities').selectAll().where('id', '=', before.id).executeTakeFirstOrThrow();
      after = entityFromRow(stored);
      await entitySearch(ctx.engine).put(tx.raw, after.id, searchText(after, definition));
      tx.afterCommit(() =>
        afterEntityWrite(ctx, user, after, definition, {
          action: options.action,
          permissionsChanged: options.permissions?.(before, after) ?? false,
          notifyMembers: options.notifyMembers ?? true,
        }),
      );
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, 'conflict', 'the slug was taken at the same time; try again', 'slug_valid');
    throw error;
  }
  return withFavourites(ctx, after);
}

/** After a committed write: `entities:updated` (and `permissions:update`), entityUpdated to members, the audit row. */
export async function afterEntityWrite(
  ctx: AppContext,
  user: SignedInUser,
  entity: Entity,
  definition: EntityDefinition,
  what: { action: string; permissionsChanged: boolean; notifyMembers: boolean; event?: 'entityCreated' | 'entityUpdated' },
): Promise<void> {
  try {
    await announceEntityUpdated(ctx, entity, what.permissionsChanged);
    if (what.notifyMembers) await notifyEntityMembers(ctx, entity, definition, what.event ?? 'entityUpdated', user.account.accountId);
    await recordAudit(ctx, { accountId: user.account.accountId, logType: `entities.${what.action}`, subject: entity.id });
  } catch (error) {
    ctx.log(error);
  }
}

export const newEntityId = () => `ent-${crypto.randomUUID()}`;

/** Rewrites the search rows and places of a definition's entities (after its fields or settings changed). */
export async function reindexEntities(
  ctx: AppContext,
  raw: Parameters<ReturnType<typeof entitySearch>['put']>[0],
  definition: EntityDefinition,
): Promise<void> {
  const db = raw as unknown as Kysely<DB>;
  const rows = await entitiesDb(db).selectFrom('entities').selectAll().where('definition_id', '=', definition.id).execute();
  for (const row of rows) {
    const entity = entityFromRow(row);
    if (!entity.unreadable?.includes('data')) {
      const { lat, lng } = columnsOf({ data: entity.data ?? {} }, definition);
      if (lat !== row.lat || lng !== row.lng) await entitiesDb(db).updateTable('entities').set({ lat, lng }).where('id', '=', row.id).execute();
    }
    await entitySearch(ctx.engine).put(raw, entity.id, searchText(entity, definition));
  }
}
