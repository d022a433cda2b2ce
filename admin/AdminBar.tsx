/**
 * The composer's one bar, shown in edit mode: the blocks panel, undo and redo (Ctrl+Z,
 * Ctrl+Shift+Z), edit (the same throttled toggle as alt+shift+e), text-edit, safe mode and debug
 * toggles, view-as, the settings panel and the captured blocks count. The shell hides its own bar
 * while edit mode is on. The view-as reset bar is
 * the shell's (web/shell/AdminBar.tsx ViewAsBar): it shows outside edit mode too.
 */
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { Id } from '../schemas/model';
import { capturedBadgeText, capturedBlocksAtom } from './captured/state';
import { useAdmin } from './core/context';
import { canManageTextEdit, canToggleDebug, canViewAs } from './core/permissions';
import { historyAtom, redo, undo } from './editor/history';
import { PreviewButtons, PreviewFrame } from './preview/ResponsivePreview';
import { isWideScreen, leftPanelOpenAtom, rightPanelOpenAtom } from './editor/panels';
import { debugInfoAtom, editModeAtom, safeModeAtom, textEditModeAtom, toggleEditModeAtom } from './edit-mode';

export interface AdminBarProps {
  /** Safe mode switch; the shell reloads with or without ?safeMode=on. Without it the atom is flipped. */
  onSafeModeToggle?(current: boolean): void;
}

export function AdminBar({ onSafeModeToggle }: AdminBarProps = {}) {
  const admin = useAdmin();
  const { t, user } = admin;
  const editMode = useAtomValue(editModeAtom);
  const toggleEditMode = useSetAtom(toggleEditModeAtom);
  const [textEdit, setTextEdit] = useAtom(textEditModeAtom);
  const [safe, setSafe] = useAtom(safeModeAtom);
  const [debug, setDebug] = useAtom(debugInfoAtom);
  const captured = useAtomValue(capturedBlocksAtom);
  const history = useAtomValue(historyAtom);
  const [left, setLeft] = useAtom(leftPanelOpenAtom);
  const [right, setRight] = useAtom(rightPanelOpenAtom);
  const lastUndo = history.undo.at(-1);
  const lastRedo = history.redo.at(-1);
  const frame = useRef<HTMLDivElement>(null);
  const narrow = useNarrowBar(frame);
  const label = narrow ? 't-admin-bar__label--hidden' : undefined;
  // The edit-mode switches: in the row when the bar is wide, behind "More" when it is narrow (a phone, or
  // the page column between both composer panels): one row either way.
  const switches = (
    <>
      <button type="button" aria-pressed={editMode} onClick={() => toggleEditMode(Date.now())}>
        {t('editMode.toggle')}
      </button>
      {canManageTextEdit(user) && (
        <button type="button" aria-pressed={textEdit} onClick={() => setTextEdit(!textEdit)}>
          {t('editMode.textEdit')}
        </button>
      )}
      <button type="button" aria-pressed={safe} onClick={() => (onSafeModeToggle ? onSafeModeToggle(safe) : setSafe(!safe))}>
        {t('editMode.safeMode')}
      </button>
      {canToggleDebug(user) && (
        <button type="button" aria-pressed={debug} onClick={() => setDebug(!debug)}>
          {t('editMode.debugInfo')}
        </button>
      )}
      {canViewAs(user) && (
        <button type="button" onClick={() => admin.open({ kind: 'viewAs' })}>
          {t('admin.viewAs.open')}
        </button>
      )}
    </>
  );
  return (
    <>
      <div ref={frame} className="t-admin-bar-frame">
        <div className="t-admin-bar" role="toolbar" aria-label={t('editMode.adminBar')}>
          <button
            type="button"
            aria-pressed={left}
            onClick={() => {
              // Below the medium breakpoint one sheet at a time.
              if (!left && !isWideScreen()) setRight(false);
              setLeft(!left);
            }}
          >
            {t('admin.composer.showLeft')}
          </button>
          <button
            type="button"
            disabled={!lastUndo || history.busy}
            title={lastUndo ? t('admin.history.undoLabel', { label: lastUndo.label }) : t('admin.history.nothing')}
            onClick={() => void undo(admin)}
          >
            <span aria-hidden="true">↶ </span>
            <span className={label}>{t('admin.history.undo')}</span>
          </button>
          <button
            type="button"
            disabled={!lastRedo || history.busy}
            title={lastRedo ? t('admin.history.redoLabel', { label: lastRedo.label }) : t('admin.history.nothingRedo')}
            onClick={() => void redo(admin)}
          >
            <span aria-hidden="true">↷ </span>
            <span className={label}>{t('admin.history.redo')}</span>
          </button>
          <span className="t-admin-bar__spacer" />
          {narrow ? <MoreSwitches>{switches}</MoreSwitches> : switches}
          <button
            type="button"
            aria-pressed={right}
            onClick={() => {
              if (!right && !isWideScreen()) setLeft(false);
              setRight(!right);
            }}
          >
            {t('admin.composer.showRight')}
          </button>
          {captured.length > 0 && (
            <span className="t-admin-badge" role="status" aria-label={t('capturedBlocks.badge', { count: captured.length })}>
              {capturedBadgeText(captured.length)}
            </span>
          )}
          <PreviewButtons />
        </div>
      </div>
      <PreviewFrame />
    </>
  );
}

/** Narrower than this the bar's whole row does not fit: the switches go behind More (the `admin-bar` container query in admin.css). */
const BAR_ONE_ROW_WIDTH = 900;

/**
 * Whether the bar's own space is narrow: a phone, or the page column between both composer panels at
 * 1280 px. Measured on the bar's frame, not the viewport; without ResizeObserver (no layout), everything shows.
 */
function useNarrowBar(frame: RefObject<HTMLDivElement | null>): boolean {
  const [narrow, setNarrow] = useState(false);
  useEffect(() => {
    const el = frame.current;
    if (!el || typeof ResizeObserver !== 'function') return;
    const update = () => setNarrow(el.getBoundingClientRect().width < BAR_ONE_ROW_WIDTH);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(el);
    return () => observer.disconnect();
  }, [frame]);
  return narrow;
}

/**
 * "More": a disclosure holding the switches on a phone, opened below the bar. Escape or a click
 * elsewhere closes it; Escape gives focus back to its button. Its buttons follow it in tab order.
 */
function MoreSwitches({ children }: { children: ReactNode }) {
  const { t } = useAdmin();
  const [open, setOpen] = useState(false);
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const away = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);
  return (
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div
      ref={ref}
      className="t-admin-more"
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || !open) return;
        e.preventDefault();
        e.nativeEvent.stopImmediatePropagation();
        setOpen(false);
        ref.current?.querySelector<HTMLElement>('.t-admin-more__toggle')?.focus();
      }}
    >
      <button
        type="button"
        className="t-admin-more__toggle"
        aria-expanded={open}
        aria-controls={id}
        title={t('admin.composer.moreLabel')}
        onClick={() => setOpen(!open)}
      >
        {t('admin.composer.more')} <span aria-hidden="true">▾</span>
      </button>
      <div id={id} className="t-admin-more__list" role="group" aria-label={t('admin.composer.moreLabel')} hidden={!open}>
        {children}
      </div>
    </div>
  );
}

/** Opens the permissions dialog of an item (module, page). */
export function PermissionsButton({ itemId, name }: { itemId: Id; name: string }) {
  const admin = useAdmin();
  return (
    <button type="button" onClick={() => admin.open({ kind: 'permissions', itemId, name })}>
      {admin.t('admin.permissions.open')}
    </button>
  );
}
