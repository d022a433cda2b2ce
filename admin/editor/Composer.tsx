/**
 * The composer around the edited page: selection by click (hover outlines a block and shows its
 * name), Escape selects the parent, Ctrl+Z / Ctrl+Shift+Z undo and redo; the left panel (block
 * palette and outline) and the right panel (the selected block's settings). The page itself keeps
 * its member layout: panels sit beside it on wide screens and are sheets below the medium breakpoint.
 */
import { atom, useAtom, useAtomValue, useSetAtom } from 'jotai';
import { memo, useEffect, useMemo, useState } from 'react';
import { blockAtom, pageAtom } from '../../engine';
import type { Id } from '../../schemas/model';
import { BlockSettings } from '../block-editor/BlockSettings';
import { blockLabel, useAdmin } from '../core/context';
import { parentColumns } from '../core/placement';
import { TabPanel, Tabs } from '../core/Tabs';
import { adminPanelOpenAtom, pendingBlockSelectionAtom } from '../edit-mode';
import type { RuleSubjectChoices } from '../rules-editor';
import { redo, undo } from './history';
import { isWideScreen, leftPanelOpenAtom, leftPanelTabAtom, rightPanelOpenAtom } from './panels';
import { blockElement, isSelectedAtom, parentBlockId, selectedBlockAtom } from './selection';
import { ComposerDnd, DragHandle, dragAtom, type DragSource } from './drag';
import { Palette } from './Palette';
import { clipboardAtom, copyBlock, pasteClipboard } from '../captured/clipboard';

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || typeof el.tagName !== 'string') return false;
  return el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName);
}

const ADMIN_UI = '.t-admin-panel, .t-admin-bar, .t-dialog, .t-admin-popover, .t-admin-notices, .t-admin-block-bar';

const SELECTION_KEYS: Record<string, 'previous' | 'next' | 'child'> = { ArrowUp: 'previous', ArrowDown: 'next', ArrowRight: 'child', Enter: 'child' };

/**
 * Whether a key pressed there is for the selection: focus on the page itself (the body, the main
 * container around it, a block's name tag or toolbar), never in a field, a panel or a dialog, nor inside a block's own content.
 * Enter only where it would not press a button (the name tag's Enter selects the first child).
 */
function onThePage(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof Element) || target === document.body || target === document.documentElement) return true;
  // A container around the page focused programmatically (the shell's main after a click or skip link).
  if (target.matches('[tabindex="-1"]') && target.querySelector('[data-page-id]')) return true;
  if (isTyping(target)) return false;
  if (target.closest('[data-admin-control="select"]')) return true;
  return key !== 'Enter' && Boolean(target.closest('.t-admin-block-bar')) && !target.closest('.t-admin-popover, .t-dialog');
}

/** The block the arrow keys select from `id`: its previous or next sibling (reading order), or its first child. */
function neighbour(id: Id, to: 'previous' | 'next' | 'child'): Id | null {
  const el = blockElement(id);
  if (!el) return null;
  const blocks = (root: Element) =>
    Array.from(root.querySelectorAll<HTMLElement>('[data-block-id]')).filter(
      (b) => b.parentElement?.closest('[data-block-id]') === (root.matches('[data-block-id]') ? root : null),
    );
  if (to === 'child') return blocks(el)[0]?.dataset.blockId ?? null;
  const parent = el.parentElement?.closest('[data-block-id]') ?? el.closest('[data-page-id]') ?? document.body;
  const siblings = blocks(parent);
  const at = siblings.indexOf(el);
  return siblings[at + (to === 'next' ? 1 : -1)]?.dataset.blockId ?? null;
}

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
      if (store.get(dragAtom) || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      const selected = store.get(selectedBlockAtom);
      if (!selected) return;
      if (e.key === 'Escape') {
        if (isTyping(e.target) && !(e.target as Element).closest('[data-block-id]')) return;
        const parent = parentBlockId(selected);
        store.set(selectedBlockAtom, parent);
        focusTag(parent ?? selected);
        return;
      }
      const direction = SELECTION_KEYS[e.key];
      if (!direction || !onThePage(e.target, e.key)) return;
      const next = neighbour(selected, direction);
      e.preventDefault();
      if (!next) return;
      store.set(selectedBlockAtom, next);
      focusTag(next);
      blockElement(next)?.scrollIntoView?.({ block: 'nearest' });
      admin.announce(admin.t('admin.selection.selected', { name: blockLabel(store.get(blockAtom(next)), admin.registry) }));
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

  useLinkedSelection();

  return (
    <ComposerDnd>
      <LeftPanel />
      <RightPanel subjects={subjects} />
    </ComposerDnd>
  );
}

/** How long the composer waits for a block an address asked for (`?block=`) to reach the page. */
const LINKED_BLOCK_WAIT_MS = 5000;

/**
 * Selects the block an address asked for (admin/edit-mode `pendingBlockSelectionAtom`, set from
 * `?edit=1&block=<id>`) once it is on this page: its settings open in the right panel, it is
 * scrolled into view and its name tag focused. A block that does not arrive is a warning.
 */
