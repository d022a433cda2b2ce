/**
 * GET entities (contract schemas/model/api/entities.ts): the shared text dialect over title, slug
 * and searchable fields (./writes.ts keeps the `entity_search` row current in each write's
 * transaction), a definition, filters over filterable fields, a circle on the map and the sort.
 * Filters and the circle read JSON and exact distances, so they run over the SQL matches (a box
 * around the circle first) in the sort order, at most SCAN_MAX rows; the rest pages in SQL.
 */
import { sql, type Kysely } from 'kysely';
import { ENTITY_SEARCH_DEFAULT_LIMIT, ENTITY_SEARCH_MAX_LIMIT } from '../../engine/core/entities';
import { ENTITY_FAVOURITE_TYPE } from '../../engine/core/favourites';
import { geoPointOf } from '../../engine/core/geo';
import type { Entity, EntityDefinition } from '../../schemas/model';
import type { EntitySearchResponse, EntitySummary } from '../../schemas/model/api/entities';
import type { JsonObject } from '../../schemas/model/common';
import type { AppContext } from '../context';
import { badRequest } from '../errors';
import { MAX_TEXT_QUERY_WORDS, searchWords } from '../search/text-dialect';
import type { DB } from '../storage/database';
import { allDefinitions } from './read';
import { entityFromRow } from './records';
import type { EntitiesTable } from './tables';
import { isObject as isObjectValue } from './checks';
import { entitySearch } from './writes';

export const SORTS = ['title', 'newest', 'start'] as const;
/** Rows a filtered or circled search reads at most. */
const SCAN_MAX = 5000;
const EARTH_KM = 6371;

export interface SearchQuery {
  definitionId?: string;
  q?: string;
  filters?: string;
  page?: string;
  limit?: string;
  sortBy?: string;
  near?: string;
}

function intParam(value: string | undefined, name: string, min: number, max: number, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw badRequest(`${name} must be a whole number from ${min} to ${max}`);
  return n;
}

function parseNear(near: string): { lat: number; lng: number; km: number } {
  const [lat, lng, km] = near.split(',').map((s) => Number(s.trim()));
  if (!geoPointOf({ lat, lng }) || !Number.isFinite(km) || km <= 0 || km > 20000)
    throw badRequest('near must be "lat,lng,radiusKm" with a radius from 0 to 20000 km');
  return { lat, lng, km };
}

function parseFilters(text: string, definitions: EntityDefinition[]): Record<string, string[]> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest('filters must be a JSON object {key: value | value[]}');
  }
  if (!isObjectValue(value) || Object.keys(value).length > 20) throw badRequest('filters must be a JSON object of at most 20 keys');
  const filterable = new Set(definitions.flatMap((d) => d.fields.filter((f) => f.filterable).map((f) => f.key)));
  const out: Record<string, string[]> = {};
  for (const [key, v] of Object.entries(value)) {
    if (!filterable.has(key)) throw badRequest(`filters: "${key.slice(0, 64)}" is not a filterable field`);
    const values = Array.isArray(v) ? v : [v];
    if (values.length > 50 || !values.every((x) => ['string', 'number', 'boolean'].includes(typeof x)))
      throw badRequest(`filters.${key} must be a value or a list of values`);
    out[key] = values.map(String);
  }
  return out;
}

const distanceKm = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) => {
  const rad = Math.PI / 180;
  const h = Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h)));
};

function matchesFilters(data: JsonObject | undefined, filters: Record<string, string[]>): boolean {
  return Object.entries(filters).every(([key, wanted]) => {
    const v = data?.[key];
    const held = (Array.isArray(v) ? v : [v]).filter((x) => x !== null && x !== undefined).map(String);
    return held.some((x) => wanted.includes(x));
  });
}

/** Favourite counts of many entities in one query. */
export async function favouriteCounts(db: Kysely<DB>, ids: string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = await sql<{ target_id: string; n: number | string }>`select target_id, count(*) as n from favourite_targets
    where type = ${ENTITY_FAVOURITE_TYPE} and target_id in (${sql.join(ids)}) group by target_id`.execute(db);
  return new Map(rows.rows.map((r) => [r.target_id, Number(r.n)]));
}

