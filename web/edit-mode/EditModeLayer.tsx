/**
 * Edit mode around the engine page (inside its EngineProvider): the loaded admin's provider with
 * the HTTP AdminApi over the shell's client, the admin bar, the navigation editor in the header
 * (a portal into the header's slot) and the page. Admin notices go to the shell's toasts.
 */
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useLocation } from 'wouter';
import type { LazyModuleIndex, Translator } from '../../engine';
import type { Id } from '../../schemas/model';
import { useServices } from '../shell/services';
import { pushToastAtom, sessionAtom } from '../shell/shell-state';
import { reloadWithSafeMode } from '../shell/shortcuts';
import { adminRequestOf } from './admin-request';
import type { LoadedAdmin } from './lazy-admin';
import { HEADER_ADMIN_SLOT_ID } from './slots';

export interface EditModeLayerProps {
  admin: LoadedAdmin;
  pageId: Id;
  moduleId: Id;
  translator: Translator;
  locale: string;
  optionValidators?: LazyModuleIndex;
  children: ReactNode;
}

export function EditModeLayer({ admin, pageId, moduleId, translator, locale, optionValidators, children }: EditModeLayerProps) {
  const { api } = useServices();
  const session = useAtomValue(sessionAtom);
  const toast = useSetAtom(pushToastAtom);
  const [, navigate] = useLocation();
  const adminApi = useMemo(() => admin.createHttpAdminApi({ request: adminRequestOf(api) }), [admin, api]);
  const [headerSlot, setHeaderSlot] = useState<HTMLElement | null>(null);
  useEffect(() => setHeaderSlot(document.getElementById(HEADER_ADMIN_SLOT_ID)), []);
  if (!session) return <>{children}</>;
  const nav = <admin.NavigationEditor currentModuleId={moduleId} currentPageId={pageId} onNavigate={(path) => navigate(path, { replace: true })} />;
  return (
    <admin.AdminProvider
      api={adminApi}
      registry={admin.fullRegistry}
      user={session.user}
      pageId={pageId}
      locale={locale}
      translator={translator}
      optionValidators={optionValidators}
      imageToken={session.user.imageAccessToken}
      viewAsListIds={session.viewAs ?? []}
      onViewAsChange={() => window.location.reload()}
      onNotify={(type, message) => toast({ type, message })}
    >
      {headerSlot ? createPortal(nav, headerSlot) : nav}
      <admin.AdminBar onSafeModeToggle={reloadWithSafeMode} />
      {children}
    </admin.AdminProvider>
  );
}
