/**
 * Edit mode beside the engine page (inside its EngineProvider): the loaded admin's provider with
 * the HTTP AdminApi over the shell's client, the admin bar, the composer's panels and the
 * navigation editor in the header (a portal into the header's slot). The page is not a child: the
 * admin value goes up (`onValue`) and the engine page provides it around the page, so entering
 * edit mode does not remount the page. Admin notices go to the shell's toasts.
 */
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import type { AdminValue } from '../../admin/core/context';
import { createPortal } from 'react-dom';
import { useLocation } from 'wouter';
import type { Translator } from '../../engine';
import type { Id } from '../../schemas/model';
import { useServices } from '../shell/services';
import { realtimeSocketAtom } from '../realtime/socket-atom';
import { pushToastAtom, sessionAtom } from '../shell/shell-state';
import { reloadWithSafeMode } from '../shell/shortcuts';
import { createFileService } from '../engine/file-services';
import { adminRequestOf } from './admin-request';
import type { LoadedAdmin } from './lazy-admin';
import { HEADER_ADMIN_SLOT_ID } from './slots';

export interface EditModeLayerProps {
  admin: LoadedAdmin;
  pageId: Id;
  moduleId: Id;
  translator: Translator;
  locale: string;
  /** Told the admin value: the engine page provides it around the page, which stays where it is. */
  onValue(value: AdminValue | null): void;
}

export function EditModeLayer({ admin, pageId, moduleId, translator, locale, onValue }: EditModeLayerProps) {
  const { api } = useServices();
  const session = useAtomValue(sessionAtom);
  const socket = useAtomValue(realtimeSocketAtom);
  const toast = useSetAtom(pushToastAtom);
  const [, navigate] = useLocation();
  const adminApi = useMemo(() => admin.createHttpAdminApi({ request: adminRequestOf(api) }), [admin, api]);
  const files = useMemo(() => createFileService(api), [api]);
  const [headerSlot, setHeaderSlot] = useState<HTMLElement | null>(null);
  useEffect(() => setHeaderSlot(document.getElementById(HEADER_ADMIN_SLOT_ID)), []);
  if (!session) return null;
  const nav = <admin.NavigationEditor currentModuleId={moduleId} currentPageId={pageId} onNavigate={(path) => navigate(path, { replace: true })} />;
  return (
    <admin.AdminProvider
      api={adminApi}
      registry={admin.fullRegistry}
      user={session.user}
      pageId={pageId}
      locale={locale}
      translator={translator}
      optionValidators={admin.blockOptionValidators}
      imageToken={session.user.imageAccessToken}
      files={files}
      viewAsListIds={session.viewAs ?? []}
      onViewAsChange={() => window.location.reload()}
      onNotify={(type, message) => toast({ type, message })}
      onValue={onValue}
    >
      {headerSlot ? createPortal(nav, headerSlot) : nav}
      <admin.AdminBar onSafeModeToggle={reloadWithSafeMode} />
      <admin.DraftBar channel={socket} />
      {socket && <admin.Presence channel={socket} />}
    </admin.AdminProvider>
  );
}
