/**
 * Tolerant readers of stored accounts and profiles (the readers the session and profiles domains declare for the store's normaliser, storage/tolerant.ts): a damaged
 * field never answers 500 and never opens anything up. Each reader turns whatever was stored into
 * a value of the model and lists what it repaired, for the log:
 *
 * - rights fail closed: admin and elevated flags other than `true` are false, permission maps and
 * - privacy fails closed: a `dataPrivacy` that cannot be read is kept as stored, and every reader
 *   of it (engine/core/profile-privacy.ts `nonPublicKeys`) then treats every data item as private;
 * - sessions fail closed: a revoked-session list that cannot be read ends every session issued
 *   before it was found (`sessionsValidFrom`), so a logged-out token never comes back to life;
 * - anything else malformed (view-as, names, a profile's sections) is
 *   dropped or read as empty, and the rest of the document stays usable.
 */
import { dataPrivacyDamage } from '../../engine/core/profile-privacy';
import type { Profile } from '../../schemas/model';
import type { Account } from '../model';

export interface ReadPerson<T> {
  item: T;
  problems: string[];
}

type Raw = Record<string, unknown>;
const isObject = (v: unknown): v is Raw => !!v && typeof v === 'object' && !Array.isArray(v);
const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** An object's entries that pass `keep`; the problem named once when some did not. */
function keepEntries(value: unknown, what: string, keep: (v: unknown) => boolean, problems: string[]): Raw {
  if (value === undefined) return {};
  if (!isObject(value)) {
    problems.push(`${what} is not an object (read as empty)`);
    return {};
  }
  const kept = Object.entries(value).filter(([, v]) => keep(v));
  if (kept.length !== Object.keys(value).length) problems.push(`${what}: malformed entries dropped`);
  return Object.fromEntries(kept);
}

/** A permission map (subject -> action -> boolean); what cannot be read grants nothing. */
function permissionMap(value: unknown, what: string, problems: string[]): Account['permissions'] {
  const out: Raw = {};
  for (const [subject, actions] of Object.entries(keepEntries(value, what, isObject, problems)))
    out[subject] = keepEntries(actions, `${what}.${subject}`, (v) => typeof v === 'boolean', problems);
  return out as Account['permissions'];
}

/**
 * Reads a stored account. `firstSeen` remembers, per account, when a damaged revoked-session list
 * was first found in this process (its sessions issued before then are ended).
 */
