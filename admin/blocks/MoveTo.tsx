/**
 * "Move to…" for everyone who does not drag: a dialog listing, by name, every place the selected
 * block may go (the same allowed places as a drag, admin/blocks/move.ts), grouped by column; the
 * arrow keys step through them, Enter moves there (one request, one undo step).
 */
import { useMemo, useState, type KeyboardEvent } from 'react';
import type { Block } from '../../schemas/model';
import { Dialog } from '../core/Dialog';
import { blockLabel, useAdmin } from '../core/context';
import type { DropSlot } from '../core/placement';
import { allowedSlots, moveBlockTo, slotKey, slotName } from './move';

export function MoveToDialog({ block, onClose }: { block: Block; onClose(): void }) {
  const admin = useAdmin();
  const { t } = admin;
  const name = blockLabel(block, admin.registry);
  const [busy, setBusy] = useState(false);
  const slots = useMemo(() => allowedSlots(admin, block.id).slots, [admin, block.id]);

  const choose = async (slot: DropSlot) => {
    setBusy(true);
    const moved = await moveBlockTo(admin, block.id, slot, 'more');
    setBusy(false);
    if (moved) onClose();
  };
  // Up and down step through the places (Tab still works); Home and End go to the first and last.
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const list = e.currentTarget.closest('ul');
    const buttons = list ? Array.from(list.querySelectorAll<HTMLButtonElement>('button')) : [];
    const at = buttons.indexOf(e.currentTarget);
    const next = e.key === 'ArrowDown' ? at + 1 : e.key === 'ArrowUp' ? at - 1 : e.key === 'Home' ? 0 : e.key === 'End' ? buttons.length - 1 : null;
    if (next === null) return;
    e.preventDefault();
    buttons[Math.max(0, Math.min(buttons.length - 1, next))]?.focus();
  };

  return (
    <Dialog
      title={t('admin.moveTo.title', { name })}
      description={t('admin.moveTo.description')}
      onClose={onClose}
      busy={busy}
      actions={
        <button type="button" onClick={onClose} disabled={busy}>
          {t('admin.common.cancel')}
        </button>
      }
    >
      {slots.length === 0 ? (
        <p role="status">{t('admin.moveTo.none')}</p>
      ) : (
        <ul className="t-admin-move-to" aria-label={t('admin.moveTo.places')}>
          {slots.map((slot, i) => (
            <li key={slotKey(slot)}>
              <button type="button" disabled={busy} autoFocus={i === 0} onClick={() => void choose(slot)} onKeyDown={onKeyDown}>
                {slotName(admin, slot)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
