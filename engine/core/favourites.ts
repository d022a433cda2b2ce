/**
 * Favourites in profile meta (spec core §3: favourites by type): read by the server's favourites
 * calls and by the favourite blocks alike.
 */
import type { Id, ProfileMeta } from '../../schemas/model';
import { ownValue } from './own';

/** The kind of favourite a member profile is stored under. */
export const PROFILE_FAVOURITE_TYPE = 'profiles';
/** The kind of favourite an entity is stored under. */
export const ENTITY_FAVOURITE_TYPE = 'entities';

/** The favourites of one type (its own list only: types are user input, `toString` included). */
export function favouritesOf(meta: ProfileMeta | undefined, type: string): Id[] {
  const list = ownValue(meta?.favourites, type);
  return Array.isArray(list) ? list.filter((id): id is Id => typeof id === 'string') : [];
}

/** Every type's favourites, types in stored order, malformed lists dropped. */
export function allFavourites(meta: ProfileMeta | undefined): { type: string; ids: Id[] }[] {
  const favourites = meta?.favourites;
  if (!favourites || typeof favourites !== 'object' || Array.isArray(favourites)) return [];
  return Object.keys(favourites).map((type) => ({ type, ids: favouritesOf(meta, type) }));
}
