/**
 * The /admin route's lazy slot: the admin frame (admin/frame) with what it needs from the shell:
 * the API client (quiet: the frame shows failures itself), the user's grants, the locale, the
 * file service, the shell's toasts, and the navigation's expanded state in the user's profile meta, read from the data
 * layer and saved with `POST profile/meta/upsert` (as the settings page saves its switches). The
 * route guard has already let in admins and elevated users; the frame guards each area.
 */
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useCallback, useMemo, type ComponentType } from 'react';
import { AdminFrame } from '../../admin/frame/AdminFrame';
import type { AdminFrameServices } from '../../admin/frame/types';
import { mediaUrl } from '../../engine/core/media';
import { useResourceEntry } from '../../engine/data/hooks';
import { profilesSlice } from '../../engine/data/profiles';
import { abuseSlice } from '../../engine/data/abuse';
import type { Profile, ProfileMeta } from '../../schemas/model';
import { adminRequestOf } from '../edit-mode/admin-request';
import { webDataLayer } from '../engine/data-layer';
import { createFileService } from '../engine/file-services';
import { useApi } from '../shell/services';
import { i18nOverridesAtom, localeAtom, pushToastAtom, sessionAtom, settingsAtom } from '../shell/shell-state';

export default function AdminArea({ path, Refused }: { path: string; Refused: ComponentType }) {
  const api = useApi();
  const store = useStore();
  const session = useAtomValue(sessionAtom);
  const locale = useAtomValue(localeAtom);
  const overrides = useAtomValue(i18nOverridesAtom);
  const dates = useAtomValue(settingsAtom).date;
  const accountId = session?.user.accountId;
  const token = session?.user.imageAccessToken;
  const layer = useMemo(() => webDataLayer(store, api, accountId), [store, api, accountId]);
  const own = useResourceEntry(layer.slice(profilesSlice), accountId);
  const navExpanded = own?.state === 'ready' ? own.value.data.meta.adminNavigation?.expanded : undefined;

  const request = useMemo(() => adminRequestOf(api), [api]);
  const files = useMemo(() => createFileService(api), [api]);
  const holder = useMemo(() => (session ? { ...session.user, itemPermissions: session.itemPermissions } : undefined), [session]);
  const imageUrl = useCallback((id: string, width: number) => mediaUrl({ kind: 'image', id, token, thumb: true, width, base: api.baseURL }), [token, api]);
  const saveNavExpanded = useCallback(
    async (expanded: boolean) => {
      const meta = await api.post<ProfileMeta>('profile/meta/upsert', { path: 'adminNavigation.expanded', data: expanded }, { quiet: true });
      if (accountId) layer.slice(profilesSlice).update(accountId, (p: Profile) => ({ ...p, data: { ...p.data, meta } }));
    },
    [api, layer, accountId],
  );
  const pushToast = useSetAtom(pushToastAtom);
  const toast = useCallback<AdminFrameServices['toast']>(
    ({ type, message, action }) => void pushToast({ type, message, ...(action ? { actions: [action] } : {}) }),
    [pushToast],
  );
  const onAbuseQueueChanged = useCallback<NonNullable<AdminFrameServices['onAbuseQueueChanged']>>(
    (listener) => layer.slice(abuseSlice).onQueueChanged(listener),
    [layer],
  );
  const services = useMemo<AdminFrameServices>(
    () => ({ request, holder, locale, overrides, dates, files, imageUrl, navExpanded, saveNavExpanded, toast, Refused, onAbuseQueueChanged }),
    [request, holder, locale, overrides, dates, files, imageUrl, navExpanded, saveNavExpanded, toast, Refused, onAbuseQueueChanged],
  );
  return <AdminFrame path={path} services={services} />;
}