export function readStoredAccount(raw: unknown, id: string, firstSeen: (id: string) => number): ReadPerson<Account> | undefined {
  if (!isObject(raw)) return undefined;
  const problems: string[] = [];
  const text = (key: string) => {
    if (typeof raw[key] === 'string') return raw[key] as string;
    if (raw[key] !== undefined) problems.push(`${key} is not a string`);
    return '';
  };
  const flag = (key: string) => {
    if (raw[key] !== undefined && typeof raw[key] !== 'boolean') problems.push(`${key} is not a boolean (read as false)`);
    return raw[key] === true;
  };
  const account: Account = {
    ...(raw as unknown as Account),
    accountId: typeof raw.accountId === 'string' ? raw.accountId : id,
    email: text('email'),
    firstName: text('firstName'),
    lastName: text('lastName'),
    isAdmin: flag('isAdmin'),
    isElevated: flag('isElevated'),
    permissions: permissionMap(raw.permissions, 'permissions', problems),
    basePaths: permissionMap(raw.basePaths, 'basePaths', problems),
  };
  if (typeof raw.accountId !== 'string') problems.push('accountId is not a string');

  const privacy = dataPrivacyDamage(raw.dataPrivacy);
  if (privacy) problems.push(`${privacy} (every data item read as private)`);

  if (raw.viewAs !== undefined) {
    const lists = isObject(raw.viewAs) && Array.isArray(raw.viewAs.userListIds) ? raw.viewAs.userListIds : undefined;
    if (!lists) {
      delete account.viewAs;
      problems.push('viewAs is not { userListIds: [...] } (dropped)');
    } else {
      const kept = lists.filter((l): l is string => typeof l === 'string');
      if (kept.length !== lists.length) problems.push('viewAs.userListIds: items that are not ids dropped');
      account.viewAs = { userListIds: kept };
    }
  }
  for (const key of ['notificationsEnabled', 'demo'] as const)
    if (raw[key] !== undefined && typeof raw[key] !== 'boolean') {
      delete account[key];
      problems.push(`${key} is not a boolean (dropped)`);
    }
  if (raw.frameworkData !== undefined && !isObject(raw.frameworkData)) {
    delete account.frameworkData;
    problems.push('frameworkData is not an object (dropped)');
  }
  // Kept in their own tables since (list memberships: server/lists; devices: session presence): never read from here, never written back.
  delete (account as unknown as Partial<Raw>).listMemberships;
  delete (account as unknown as Partial<Raw>).devices;

  if (raw.revokedSessions !== undefined && !isObject(raw.revokedSessions)) {
    account.revokedSessions = {};
    account.sessionsValidFrom = Math.max(isFiniteNumber(raw.sessionsValidFrom) ? raw.sessionsValidFrom : 0, firstSeen(id));
    problems.push('revokedSessions is not an object (every session issued before now is ended)');
  } else if (raw.revokedSessions !== undefined) {
    // An entry whose expiry cannot be read stays revoked: tokens live a week at most.
    const entries = Object.entries(raw.revokedSessions as Raw);
    const weekFromNow = Date.now() + 7 * 24 * 3600 * 1000;
    account.revokedSessions = Object.fromEntries(entries.map(([sid, at]) => [sid, isFiniteNumber(at) ? at : weekFromNow]));
    if (entries.some(([, at]) => !isFiniteNumber(at))) problems.push('revokedSessions: entries without an expiry kept revoked');
  }
  if (raw.sessionsValidFrom !== undefined && !isFiniteNumber(raw.sessionsValidFrom)) {
    account.sessionsValidFrom = firstSeen(id);
    problems.push('sessionsValidFrom is not a number (every session issued before now is ended)');
  }
  return { item: account, problems };
}

/** Reads a stored profile: its sections are objects. */
export function readStoredProfile(raw: unknown, id: string): ReadPerson<Profile> | undefined {
  if (!isObject(raw)) return undefined;
  const problems: string[] = [];
  const data = isObject(raw.data) ? raw.data : undefined;
  if (!data) problems.push('data is not an object (read as an empty profile)');
  const section = (key: 'profile' | 'meta') => {
    if (data && data[key] !== undefined && !isObject(data[key])) problems.push(`data.${key} is not an object (read as empty)`);
    return data && isObject(data[key]) ? data[key] : {};
  };
  const meta = { ...section('meta') };
  for (const key of ['favourites', 'settings', 'block', 'accessibility', 'reactedPosts', 'selectedExportTemplate', 'adminDashboardTableOptions'])
    if (meta[key] !== undefined && !isObject(meta[key])) {
      delete meta[key];
      problems.push(`data.meta.${key} is not an object (dropped)`);
    }
  if (meta.language !== undefined && typeof meta.language !== 'string') {
    delete meta.language;
    problems.push('data.meta.language is not a string (dropped)');
  }
  const profile: Profile = {
    ...(raw as unknown as Profile),
    accountId: typeof raw.accountId === 'string' ? raw.accountId : id,
    data: { ...(data ?? {}), profile: section('profile') as Profile['data']['profile'], meta: meta as Profile['data']['meta'] },
  };
  if (typeof raw.accountId !== 'string') problems.push('accountId is not a string');
  // Activity lives in its own tables (session presence, profiles' recently viewed): never read from here, never written back.
  delete profile.keepaliveTimestamp;
  delete profile.actions;
  return { item: profile, problems };
}
