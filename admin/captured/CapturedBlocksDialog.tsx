/**
 * The captured blocks dialog (spec 2.8): each captured block (label, type badge, a note when it
 * has children), an arrow, and the target; cancel, move, clone and copy, each with a tooltip. The
 * chosen button shows loading, cancel is disabled while pasting, and the dialog closes after the
 * attempt. Failures: capturedBlocks.modal.blockCloneError, and noParentFound when the target is gone.
 */
import { autoUpdate, offset, useFloating, useFocus, useHover, useInteractions } from '@floating-ui/react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useId, useState, type ReactNode } from 'react';
import { blockAtom, pageAtom, type AddBlockSlot } from '../../engine';
import type { Block, Id } from '../../schemas/model';
import type { BlockPlacementUpdate } from '../core/api';
import { Dialog } from '../core/Dialog';
import { blockLabel, useAdmin, type AdminValue } from '../core/context';
import { findPlacement, parentColumns } from '../core/placement';
import { PasteError, pasteSnapshot, snapshotFromStore } from './clipboard';
import { capturedBlocksAtom, type CapturedBlock } from './state';

export type PasteAction = 'move' | 'clone' | 'copy';

function Tooltip({ label, children }: { label: string; children: (props: Record<string, unknown>) => ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const { refs, floatingStyles, context } = useFloating({
    open,
    onOpenChange: setOpen,
    placement: 'top',
    middleware: [offset(6)],
    whileElementsMounted: autoUpdate,
  });
  const { getReferenceProps, getFloatingProps } = useInteractions([useHover(context), useFocus(context)]);
  return (
    <>
      {children({ ref: refs.setReference, ...getReferenceProps(), 'aria-describedby': id })}
      {/* Always in the DOM (visually hidden when closed) so the description is there for screen readers too. */}
      <span
        ref={refs.setFloating}
        role="tooltip"
        className={open ? 't-admin-tooltip' : 't-admin-live'}
        style={open ? floatingStyles : undefined}
        {...getFloatingProps()}
        id={id}
      >
        {label}
      </span>
    </>
  );
}

/** Runs a paste; throws PasteError('noParentFound') when the target parent no longer exists. */
export async function pasteCaptured(admin: AdminValue, captured: CapturedBlock[], slot: AddBlockSlot, action: PasteAction): Promise<number> {
  const page = admin.page();
  const get = (id: Id) => admin.store.get(blockAtom(id));
  const parent = slot.parentKind === 'page' ? (slot.parentId === page?.id ? page : admin.store.get(pageAtom(slot.parentId))) : get(slot.parentId);
  if (!page || !parent || ('wasDeleted' in parent && parent.wasDeleted)) throw new PasteError('noParentFound');
  const start = (parentColumns(parent)[slot.column] ?? []).length;
  const at = { parentType: slot.parentKind, parentId: slot.parentId, colIndex: slot.column, index: start };
  if (action === 'copy') {
    // New ids throughout (children, columns, tabs' content, related blocks), in one request and one undo step.
    const snapshot = snapshotFromStore(
      admin,
      captured.map((c) => c.blockId),
    );
    if (!snapshot) throw new PasteError('blockCloneError');
    return (await pasteSnapshot(admin, snapshot, at)).length;
  }
  // Group by source page: one request per page (fromPageId, toPageId).
  const bySource = new Map<Id, CapturedBlock[]>();
  for (const c of captured) bySource.set(c.pageId, [...(bySource.get(c.pageId) ?? []), c]);
  let index = start;
  for (const [fromPageId, group] of bySource) {
    const sourcePage = fromPageId === page.id ? page : admin.store.get(pageAtom(fromPageId));
    const updates: BlockPlacementUpdate[] = group.map((c) => {
      const from = sourcePage ? findPlacement(sourcePage, c.blockId, get) : undefined;
      return {
        blockId: c.blockId,
        from: from
          ? { parentType: from.parentType, parentId: from.parentId, colIndex: from.colIndex }
          : { parentType: 'page', parentId: fromPageId, colIndex: 0 },
        to: { parentType: slot.parentKind, parentId: slot.parentId, colIndex: slot.column, index: index++ },
      };
    });
    const request = { updates, fromPageId, toPageId: page.id };
    const ids = group.map((c) => c.blockId);
    const first = { ...at, index: updates[0].to.index };
    await (action === 'move'
      ? admin.run({ kind: 'addChildren', fromPageId, toPageId: page.id, at: first, childIds: ids }, () => admin.api.moveBlocks(request))
      : admin.run({ kind: 'clone', fromPageId, toPageId: page.id, ids, at: first }, () => admin.api.cloneBlocks(request)));
  }
  return captured.length;
}

export function CapturedBlocksDialog({ slot, onClose }: { slot: AddBlockSlot; onClose(): void }) {
  const admin = useAdmin();
  const { t, registry } = admin;
  const captured = useAtomValue(capturedBlocksAtom);
  const setCaptured = useSetAtom(capturedBlocksAtom);
  const [pending, setPending] = useState<PasteAction | null>(null);
  const targetParent: Block | undefined = slot.parentKind === 'block' ? admin.store.get(blockAtom(slot.parentId)) : undefined;
  const target =
    slot.parentKind === 'page'
      ? t('capturedBlocks.modal.targetPage', { name: admin.store.get(pageAtom(slot.parentId))?.name ?? slot.parentId })
      : t('capturedBlocks.modal.targetBlock', {
          name: blockLabel(targetParent, registry) || slot.parentId,
          column: slot.column + 1,
          index: (parentColumns(targetParent ?? {})[slot.column]?.length ?? 0) + 1,
        });

  const run = async (action: PasteAction) => {
    setPending(action);
    try {
      const count = await pasteCaptured(admin, captured, slot, action);
      if (action === 'move') setCaptured([]);
      admin.notify('positive', t('capturedBlocks.modal.pasted', { count }));
    } catch (e) {
      admin.notify(
        'negative',
        t(e instanceof PasteError && e.reason === 'noParentFound' ? 'capturedBlocks.modal.noParentFound' : 'capturedBlocks.modal.blockCloneError'),
      );
    } finally {
      setPending(null);
      onClose();
    }
  };

  const button = (action: PasteAction) => (
    <Tooltip key={action} label={t(`capturedBlocks.modal.${action}Tooltip`)}>
      {(props) => (
        <button type="button" {...props} disabled={pending !== null || captured.length === 0} aria-busy={pending === action} onClick={() => void run(action)}>
          {pending === action ? t('admin.common.loading') : t(`capturedBlocks.modal.${action}`)}
        </button>
      )}
    </Tooltip>
  );

  return (
    <Dialog
      title={t('capturedBlocks.modal.title')}
      description={t('capturedBlocks.modal.description')}
      onClose={onClose}
      busy={pending !== null}
      size="medium"
      actions={
        <>
          <Tooltip label={t('capturedBlocks.modal.cancel')}>
            {(props) => (
              <button type="button" {...props} disabled={pending !== null} onClick={onClose}>
                {t('capturedBlocks.modal.cancel')}
              </button>
            )}
          </Tooltip>
          {button('move')}
          {button('clone')}
          {button('copy')}
        </>
      }
    >
      <div className="t-admin-captured">
        {captured.length === 0 ? (
          <p>{t('capturedBlocks.modal.empty')}</p>
        ) : (
          <ul className="t-admin-captured__list" style={{ maxHeight: 450, overflowY: 'auto' }} tabIndex={0} aria-label={t('capturedBlocks.open')}>
            {captured.map((c) => {
              const block = admin.store.get(blockAtom(c.blockId));
              const name = blockLabel(block, registry) || c.blockId;
              return (
                <li key={c.blockId}>
                  <span>{name}</span> <span className="t-admin-badge">{block?.type ?? '?'}</span>
                  {block && Array.isArray(block.children) && block.children.length > 0 && <small> {t('capturedBlocks.modal.hasChildren')}</small>}
                  <button
                    type="button"
                    disabled={pending !== null}
                    aria-label={t('capturedBlocks.modal.remove', { name })}
                    onClick={() => setCaptured(captured.filter((x) => x.blockId !== c.blockId))}
                  >
                    ×
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        <span aria-hidden="true" className="t-admin-captured__arrow">
          →
        </span>
        <p className="t-admin-captured__target">{target}</p>
      </div>
    </Dialog>
  );
}
