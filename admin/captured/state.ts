/** Captured blocks: blocks an admin picked up to paste elsewhere (move, clone or copy), in capture order. */
import { atom } from 'jotai';
import type { Id } from '../../schemas/model';

export interface CapturedBlock {
  blockId: Id;
  /** The page it was captured on: the move's `fromPageId`. */
  pageId: Id;
}

export const capturedBlocksAtom = atom<CapturedBlock[]>([]);

/** Adds a block once; capturing it again leaves it where it is in the list. */
export const captureBlockAtom = atom(null, (get, set, captured: CapturedBlock) => {
  if (get(capturedBlocksAtom).some((c) => c.blockId === captured.blockId)) return;
  set(capturedBlocksAtom, [...get(capturedBlocksAtom), captured]);
});

/** The count shown in the badge: 99+ from 100 upward. */
export function capturedBadgeText(count: number): string {
  return count >= 100 ? '99+' : String(count);
}
