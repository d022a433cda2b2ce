/**
 * Input checks of entity writes (contract schemas/model/api/entities.ts): data values against the
 * definition's fields, each power-up's data by its shape, settings, and definition fields. Each
 * refusal is a 400 naming what was wrong; nothing is written before these pass.
 */
import {
  ENTITY_DATA_MAX_BYTES,
  ENTITY_DEFINITION_MAX_FIELDS,
  ENTITY_MEMBERSHIP_TYPES_MAX,
  ENTITY_NOTIFICATION_EVENTS,
  ENTITY_PAGE_PERMISSIONS_MAX,
  ENTITY_PERMISSION_TYPES,
  ENTITY_CONCEPT_TYPES,
  POWER_UPS,
  fieldKeyProblem,
} from '../../engine/core/entities';
import { geoPointOf } from '../../engine/core/geo';
import { checkExternalUrl } from '../../engine/core/url-check';
import { isPlainEmail } from '../../engine/core/validation';
import type { EntityDefinitionSettings, EntityFieldDefinition, EntityLocation, Page, PowerUp } from '../../schemas/model';
import type { JsonObject, JsonValue } from '../../schemas/model/common';
import type { AppContext } from '../context';
import { badRequest, conflict } from '../errors';
import { listById } from '../lists';

export const isObject = (v: unknown): v is JsonObject => !!v && typeof v === 'object' && !Array.isArray(v);
const isString = (v: unknown, max = 200): v is string => typeof v === 'string' && v.length <= max;
const isStringArray = (v: unknown, maxItems = 200, max = 200): v is string[] => Array.isArray(v) && v.length <= maxItems && v.every((s) => isString(s, max));
const show = (v: unknown) => JSON.stringify(v)?.slice(0, 80) ?? String(v);
const bytes = (v: unknown) => Buffer.byteLength(JSON.stringify(v) ?? '', 'utf8');

/** Field types whose value is text. */
const TEXT_TYPES = new Set(['text', 'textarea', 'wysiwyg', 'email', 'colorPicker', 'icon', 'imageUploader', 'year']);
const empty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && !v.length);

/** What is wrong with one value of a field, or null. */
function valueProblem(field: EntityFieldDefinition, value: JsonValue): string | null {
  if (empty(value)) return field.required ? 'is required' : null;
  const options = Array.isArray(field.options) ? field.options.map((o) => o?.value) : undefined;
  const outside = (v: unknown) => !!options?.length && !options.includes(v as string);
  switch (field.type) {
    case 'number':
    case 'rating':
      return typeof value === 'number' && Number.isFinite(value) ? null : 'must be a number';
    case 'toggle':
      return typeof value === 'boolean' ? null : 'must be true or false';
    case 'date': {
      if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) return 'must be a date (ISO 8601)';
      return null;
    }
    case 'email':
      return typeof value === 'string' && isPlainEmail(value) ? null : 'must be an email address';
    case 'geoLocation':
      return geoPointOf(value) ? null : 'must be a place {lat, lng}';
    case 'options':
    case 'radio':
      if (typeof value !== 'string' && typeof value !== 'number') return 'must be one of the options';
      return outside(value) ? `must be one of ${options!.join(', ')}` : null;
    case 'checkbox':
      if (typeof value === 'boolean') return null;
      if (!isStringArray(value)) return 'must be true, false or a list of options';
      return value.some(outside) ? `must be among ${options!.join(', ')}` : null;
    case 'tags':
      return isStringArray(value) ? null : 'must be a list of words';
    default:
      if (TEXT_TYPES.has(field.type)) return typeof value === 'string' ? null : 'must be text';
      return null;
  }
}

/**
 * Checks data changes against the definition's fields: unknown keys, each value by its field's
 * type and `required`, and the merged data's size. `all` also asks every required field (create).
 */
