/**
 * List memberships as rules read them, apart from the json-logic operations (operations.ts) so page
 * visibility and the server's structure reads can use them without the rule engine.
 */
import type { ListMembership } from '../../../schemas/model';

export function membershipsArray(v: unknown): ListMembership[] {
  return Array.isArray(v) ? v.filter((m): m is ListMembership => !!m && typeof m === 'object' && typeof (m as ListMembership).userListId === 'string') : [];
}

/** Ids of the lists a member is accepted in, from memberships and/or a plain id list. */
export function acceptedListIds(...sources: unknown[]): string[] {
  const ids = new Set<string>();
  for (const source of sources) {
    if (!Array.isArray(source)) continue;
    for (const item of source) {
      if (typeof item === 'string') ids.add(item);
      else if (membershipsArray([item]).length && (item as ListMembership).state === 'accepted') ids.add((item as ListMembership).userListId);
    }
  }
  return [...ids];
}
