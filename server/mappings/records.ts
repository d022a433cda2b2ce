/**
 * Data mappings and rule sets as the domain reads and writes them. Rows are read tolerantly: a
 * mapping whose data cannot be read keeps what can (unknown transforms and malformed columns
 * dropped, an unreadable match empty, so the mapping is refused by the import until it is saved
 * again); a rule set whose query cannot be read reads as the empty query with `readProblem`.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { ACCOUNT_FIELDS, DATA_MAPPING_TRANSFORMS, dataMappingProblems } from '../../engine/core/data-mappings';
import { fieldSubjectChoices } from '../../engine/core';
import { SUBJECTS } from '../../engine/core/permissions';
import { sameJson } from '../../engine/core/same-json';
import type { Field, Id, RuleQuery } from '../../schemas/model';
import type { DataMapping, DataMappingData, DataMappingField, DataMappingProfileField, RuleSet } from '../../schemas/model/api/mappings';
import { requireAdminArea } from '../admin-area';
import type { AppContext, SignedInUser } from '../context';
import { badRequest, forbidden, notFound } from '../errors';
import { listsByIds, type UserListRecord } from '../lists';
import { can, registryFor } from '../permissions';
import type { DB } from '../storage/database';
import { mappingsDb, type DataMappingsTable, type RuleSetsTable } from './tables';

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' ? v : '');

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Stored mapping data as the model, whatever was stored. */
export function readMappingData(stored: unknown): DataMappingData {
  const d = isObject(stored) ? stored : {};
  const match = isObject(d.match) ? { column: str(d.match.column), profileField: str(d.match.profileField) } : { column: '', profileField: '' };
  const fields = (Array.isArray(d.fields) ? d.fields : []).filter(isObject).flatMap((f): DataMappingField[] => {
    if (typeof f.column !== 'string' || typeof f.profileField !== 'string') return [];
    const transform = DATA_MAPPING_TRANSFORMS.find((t) => t === f.transform);
    return [{ column: f.column, profileField: f.profileField, ...(transform ? { transform } : {}), ...(f.required === true ? { required: true } : {}) }];
  });
  const lists = Array.isArray(d.lists) ? d.lists.filter((l): l is string => typeof l === 'string') : [];
  return { source: 'csv', match, fields, ...(lists.length ? { lists } : {}) };
}

export function readMappingRow(row: DataMappingsTable): DataMapping {
  return { id: row.id, title: row.title, data: readMappingData(parse(row.data)), createdAt: Number(row.created_at), updatedAt: Number(row.updated_at) };
}

const EMPTY_QUERY: RuleQuery = { logicalOperator: 'all', rules: [] };

