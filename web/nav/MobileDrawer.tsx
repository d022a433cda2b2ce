/** The side drawer below the medium breakpoint (width 300): modules with their pages (spec 2.7). */
import { contentLookup, type ContentLookup } from '../../engine/core/i18n/content-keys';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { MOBILE_DRAWER_WIDTH_PX } from '../../engine/core/constants';
import { useT } from '../i18n/use-t';
import { editModeAtom, sessionAtom, translatorAtom } from '../shell/shell-state';
import { drawerEntries, moduleTitle, pageTitle, visibleModuleTabs, type DrawerEntry } from './nav-rules';
import { currentRouteAtom, currentTargetAtom, modulesWithPagesAtom } from './structure-view';

function Group({
  entry,
  onNavigate,
  title,
  target,
}: {
  entry: Extract<DrawerEntry, { kind: 'group' }>;
  onNavigate: () => void;
  title: ContentLookup;
  target: unknown;
}) {
  const [open, setOpen] = useState(entry.open);
  const route = useAtomValue(currentRouteAtom);
  const id = `drawer-group-${entry.module.id}`;
  return (
    <li>
      <button type="button" className="ts-drawer__group" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {moduleTitle(entry.module, title, target)}
        <span className="ts-chevron" aria-hidden="true" />
      </button>
      {open && (
        <ul id={id}>
          {entry.pages.map(({ page, href }) => (
            <li key={page.id}>
              <Link href={href} onClick={onNavigate} aria-current={page.id === route.pageId ? 'page' : undefined}>
                {pageTitle(page, title)}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

export function MobileDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const translator = useAtomValue(translatorAtom);
  const withPages = useAtomValue(modulesWithPagesAtom);
  const route = useAtomValue(currentRouteAtom);
  const editMode = useAtomValue(editModeAtom);
  const session = useAtomValue(sessionAtom);
  // The current module's title may come from the page's target (showTargetValueAsTitle).
  const target = useAtomValue(currentTargetAtom);
  const panelRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>('button, a')?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, onClose]);
  if (!open) return null;
  const title = contentLookup(translator);
  const pagesOf = new Map(withPages.map((w) => [w.module.id, w.pages]));
  const modules = withPages.map((w) => w.module);
  const entries = drawerEntries(
    visibleModuleTabs(modules, { currentModuleId: route.moduleId, editMode }),
    (m) => pagesOf.get(m.id) ?? [],
    route.moduleId,
    route.space,
    session?.user,
  );
  return (
    // A press on the backdrop closes the drawer: a pointer convenience, the close button and Escape serve the keyboard.
    <div className="ts-drawer-backdrop" role="presentation" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div className="ts-drawer" role="dialog" aria-modal="true" aria-label={t('nav.menu')} style={{ width: MOBILE_DRAWER_WIDTH_PX }} ref={panelRef}>
        <button type="button" className="ts-drawer__close" onClick={onClose} aria-label={t('nav.closeMenu')}>
          ×
        </button>
        <nav aria-label={t('nav.modules')}>
          <ul className="ts-drawer__list">
            {entries.map((entry) =>
              entry.kind === 'group' ? (
                <Group
                  key={entry.module.id}
                  entry={entry}
                  onNavigate={onClose}
                  title={title}
                  target={entry.module.id === route.moduleId ? target : undefined}
                />
              ) : (
                <li key={entry.module.id}>
                  <Link href={entry.href} onClick={onClose} aria-current={entry.module.id === route.moduleId ? 'page' : undefined}>
                    {moduleTitle(entry.module, title, entry.module.id === route.moduleId ? target : undefined)}
                  </Link>
                </li>
              ),
            )}
          </ul>
        </nav>
      </div>
    </div>
  );
}
