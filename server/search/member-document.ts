/**
 * What the member index holds for one account: only what any other member may see (its public
 * values, per data privacy), so a private value is never matched, filtered on or returned.
 */
import { geoPointOf } from '../../engine/core/geo';
import type { DataPrivacy, JsonValue, ListMembership, Profile } from '../../schemas/model';
import { profilePublicName, publicProfileValues } from '../../engine/core/profile-privacy';
import { EMPTY_SEARCH_SETTINGS, memberIndexContent } from '../../engine/core/search-settings';
import type { SearchIndexSettings } from '../../schemas/model/api/search-management';

export interface MemberDocument {
  accountId: string;
  /** The public name, the default sort key. */
  name: string;
  /** Searchable text: the public name and the public values of searchable fields (engine/core/search-settings.ts), folded (see foldText). */
  body: string;
  /** Public values, for filters. */
  values: { [key: string]: JsonValue };
  /** Lists the account is accepted in. */
  listIds: string[];
  /** From a public geoLocation value, for radius search. */
  lat: number | null;
  lng: number | null;
}

/** Lower case without diacritics, so "Élodie" matches "elodie" on both databases alike. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Words of a text as the index splits them: runs of letters and digits. */
export function searchWords(text: string): string[] {
  return foldText(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

const coordinates = geoPointOf;

export function memberDocument(
  account: { accountId: string; dataPrivacy?: DataPrivacy[]; listMemberships?: ListMembership[] },
  profile: Profile | undefined,
  settings: SearchIndexSettings = EMPTY_SEARCH_SETTINGS,
): MemberDocument {
  // Privacy first (fails closed on damage), then the settings choose among what is public.
  const values = publicProfileValues(profile?.data?.profile, account.dataPrivacy);
  const name = profilePublicName(values, account.accountId);
  const { texts: words } = memberIndexContent(values, name, settings);
  const geo = Object.values(values)
    .map(coordinates)
    .find((c) => c);
  return {
    accountId: account.accountId,
    name,
    body: searchWords(words.join(' ')).join(' '),
    values,
    listIds: (Array.isArray(account.listMemberships) ? account.listMemberships : [])
      .filter((m) => m?.state === 'accepted' && typeof m.userListId === 'string')
      .map((m) => m.userListId),
    lat: geo?.lat ?? null,
    lng: geo?.lng ?? null,
  };
}
