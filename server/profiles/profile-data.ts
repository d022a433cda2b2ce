/** Profiles as stored and as others may see them; writes of a profile's meta (favourites, privacy, block meta). */
import { ownValue, setOwn } from '../../engine/core/own';
import { profileDataProblem, profileMetaProblem } from '../../engine/core/member-limits';
import { isConnectivityPrivate, publicProfileValues } from '../../engine/core/profile-privacy';
import type { Id, JsonObject, JsonValue, Profile, ProfileMeta } from '../../schemas/model';
import type { AppContext } from '../context';
import { badRequest } from '../errors';
import type { Account } from '../model';
import type { DocumentStore } from '../storage/documents';
import { lastSeen } from '../session/presence';
import { recentlyViewedBy, type RecentlyViewed } from './recently-viewed';

/** Connectivity privacy, stored in profile meta (`settings.privacy.isConnectivityPrivate`, spec core §3). */
export function connectivityPrivate(profile: Profile | undefined): boolean {
  return isConnectivityPrivate(profile?.data?.meta);
}

/**
 * A profile as one viewer may see it (spec core §6): the owner and admins all of it; anyone else
 * its public values (engine/core's rule), no meta, and no keepalive when its owner made
 * connectivity private, so online status cannot be read from it.
 */
export function visibleProfile(
  profile: Profile,
  owner: Pick<Account, 'dataPrivacy'> | undefined,
  viewer: { account: Pick<Account, 'accountId' | 'isAdmin'> },
): Profile {
  if (viewer.account.accountId === profile.accountId || viewer.account.isAdmin) return profile;
  const visible: Profile = { accountId: profile.accountId, data: { profile: publicProfileValues(profile.data?.profile, owner?.dataPrivacy), meta: {} } };
  if (!connectivityPrivate(profile) && typeof profile.keepaliveTimestamp === 'number') visible.keepaliveTimestamp = profile.keepaliveTimestamp;
  return visible;
}

export function emptyProfile(accountId: Id): Profile {
  return { accountId, data: { profile: {}, meta: {} } };
}

/**
 * Members' profiles with their accounts, by account id: the stored profile, or the empty profile
 * of an account that has none (a lost row, or one never written: the first write creates it), so
 * a member is never answered as missing, nor shown as loading for ever. Ids without an account are
 * left out.
 */
export async function memberProfiles(store: DocumentStore, accountIds: readonly Id[]): Promise<Map<Id, { profile: Profile; owner: Account }>> {
  const [profiles, accounts, seen, viewed] = await Promise.all([
    store.getMany<Profile>('profile', accountIds),
    store.getMany<Account>('account', accountIds),
    lastSeen(store.kysely, accountIds),
    recentlyViewedBy(store.kysely, accountIds),
  ]);
  const stored = new Map(profiles.map((p) => [p.id, p.data]));
  return new Map(
    accounts.map((a) => [a.id, { profile: withActivity(stored.get(a.id) ?? emptyProfile(a.id), seen.get(a.id), viewed.get(a.id)), owner: a.data }]),
  );
}

/** A profile with its activity, kept outside the document: its last keepalive and what its owner viewed. */
function withActivity(profile: Profile, keepaliveTimestamp: number | undefined, recentlyViewed: RecentlyViewed | undefined): Profile {
  if (keepaliveTimestamp === undefined && !recentlyViewed) return profile;
  return {
    ...profile,
    ...(keepaliveTimestamp !== undefined ? { keepaliveTimestamp } : {}),
    ...(recentlyViewed ? { actions: { recentlyViewed } } : {}),
  };
}

/** 400 naming the cap when a profile write would take the profile past one (engine/core/member-limits.ts). */
export function checkProfileLimits(next: Profile, before: Profile | undefined): void {
  const problem = profileDataProblem(next.data.profile ?? {}, before?.data?.profile) ?? profileMetaProblem(next.data.meta ?? {}, before?.data?.meta);
  if (problem) throw badRequest(problem);
}

export async function updateProfileMeta(
  ctx: AppContext,
  accountId: Id,
  change: (meta: Profile['data']['meta']) => Profile['data']['meta'],
): Promise<Profile['data']['meta']> {
  const meta = await ctx.store.transaction(async (tx) => {
    const profile = (await tx.get<Profile>('profile', accountId))?.data ?? emptyProfile(accountId);
    const next = { ...profile, data: { ...profile.data, meta: change(profile.data.meta ?? {}) } };
    checkProfileLimits(next, profile);
    await tx.put('profile', accountId, next);
    return next.data.meta;
  });
  ctx.realtime?.toAccount(accountId, 'profile:update', { accountId, meta: meta as unknown as JsonValue });
  return meta;
}

export { favouritesOf } from '../../engine/core/favourites';

/** The favourites with one type's list replaced; the type stays a plain own property, whatever its name. */
export function withFavourites(meta: Profile['data']['meta'], type: string, list: Id[]): NonNullable<Profile['data']['meta']['favourites']> {
  const favourites = Object.fromEntries(Object.entries(meta.favourites ?? {}));
  setOwn(favourites, type, list);
  return favourites;
}

/** Sets `value` at a dotted path of a copy of `meta` (objects on the way are created or copied). */
export function setAtPath(meta: ProfileMeta, path: string, value: JsonValue): ProfileMeta {
  const keys = path.split('.');
  const root: JsonObject = { ...(meta as JsonObject) };
  let node = root;
  // Path segments are user input: own reads and writes only (`__proto__` is a plain name here).
  for (const key of keys.slice(0, -1)) {
    const next = ownValue(node, key);
    const copy: JsonObject = next && typeof next === 'object' && !Array.isArray(next) ? { ...next } : {};
    setOwn(node, key, copy);
    node = copy;
  }
  setOwn(node, keys[keys.length - 1], value);
  return root as ProfileMeta;
}
