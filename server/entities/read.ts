/**
 * Reading entities and definitions by id or slug (core §2.2: a non-numeric target is an entity's
 * slug or id), for the domain's routes, the space decision and other domains (through the
 * manifest's exports).
 */
import type { Kysely } from 'kysely';
import type { Entity, EntityDefinition, Id } from '../../schemas/model';
import type { AppContext } from '../context';
import { notFound } from '../errors';
import type { DB } from '../storage/database';
import { definitionFromRow, entitiesDb, entityFromRow } from './records';

/** The entity whose id, else whose slug, is `ref`; undefined when none. */
export async function entityByRef(db: Kysely<DB>, ref: string): Promise<Entity | undefined> {
  const edb = entitiesDb(db);
  const byId = await edb.selectFrom('entities').selectAll().where('id', '=', ref).executeTakeFirst();
  const row = byId ?? (await edb.selectFrom('entities').selectAll().where('slug', '=', ref).executeTakeFirst());
  return row ? entityFromRow(row) : undefined;
}

/** The entities of these ids that exist, in the order asked. */
export async function entitiesByIds(db: Kysely<DB>, ids: readonly Id[]): Promise<Entity[]> {
  if (!ids.length) return [];
  const rows = await entitiesDb(db)
    .selectFrom('entities')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .execute();
  const byId = new Map(rows.map((r) => [r.id, entityFromRow(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function definitionById(db: Kysely<DB>, id: Id): Promise<EntityDefinition | undefined> {
  const row = await entitiesDb(db).selectFrom('entity_definitions').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? definitionFromRow(row) : undefined;
}

export async function allDefinitions(db: Kysely<DB>): Promise<EntityDefinition[]> {
  const rows = await entitiesDb(db).selectFrom('entity_definitions').selectAll().orderBy('name').orderBy('id').execute();
  return rows.map(definitionFromRow);
}

/** The entity a path names (id or slug), else a 404 naming it. */
export async function requireEntity(ctx: AppContext, ref: string): Promise<Entity> {
  const entity = ref.length <= 120 ? await entityByRef(ctx.store.kysely, ref) : undefined;
  if (!entity) throw notFound(`entity "${ref.slice(0, 64)}" does not exist`);
  return entity;
}
