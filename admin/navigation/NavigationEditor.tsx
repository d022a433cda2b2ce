/**
 * Edit-mode navigation (spec 2.7): module tabs and the current module's page tabs, with add
 * buttons and edit cogs where permitted (spec 6), reordering by drag and by keyboard (Alt+Left,
 * Alt+Right; reverted when the server refuses), and moving a page onto another module's tab after
 * a confirmation naming the page, the source and the target.
 */
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { moduleAtom, moduleOrderAtom, pageAtom } from '../../engine';
import type { Id } from '../../schemas/model';
import { Dialog } from '../core/Dialog';
import { DialogActions } from '../core/DialogActions';
import { errorMessage, useAdmin, type AdminValue } from '../core/context';
import { canAddModules, canAddPages, canEditItem, canMoveModules, canMovePages, PAGES_SUBJECT } from '../core/permissions';
import { DraftBadge } from '../drafts/DraftBar';
import { draftedItemsAtom } from '../drafts/state';
import { EditModuleDialog, EditPageDialog, NewModuleDialog, NewPageDialog } from './ItemDialogs';

export function moveInList<T>(list: readonly T[], from: number, to: number): T[] {
  const next = list.slice();
  const [item] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, item);
  return next;
}

/** Reorders modules optimistically; the previous order is put back when the server refuses. */
export async function reorderModules(admin: AdminValue, order: Id[]): Promise<boolean> {
  const previous = admin.store.get(moduleOrderAtom);
  admin.store.set(moduleOrderAtom, order);
  try {
    admin.apply(await admin.api.orderModules(order));
    return true;
  } catch {
    admin.store.set(moduleOrderAtom, previous);
    admin.notify('negative', admin.t('admin.structure.reorderFailed'));
    return false;
  }
}

/** Reorders a module's pages optimistically, with the same revert on failure. */
export async function reorderPages(admin: AdminValue, moduleId: Id, order: Id[]): Promise<boolean> {
  const previous = admin.store.get(moduleAtom(moduleId));
  if (!previous) return false;
  admin.store.set(moduleAtom(moduleId), { ...previous, childIds: order });
  try {
    admin.apply(await admin.api.orderPages(moduleId, order));
    return true;
  } catch {
    const now = admin.store.get(moduleAtom(moduleId));
    if (now) admin.store.set(moduleAtom(moduleId), { ...now, childIds: previous.childIds });
    admin.notify('negative', admin.t('admin.structure.reorderFailed'));
    return false;
  }
}

type Dragged = { kind: 'module'; id: Id } | { kind: 'page'; id: Id; moduleId: Id };
type Open = { kind: 'newModule' } | { kind: 'newPage' } | { kind: 'editModule'; id: Id } | { kind: 'editPage'; id: Id } | null;

export interface NavigationEditorProps {
  currentModuleId: Id;
  currentPageId?: Id;
  /** Replaces the current location (after the active page moved away): `/{moduleSlug}/{pageSlug}` or `/{moduleSlug}/`. */
  onNavigate(path: string): void;
}

