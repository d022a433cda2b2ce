/**
 * The in-app clipboard (issue 15 "copy and paste"): Copy (toolbar or Ctrl+C) keeps the selected
 * block as it is now, with everything under it; Paste (toolbar or Ctrl+V, on any page or module)
 * makes deep copies with new ids (`copyBlocks`) and places them with the `paste` action: one
 * request, one undo step. The captured blocks dialog's Copy pastes the same way.
 */
import { atom } from 'jotai';
import { blockAtom, copyBlocks, type BlockSnapshot, type Slot } from '../../engine';
import type { Block, Id } from '../../schemas/model';
import { newBlockId, placementOf } from '../blocks/block-actions';
import { isAdminApiError } from '../core/api';
import { blockLabel, type AdminValue } from '../core/context';
import { treeFromStore } from '../core/optimistic';
import { parentColumns } from '../core/placement';
import { recordStep } from '../editor/history';
import { selectedBlockAtom } from '../editor/selection';

export interface Clipboard extends BlockSnapshot {
  /** The first root's name, for messages. */
  name: string;
}

export const clipboardAtom = atom<Clipboard | null>(null);

/** Why a paste did not run: the target parent is gone (spec 5.3), or the server refused. */
export class PasteError extends Error {
  constructor(readonly reason: 'noParentFound' | 'blockCloneError') {
    super(reason);
    this.name = 'PasteError';
  }
}

/** The blocks (roots in order) with everything under them and their fields, as the store has them now. */
export function snapshotFromStore(admin: Pick<AdminValue, 'store' | 'registry'>, roots: Id[]): Clipboard | null {
  const live = roots.filter((id) => {
    const b = admin.store.get(blockAtom(id));
    return b && !b.wasDeleted;
  });
  if (!live.length) return null;
  const { blocks, fields } = treeFromStore(admin.store, live);
  return { roots: live, blocks, ...(fields.length ? { fields } : {}), name: blockLabel(admin.store.get(blockAtom(live[0])), admin.registry) };
}

/** Copies a block into the clipboard; false when it is not there. */
export function copyBlock(admin: AdminValue, id: Id): boolean {
  const snapshot = snapshotFromStore(admin, [id]);
  if (!snapshot) return false;
  admin.store.set(clipboardAtom, snapshot);
  admin.announce(admin.t('admin.block.copied', { name: snapshot.name }));
  return true;
}

/** Where Paste puts the copies: into the selected block when it holds blocks (end of its first column), else right after it, else at the end of the page. */
export function pasteTarget(admin: Pick<AdminValue, 'store' | 'registry' | 'page'>, selected: Id | null, after?: Slot): Slot | undefined {
  const page = admin.page();
  if (!page) return undefined;
  const block = selected ? admin.store.get(blockAtom(selected)) : undefined;
  if (block && admin.registry.blocks[block.type]?.children)
    return { parentType: 'block', parentId: block.id, colIndex: 0, index: (parentColumns(block)[0] ?? []).length };
  if (after) return { ...after, index: after.index + 1 };
  return { parentType: 'page', parentId: page.id, colIndex: 0, index: (parentColumns(page)[0] ?? []).length };
}

/**
 * Pastes fresh copies of a snapshot at `at` on the current page: one request, one undo step, the
 * first copy selected. Throws PasteError('noParentFound') when the parent does not resolve.
 */
export async function pasteSnapshot(admin: AdminValue, snapshot: BlockSnapshot & { name?: string }, at: Slot): Promise<Id[]> {
  const page = admin.page();
  const parent: Block | undefined = at.parentType === 'block' ? admin.store.get(blockAtom(at.parentId)) : undefined;
  if (!page || (at.parentType === 'page' ? at.parentId !== page.id : !parent || parent.wasDeleted)) throw new PasteError('noParentFound');
  const copy = copyBlocks(snapshot, { newId: (kind) => (kind === 'block' ? newBlockId() : newBlockId().replace(/^b-/, 'f-')) });
  const request = { pageId: page.id, ...at, roots: copy.roots, blocks: copy.blocks, ...(copy.fields ? { fields: copy.fields } : {}) };
  try {
    await admin.run({ kind: 'paste', pageId: page.id, at, roots: copy.roots, blocks: copy.blocks, fields: copy.fields }, () => admin.api.pasteBlocks(request));
  } catch (error) {
    throw new PasteError(isAdminApiError(error) && error.error === 'notFound' ? 'noParentFound' : 'blockCloneError');
  }
  const name =
    snapshot.name ??
    blockLabel(
      snapshot.blocks.find((b) => b.id === snapshot.roots[0]),
      admin.registry,
    );
  recordStep(admin, {
    label: admin.t('admin.history.steps.paste', { name }),
    command: { kind: 'structure', action: { kind: 'remove', pageId: page.id, blockIds: copy.roots } },
  });
  admin.store.set(selectedBlockAtom, copy.roots[0]);
  admin.announce(admin.t('admin.block.pasted', { name }));
  return copy.roots;
}

/** Paste (toolbar or Ctrl+V): the clipboard at the paste target of the selection; failures said with the capturedBlocks messages (spec 8). */
export async function pasteClipboard(admin: AdminValue): Promise<Id[] | undefined> {
  const clip = admin.store.get(clipboardAtom);
  if (!clip) {
    admin.announce(admin.t('admin.block.nothingToPaste'));
    return undefined;
  }
  const selected = admin.store.get(selectedBlockAtom);
  const at = pasteTarget(admin, selected, selected ? placementOf(admin, selected) : undefined);
  try {
    if (!at) throw new PasteError('noParentFound');
    return await pasteSnapshot(admin, clip, at);
  } catch (error) {
    admin.notify('negative', admin.t(`capturedBlocks.modal.${error instanceof PasteError ? error.reason : 'blockCloneError'}`));
    return undefined;
  }
}
