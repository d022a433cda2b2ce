/**
 * The composer around the edited page: selection by click (hover outlines a block and shows its
 * name), Escape selects the parent, Ctrl+Z / Ctrl+Shift+Z undo and redo; the left panel (block
 * palette and outline) and the right panel (the selected block's settings). The page itself keeps
 * its member layout: panels sit beside it on wide screens and are sheets below the medium breakpoint.
 */
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import { blockAtom, pageAtom, type RuntimeBlockType } from '../../engine';
import type { Id } from '../../schemas/model';
import { BlockSettings } from '../block-editor/EditBlockDialog';
import { addBlockAt, insertionPoint } from '../blocks/block-actions';
import { BLOCK_CATEGORIES } from '../blocks/NewBlockPicker';
import { blockLabel, errorMessage, useAdmin } from '../core/context';
import { parentColumns } from '../core/placement';
import { TabPanel, Tabs } from '../core/Tabs';
import { adminPanelOpenAtom } from '../edit-mode';
import type { RuleSubjectChoices } from '../rules-editor';
import { redo, undo } from './history';
import { isWideScreen, leftPanelOpenAtom, leftPanelTabAtom, rightPanelOpenAtom } from './panels';
import { blockElement, isSelectedAtom, parentBlockId, selectedBlockAtom } from './selection';
import { keyboardMoveAtom } from '../blocks/move';
import { clipboardAtom, copyBlock, pasteClipboard } from '../captured/clipboard';

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || typeof el.tagName !== 'string') return false;
  return el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName);
}

const ADMIN_UI = '.t-admin-panel, .t-admin-bar, .t-dialog, .t-admin-popover, .t-admin-notices, .t-admin-block-bar';

/** Focuses a block's name tag once React has rendered it. */
function focusTag(id: Id) {
  setTimeout(() => blockElement(id)?.querySelector<HTMLElement>(':scope > [data-admin-chrome] [data-admin-control="select"]')?.focus(), 0);
}

export function Composer({ subjects }: { subjects: RuleSubjectChoices }) {
  const admin = useAdmin();
  const { store } = admin;
  const setRight = useSetAtom(rightPanelOpenAtom);
  const setLeft = useSetAtom(leftPanelOpenAtom);

  useEffect(() => {
    // Wide screens start with both panels open; small ones with sheets closed.
    const wide = isWideScreen();
    setLeft(wide);
    setRight(wide);
    document.body.classList.add('t-composing');
    let hovered: Element | null = null;
    const onClick = (e: MouseEvent) => {
      const el = e.target;
      if (!(el instanceof Element) || el.closest(ADMIN_UI)) return;
      const block = el.closest<HTMLElement>('[data-block-id]');
      if (block?.dataset.blockId) store.set(selectedBlockAtom, block.dataset.blockId);
    };
    const onOver = (e: MouseEvent) => {
      const el = e.target instanceof Element ? e.target.closest('[data-block-id]') : null;
      if (el === hovered) return;
      hovered?.removeAttribute('data-admin-hover');
      hovered = el;
      el?.setAttribute('data-admin-hover', '');
    };
    const onKey = (e: KeyboardEvent) => {
      if (store.get(adminPanelOpenAtom) || e.defaultPrevented) return;
      const key = e.key.toLowerCase();
      if ((e.ctrlKey || e.metaKey) && !e.altKey && (key === 'z' || key === 'y') && !isTyping(e.target)) {
        e.preventDefault();
        void (key === 'y' || e.shiftKey ? redo(admin) : undo(admin));
        return;
      }
      // Copy and paste blocks, unless the admin is typing or copying text they selected on the page.
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && (key === 'c' || key === 'v') && !isTyping(e.target)) {
        const selected = store.get(selectedBlockAtom);
        if (key === 'c' && selected && !window.getSelection()?.toString()) {
          e.preventDefault();
          copyBlock(admin, selected);
        } else if (key === 'v' && store.get(clipboardAtom)) {
          e.preventDefault();
          void pasteClipboard(admin);
        }
        return;
      }
      if (e.key === 'Escape' && !store.get(keyboardMoveAtom)) {
        const selected = store.get(selectedBlockAtom);
        if (!selected || (isTyping(e.target) && !(e.target as Element).closest('[data-block-id]'))) return;
        const parent = parentBlockId(selected);
        store.set(selectedBlockAtom, parent);
        focusTag(parent ?? selected);
      }
    };
    document.addEventListener('click', onClick);
    document.addEventListener('mouseover', onOver);
    document.addEventListener('keydown', onKey);
    return () => {
      document.body.classList.remove('t-composing');
      hovered?.removeAttribute('data-admin-hover');
      document.removeEventListener('click', onClick);
      document.removeEventListener('mouseover', onOver);
      document.removeEventListener('keydown', onKey);
      store.set(selectedBlockAtom, null);
    };
  }, [admin, store, setLeft, setRight]);

  return (
    <>
      <LeftPanel />
      <RightPanel subjects={subjects} />
    </>
  );
}

