/** The new-block picker: block types by category with search, required power-ups shown, then the new block info step, which adds the block with the type's defaults. */
import { useMemo, useState } from 'react';
import type { AddBlockSlot, RuntimeBlockType } from '../../engine';
import type { JsonObject } from '../../schemas/model';
import { addBlockAt } from './block-actions';
import { Dialog } from '../core/Dialog';
import { errorMessage, useAdmin } from '../core/context';
import { parentColumns } from '../core/placement';
import { blockAtom } from '../../engine';

export const BLOCK_CATEGORIES = [
  'user',
  'form',
  'display',
  'entity',
  'structure',
  'interaction',
  'headlessSearch',
  'events',
  'jobs',
  'dashboard',
  'tickets',
] as const;

/** Types an admin may add: available ones (planned show, disabled; removed are left out), filtered by category and by a search over title, type and description. */
export function pickableTypes(blocks: Record<string, RuntimeBlockType>, category: string, query: string): RuntimeBlockType[] {
  const q = query.trim().toLowerCase();
  return Object.values(blocks)
    .filter((b) => b.status !== 'removed')
    .filter((b) => !category || b.category === category)
    .filter((b) => !q || [b.title, b.type, b.description ?? ''].some((s) => s.toLowerCase().includes(q)))
    .sort((a, b) => a.title.localeCompare(b.title));
}

export { newBlockId } from './block-actions';

export function NewBlockPicker({ slot, onClose }: { slot: AddBlockSlot; onClose(): void }) {
  const admin = useAdmin();
  const { t } = admin;
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState('');
  const [chosen, setChosen] = useState<RuntimeBlockType | null>(null);
  const types = useMemo(() => pickableTypes(admin.registry.blocks, category, query), [admin.registry, category, query]);

  if (chosen) return <NewBlockInfo entry={chosen} slot={slot} onBack={() => setChosen(null)} onClose={onClose} />;
  return (
    <Dialog
      title={t('admin.picker.title')}
      description={t('admin.picker.description')}
      onClose={onClose}
      size="large"
      actions={
        <button type="button" onClick={onClose}>
          {t('admin.common.cancel')}
        </button>
      }
    >
      <div className="t-admin-picker__filters">
        <label>
          {t('admin.picker.search')}
          <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} autoFocus />
        </label>
        <label>
          {t('admin.picker.category')}
          <select value={category} onChange={(e) => setCategory(e.target.value)}>
            <option value="">{t('admin.picker.allCategories')}</option>
            {BLOCK_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`admin.picker.categories.${c}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {types.length === 0 ? (
        <p role="status">{t('admin.picker.noResults', { query })}</p>
      ) : (
        <ul className="t-admin-picker__list">
          {types.map((b) => {
            const required = b.powerUps?.required ?? [];
            const planned = b.status === 'planned';
            return (
              <li key={b.type}>
                <button type="button" disabled={planned} onClick={() => setChosen(b)} aria-describedby={`picker-${b.type}-details`}>
                  <strong>{b.title}</strong>
                </button>
                <span id={`picker-${b.type}-details`} className="t-admin-picker__details">
                  {' '}
                  {t(`admin.picker.categories.${b.category}`)}
                  {required.length > 0 && <> · {t('admin.picker.requiresPowerUps', { powerUps: required.join(', ') })}</>}
                  {planned && <> · {t('admin.picker.notAvailable')}</>}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </Dialog>
  );
}

function NewBlockInfo({ entry, slot, onBack, onClose }: { entry: RuntimeBlockType; slot: AddBlockSlot; onBack(): void; onClose(): void }) {
  const admin = useAdmin();
  const { t } = admin;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const required = entry.powerUps?.required ?? [];
  const optional = entry.powerUps?.optional ?? [];
  const defaults: JsonObject = entry.defaults ?? {};

  const add = async () => {
    const page = admin.page();
    if (!page) return;
    const parent = slot.parentKind === 'page' ? page : admin.store.get(blockAtom(slot.parentId));
    if (!parent) return;
    const index = (parentColumns(parent)[slot.column] ?? []).length;
    setBusy(true);
    setError('');
    try {
      const at = { parentType: slot.parentKind, parentId: slot.parentId, colIndex: slot.column, index };
      await addBlockAt(admin, entry, at);
      admin.notify('positive', t('admin.newBlockInfo.added', { name: entry.title }));
      onClose();
    } catch (e) {
      setError(t('admin.newBlockInfo.failed', { message: errorMessage(e, t) }));
      setBusy(false);
    }
  };

  return (
    <Dialog
      title={t('admin.newBlockInfo.title')}
      description={entry.description}
      onClose={onClose}
      busy={busy}
      actions={
        <>
          <button type="button" onClick={onBack} disabled={busy}>
            {t('admin.newBlockInfo.back')}
          </button>
          <button type="button" onClick={() => void add()} disabled={busy} aria-busy={busy} autoFocus>
            {busy ? t('admin.common.saving') : t('admin.newBlockInfo.add')}
          </button>
        </>
      }
    >
      <h3>{entry.title}</h3>
      <dl className="t-admin-info">
        <dt>{t('admin.newBlockInfo.category')}</dt>
        <dd>{t(`admin.picker.categories.${entry.category}`)}</dd>
        <dt>{t('admin.newBlockInfo.powerUps')}</dt>
        <dd>
          {required.length === 0 && optional.length === 0 && t('admin.newBlockInfo.none')}
          {required.length > 0 && <span>{t('admin.picker.requiresPowerUps', { powerUps: required.join(', ') })} </span>}
          {optional.length > 0 && <span>{t('admin.picker.optionalPowerUps', { powerUps: optional.join(', ') })}</span>}
        </dd>
        {entry.children && (
          <>
            <dt>{t('admin.newBlockInfo.children')}</dt>
            <dd>✓</dd>
          </>
        )}
        <dt>{t('admin.newBlockInfo.defaults')}</dt>
        <dd>
          <code>{JSON.stringify(defaults)}</code>
        </dd>
      </dl>
      {error && (
        <p role="alert" className="t-admin-error">
          {error}
        </p>
      )}
    </Dialog>
  );
}
