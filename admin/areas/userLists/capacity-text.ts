/** A list's capacity in words: unlimited (null, community §5), or the places, said full when it is. */
import type { UserListSummary } from '../../../schemas/model/api/lists';
import type { Translate } from '../../frame/types';

export function capacityText(list: Pick<UserListSummary, 'capacity' | 'isFull'>, t: Translate): string {
  if (list.capacity === null) return t('adminAreas.lists.unlimited');
  return t(list.isFull ? 'adminAreas.lists.placesFull' : 'adminAreas.lists.places', { count: list.capacity });
}