export function readRuleSetRow(row: RuleSetsTable, listIds: Id[] = []): RuleSet & { readProblem?: string } {
  const query = parse(row.query);
  return {
    id: row.id,
    title: row.title,
    description: row.description ?? '',
    listIds,
    ...(isObject(query) && (query.logicalOperator === 'all' || query.logicalOperator === 'any')
      ? { query: query as unknown as RuleQuery }
      : { query: EMPTY_QUERY, readProblem: 'its stored query cannot be read' }),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

export async function mappingById(db: Kysely<DB>, id: Id): Promise<DataMapping | undefined> {
  const row = await mappingsDb(db).selectFrom('data_mappings').selectAll().where('id', '=', id).executeTakeFirst();
  return row && readMappingRow(row);
}

export async function ruleSetById(db: Kysely<DB>, id: Id): Promise<RuleSet | undefined> {
  const row = await mappingsDb(db).selectFrom('rule_sets').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const ruleSet = readRuleSetRow(row);
  return { ...ruleSet, listIds: (await followersOf(db, [ruleSet])).get(ruleSet.id)?.map((l) => l.id) ?? [] };
}

/**
 * The lists that follow each of these rule sets: linked, still dynamic and with the set's query
 * as their rule. A list whose rule was edited by hand since no longer follows (its link is stale
 * and is dropped at the set's next save).
 */
export async function followersOf(db: Kysely<DB>, ruleSets: readonly RuleSet[]): Promise<Map<Id, UserListRecord[]>> {
  const out = new Map<Id, UserListRecord[]>(ruleSets.map((r) => [r.id, []]));
  if (!ruleSets.length) return out;
  const links = await mappingsDb(db)
    .selectFrom('rule_set_lists')
    .selectAll()
    .where(
      'rule_set_id',
      'in',
      ruleSets.map((r) => r.id),
    )
    .execute();
  const lists = new Map(
    (
      await listsByIds(
        db,
        links.map((l) => l.list_id),
      )
    ).map((l) => [l.id, l]),
  );
  const byId = new Map(ruleSets.map((r) => [r.id, r]));
  for (const link of links) {
    const list = lists.get(link.list_id);
    const set = byId.get(link.rule_set_id);
    if (list && set && list.dynamic && list.rule && sameJson(list.rule, set.query)) out.get(set.id)!.push(list);
  }
  return out;
}

export async function existingMapping(db: Kysely<DB>, id: Id): Promise<DataMapping> {
  const mapping = await mappingById(db, id);
  if (!mapping) throw notFound(`data mapping "${id.slice(0, 200)}" does not exist`);
  return mapping;
}

/** The area's reads (read on dataMappings), and its writes (update on dataMappings too): checked before anything is read or written. */
export async function requireMappings(ctx: AppContext, req: FastifyRequest, write?: string): Promise<SignedInUser> {
  const user = await requireAdminArea(ctx, req, 'dataMappings');
  if (write && !can(user, 'update', SUBJECTS.dataMappings))
    throw forbidden(`${write} needs the update permission on ${SUBJECTS.dataMappings} (admins have it)`);
  return user;
}

/** What a mapping may write: the account fields and every profile field of the stored forms (the profile data schema), typed. */
export async function profileFieldsOf(ctx: AppContext): Promise<DataMappingProfileField[]> {
  const stored = fieldSubjectChoices(
    (await ctx.store.list<Field>('field')).map((f) => f.data),
    registryFor(ctx.registry),
  );
  const account = ACCOUNT_FIELDS.map((key) => ({ key, label: key, type: 'string', account: true }));
  return [
    ...account,
    ...stored.filter((f) => !(ACCOUNT_FIELDS as readonly string[]).includes(f.value)).map((f) => ({ key: f.value, label: f.label, type: f.type })),
  ];
}

/** A mapping as saved: 400 naming every problem (fields that do not exist now, lists that do not exist), else nothing. */
export async function checkMapping(ctx: AppContext, data: DataMappingData): Promise<void> {
  const fields = await profileFieldsOf(ctx);
  const problems = dataMappingProblems(
    data,
    fields.map((f) => f.key),
  ).map((p) => `${p.path}: ${p.message}`);
  const lists = [...new Set(data.lists ?? [])];
  if (lists.length) {
    const found = await listsByIds(ctx.store.kysely, lists);
    const missing = lists.filter((id) => !found.some((l) => l.id === id));
    if (missing.length) problems.push(`lists: no user list ${missing.map((m) => `"${m.slice(0, 200)}"`).join(', ')}`);
    const closed = found.filter((l) => l.dynamic || l.system);
    if (closed.length)
      problems.push(
        `lists: ${closed.map((l) => `"${l.label}"`).join(', ')} ${closed.length === 1 ? 'is' : 'are'} dynamic or system lists: members cannot be added to them`,
      );
  }
  if (problems.length) throw badRequest(`invalid data mapping: ${problems.join('; ')}`);
}

/** A page query value: a whole number from `min` to `max`, or its default when absent. */
export function pageNumber(name: string, value: unknown, fallback: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max) throw badRequest(`${name} must be a whole number from 1 to ${max}, got "${String(value).slice(0, 40)}"`);
  return n;
}

/** `q` as a LIKE pattern over the lower-case title (its wildcards taken literally). */
export const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
