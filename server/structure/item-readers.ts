/** Structure items are read through the engine's tolerant readers: a damaged item becomes a state, never a 500. */
import { readStoredBlock, readStoredField, readStoredModule, readStoredPage } from '../../engine/core/model/stored-items';

export const ITEM_READERS = { module: readStoredModule, page: readStoredPage, block: readStoredBlock, field: readStoredField } as const;

/** A structure item as the store reads it (the same repairs), for data held outside the documents (a revert's snapshot). */
export function readStoredItem(kind: keyof typeof ITEM_READERS, raw: unknown, id: string): unknown {
  return ITEM_READERS[kind](raw, id).item;
}
