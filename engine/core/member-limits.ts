/**
 * Per-member caps on what a member writes about themself (issue 36, finding 5). Each list a member
 * can grow is bounded, because every profile write stores the whole profile (and, on SQLite, every
 * other member's write waits for it) and the favourites are mirrored row by row for their counts:
 * an unbounded list lets one member make every write slow. The server refuses a write that would
 * pass a cap with a 400 naming it (`memberLimitProblem`); a write that shrinks what is already
 * over a cap (data from before the caps) is let through, so nobody is stuck.
 */
import type { JsonValue, ProfileMeta } from '../../schemas/model';
import { allFavourites } from './favourites';

/** Kinds of favourites (profiles, entities, and those later domains add): a handful exist, so 20 is room to grow, not a limit anyone meets. */
export const MAX_FAVOURITE_TYPES = 20;
/** Favourites of one kind: far more than anyone keeps by hand (a favourites list is read and paged by people); each is a row of `favourite_targets`. */
export const MAX_FAVOURITES_PER_TYPE = 1000;
/** Profile meta as stored (characters of its JSON): block states, settings, favourites. It is written with every profile write and sent to the owner's tabs; 1,000 favourites of each of a few kinds fit. */
export const MAX_PROFILE_META_LENGTH = 256 * 1024;
/** Profile values as stored (characters of their JSON): what a member's forms hold; read and re-indexed on every profile write. */
export const MAX_PROFILE_DATA_LENGTH = 256 * 1024;
/** Items of one list value in profile data (tags, files, a repeater's entries): a form is filled by hand. */
export const MAX_PROFILE_LIST_ITEMS = 200;
/** Data items with a privacy setting: at most one per profile value, and no form has more values than this. */
export const MAX_DATA_PRIVACY_ITEMS = 200;
/** Devices remembered by the keepalive: the oldest are forgotten beyond it (it is a cache of where the member was last seen, not a record). */
export const MAX_KNOWN_DEVICES = 20;

const jsonLength = (value: unknown): number => (value === undefined ? 0 : JSON.stringify(value).length);

/** What a profile meta write would put past a cap (and further than the stored meta already is), else undefined. */
export function profileMetaProblem(next: ProfileMeta, before: ProfileMeta | undefined): string | undefined {
  const types = allFavourites(next);
  const typesBefore = allFavourites(before);
  if (types.length > MAX_FAVOURITE_TYPES && types.length > typesBefore.length)
    return `favourites: at most ${MAX_FAVOURITE_TYPES} kinds of favourites (MAX_FAVOURITE_TYPES), this would make ${types.length}`;
  for (const { type, ids } of types) {
    const had = typesBefore.find((t) => t.type === type)?.ids.length ?? 0;
    if (ids.length > MAX_FAVOURITES_PER_TYPE && ids.length > had)
      return `favourites.${type}: at most ${MAX_FAVOURITES_PER_TYPE} favourites of one kind (MAX_FAVOURITES_PER_TYPE), this would make ${ids.length}`;
  }
  const size = jsonLength(next);
  if (size > MAX_PROFILE_META_LENGTH && size > jsonLength(before))
    return `profile meta: at most ${MAX_PROFILE_META_LENGTH} characters of JSON stored (MAX_PROFILE_META_LENGTH), this would make ${size}`;
  return undefined;
}

/** What a write of profile values would put past a cap (and further than the stored values already are), else undefined. */
export function profileDataProblem(next: { [key: string]: JsonValue }, before: { [key: string]: JsonValue } | undefined): string | undefined {
  for (const [key, value] of Object.entries(next)) {
    const had = before && Array.isArray(before[key]) ? (before[key] as JsonValue[]).length : 0;
    if (Array.isArray(value) && value.length > MAX_PROFILE_LIST_ITEMS && value.length > had)
      return `${key}: at most ${MAX_PROFILE_LIST_ITEMS} items in one value (MAX_PROFILE_LIST_ITEMS), this would make ${value.length}`;
  }
  const size = jsonLength(next);
  if (size > MAX_PROFILE_DATA_LENGTH && size > jsonLength(before))
    return `profile values: at most ${MAX_PROFILE_DATA_LENGTH} characters of JSON stored (MAX_PROFILE_DATA_LENGTH), this would make ${size}`;
  return undefined;
}
