/**
 * The engine's add-block slot in edit mode: the anchor a column's end drop zone is portalled into
 * while something is dragged (admin/editor/drag.tsx), and, with captured blocks and only at the
 * page's columns and in empty columns of blocks, "Paste captured blocks here". Blocks are added from
 * the palette; nothing else shows here.
 */
import { useAtomValue } from 'jotai';
import type { AddBlockSlot } from '../../engine';
import { blockAtom } from '../../engine';
import { capturedBadgeText, capturedBlocksAtom } from '../captured/state';
import { useAdmin } from '../core/context';
import { parentColumns } from '../core/placement';
import { columnKey } from './move';

export function AddBlockMenu({ slot }: { slot: AddBlockSlot }) {
  const admin = useAdmin();
  const { t } = admin;
  const captured = useAtomValue(capturedBlocksAtom);
  const parent = useAtomValue(blockAtom(slot.parentKind === 'block' ? slot.parentId : ''));
  const paste = captured.length > 0 && !(slot.parentKind === 'block' && parent && (parentColumns(parent)[slot.column] ?? []).length > 0);
  return (
    <div className="t-admin-drop-end" data-slot={columnKey(slot.parentKind, slot.parentId, slot.column)}>
      {paste && (
        <div className="t-admin-add" role="group" aria-label={t('admin.addBlock.menu', { column: slot.column + 1 })}>
          <button type="button" onClick={() => admin.open({ kind: 'paste', slot })}>
            {t('admin.addBlock.paste')}{' '}
            <span className="t-admin-badge" aria-label={t('capturedBlocks.badge', { count: captured.length })}>
              {capturedBadgeText(captured.length)}
            </span>
          </button>
        </div>
      )}
    </div>
  );
}
