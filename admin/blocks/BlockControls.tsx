/**
 * A block's edit-mode chrome. Unselected: only its name tag, shown on hover or keyboard focus (the
 * tag is the block's select button). Selected: a small toolbar: the drag and keyboard move handle,
 * duplicate, copy, delete (with the confirmation popover) and More (move up, move down, move to,
 * paste, capture, settings). Nothing else on the page carries chrome.
 */
import { autoUpdate, flip, FloatingFocusManager, offset, shift, useDismiss, useFloating, useInteractions, useRole } from '@floating-ui/react';
import { useAtomValue, useSetAtom } from 'jotai';
import { memo, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { Block } from '../../schemas/model';
import { clipboardAtom, copyBlock, pasteClipboard } from '../captured/clipboard';
import { useEditorsOf } from '../presence/Presence';
import { captureBlockAtom, capturedBlocksAtom } from '../captured/state';
import { blockLabel, useAdmin } from '../core/context';
import { debugInfoAtom } from '../edit-mode';
import { isWideScreen, leftPanelOpenAtom, rightPanelOpenAtom } from '../editor/panels';
import { dragHandleSlotAtom } from '../editor/drag';
import { isSelectedAtom, selectedBlockAtom } from '../editor/selection';
import { deleteBlock, duplicateBlock, moveBy } from './block-actions';
import { BlockMenu, type BlockMenuItem } from './BlockMenu';
import { DraftBadge } from '../drafts/DraftBar';
import { isDraftedAtom } from '../drafts/state';
import { MoveToDialog } from './MoveTo';

/** Deleting asks first when the block holds something worth keeping: children or options. */
export function deleteNeedsConfirmation(block: Block): boolean {
  return (Array.isArray(block.children) && block.children.length > 0) || Object.keys(block.options ?? {}).length > 0;
}

/**
 * Memoised on what the chrome shows of the block (name, type, revision, whether deleting asks), so
 * typing into its options renders the block's content, not its chrome.
 */
export const BlockControls = memo(BlockChrome, (a, b) => {
  const x = a.block;
  const y = b.block;
  return (
    x === y ||
    (x.id === y.id &&
      x.name === y.name &&
      x.type === y.type &&
      x.revision === y.revision &&
      x.children === y.children &&
      deleteNeedsConfirmation(x) === deleteNeedsConfirmation(y))
  );
});

function BlockChrome({ block }: { block: Block }) {
  const admin = useAdmin();
  const { t } = admin;
  const name = blockLabel(block, admin.registry);
  const selected = useAtomValue(isSelectedAtom(block.id));
  const select = useSetAtom(selectedBlockAtom);
  const debug = useAtomValue(debugInfoAtom);
  const editors = useEditorsOf(block.id);
  const drafted = useAtomValue(useMemo(() => isDraftedAtom('block', block.id), [block.id]));
  const chromeRef = useRef<HTMLDivElement>(null);
  const empty = useRendersNothing(chromeRef);

  return (
    <>
      <div ref={chromeRef} className={`t-admin-chrome${selected ? ' t-admin-chrome--selected' : ''}`} data-admin-chrome="">
        <button
          type="button"
          className="t-admin-tag"
          data-admin-control="select"
          aria-pressed={selected}
          aria-label={t('admin.block.select', { name })}
          onClick={(e) => {
            e.stopPropagation();
            select(block.id);
          }}
        >
          {name}
        </button>
        {drafted && <DraftBadge />}
        {editors && (
          <span className="t-admin-presence" role="status">
            {t('admin.presence.editing', { name: editors })}
          </span>
        )}
        {debug && (
          <code className="t-admin-debug">
            {block.id} · {block.type} · r{block.revision ?? 0}
          </code>
        )}
        {selected && <SelectedToolbar block={block} name={name} />}
      </div>
      {empty && (
        <p className="t-admin-empty" data-admin-empty="">
          {t('admin.block.empty', { type: admin.registry.blocks[block.type]?.title ?? block.type })}
        </p>
      )}
    </>
  );
}

const EDIT_CHROME = '[data-admin-chrome], [data-admin-empty], .t-block__hidden-note';

/**
 * Whether the block around the chrome shows nothing a member would see (a new Tabs, Carousel or
 * Plain text without content): then admins get an "empty: configure me" placeholder. Watches the
 * block's element, so content that arrives later (a lazily loaded component) removes it.
 */
function useRendersNothing(ref: React.RefObject<HTMLDivElement | null>): boolean {
  const [empty, setEmpty] = useState(false);
  useEffect(() => {
    const block = ref.current?.parentElement;
    if (!block) return;
    const check = () =>
      setEmpty(
        Array.from(block.children).every(
          (c) => c.matches(EDIT_CHROME) || (!c.textContent?.trim() && !c.querySelector('img, iframe, svg, canvas, input, button, video, [data-block-id]')),
        ),
      );
    // Lazily loaded components render a moment later: judge once they had the chance.
    const timer = setTimeout(check, 300);
    const observer = new MutationObserver(check);
    observer.observe(block, { childList: true, subtree: true, characterData: true });
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, [ref]);
  return empty;
}

function SelectedToolbar({ block, name }: { block: Block; name: string }) {
  const admin = useAdmin();
  const { t } = admin;
  const setHandleSlot = useSetAtom(dragHandleSlotAtom);
  // The drag handle is the composer's (inside its drag context), portalled here.
  const handleSlot = useCallback(
    (el: HTMLSpanElement | null) => {
      if (!el) return;
      setHandleSlot({ blockId: block.id, el });
      return () => setHandleSlot((s) => (s?.el === el ? null : s));
    },
    [block.id, setHandleSlot],
  );
  const captured = useAtomValue(capturedBlocksAtom).some((c) => c.blockId === block.id);
  const capture = useSetAtom(captureBlockAtom);
  const canPaste = useAtomValue(clipboardAtom) !== null;
  const setRight = useSetAtom(rightPanelOpenAtom);
  const setLeft = useSetAtom(leftPanelOpenAtom);
  const openSettings = () => {
    if (!isWideScreen()) setLeft(false);
    setRight(true);
    setTimeout(() => document.querySelector<HTMLElement>('.t-admin-panel--right input, .t-admin-panel--right [role="tab"]')?.focus(), 0);
  };
  const more = useRef<HTMLButtonElement>(null);
  const [movingTo, setMovingTo] = useState(false);
  const items: BlockMenuItem[] = [
    { key: 'up', label: t('admin.block.moveUp'), onSelect: () => void moveBy(admin, block.id, -1) },
    { key: 'down', label: t('admin.block.moveDown'), onSelect: () => void moveBy(admin, block.id, 1) },
    // Opened once the menu has given focus back to More, so the dialog's first place keeps it.
    { key: 'moveTo', label: t('admin.moveTo.open'), onSelect: () => setTimeout(() => setMovingTo(true), 0) },
    { key: 'paste', label: t('admin.block.paste'), disabled: !canPaste, onSelect: () => void pasteClipboard(admin) },
    {
      key: 'capture',
      label: captured ? t('admin.block.captured') : t('admin.block.capture'),
      checked: captured,
      onSelect: () => capture({ blockId: block.id, pageId: admin.pageId }),
    },
    { key: 'settings', label: t('admin.block.edit'), onSelect: openSettings },
  ];
  // One short row (like Puck's): move handle, duplicate, copy, delete; the rest behind More.
  return (
    <div className="t-admin-block-bar" role="toolbar" aria-label={t('admin.block.controls', { name })}>
      <span ref={handleSlot} className="t-admin-drag-slot" />
      <button type="button" data-admin-control="duplicate" onClick={() => void duplicateBlock(admin, block.id)}>
        {t('admin.block.duplicate')}
      </button>
      <button type="button" data-admin-control="copy" onClick={() => copyBlock(admin, block.id)}>
        {t('admin.block.copy')}
      </button>
      <DeleteControl block={block} />
      <BlockMenu name={name} items={items} triggerRef={more} />
      {movingTo && (
        <MoveToDialog
          block={block}
          onClose={() => {
            setMovingTo(false);
            setTimeout(() => more.current?.focus(), 0);
          }}
        />
      )}
    </div>
  );
}

function DeleteControl({ block }: { block: Block }) {
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
    setBusy(true);
    await deleteBlock(admin, block);
    setBusy(false);
    setOpen(false);
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