function useLinkedSelection() {
  const admin = useAdmin();
  const { store } = admin;
  const pending = useAtomValue(pendingBlockSelectionAtom);
  const setRight = useSetAtom(rightPanelOpenAtom);
  useEffect(() => {
    if (!pending) return;
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = () => {
      const block = store.get(blockAtom(pending));
      const element = blockElement(pending);
      // Its name tag is there once edit mode's chrome has rendered: then it can take the focus.
      const tag = element?.querySelector<HTMLElement>(':scope > [data-admin-chrome] [data-admin-control="select"]');
      if (block && !block.wasDeleted && element && tag) {
        store.set(pendingBlockSelectionAtom, null);
        store.set(selectedBlockAtom, pending);
        setRight(true);
        element.scrollIntoView?.({ block: 'center' });
        tag.focus();
        admin.announce(admin.t('admin.selection.selected', { name: blockLabel(block, admin.registry) }));
        return;
      }
      if (Date.now() - started < LINKED_BLOCK_WAIT_MS) timer = setTimeout(attempt, 100);
      else {
        store.set(pendingBlockSelectionAtom, null);
        admin.notify('warning', admin.t('layoutsAdmin.composer.blockNotOnPage', { id: pending }));
      }
    };
    attempt();
    return () => clearTimeout(timer);
  }, [pending, store, admin, setRight]);
}

function RightPanel({ subjects }: { subjects: RuleSubjectChoices }) {
  const admin = useAdmin();
  const { t } = admin;
  const [open, setOpen] = useAtom(rightPanelOpenAtom);
  const selected = useAtomValue(selectedBlockAtom);
  // Only the block's name (null when it is gone): the panel does not render again for each change of its options.
  const label = useAtomValue(
    useMemo(
      () =>
        atom((get) => {
          const block = selected ? get(blockAtom(selected)) : undefined;
          return block && !block.wasDeleted ? blockLabel(block, admin.registry) : null;
        }),
      [selected, admin.registry],
    ),
  );
  const [lowered, setLowered] = useState(false);
  // A sheet (narrow screens) covers the lower part of the page: the edited block is scrolled to just
  // below the sticky header, so its live preview stays in sight while its settings change.
  useEffect(() => {
    if (!open || !selected || isWideScreen()) return;
    const frame = requestAnimationFrame(() => keepAboveSheet(selected));
    return () => cancelAnimationFrame(frame);
  }, [open, selected]);
  if (!open) return null;
  return (
    // Escape in the panel goes back to the block on the page (the draft is kept); a sheet also closes.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <aside
      className={`t-admin-panel t-admin-panel--right${lowered ? ' t-admin-panel--lowered' : ''}`}
      aria-label={t('admin.composer.panel')}
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || e.defaultPrevented || !selected) return;
        // A dialog or popover opened from the panel closes first.
        if (e.target instanceof Element && e.target.closest('[role="dialog"], [role="alertdialog"], .t-dialog, .t-admin-popover')) return;
        e.preventDefault();
        e.nativeEvent.stopImmediatePropagation();
        if (!isWideScreen()) setOpen(false);
        focusTag(selected);
      }}
    >
      <div className="t-admin-panel__head">
        <h2>{label ?? t('admin.composer.panel')}</h2>
        <span className="t-admin-panel__head-buttons">
          <button type="button" className="t-admin-panel__lower" aria-expanded={!lowered} onClick={() => setLowered((l) => !l)}>
            {t(lowered ? 'admin.composer.raise' : 'admin.composer.lower')}
          </button>
          <button type="button" onClick={() => setOpen(false)}>
            {t('admin.composer.close')}
          </button>
        </span>
      </div>
      {selected && label !== null ? (
        <BlockSettings key={selected} blockId={selected} subjects={subjects} />
      ) : (
        <p className="t-admin-panel__empty">{t('admin.composer.noSelection')}</p>
      )}
    </aside>
  );
}

/** Scrolls the page so the block's top sits below the sticky header and above the sheet, when it is not already there. */
function keepAboveSheet(blockId: Id) {
  const block = blockElement(blockId);
  const sheet = document.querySelector<HTMLElement>('.t-admin-panel--right');
  if (!block || !sheet) return;
  const header = document.querySelector<HTMLElement>('.ts-header');
  const top = (header?.getBoundingClientRect().bottom ?? 0) + 8;
  const bottom = sheet.getBoundingClientRect().top;
  const rect = block.getBoundingClientRect();
  if (rect.top >= top && Math.min(rect.bottom, rect.top + 120) <= bottom) return;
  window.scrollBy({ top: rect.top - top, behavior: 'instant' as ScrollBehavior });
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

/** Memoised: a change of the page's order renders the outline's list, not every row again. */
const OutlineNode = memo(function OutlineItem({ id, depth }: { id: Id; depth: number }) {
  const admin = useAdmin();
  const block = useAtomValue(blockAtom(id));
  const selected = useAtomValue(isSelectedAtom(id));
  const select = useSetAtom(selectedBlockAtom);
  if (!block || block.wasDeleted || depth > 12) return null;
  const children = Array.isArray(block.children) && block.children.length ? parentColumns(block).flat() : [];
  const type = admin.registry.blocks[block.type]?.title ?? block.type;
  const name = blockLabel(block, admin.registry);
  return (
    <li>
      <div className="t-admin-outline__row">
        <OutlineHandle id={id} name={name} />
        <button
          type="button"
          aria-pressed={selected}
          onClick={() => {
            select(id);
            blockElement(id)?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
          }}
        >
          {name}
          {block.name ? <span className="t-admin-outline__type"> · {type}</span> : null}
        </button>
      </div>
      {children.length > 0 && (
        <ul>
          {children.map((c) => (
            <OutlineNode key={c} id={c} depth={depth + 1} />
          ))}
        </ul>
      )}
    </li>
  );
});

function OutlineHandle({ id, name }: { id: Id; name: string }) {
  const { t } = useAdmin();
  const source = useMemo<DragSource>(() => ({ kind: 'block', id }), [id]);
  return (
    <DragHandle id={`outline:${id}`} source={source} name={name} label={t('admin.drag.handle', { name })}>
      <span aria-hidden="true">⠿</span>
    </DragHandle>
  );
}
