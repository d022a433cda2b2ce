/** The existing block picker: search the site's blocks and place one (the same block, not a copy) in the slot. */
import { useEffect, useState } from 'react';
import type { AddBlockSlot } from '../../engine';
import type { Block } from '../../schemas/model';
import { Dialog } from '../core/Dialog';
import { blockLabel, errorMessage, useAdmin } from '../core/context';
import { parentColumns } from '../core/placement';
import { blockAtom } from '../../engine';

export function ExistingBlockPicker({ slot, onClose }: { slot: AddBlockSlot; onClose(): void }) {
  const admin = useAdmin();
  const { t } = admin;
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<Block[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      admin.api.searchBlocks(query).then(
        (found) => live && setResults(found),
        (e) => live && setError(errorMessage(e, t)),
      );
    }, 150);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [admin.api, query, t]);

  const place = async (block: Block) => {
    const parent = slot.parentKind === 'page' ? admin.page() : admin.store.get(blockAtom(slot.parentId));
    if (!parent) return;
    const index = (parentColumns(parent)[slot.column] ?? []).length;
    setBusy(true);
    try {
      const page = admin.page();
      if (!page) return;
      const fromPageId = (block as Block & { pageId?: string }).pageId ?? page.id;
      await admin.run(
        {
          kind: 'addChildren',
          fromPageId,
          toPageId: page.id,
          at: { parentType: slot.parentKind, parentId: slot.parentId, colIndex: slot.column, index },
          childIds: [block.id],
        },
        () => admin.api.addChildren(slot.parentKind, slot.parentId, slot.column, index, [block.id]),
      );
      onClose();
    } catch (e) {
      setError(t('admin.existingPicker.failed', { message: errorMessage(e, t) }));
      setBusy(false);
    }
  };

  return (
    <Dialog
      title={t('admin.existingPicker.title')}
      description={t('admin.existingPicker.description')}
      onClose={onClose}
      busy={busy}
      actions={
        <button type="button" onClick={onClose} disabled={busy}>
          {t('admin.common.cancel')}
        </button>
      }
    >
      <label>
        {t('admin.existingPicker.search')}
        <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} autoFocus />
      </label>
      {error && (
        <p role="alert" className="t-admin-error">
          {error}
        </p>
      )}
      {results.length === 0 ? (
        <p role="status">{t('admin.existingPicker.noResults')}</p>
      ) : (
        <ul className="t-admin-picker__list">
          {results.map((b) => (
            <li key={b.id}>
              <span>
                {blockLabel(b, admin.registry)} <small>({b.type})</small>
              </span>{' '}
              <button
                type="button"
                disabled={busy}
                onClick={() => void place(b)}
                aria-label={`${t('admin.existingPicker.choose')}: ${blockLabel(b, admin.registry)}`}
              >
                {t('admin.existingPicker.choose')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
