/**
 * Entity and definition rows read tolerantly (anything stored may be corrupt): a JSON column that
 * does not parse, or parses to the wrong shape, is left out and named in `unreadable`, and what
 * guards privacy fails closed (no pagePermissions, no power-ups, the default permission type).
 */
import type { Kysely } from 'kysely';
import { ENTITY_CONCEPT_TYPES, POWER_UPS } from '../../engine/core/entities';
import type {
  Entity,
  EntityConceptType,
  EntityDefinition,
  EntityDefinitionSettings,
  EntityFieldDefinition,
  EntityLocation,
  PowerUp,
  PowerUpData,
} from '../../schemas/model';
import type { JsonObject } from '../../schemas/model/common';
import type { DB } from '../storage/database';
import type { EntitiesTable, EntityDefinitionsTable, EntityTables } from './tables';

export const entitiesDb = (db: Kysely<DB>) => db.withTables<EntityTables>();
export type EntitiesDb = ReturnType<typeof entitiesDb>;

const isObject = (v: unknown): v is JsonObject => !!v && typeof v === 'object' && !Array.isArray(v);

/** Parses a column; `undefined` when it is corrupt or not of the expected shape. */
function column<T>(text: string | null | undefined, shape: (v: unknown) => v is T): T | undefined {
  if (text === null || text === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return shape(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Reads a row's JSON columns: each one that does not read is named, in order, in `unreadable`. */
function columnReader() {
  const unreadable: string[] = [];
  const read = <T>(name: string, text: string, shape: (v: unknown) => v is T): T | undefined => {
    const v = column(text, shape);
    if (v === undefined) unreadable.push(name);
    return v;
  };
  return { read, unreadable };
}

const isArray = (v: unknown): v is unknown[] => Array.isArray(v);
const powerUps = (v: unknown[]): PowerUp[] => v.filter((p): p is PowerUp => typeof p === 'string' && (POWER_UPS as readonly string[]).includes(p));
const ms = (n: number | string | null) => (n === null ? undefined : new Date(Number(n)).toISOString());

export function entityFromRow(row: EntitiesTable): Entity {
  const { read, unreadable } = columnReader();
  const data = read('data', row.data, isObject);
  const ups = read('powerUps', row.power_ups, isArray);
  const upData = read('powerUpData', row.power_up_data, isObject);
  const pages = read('pagePermissions', row.page_permissions, isArray);
  const location = read('location', row.location, isObject);
  const context = read('context', row.context, isObject);
  const entity: Entity = {
    id: row.id,
    slug: row.slug,
    title: row.title,
    definition: row.definition_id,
    powerUps: ups ? powerUps(ups) : [],
    powerUpData: (upData ?? {}) as PowerUpData,
    pagePermissions: pages ? pages.filter((p): p is string => typeof p === 'string') : [],
    permissionType: row.permission_type === 'memberships' ? 'memberships' : 'default',
    location: (location ?? {}) as EntityLocation,
    context: context ?? {},
    data: data ?? {},
    createdAt: ms(row.created),
    updatedAt: ms(row.updated),
  };
  if (row.default_permission) entity.defaultPermission = row.default_permission;
  if (row.created_by) entity.createdBy = row.created_by;
  if (unreadable.length) entity.unreadable = unreadable;
  return entity;
}

export function definitionFromRow(row: EntityDefinitionsTable): EntityDefinition {
  const { read, unreadable } = columnReader();
  const fields = read('fields', row.fields, isArray);
  const ups = read('powerUps', row.power_ups, isArray);
  const settings = read('settings', row.settings, isObject);
  const definition: EntityDefinition = {
    id: row.id,
    name: row.name,
    slug: row.slug,
    conceptType: (ENTITY_CONCEPT_TYPES as readonly string[]).includes(row.concept_type) ? (row.concept_type as EntityConceptType) : 'other',
    fields: (fields ?? []).filter(
      (f): f is EntityFieldDefinition => isObject(f) && typeof f.id === 'string' && typeof f.key === 'string' && typeof f.type === 'string',
    ),
    powerUps: ups ? powerUps(ups) : [],
    settings: (settings ?? {}) as EntityDefinitionSettings,
    createdAt: ms(row.created),
    updatedAt: ms(row.updated),
  };
  if (row.description) definition.description = row.description;
  if (unreadable.length) definition.unreadable = unreadable;
  return definition;
}