export function NavigationEditor({ currentModuleId, currentPageId, onNavigate }: NavigationEditorProps) {
  const admin = useAdmin();
  const { t, store, user } = admin;
  const order = useAtomValue(moduleOrderAtom);
  const drafted = useAtomValue(draftedItemsAtom);
  const current = useAtomValue(moduleAtom(currentModuleId));
  const [dragged, setDragged] = useState<Dragged | null>(null);
  const [pendingMove, setPendingMove] = useState<{ pageId: Id; from: Id; to: Id } | null>(null);
  const [moving, setMoving] = useState(false);
  const [open, setOpen] = useState<Open>(null);
  // A new module or page opens once its dialog has gone: while the dialog is mounted it counts as
  // an open admin panel, and the navigation guard (spec 2.5) would refuse the app's own step.
  const [openWhenClosed, setOpenWhenClosed] = useState<string | null>(null);
  useEffect(() => {
    if (open || openWhenClosed === null) return;
    setOpenWhenClosed(null);
    onNavigate(openWhenClosed);
  }, [open, openWhenClosed, onNavigate]);
  const pageIds = current?.childIds ?? [];
  // On a phone each row scrolls sideways: the current module and page are brought into view.
  const navRef = useRef<HTMLElement>(null);
  useEffect(() => {
    for (const el of navRef.current?.querySelectorAll<HTMLElement>('[aria-current]') ?? []) {
      const row = el.closest('ul');
      if (row && row.scrollWidth > row.clientWidth) row.scrollLeft = el.offsetLeft - row.offsetLeft - 8;
    }
  }, [currentModuleId, currentPageId]);

  const moduleName = (id: Id) => store.get(moduleAtom(id))?.name ?? id;
  const pageName = (id: Id) => store.get(pageAtom(id))?.name ?? id;

  const onModuleKey = (e: KeyboardEvent, index: number) => {
    if (!e.altKey || (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') || !canMoveModules(user)) return;
    e.preventDefault();
    const to = index + (e.key === 'ArrowRight' ? 1 : -1);
    if (to < 0 || to >= order.length) return;
    const id = order[index];
    void reorderModules(admin, moveInList(order, index, to)).then((ok) => {
      if (ok) admin.announce(t('admin.structure.reordered', { name: moduleName(id), index: to + 1, count: order.length }));
      document.querySelector<HTMLElement>(`[data-module-tab="${id}"]`)?.focus();
    });
  };
  const onPageKey = (e: KeyboardEvent, index: number) => {
    if (!e.altKey || (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') || !canMovePages(user, currentModuleId)) return;
    e.preventDefault();
    const to = index + (e.key === 'ArrowRight' ? 1 : -1);
    if (to < 0 || to >= pageIds.length) return;
    const id = pageIds[index];
    void reorderPages(admin, currentModuleId, moveInList(pageIds, index, to)).then((ok) => {
      if (ok) admin.announce(t('admin.structure.reordered', { name: pageName(id), index: to + 1, count: pageIds.length }));
      document.querySelector<HTMLElement>(`[data-page-tab="${id}"]`)?.focus();
    });
  };

  const dropOnModule = (e: DragEvent, targetId: Id, targetIndex: number) => {
    e.preventDefault();
    const d = dragged;
    setDragged(null);
    if (!d) return;
    if (d.kind === 'module') {
      const from = order.indexOf(d.id);
      if (from >= 0 && from !== targetIndex) void reorderModules(admin, moveInList(order, from, targetIndex));
    } else if (d.moduleId !== targetId) {
      // Dropping on the same module does nothing (spec 5.3).
      setPendingMove({ pageId: d.id, from: d.moduleId, to: targetId });
    }
  };
  const dropOnPage = (e: DragEvent, targetIndex: number) => {
    e.preventDefault();
    const d = dragged;
    setDragged(null);
    if (d?.kind !== 'page' || d.moduleId !== currentModuleId) return;
    const from = pageIds.indexOf(d.id);
    if (from >= 0 && from !== targetIndex) void reorderPages(admin, currentModuleId, moveInList(pageIds, from, targetIndex));
  };

  const confirmMove = async () => {
    if (!pendingMove) return;
    setMoving(true);
    try {
      admin.apply(await admin.api.moveChild(pendingMove.from, pendingMove.pageId, pendingMove.to));
      admin.notify('positive', t('admin.structure.pageMoved', { page: pageName(pendingMove.pageId), target: moduleName(pendingMove.to) }));
      if (pendingMove.pageId === currentPageId) {
        // The active page left: go to the first page of the current module, or the module itself.
        const mod = store.get(moduleAtom(currentModuleId));
        const first = mod?.childIds?.map((id) => store.get(pageAtom(id))).find(Boolean);
        onNavigate(first && mod ? `/${mod.slug}/${first.slug}` : `/${mod?.slug ?? ''}/`);
      }
    } catch (e) {
      admin.notify('negative', errorMessage(e, t));
    } finally {
      setMoving(false);
      setPendingMove(null);
      setOpen(null);
    }
  };

  const allowDrop = (e: DragEvent) => dragged && e.preventDefault();

  return (
    <nav className="t-admin-nav" ref={navRef} aria-label={t('admin.module.tabsLabel')}>
      <p className="t-admin-hint" id="t-admin-reorder-hint">
        {t('admin.structure.reorderHint')}
      </p>
      <ul className="t-admin-nav__modules" aria-label={t('admin.module.tabsLabel')}>
        {order.map((id, index) => {
          const mod = store.get(moduleAtom(id));
          if (!mod) return null;
          const movable = canMoveModules(user);
          return (
            <li
              key={id}
              onDragOver={allowDrop}
              onDrop={(e) => dropOnModule(e, id, index)}
              className={dragged?.kind === 'page' && dragged.moduleId !== id ? 't-admin-drop-zone' : undefined}
            >
              <button
                type="button"
                data-module-tab={id}
                aria-current={id === currentModuleId ? 'true' : undefined}
                aria-describedby={movable ? 't-admin-reorder-hint' : undefined}
                aria-label={dragged?.kind === 'page' && dragged.moduleId !== id ? t('admin.structure.dropOnModule', { name: mod.name }) : undefined}
                draggable={movable}
                onDragStart={() => setDragged({ kind: 'module', id })}
                onDragEnd={() => setDragged(null)}
                onKeyDown={(e) => onModuleKey(e, index)}
                onClick={() => mod.childIds?.[0] && onNavigate(`/${mod.slug}/${store.get(pageAtom(mod.childIds[0]))?.slug ?? ''}`)}
              >
                {mod.name}
                {drafted.has(`module:${id}`) && <DraftBadge />}
              </button>
              {canEditItem(user, 'items.modules', id) && (
                <button type="button" aria-label={`${t('admin.module.edit')}: ${mod.name}`} onClick={() => setOpen({ kind: 'editModule', id })}>
                  ⚙
                </button>
              )}
            </li>
          );
        })}
        {canAddModules(user) && (
          <li>
            <button type="button" onClick={() => setOpen({ kind: 'newModule' })}>
              + {t('admin.module.add')}
            </button>
          </li>
        )}
      </ul>
      {current && (
        <ul className="t-admin-nav__pages" aria-label={t('admin.page.tabsLabel', { module: current.name })}>
          {pageIds.map((id, index) => {
            const page = store.get(pageAtom(id));
            if (!page) return null;
            const movable = canMovePages(user, currentModuleId);
            return (
              <li key={id} onDragOver={allowDrop} onDrop={(e) => dropOnPage(e, index)}>
                <button
                  type="button"
                  data-page-tab={id}
                  aria-current={id === currentPageId ? 'page' : undefined}
                  aria-describedby={movable ? 't-admin-reorder-hint' : undefined}
                  draggable={movable}
                  onDragStart={() => setDragged({ kind: 'page', id, moduleId: currentModuleId })}
                  onDragEnd={() => setDragged(null)}
                  onKeyDown={(e) => onPageKey(e, index)}
                  onClick={() => onNavigate(`/${current.slug}/${page.slug}`)}
                >
                  {page.name}
                  {drafted.has(`page:${id}`) && <DraftBadge />}
                </button>
                {canEditItem(user, PAGES_SUBJECT, id) && (
                  <button type="button" aria-label={`${t('admin.page.edit')}: ${page.name}`} onClick={() => setOpen({ kind: 'editPage', id })}>
                    ⚙
                  </button>
                )}
              </li>
            );
          })}
          {canAddPages(user, currentModuleId) && (
            <li>
              <button type="button" onClick={() => setOpen({ kind: 'newPage' })}>
                + {t('admin.page.add')}
              </button>
            </li>
          )}
        </ul>
      )}
      {open?.kind === 'newModule' && <NewModuleDialog onClose={() => setOpen(null)} onOpen={setOpenWhenClosed} />}
      {open?.kind === 'newPage' && <NewPageDialog moduleId={currentModuleId} onClose={() => setOpen(null)} onOpen={setOpenWhenClosed} />}
      {open?.kind === 'editModule' && <EditModuleDialog moduleId={open.id} onClose={() => setOpen(null)} />}
      {open?.kind === 'editPage' && !pendingMove && (
        <EditPageDialog
          pageId={open.id}
          moduleId={currentModuleId}
          onClose={() => setOpen(null)}
          onMoveToModule={(pageId, to) => setPendingMove({ pageId, from: currentModuleId, to })}
        />
      )}
      {pendingMove && (
        <Dialog
          title={t('admin.structure.movePageTitle')}
          onClose={() => setPendingMove(null)}
          busy={moving}
          size="small"
          description={t('admin.structure.movePageBody', {
            page: pageName(pendingMove.pageId),
            source: moduleName(pendingMove.from),
            target: moduleName(pendingMove.to),
          })}
          actions={
            <DialogActions
              busy={moving}
              onCancel={() => setPendingMove(null)}
              onConfirm={confirmMove}
              confirmLabel={t('admin.structure.movePageConfirm')}
              busyLabel={t('admin.common.loading')}
              autoFocusConfirm
            />
          }
        >
          {null}
        </Dialog>
      )}
    </nav>
  );
}
