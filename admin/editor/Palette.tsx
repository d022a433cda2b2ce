/**
 * The composer's block palette (left panel): only the types that can be added now, by category,
 * with search; each with its icon (admin/editor/block-icons.tsx, from the registry's `icon`) and a
 * one-sentence description. A type is added after the selected block (its button) or dragged to any
 * allowed place (its handle); an existing block of the site can be placed too.
 */
import { useMemo, useState } from 'react';
import type { BlockTypeEntry } from '../../schemas/model';
import { addBlockAt, insertionPoint } from '../blocks/block-actions';
import { errorMessage, useAdmin } from '../core/context';
import { BlockIcon } from './block-icons';
import { DragHandle, type DragSource } from './drag';
import { selectedBlockAtom } from './selection';

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

/** Only the types that can be added now: available ones, by category, with search over title and description. */
export function paletteTypes(
  blocks: Record<string, BlockTypeEntry>,
  category: string,
  query: string,
  describe = (b: BlockTypeEntry) => b.description ?? '',
): BlockTypeEntry[] {
  const q = query.trim().toLowerCase();
  return Object.values(blocks)
    .filter((b) => b.status === 'available')
    .filter((b) => !category || b.category === category)
    .filter((b) => !q || [b.title, b.type, describe(b)].some((s) => s.toLowerCase().includes(q)))
    .sort((a, b) => a.title.localeCompare(b.title));
}

export function Palette() {
  const admin = useAdmin();
  const { t } = admin;
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState('');
  const [busy, setBusy] = useState(false);
  // What an admin reads: the palette's own sentence per type (translated), not the registry's developer note.
  const describe = useMemo(
    () => (b: BlockTypeEntry) => {
      const key = `admin.palette.descriptions.${b.type}`;
      const text = t(key);
      return text === key ? (b.description ?? '') : text;
    },
    [t],
  );
  const types = useMemo(() => paletteTypes(admin.registry.blocks, category, query, describe), [admin.registry, category, query, describe]);
  const categories = useMemo(
    () => BLOCK_CATEGORIES.filter((c) => Object.values(admin.registry.blocks).some((b) => b.status === 'available' && b.category === c)),
    [admin.registry],
  );
  const add = async (entry: BlockTypeEntry) => {
    const at = insertionPoint(admin, admin.store.get(selectedBlockAtom));
    if (!at) return;
    setBusy(true);
    try {
      await addBlockAt(admin, entry, at);
      admin.announce(t('admin.composer.added', { name: entry.title }));
    } catch (e) {
      admin.notify('negative', t('admin.newBlockInfo.failed', { message: errorMessage(e, t) }));
    } finally {
      setBusy(false);
    }
  };
  const placeExisting = () => {
    const at = insertionPoint(admin, admin.store.get(selectedBlockAtom));
    if (at) admin.open({ kind: 'existingBlock', slot: { parentKind: at.parentType, parentId: at.parentId, column: at.colIndex } });
  };
  return (
    <div className="t-admin-palette">
      <label className="t-admin-field">
        {t('admin.picker.search')}
        <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
      </label>
      <label className="t-admin-field">
        {t('admin.picker.category')}
        <select value={category} onChange={(e) => setCategory(e.target.value)}>
          <option value="">{t('admin.picker.allCategories')}</option>
          {categories.map((c) => (
            <option key={c} value={c}>
              {t(`admin.picker.categories.${c}`)}
            </option>
          ))}
        </select>
      </label>
      {types.length === 0 ? (
        <p role="status">{t('admin.picker.noResults', { query })}</p>
      ) : (
        <ul className="t-admin-palette__list">
          {types.map((b) => (
            <PaletteItem key={b.type} entry={b} description={describe(b)} busy={busy} onAdd={() => void add(b)} />
          ))}
        </ul>
      )}
      <button type="button" className="t-admin-palette__existing" onClick={placeExisting}>
        {t('admin.palette.existing')}
      </button>
    </div>
  );
}

function PaletteItem({ entry, description, busy, onAdd }: { entry: BlockTypeEntry; description: string; busy: boolean; onAdd(): void }) {
  const { t } = useAdmin();
  const source = useMemo<DragSource>(() => ({ kind: 'new', type: entry.type }), [entry.type]);
  const end = description.search(/\.(\s|$)/);
  return (
    <li className="t-admin-palette__item">
      <DragHandle id={`new:${entry.type}`} source={source} name={entry.title} label={t('admin.palette.drag', { type: entry.title })}>
        <BlockIcon name={entry.icon} />
      </DragHandle>
      <button type="button" disabled={busy} onClick={onAdd} aria-describedby={`palette-${entry.type}`}>
        {t('admin.composer.addHere', { type: entry.title })}
      </button>
      <span id={`palette-${entry.type}`} className="t-admin-palette__description">
        {end > 0 ? description.slice(0, end + 1) : description}
      </span>
    </li>
  );
}
