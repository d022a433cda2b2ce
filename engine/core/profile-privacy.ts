/**
 * Who sees what of a profile (spec core §6, §9): data privacy per data item (public by default),
 * the public name, and online status. One place, used by the server (reads, search index) and the
 * browser (display).
 */
import type { DataPrivacy, JsonValue, Profile, ProfileMeta } from '../../schemas/model';
import { PROFILE_ONLINE_WINDOW_MS } from './constants';
import { formatProfileName } from './profile-name';

type ProfileValues = Profile['data']['profile'];

const STATES: ReadonlySet<unknown> = new Set(['public', 'private', 'connections']);

/**
 * What is wrong with a stored `dataPrivacy` (absent, or a list of `{ dataSchemaId, state }`, reads);
 * undefined when nothing. Said in words for the log.
 */
export function dataPrivacyDamage(raw: unknown): string | undefined {
  if (raw === undefined) return undefined;
  if (!Array.isArray(raw)) return `dataPrivacy is ${raw === null ? 'null' : typeof raw === 'object' ? 'an object' : `a ${typeof raw}`}, not a list`;
  const bad = raw.findIndex(
    (p) => !p || typeof p !== 'object' || Array.isArray(p) || typeof p.dataSchemaId !== 'string' || !STATES.has((p as DataPrivacy).state),
  );
  return bad < 0 ? undefined : `dataPrivacy item ${bad} is not { dataSchemaId, state: public | private | connections }`;
}

/** Which data items are not for everyone: `has(key)`. */
export interface NonPublicKeys {
  has(key: string): boolean;
}

const EVERY_KEY: NonPublicKeys = { has: () => true };

/**
 * The data items a person made not public (`private`, `connections`: only `public` is for
 * everyone). A stored privacy that cannot be read (not a list, an item of the wrong shape) makes
 * every item not public: fail closed, so damage never shows what its owner hid.
 */
export function nonPublicKeys(dataPrivacy: unknown): NonPublicKeys {
  if (dataPrivacyDamage(dataPrivacy)) return EVERY_KEY;
  return new Set(((dataPrivacy ?? []) as DataPrivacy[]).filter((p) => p.state !== 'public').map((p) => p.dataSchemaId));
}

/** The values another member may see: every value whose data item is public. */
export function publicProfileValues(values: ProfileValues | undefined, dataPrivacy: unknown): ProfileValues {
  const hidden = nonPublicKeys(dataPrivacy);
  const out: ProfileValues = {};
  for (const [key, value] of Object.entries(values && typeof values === 'object' ? values : {})) if (!hidden.has(key)) out[key] = value;
  return out;
}

/** A data item's privacy state (public unless set otherwise; private for every item when the stored privacy cannot be read). */
export function dataPrivacyState(dataPrivacy: unknown, key: string): DataPrivacy['state'] {
  if (dataPrivacyDamage(dataPrivacy)) return 'private';
  return ((dataPrivacy ?? []) as DataPrivacy[]).find((p) => p.dataSchemaId === key)?.state ?? 'public';
}

/**
 * The privacy its owner is shown and a change starts from: as stored when it reads; when it does
 * not, every item of the profile private (what others are shown meanwhile), so a change of one
 * item repairs the list without making the others public.
 */
export function readableDataPrivacy(dataPrivacy: unknown, values: ProfileValues | undefined): DataPrivacy[] {
  if (!dataPrivacyDamage(dataPrivacy)) return [...((dataPrivacy ?? []) as DataPrivacy[])];
  return Object.keys(values && typeof values === 'object' ? values : {}).map((dataSchemaId) => ({ dataSchemaId, state: 'private' as const }));
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