/** A search row: what a card, a marker or a result needs. */
export function summaryOf(entity: Entity, definition: EntityDefinition | undefined, favouriteCount: number): EntitySummary {
  const data = entity.data ?? {};
  const summary: EntitySummary = {
    id: entity.id,
    slug: entity.slug,
    title: entity.title,
    definition: entity.definition ?? '',
    powerUps: entity.powerUps ?? [],
    data,
    favouriteCount,
  };
  const image = definition?.settings.imageField ? data[definition.settings.imageField] : undefined;
  if (typeof image === 'string' && image) summary.imageId = image;
  const place = definition?.settings.locationField ? data[definition.settings.locationField] : undefined;
  const point = geoPointOf(place);
  if (point) summary.geo = { ...point, ...(isObjectValue(place) && typeof place.label === 'string' ? { label: place.label } : {}) };
  const durations = entity.powerUps?.includes('durations') ? entity.powerUpData?.durations : undefined;
  if (typeof durations?.start === 'string') summary.start = durations.start;
  if (typeof durations?.end === 'string') summary.end = durations.end;
  if (entity.location && Object.keys(entity.location).length) summary.location = entity.location;
  return summary;
}

export async function searchEntities(ctx: AppContext, query: SearchQuery): Promise<EntitySearchResponse> {
  const db = ctx.store.kysely;
  for (const [key, value] of Object.entries(query)) if (typeof value !== 'string') throw badRequest(`${key.slice(0, 40)} must be given once, as text`);
  const page = intParam(query.page, 'page', 1, 100_000, 1);
  const limit = intParam(query.limit, 'limit', 1, ENTITY_SEARCH_MAX_LIMIT, ENTITY_SEARCH_DEFAULT_LIMIT);
  const sortBy = query.sortBy ?? 'newest';
  if (!(SORTS as readonly string[]).includes(sortBy)) throw badRequest(`sortBy must be one of ${SORTS.join(', ')}`);
  if ((query.q?.length ?? 0) > 500) throw badRequest('q: at most 500 characters');
  if ((query.definitionId?.length ?? 0) > 64) throw badRequest('definitionId is too long');
  const definitions = await allDefinitions(db);
  const byId = new Map(definitions.map((d) => [d.id, d]));
  const inScope = query.definitionId ? definitions.filter((d) => d.id === query.definitionId) : definitions;
  if (query.definitionId && !inScope.length) throw badRequest(`definitionId "${query.definitionId}" is not a definition`);
  const filters = query.filters ? parseFilters(query.filters, inScope) : undefined;
  const near = query.near ? parseNear(query.near) : undefined;
  const words = searchWords(query.q ?? '').slice(0, MAX_TEXT_QUERY_WORDS);

  const { from, where } = words.length ? entitySearch(ctx.engine).match(words, 'entities', 'e') : { from: sql`entities e`, where: sql`1 = 1` };
  const conditions = [where];
  if (query.definitionId) conditions.push(sql`e.definition_id = ${query.definitionId}`);
  if (near) {
    const dLat = (near.km / EARTH_KM) * (180 / Math.PI);
    const dLng = dLat / Math.max(0.01, Math.cos((near.lat * Math.PI) / 180));
    conditions.push(sql`e.lat between ${near.lat - dLat} and ${near.lat + dLat}`);
    // A box across the antimeridian keeps every longitude (the exact distance decides).
    if (near.lng - dLng >= -180 && near.lng + dLng <= 180) conditions.push(sql`e.lng between ${near.lng - dLng} and ${near.lng + dLng}`);
    else conditions.push(sql`e.lng is not null`);
  }
  const whereAll = sql.join(conditions, sql` and `);
  const order =
    sortBy === 'title'
      ? sql`e.title, e.id`
      : sortBy === 'start'
        ? sql`(case when e.starts_at is null then 1 else 0 end), e.starts_at, e.id`
        : sql`e.created desc, e.id desc`;

  let rows: EntitiesTable[];
  let total: number;
  if (filters || near) {
    const scanned = (await sql<EntitiesTable>`select e.* from ${from} where ${whereAll} order by ${order} limit ${SCAN_MAX}`.execute(db)).rows;
    const kept = scanned.filter((row) => {
      if (near && (row.lat === null || row.lng === null || distanceKm(near, { lat: Number(row.lat), lng: Number(row.lng) }) > near.km)) return false;
      return !filters || matchesFilters(entityFromRow(row).data, filters);
    });
    total = kept.length;
    rows = kept.slice((page - 1) * limit, page * limit);
  } else {
    const count = await sql<{ n: number | string }>`select count(*) as n from ${from} where ${whereAll}`.execute(db);
    total = Number(count.rows[0]?.n ?? 0);
    rows = (await sql<EntitiesTable>`select e.* from ${from} where ${whereAll} order by ${order} limit ${limit} offset ${(page - 1) * limit}`.execute(db)).rows;
  }
  const entities = rows.map(entityFromRow);
  const counts = await favouriteCounts(
    db,
    entities.map((e) => e.id),
  );
  return { items: entities.map((e) => summaryOf(e, byId.get(e.definition ?? ''), counts.get(e.id) ?? 0)), total, page, limit };
}
