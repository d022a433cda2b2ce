/** The edit-mode bar at the top of every block: drag handle and keyboard move, edit, capture, delete (with the confirmation popover). */
import { autoUpdate, flip, FloatingFocusManager, offset, shift, useDismiss, useFloating, useInteractions, useRole } from '@floating-ui/react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useId, useState, type DragEvent } from 'react';
import type { Block } from '../../schemas/model';
import { captureBlockAtom, capturedBlocksAtom } from '../captured/state';
import { blockLabel, errorMessage, useAdmin } from '../core/context';
import { findPlacement } from '../core/placement';
import { blockAtom } from '../../engine';
import { debugInfoAtom } from '../edit-mode';
import { beforeBlock, DRAG_TYPE, draggingBlockAtom, moveBlockTo, useIsMoveTarget, useKeyboardMove } from './move';

/** Deleting asks first when the block holds something worth keeping: children or options. */
export function deleteNeedsConfirmation(block: Block): boolean {
  return (Array.isArray(block.children) && block.children.length > 0) || Object.keys(block.options ?? {}).length > 0;
}

export function BlockControls({ block }: { block: Block }) {
  const admin = useAdmin();
  const { t } = admin;
  const name = blockLabel(block, admin.registry);
  const { moving, onKeyDown } = useKeyboardMove(block.id);
  const isTarget = useIsMoveTarget({ beforeId: block.id });
  const setDragging = useSetAtom(draggingBlockAtom);
  const dragging = useAtomValue(draggingBlockAtom);
  const captured = useAtomValue(capturedBlocksAtom).some((c) => c.blockId === block.id);
  const capture = useSetAtom(captureBlockAtom);
  const [over, setOver] = useState(false);
  const debug = useAtomValue(debugInfoAtom);
  const instructionsId = useId();

  const onDragStart = (e: DragEvent) => {
    e.dataTransfer.setData(DRAG_TYPE, block.id);
    e.dataTransfer.effectAllowed = 'move';
    setDragging(block.id);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const id = e.dataTransfer.getData(DRAG_TYPE) || dragging;
    setDragging(null);
    if (!id || id === block.id) return;
    const slot = beforeBlock(admin, block.id);
    if (slot) void moveBlockTo(admin, id, slot);
  };

  return (
    <div
      className={`t-admin-block-bar${isTarget || over ? ' t-admin-drop-target' : ''}${moving ? ' t-admin-moving' : ''}`}
      role="toolbar"
      aria-label={t('admin.block.controls', { name })}
      onDragOver={(e) => {
        if (dragging && dragging !== block.id) {
          e.preventDefault();
          setOver(true);
        }
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      {(isTarget || over) && <span className="t-admin-drop-marker">{t('admin.block.dropBefore', { name })}</span>}
      <button
        type="button"
        className="t-admin-move"
        draggable
        onDragStart={onDragStart}
        onDragEnd={() => setDragging(null)}
        onKeyDown={onKeyDown}
        aria-pressed={moving}
        aria-describedby={instructionsId}
        aria-label={t('admin.block.dragHandle', { name })}
      >
        ⠿ {t('admin.block.move')}
      </button>
      <span id={instructionsId} hidden>
        {t('admin.move.instructions')}
      </span>
      <span className="t-admin-block-name">{name}</span>
      {debug && (
        <code className="t-admin-debug">
          {block.id} · {block.type} · r{block.revision ?? 0}
        </code>
      )}
      <button type="button" onClick={() => admin.open({ kind: 'editBlock', blockId: block.id })}>
        {t('admin.block.edit')}
      </button>
      <button type="button" aria-pressed={captured} onClick={() => capture({ blockId: block.id, pageId: admin.pageId })}>
        {captured ? t('admin.block.captured') : t('admin.block.capture')}
      </button>
      <DeleteControl block={block} name={name} />
    </div>
  );
}

function DeleteControl({ block, name }: { block: Block; name: string }) {
  const admin = useAdmin();
  const { t } = admin;
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const { refs, floatingStyles, context } = useFloating({
    open,
    onOpenChange: (o) => !busy && setOpen(o),
    placement: 'bottom-end',
    middleware: [offset(4), flip(), shift()],
    whileElementsMounted: autoUpdate,
  });
  const { getFloatingProps, getReferenceProps } = useInteractions([useDismiss(context), useRole(context, { role: 'alertdialog' })]);

  const run = async () => {
    const page = admin.page();
    const at = page && findPlacement(page, block.id, (id) => admin.store.get(blockAtom(id)));
    if (!page || !at) return;
    setBusy(true);
    try {
      let token = '';
      const { inverse } = await admin.run({ kind: 'remove', pageId: page.id, blockIds: [block.id], from: at }, async () => {
        const result = await admin.api.deleteBlock(block.id, at.parentType, at.parentId, at.colIndex, at.index);
        token = result.revertToken;
        return result;
      });
      admin.offerRevert(token, name, inverse);
    } catch (error) {
      admin.notify('negative', t('admin.block.deleteFailed', { message: errorMessage(error, t) }));
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };

  return (
    <>
      <button
        type="button"
        ref={refs.setReference}
        aria-busy={busy}
        {...getReferenceProps({ onClick: () => (deleteNeedsConfirmation(block) ? setOpen(true) : void run()) })}
      >
        {busy ? t('admin.common.loading') : t('admin.block.delete')}
      </button>
      {open && (
        <FloatingFocusManager context={context} guards={false}>
          <div ref={refs.setFloating} style={floatingStyles} className="t-admin-popover" aria-labelledby={titleId} {...getFloatingProps()}>
            <p id={titleId}>{t('admin.block.deleteConfirm.title')}</p>
            <button type="button" disabled={busy} onClick={() => setOpen(false)}>
              {t('admin.block.deleteConfirm.cancel')}
            </button>
            <button type="button" disabled={busy} aria-busy={busy} onClick={() => void run()}>
              {busy ? t('admin.common.loading') : t('admin.block.deleteConfirm.confirm')}
            </button>
          </div>
        </FloatingFocusManager>
      )}
    </>
  );
}