function RightPanel({ subjects }: { subjects: RuleSubjectChoices }) {
  const admin = useAdmin();
  const { t } = admin;
  const [open, setOpen] = useAtom(rightPanelOpenAtom);
  const selected = useAtomValue(selectedBlockAtom);
  const block = useAtomValue(useMemo(() => blockAtom(selected ?? ''), [selected]));
  if (!open) return null;
  return (
    <aside className="t-admin-panel t-admin-panel--right" aria-label={t('admin.composer.panel')}>
      <div className="t-admin-panel__head">
        <h2>{block ? blockLabel(block, admin.registry) : t('admin.composer.panel')}</h2>
        <button type="button" onClick={() => setOpen(false)}>
          {t('admin.composer.close')}
        </button>
      </div>
      {selected && block && !block.wasDeleted ? (
        <BlockSettings key={selected} blockId={selected} subjects={subjects} />
      ) : (
        <p className="t-admin-panel__empty">{t('admin.composer.noSelection')}</p>
      )}
    </aside>
  );
}

function LeftPanel() {
  const admin = useAdmin();
  const { t } = admin;
  const [open, setOpen] = useAtom(leftPanelOpenAtom);
  const [tab, setTab] = useAtom(leftPanelTabAtom);
  if (!open) return null;
  return (
    <aside className="t-admin-panel t-admin-panel--left" aria-label={t('admin.composer.left')}>
      <div className="t-admin-panel__head">
        <Tabs<'palette' | 'outline'>
          tabs={['palette', 'outline'] as const}
          current={tab}
          onChange={setTab}
          label={t('admin.composer.left')}
          idPrefix="composer-left"
          labelOf={(x) => t(x === 'palette' ? 'admin.composer.palette' : 'admin.composer.outline')}
        />
        <button type="button" onClick={() => setOpen(false)}>
          {t('admin.composer.close')}
        </button>
      </div>
      <TabPanel tab="palette" current={tab} idPrefix="composer-left">
        <Palette />
      </TabPanel>
      <TabPanel tab="outline" current={tab} idPrefix="composer-left">
        <Outline />
      </TabPanel>
    </aside>
  );
}

/** Only the types that can be added now: available ones, by category, with search over title and description. */
export function paletteTypes(blocks: Record<string, RuntimeBlockType>, category: string, query: string): RuntimeBlockType[] {
  const q = query.trim().toLowerCase();
  return Object.values(blocks)
    .filter((b) => b.status === 'available')
    .filter((b) => !category || b.category === category)
    .filter((b) => !q || [b.title, b.type, b.description ?? ''].some((s) => s.toLowerCase().includes(q)))
    .sort((a, b) => a.title.localeCompare(b.title));
}

/** The first sentence of a type's description: what it is, in words. */
function shortDescription(text: string | undefined): string {
  if (!text) return '';
  const end = text.search(/\.(\s|$)/);
  return end > 0 ? text.slice(0, end + 1) : text;
}

function Palette() {
  const admin = useAdmin();
  const { t } = admin;
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState('');
  const [busy, setBusy] = useState(false);
  const types = useMemo(() => paletteTypes(admin.registry.blocks, category, query), [admin.registry, category, query]);
  const categories = useMemo(
    () => BLOCK_CATEGORIES.filter((c) => Object.values(admin.registry.blocks).some((b) => b.status === 'available' && b.category === c)),
    [admin.registry],
  );
  const add = async (entry: RuntimeBlockType) => {
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
            <li key={b.type}>
              <button type="button" disabled={busy} onClick={() => void add(b)} aria-describedby={`palette-${b.type}`}>
                {t('admin.composer.addHere', { type: b.title })}
              </button>
              <span id={`palette-${b.type}`} className="t-admin-palette__description">
                {shortDescription(b.description)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Outline() {
  const admin = useAdmin();
  const page = useAtomValue(pageAtom(admin.pageId));
  const columns = page ? parentColumns(page) : [];
  const ids = columns.flat();
  if (!ids.length) return <p>{admin.t('admin.composer.outlineEmpty')}</p>;
  return (
    <ul className="t-admin-outline" aria-label={admin.t('admin.composer.outline')}>
      {ids.map((id) => (
        <OutlineNode key={id} id={id} depth={0} />
      ))}
    </ul>
  );
}

function OutlineNode({ id, depth }: { id: Id; depth: number }) {
  const admin = useAdmin();
  const block = useAtomValue(blockAtom(id));
  const selected = useAtomValue(isSelectedAtom(id));
  const select = useSetAtom(selectedBlockAtom);
  if (!block || block.wasDeleted || depth > 12) return null;
  const children = Array.isArray(block.children) && block.children.length ? parentColumns(block).flat() : [];
  const type = admin.registry.blocks[block.type]?.title ?? block.type;
  return (
    <li>
      <button
        type="button"
        aria-pressed={selected}
        onClick={() => {
          select(id);
          blockElement(id)?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
        }}
      >
        {blockLabel(block, admin.registry)}
        {block.name ? <span className="t-admin-outline__type"> · {type}</span> : null}
      </button>
      {children.length > 0 && (
        <ul>
          {children.map((c) => (
            <OutlineNode key={c} id={c} depth={depth + 1} />
          ))}
        </ul>
      )}
    </li>
  );
}