export function checkData(fields: readonly EntityFieldDefinition[], changes: JsonObject, merged: JsonObject, all = false): void {
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const unknown = Object.keys(changes).filter((k) => !byKey.has(k));
  if (unknown.length)
    throw badRequest(
      `data: ${unknown.map((k) => `"${k.slice(0, 64)}"`).join(', ')} ${unknown.length > 1 ? 'are not fields' : 'is not a field'} of the definition`,
    );
  const problems: string[] = [];
  for (const [key, value] of Object.entries(changes)) {
    const problem = valueProblem(byKey.get(key)!, value);
    if (problem) problems.push(`${key} ${problem}`);
  }
  if (all) for (const f of fields) if (f.required && !(f.key in changes) && empty(merged[f.key])) problems.push(`${f.key} is required`);
  if (problems.length) throw badRequest(`data: ${problems.join('; ')}`);
  if (bytes(merged) > ENTITY_DATA_MAX_BYTES) throw badRequest(`data: at most ${ENTITY_DATA_MAX_BYTES} bytes`);
}

const ALLOWED_KEYS: Partial<Record<PowerUp, string[]>> = {
  membership: ['membershipType'],
  join: ['userListId', 'membershipTypeId', 'approval'],
  durations: ['start', 'end', 'timeZone', 'allDay'],
  contact: ['name', 'email', 'phone', 'website', 'accountId'],
  connections: ['connectionIds'],
};

async function requireList(ctx: AppContext, id: unknown, what: string): Promise<void> {
  if (!isString(id, 64) || !(await listById(ctx.store.kysely, id))) throw badRequest(`${what}: list ${show(id)} does not exist`);
}

async function requirePages(ctx: AppContext, ids: unknown, what: string): Promise<void> {
  if (!isStringArray(ids, ENTITY_PAGE_PERMISSIONS_MAX, 64)) throw badRequest(`${what} must be a list of page ids`);
  for (const id of ids) if (!(await ctx.store.get<Page>('page', id))) throw badRequest(`${what}: page ${show(id)} does not exist`);
}

function validTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Checks one power-up's data by its shape (lists and pages it names must exist). */
export async function checkPowerUpData(ctx: AppContext, powerUp: PowerUp, data: unknown): Promise<void> {
  const at = `powerUpData.${powerUp}`;
  if (!isObject(data)) throw badRequest(`${at} must be an object`);
  if (bytes(data) > ENTITY_DATA_MAX_BYTES) throw badRequest(`${at}: at most ${ENTITY_DATA_MAX_BYTES} bytes`);
  const allowed = ALLOWED_KEYS[powerUp];
  const extra = allowed ? Object.keys(data).filter((k) => !allowed.includes(k)) : [];
  if (extra.length) throw badRequest(`${at}: unknown ${extra.map((k) => `"${k.slice(0, 40)}"`).join(', ')}; known are ${allowed!.join(', ')}`);
  switch (powerUp) {
    case 'membership': {
      const types = data.membershipType ?? [];
      if (!Array.isArray(types) || types.length > ENTITY_MEMBERSHIP_TYPES_MAX)
        throw badRequest(`${at}.membershipType must be a list of at most ${ENTITY_MEMBERSHIP_TYPES_MAX} types`);
      const ids = new Set<string>();
      for (const [i, t] of types.entries()) {
        const where = `${at}.membershipType[${i}]`;
        if (!isObject(t) || !isString(t.id, 64) || !t.id) throw badRequest(`${where} must have an id`);
        if (ids.has(t.id)) throw badRequest(`${where}: id "${t.id}" is used twice`);
        ids.add(t.id);
        for (const k of ['label', 'description'] as const) if (t[k] !== undefined && !isString(t[k], 1000)) throw badRequest(`${where}.${k} must be text`);
        const ref = (name: string) => (t[name] === undefined ? undefined : isObject(t[name]) ? (t[name] as JsonObject).value : null);
        if (ref('primaryUserList') !== undefined) await requireList(ctx, ref('primaryUserList'), `${where}.primaryUserList`);
        if (ref('tags') !== undefined && !isStringArray(ref('tags'), 100, 100)) throw badRequest(`${where}.tags.value must be a list of words`);
        if (ref('landingPage') !== undefined) await requirePages(ctx, [ref('landingPage')], `${where}.landingPage`);
        if (ref('pages') !== undefined) await requirePages(ctx, ref('pages'), `${where}.pages.value`);
      }
      return;
    }
    case 'join':
      if (data.userListId !== undefined) await requireList(ctx, data.userListId, `${at}.userListId`);
      if (data.membershipTypeId !== undefined && !isString(data.membershipTypeId, 64)) throw badRequest(`${at}.membershipTypeId must be an id`);
      if (data.approval !== undefined && typeof data.approval !== 'boolean') throw badRequest(`${at}.approval must be true or false`);
      return;
    case 'durations': {
      const time = (k: 'start' | 'end') => {
        const v = data[k];
        if (v === undefined) return undefined;
        if (typeof v !== 'string' || Number.isNaN(Date.parse(v))) throw badRequest(`${at}.${k} must be an ISO 8601 date`);
        return Date.parse(v);
      };
      const [start, end] = [time('start'), time('end')];
      if (start !== undefined && end !== undefined && start > end) throw badRequest(`${at}: start must not be after end`);
      if (data.timeZone !== undefined && !(isString(data.timeZone, 64) && validTimeZone(data.timeZone))) throw badRequest(`${at}.timeZone is not a time zone`);
      if (data.allDay !== undefined && typeof data.allDay !== 'boolean') throw badRequest(`${at}.allDay must be true or false`);
      return;
    }
    case 'contact':
      for (const k of ['name', 'phone', 'accountId'] as const) if (data[k] !== undefined && !isString(data[k])) throw badRequest(`${at}.${k} must be text`);
      if (data.email !== undefined && !(typeof data.email === 'string' && isPlainEmail(data.email))) throw badRequest(`${at}.email is not an email address`);
      if (data.website !== undefined && !checkExternalUrl(data.website).ok) throw badRequest(`${at}.website is not a web address`);
      return;
    case 'connections': {
      if (data.connectionIds === undefined) return;
      if (!isStringArray(data.connectionIds, 50, 64)) throw badRequest(`${at}.connectionIds must be a list of at most 50 list ids`);
      for (const id of data.connectionIds) await requireList(ctx, id, `${at}.connectionIds`);
      return;
    }
    default:
      return;
  }
}

