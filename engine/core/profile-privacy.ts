/**
 * Who sees what of a profile (spec core §6, §9): data privacy per data item (public by default),
 * the public name, and online status. One place, used by the server (reads, search index) and the
 * browser (display).
 */
import type { DataPrivacy, JsonValue, Profile, ProfileMeta } from '../../schemas/model';
import { PROFILE_ONLINE_WINDOW_MS } from './constants';
import { formatProfileName } from './profile-name';

type ProfileValues = Profile['data']['profile'];

/** The data items a person made not public (`private`, `connections`: only `public` is for everyone). */
export function nonPublicKeys(dataPrivacy: readonly DataPrivacy[] | undefined): Set<string> {
  const keys = new Set<string>();
  for (const p of Array.isArray(dataPrivacy) ? dataPrivacy : []) if (p && typeof p.dataSchemaId === 'string' && p.state !== 'public') keys.add(p.dataSchemaId);
  return keys;
}

/** The values another member may see: every value whose data item is public. */
export function publicProfileValues(values: ProfileValues | undefined, dataPrivacy: readonly DataPrivacy[] | undefined): ProfileValues {
  const hidden = nonPublicKeys(dataPrivacy);
  const out: ProfileValues = {};
  for (const [key, value] of Object.entries(values && typeof values === 'object' ? values : {})) if (!hidden.has(key)) out[key] = value;
  return out;
}

/** A data item's privacy state (public unless set otherwise). */
export function dataPrivacyState(dataPrivacy: readonly DataPrivacy[] | undefined, key: string): DataPrivacy['state'] {
  return (Array.isArray(dataPrivacy) ? dataPrivacy : []).find((p) => p?.dataSchemaId === key)?.state ?? 'public';
}

const text = (v: JsonValue | undefined): string => (typeof v === 'string' ? v : '');

/** The public name: first plus last name, falling back to the account id (spec core §6). */
export function profilePublicName(values: ProfileValues | undefined, accountId: string): string {
  const name = formatProfileName({ first: text(values?.firstName), last: text(values?.lastName) }, 'F L');
  return name || accountId;
}

/**
 * Whether a person made their connectivity private: profile meta `settings.privacy.isConnectivityPrivate`
 * (spec core §3), the one place it is stored. Read tolerantly: anything but `true` is not private.
 */
export function isConnectivityPrivate(meta: ProfileMeta | undefined): boolean {
  const settings = meta && typeof meta === 'object' ? meta.settings : undefined;
  const privacy = settings && typeof settings === 'object' ? settings.privacy : undefined;
  return !!privacy && typeof privacy === 'object' && privacy.isConnectivityPrivate === true;
}

export interface OnlineFacts {
  /** The viewer's account. */
  viewerAccountId?: string;
  /** The viewer's device is offline (spec core §4.3). */
  viewerOffline?: boolean;
  /** The profile's owner made connectivity private. */
  connectivityPrivate?: boolean;
  now: number;
}

/**
 * Online: the own account unless offline; anyone else when their keepalive is within the online
 * window, unless they made connectivity private, which hides it from everyone but themselves.
 */
export function isProfileOnline(profile: Pick<Profile, 'accountId' | 'keepaliveTimestamp'>, facts: OnlineFacts): boolean {
  if (profile.accountId === facts.viewerAccountId) return !facts.viewerOffline;
  if (facts.connectivityPrivate) return false;
  const at = profile.keepaliveTimestamp;
  return typeof at === 'number' && Number.isFinite(at) && facts.now - at <= PROFILE_ONLINE_WINDOW_MS && at <= facts.now + PROFILE_ONLINE_WINDOW_MS;
}
