/**
 * The named json-logic operations Tessera's operators need and json-logic lacks (text matching,
 * emptiness, files, toggles, ranges, list membership and power-up memberships), plus the two
 * subject helpers the compiler emits (`acceptedListIds`, `powerUpMemberships`, `sameValue`).
 * Registered once on the json-logic-js singleton; registering again is a no-op.
 */
import jsonLogic from 'json-logic-js';
import type { Entity } from '../../../schemas/model';
import { DEFAULT_MEMBERSHIP_STATE } from '../constants';
import { acceptedListIds, membershipsArray } from './memberships';

export { acceptedListIds };

type Operation = (...args: unknown[]) => unknown;

const text = (v: unknown): string | undefined => (typeof v === 'string' ? v.toLowerCase() : typeof v === 'number' ? String(v) : undefined);
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** A number, or a yyyy-MM-dd / ISO date as its time, or undefined: ranges never compare text with numbers. */
function comparable(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  if (typeof v !== 'string' || v.trim() === '') return undefined;
  const n = Number(v);
  if (Number.isFinite(n)) return n;
  const time = /^\d{4}-\d{2}-\d{2}/.test(v) ? Date.parse(v) : NaN;
  return Number.isNaN(time) ? undefined : time;
}

export function isEmptyValue(v: unknown): boolean {
  if (v === null || v === undefined) return true;
  if (typeof v === 'string') return v.trim() === '';
  if (Array.isArray(v)) return v.length === 0;
  if (typeof v === 'object') return Object.keys(v).length === 0;
  return false;
}

function between(v: unknown, min: unknown, max: unknown): boolean {
  const [x, lo, hi] = [comparable(v), comparable(min), comparable(max)];
  return x !== undefined && lo !== undefined && hi !== undefined && lo <= x && x <= hi;
}

/** A membership as the power-up operators see it: its state and the tags of its membership type. */
export interface PowerUpMembership {
  userListId: string;
  state: string;
  tags: string[];
}

/**
 * The memberships a member holds through an entity's power-up: those recorded for the entity, or in
 * a list that is the primary list of one of its membership types. None when the entity lacks the power-up.
 */
export function powerUpMemberships(memberships: unknown, extra: unknown, entity: unknown, powerUp: unknown): PowerUpMembership[] {
  const e = entity as Entity | null;
  if (!e || typeof e !== 'object' || typeof powerUp !== 'string' || !Array.isArray(e.powerUps) || !e.powerUps.includes(powerUp as never)) return [];
  const types = Array.isArray(e.powerUpData?.membership?.membershipType) ? e.powerUpData.membership.membershipType : [];
  const byId = new Map(types.map((t) => [t.id, t]));
  const byList = new Map(types.filter((t) => t.primaryUserList?.value).map((t) => [t.primaryUserList!.value, t]));
  const seen = new Set<string>();
  const result: PowerUpMembership[] = [];
  for (const m of [...membershipsArray(memberships), ...membershipsArray(extra)]) {
    const type = (m.membershipTypeId && byId.get(m.membershipTypeId)) || byList.get(m.userListId);
    if (m.entityId !== e.id && !byList.has(m.userListId)) continue;
    if (seen.has(m.id)) continue;
    seen.add(m.id);
    result.push({ userListId: m.userListId, state: m.state, tags: m.tags ?? strings(type?.tags?.value) });
  }
  return result;
}

const stateOf = (state: unknown) => (typeof state === 'string' && state && state !== 'default' ? state : DEFAULT_MEMBERSHIP_STATE);
const asMemberships = (v: unknown): PowerUpMembership[] => (Array.isArray(v) ? (v as PowerUpMembership[]) : []);
const hasTag = (m: PowerUpMembership, tags: unknown) => strings(tags).some((t) => m.tags.includes(t));

export const RULE_OPERATIONS: Record<string, Operation> = {
  contains(subject, value) {
    if (Array.isArray(subject)) return subject.some((item) => item === value || (text(item) !== undefined && text(item) === text(value)));
    const [s, v] = [text(subject), text(value)];
    return s !== undefined && v !== undefined && v !== '' && s.includes(v);
  },
  beginsWith(subject, value) {
    const [s, v] = [text(subject), text(value)];
    return s !== undefined && v !== undefined && v !== '' && s.startsWith(v);
  },
  endsWith(subject, value) {
    const [s, v] = [text(subject), text(value)];
    return s !== undefined && v !== undefined && v !== '' && s.endsWith(v);
  },
  isEmpty: (subject) => isEmptyValue(subject),
  numberIsEmpty: (subject) => comparable(subject) === undefined || (typeof subject === 'string' && !Number.isFinite(Number(subject))),
  hasBeenUploaded: (subject) =>
    (typeof subject === 'string' && subject.trim() !== '') ||
    (Array.isArray(subject) && subject.some((f) => (typeof f === 'string' && f !== '') || (!!f && typeof f === 'object' && 'id' in f))) ||
    (!!subject && typeof subject === 'object' && !Array.isArray(subject) && 'id' in subject),
  isToggled: (subject) => subject === true || subject === 'true' || subject === 1 || subject === 'on',
  between: (subject, min, max) => between(subject, min, max),
  notBetween: (subject, min, max) => comparable(subject) !== undefined && !between(subject, min, max),
  inListAllSelected: (subject, value) => strings(value).length > 0 && strings(value).every((id) => strings(subject).includes(id)),
  inListSomeSelected: (subject, value) => strings(value).some((id) => strings(subject).includes(id)),
  notInList: (subject, value) => !strings(value).some((id) => strings(subject).includes(id)),
  isMember: (subject, state) => asMemberships(subject).some((m) => m.state === stateOf(state)),
  hasNeverHadMembership: (subject) => asMemberships(subject).length === 0,
  isMemberOfTag: (subject, tags) => asMemberships(subject).some((m) => m.state === DEFAULT_MEMBERSHIP_STATE && hasTag(m, tags)),
  isInStateOfTag: (subject, tags, state) => asMemberships(subject).some((m) => m.state === stateOf(state) && hasTag(m, tags)),
  acceptedListIds: (...sources) => acceptedListIds(...sources),
  powerUpMemberships: (memberships, extra, entity, powerUp) => powerUpMemberships(memberships, extra, entity, powerUp),
  sameValue: (a, b) => a !== null && a !== undefined && a === b,
};

/** json-logic's own operations a compiled rule may use; anything else is rejected. */
export const STANDARD_OPERATIONS = new Set(['var', '==', '===', '!=', '!==', '!', '!!', 'and', 'or', 'in', '>', '>=', '<', '<=']);

let registered = false;

/** Adds the named operations to json-logic-js once. Safe to call from every entry point. */
export function registerRuleOperations(): void {
  if (registered) return;
  for (const [name, fn] of Object.entries(RULE_OPERATIONS)) jsonLogic.add_operation(name, fn);
  registered = true;
}

export { jsonLogic };