export function checkPowerUps(value: unknown, what: string, within: readonly PowerUp[] = POWER_UPS): PowerUp[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw badRequest(`${what} must be a list of power-ups`);
  const outside = value.filter((p) => !within.includes(p as PowerUp));
  if (outside.length) throw badRequest(`${what}: ${outside.map(show).join(', ')} not among ${within.join(', ') || 'none'}`);
  return [...new Set(value as PowerUp[])];
}

export function checkLocation(value: unknown, what = 'location'): EntityLocation {
  if (!isObject(value)) throw badRequest(`${what} must be an object`);
  for (const [k, v] of Object.entries(value)) {
    if (!['module', 'page', 'tabHash', 'routerPageName', 'linkToComment'].includes(k)) throw badRequest(`${what}: unknown "${k.slice(0, 40)}"`);
    if (k === 'linkToComment' ? typeof v !== 'boolean' : !isString(v, 200)) throw badRequest(`${what}.${k} has the wrong type`);
  }
  return value as EntityLocation;
}

export function checkPagePermissions(value: unknown): string[] {
  if (!isStringArray(value, ENTITY_PAGE_PERMISSIONS_MAX, 64))
    throw badRequest(`pagePermissions must be a list of at most ${ENTITY_PAGE_PERMISSIONS_MAX} page ids`);
  return [...new Set(value)];
}

export function checkPermissionType(value: unknown): 'default' | 'memberships' {
  if (!(ENTITY_PERMISSION_TYPES as readonly unknown[]).includes(value)) throw badRequest(`permissionType must be one of ${ENTITY_PERMISSION_TYPES.join(', ')}`);
  return value as 'default' | 'memberships';
}

