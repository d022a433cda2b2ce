/** The engine's add-block slot in edit mode: new block, existing block, paste captured blocks; a drop target at the column's end. */
import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import type { AddBlockSlot } from '../../engine';
import { capturedBlocksAtom, capturedBadgeText } from '../captured/state';
import { useAdmin } from '../core/context';
import { parentColumns } from '../core/placement';
import { blockAtom } from '../../engine';
import { DRAG_TYPE, draggingBlockAtom, endOfColumn, moveBlockTo, useIsMoveTarget } from './move';

/** Only at the page's columns and in empty columns of blocks: elsewhere blocks are added from the palette or the toolbar. */
export function AddBlockMenu({ slot }: { slot: AddBlockSlot }) {
  const parent = useAtomValue(blockAtom(slot.parentKind === 'block' ? slot.parentId : ''));
  if (slot.parentKind === 'block' && parent && (parentColumns(parent)[slot.column] ?? []).length > 0) return null;
  return <AddBlockBar slot={slot} />;
}

function AddBlockBar({ slot }: { slot: AddBlockSlot }) {
  const admin = useAdmin();
  const { t } = admin;
  const captured = useAtomValue(capturedBlocksAtom);
  const dragging = useAtomValue(draggingBlockAtom);
  const setDragging = useSetAtom(draggingBlockAtom);
  const isTarget = useIsMoveTarget(slot);
  const [over, setOver] = useState(false);
  return (
    <div
      className={`t-admin-add${isTarget || over ? ' t-admin-drop-target' : ''}`}
      role="group"
      aria-label={t('admin.addBlock.menu', { column: slot.column + 1 })}
      data-slot={`${slot.parentKind}:${slot.parentId}:${slot.column}`}
      onDragOver={(e) => {
        if (dragging) {
          e.preventDefault();
          setOver(true);
        }
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        const id = e.dataTransfer.getData(DRAG_TYPE) || dragging;
        setDragging(null);
        const end = endOfColumn(admin, slot);
        if (id && end) void moveBlockTo(admin, id, end);
      }}
    >
      {(isTarget || over) && <span className="t-admin-drop-marker">{t('admin.block.dropAtEnd')}</span>}
      <button type="button" onClick={() => admin.open({ kind: 'newBlock', slot })}>
        {t('admin.addBlock.new')}
      </button>
      <button type="button" onClick={() => admin.open({ kind: 'existingBlock', slot })}>
        {t('admin.addBlock.existing')}
      </button>
      {captured.length > 0 && (
        <button type="button" onClick={() => admin.open({ kind: 'paste', slot })}>
          {t('admin.addBlock.paste')}{' '}
          <span className="t-admin-badge" aria-label={t('capturedBlocks.badge', { count: captured.length })}>
            {capturedBadgeText(captured.length)}
          </span>
        </button>
      )}
    </div>
  );
}
