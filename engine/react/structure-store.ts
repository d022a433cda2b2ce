/**
 * The structure store: modules, pages, blocks and fields normalised by id, one Jotai atom per
 * item (jotai-family), so a change to one item re-renders only the components that read it.
 */
import { atom, type PrimitiveAtom, type WritableAtom } from 'jotai';
import { atomFamily } from 'jotai-family';
import type { Block, Field, Id, Module, Page } from '../../schemas/model';
import { sameJson } from '../core/same-json';

export const moduleAtom = atomFamily((_id: Id) => atom<Module | undefined>(undefined));
export const pageAtom = atomFamily((_id: Id) => atom<Page | undefined>(undefined));
export const blockAtom = atomFamily((_id: Id) => atom<Block | undefined>(undefined));
export const fieldAtom = atomFamily((_id: Id) => atom<Field | undefined>(undefined));

/** Module ids in display order (settings structure.orders.modules.order). */
export const moduleOrderAtom = atom<Id[]>([]);

export interface StructureItems {
  modules?: Module[];
  pages?: Page[];
  blocks?: Block[];
  fields?: Field[];
}

type Setter = <V>(target: WritableAtom<unknown, [V], void> | PrimitiveAtom<V>, value: V) => void;

/** Writes items into their atoms. Unchanged items (same revision and same JSON) keep their value, so nothing re-renders for them. */
export function writeStructureItems(set: Setter, get: <V>(a: PrimitiveAtom<V>) => V, items: StructureItems): void {
  const put = <T extends { id: Id; revision?: number }>(family: (id: Id) => PrimitiveAtom<T | undefined>, list: T[] | undefined) => {
    for (const item of list ?? []) {
      const target = family(item.id);
      const current = get(target);
      if (!item || typeof item !== 'object' || typeof item.id !== 'string') continue;
      if (current && current.revision !== undefined && current.revision === item.revision && sameJson(current, item)) continue;
      // A late realtime message never overwrites a newer revision.
      if (current?.revision !== undefined && item.revision !== undefined && item.revision < current.revision) continue;
      set(target, item);
    }
  };
  put(moduleAtom, items.modules);
  put(pageAtom, items.pages);
  put(blockAtom, items.blocks);
  put(fieldAtom, items.fields);
}

/** A write-only atom that loads a batch of structure items in one go. */
export const loadStructureAtom = atom(null, (get, set, items: StructureItems) => {
  writeStructureItems(set as Setter, get as <V>(a: PrimitiveAtom<V>) => V, items);
});

/**
 * A realtime `items:changes` message: changed items by kind, and ids of removed ones. Applied in
 * place: only the atoms of the items named change, so only their components re-render.
 */
export interface ItemsChanges extends StructureItems {
  removed?: { modules?: Id[]; pages?: Id[]; blocks?: Id[]; fields?: Id[] };
}

export const applyItemsChangesAtom = atom(null, (get, set, changes: ItemsChanges) => {
  writeStructureItems(set as Setter, get as <V>(a: PrimitiveAtom<V>) => V, changes);
  const clear = (family: (id: Id) => PrimitiveAtom<unknown>, ids: Id[] | undefined) => {
    for (const id of ids ?? []) if (typeof id === 'string') set(family(id), undefined);
  };
  clear(moduleAtom as (id: Id) => PrimitiveAtom<unknown>, changes.removed?.modules);
  clear(pageAtom as (id: Id) => PrimitiveAtom<unknown>, changes.removed?.pages);
  clear(blockAtom as (id: Id) => PrimitiveAtom<unknown>, changes.removed?.blocks);
  clear(fieldAtom as (id: Id) => PrimitiveAtom<unknown>, changes.removed?.fields);
});

/** Replaces one block's options (edit mode, realtime) — the smallest update the engine knows. */
export const setBlockOptionsAtom = atom(null, (get, set, update: { id: Id; options: Block['options'] }) => {
  const current = get(blockAtom(update.id));
  if (current) set(blockAtom(update.id), { ...current, options: update.options });
});