/** One definition field, as stored; `knownType` says whether the registry has its type. */
export function checkField(value: unknown, knownType: (type: string) => boolean): EntityFieldDefinition {
  if (!isObject(value)) throw badRequest('field must be an object');
  const { id, key, label, type } = value;
  if (!isString(id, 64) || !id) throw badRequest('field.id must be an id');
  if (typeof key !== 'string') throw badRequest('field.key is required');
  const problem = fieldKeyProblem(key);
  if (problem)
    throw badRequest(`field.key "${key.slice(0, 64)}": ${problem === 'invalidChars' ? 'letters, digits and underscores, starting with a letter' : problem}`);
  if (!isString(label, 200)) throw badRequest(`field "${key}": label must be text`);
  if (!isString(type, 64) || !knownType(type)) throw badRequest(`field "${key}": type ${show(type)} is not a field type`);
  for (const flag of ['required', 'searchable', 'filterable', 'unique'] as const)
    if (value[flag] !== undefined && typeof value[flag] !== 'boolean') throw badRequest(`field "${key}": ${flag} must be true or false`);
  if (value.options !== undefined) {
    const options = value.options;
    if (!Array.isArray(options) || options.length > 200 || !options.every((o) => isObject(o) && isString(o.value) && isString(o.label)))
      throw badRequest(`field "${key}": options must be a list of {value, label}`);
  }
  const extra = Object.keys(value).filter((k) => !['id', 'key', 'label', 'type', 'required', 'options', 'searchable', 'filterable', 'unique'].includes(k));
  if (extra.length) throw badRequest(`field "${key}": unknown ${extra.map((k) => `"${k.slice(0, 40)}"`).join(', ')}`);
  return value as unknown as EntityFieldDefinition;
}

/** A definition's field list: each field, at most the cap, no key or id twice (a key twice is a 409 naming it). */
export function checkFields(value: unknown, knownType: (type: string) => boolean): EntityFieldDefinition[] {
  if (!Array.isArray(value)) throw badRequest('fields must be a list');
  if (value.length > ENTITY_DEFINITION_MAX_FIELDS) throw badRequest(`fields: at most ${ENTITY_DEFINITION_MAX_FIELDS}`);
  const fields = value.map((f) => checkField(f, knownType));
  const keys = new Set<string>();
  const ids = new Set<string>();
  for (const f of fields) {
    if (keys.has(f.key)) throw conflict(`field key "${f.key}" is used by another field`);
    if (ids.has(f.id)) throw badRequest(`field id "${f.id}" is used twice`);
    keys.add(f.key);
    ids.add(f.id);
  }
  return fields;
}

export function checkSettings(value: unknown, fields: readonly EntityFieldDefinition[]): EntityDefinitionSettings {
  if (!isObject(value)) throw badRequest('settings must be an object');
  const s = value as EntityDefinitionSettings & JsonObject;
  const extra = Object.keys(s).filter(
    (k) => !['notificationsForEntities', 'location', 'permissionType', 'membersMayCreate', 'imageField', 'locationField'].includes(k),
  );
  if (extra.length) throw badRequest(`settings: unknown ${extra.map((k) => `"${k.slice(0, 40)}"`).join(', ')}`);
  if (s.notificationsForEntities !== undefined) {
    const outside = Array.isArray(s.notificationsForEntities)
      ? s.notificationsForEntities.filter((e) => !(ENTITY_NOTIFICATION_EVENTS as readonly unknown[]).includes(e))
      : [s.notificationsForEntities];
    if (outside.length)
      throw badRequest(`settings.notificationsForEntities: ${outside.map(show).join(', ')} not among ${ENTITY_NOTIFICATION_EVENTS.join(', ')}`);
  }
  if (s.location !== undefined) checkLocation(s.location, 'settings.location');
  if (s.permissionType !== undefined) checkPermissionType(s.permissionType);
  if (s.membersMayCreate !== undefined && typeof s.membersMayCreate !== 'boolean') throw badRequest('settings.membersMayCreate must be true or false');
  for (const k of ['imageField', 'locationField'] as const)
    if (s[k] !== undefined && !(typeof s[k] === 'string' && fields.some((f) => f.key === s[k])))
      throw badRequest(`settings.${k}: ${show(s[k])} is not a field key of the definition`);
  return s;
}

export function checkConceptType(value: unknown): (typeof ENTITY_CONCEPT_TYPES)[number] {
  if (!(ENTITY_CONCEPT_TYPES as readonly unknown[]).includes(value)) throw badRequest(`conceptType must be one of ${ENTITY_CONCEPT_TYPES.join(', ')}`);
  return value as (typeof ENTITY_CONCEPT_TYPES)[number];
}
