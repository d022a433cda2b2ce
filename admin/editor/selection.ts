/**
 * The composer's selection: one selected block (its side panel and toolbar show), and a per-block
 * "is it me" atom so a selection change re-renders only the two blocks it concerns.
 */
import { atom, type Atom } from 'jotai';
import type { Id } from '../../schemas/model';

export const selectedBlockAtom = atom<Id | null>(null);

const isSelected = new Map<Id, Atom<boolean>>();

/** True while `id` is the selected block. */
export function isSelectedAtom(id: Id): Atom<boolean> {
  let a = isSelected.get(id);
  if (!a) {
    a = atom((get) => get(selectedBlockAtom) === id);
    isSelected.set(id, a);
  }
  return a;
}

/** The rendered element of a block on the page (the engine marks each with data-block-id). */
export function blockElement(id: Id, root: ParentNode = document): HTMLElement | null {
  return root.querySelector<HTMLElement>(`[data-block-id="${CSS.escape(id)}"]`);
}

/** The block that holds `id` on the rendered page (null at the top level). */
export function parentBlockId(id: Id): Id | null {
  const parent = blockElement(id)?.parentElement?.closest<HTMLElement>('[data-block-id]');
  return parent?.dataset.blockId ?? null;
}
