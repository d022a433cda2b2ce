/**
 * The rights a structure write needs, judged by what it changes (spec 6): one rule for direct
 * writes (block and page updates, properties, creation, paste) and for the writes that put an
 * earlier state back (revert, the composer's undo). Putting a page or block back as it was is a
 * write like any other: it needs the caller's rights now, whoever made the state it restores.
 */
import { sameJson } from '../../engine/core/same-json';
import type { Id } from '../../schemas/model';
import { forbidden } from '../errors';
import { canAdminister, need, type PermissionContext } from '../permissions';

/** Edit mode (administration.manageEditMode) comes before any block or field write, whatever the ids name. */
export function needEditMode(user: PermissionContext, what: 'blocks' | 'fields' = 'blocks'): void {
  if (!canAdminister(user, 'manageEditMode')) throw forbidden(`You may not edit ${what} (manageEditMode)`);
}

/** What the tree holds (changed through the children calls, which need addChildren on the page). */
const LAYOUT_KEYS = new Set(['children', 'positions']);
/** Bookkeeping, never a setting. */
const BOOKKEEPING_KEYS = new Set(['revision', 'readProblem', 'wasDeleted', 'pageId', 'moduleId', 'id']);

interface ItemState {
  id: Id;
  visibility?: unknown;
}

/** Keys whose values differ between two states of an item (absent and undefined are alike). */
function changedKeys(before: ItemState, after: ItemState): string[] {
  const [a, b] = [before as unknown as Record<string, unknown>, after as unknown as Record<string, unknown>];
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].filter((key) => !BOOKKEEPING_KEYS.has(key) && !sameJson(a[key] ?? null, b[key] ?? null));
}

/**
 * 403 unless the user may make this change of a page or block: its visibility (manageVisibility on
 * the item), its children (addChildren on the page holding them) and its other settings
 * (manageSettings on the item). A new item (`before` undefined) needs only the visibility right,
 * when it comes with a visibility; where it goes is the caller's check (addChildren).
 */
export function needItemChange(user: PermissionContext, kind: 'page' | 'block', before: ItemState | undefined, after: ItemState, pageId?: Id): void {
  const subject = kind === 'page' ? 'items.pages' : 'items.blocks';
  if (!before) {
    if (after.visibility !== undefined) need(user, 'manageVisibility', subject, after.id);
    return;
  }
  const changed = changedKeys(before, after);
  if (changed.includes('visibility')) need(user, 'manageVisibility', subject, after.id);
  if (changed.some((key) => LAYOUT_KEYS.has(key))) need(user, 'addChildren', 'items.pages', kind === 'page' ? after.id : pageId);
  if (changed.some((key) => key !== 'visibility' && !LAYOUT_KEYS.has(key))) need(user, 'manageSettings', subject, after.id);
}
