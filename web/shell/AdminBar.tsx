/**
 * The admin bar (spec 2.6) for users with edit or text-edit permission: edit-mode and text-edit
 * toggles (the same as alt+shift+e / alt+shift+j) and the admin area link; and the view-as reset
 * bar while an admin views the site as chosen lists (POST admin/reset, then a fresh start-up);
 * and the brand preview bar while this browser previews a brand (core §4.2; settings admin).
 */
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { BRAND_PREVIEW_EVENT } from '../../engine/core/brand-theme';
import type { Brand } from '../../schemas/model';
import { brandThemeHref, ensureBrandStylesheet, previewBrandId, resetPreviewBrand } from '../theme/theme';
import { Link } from 'wouter';
import { toggleEditModeAtom } from '../../admin/edit-mode';
import { useT } from '../i18n/use-t';
import { canEnterAdmin } from '../routes/guards';
import { useApi } from './services';
import { canEditAtom, canManageTextEditAtom, editModeAtom, localeAtom, pushToastAtom, sessionAtom, textEditModeAtom } from './shell-state';

export function AdminBar() {
  const t = useT();
  const session = useAtomValue(sessionAtom);
  const canEdit = useAtomValue(canEditAtom);
  const canTextEdit = useAtomValue(canManageTextEditAtom);
  const editMode = useAtomValue(editModeAtom);
  const [textEditMode, setTextEditMode] = useAtom(textEditModeAtom);
  // The same throttled toggle as alt+shift+e.
  const toggleEdit = useSetAtom(toggleEditModeAtom);
  // In edit mode the composer's bar (admin/AdminBar.tsx) is the one bar.
  if ((!canEdit && !canTextEdit) || editMode) return null;
  return (
    <div className="ts-admin-bar" role="toolbar" aria-label={t('shell.adminBar.label')} data-text-edit-skip="">
      {canEdit && (
        <button type="button" aria-pressed={editMode} onClick={() => toggleEdit(Date.now())}>
          {t('shell.adminBar.editMode')}
        </button>
      )}
      {canTextEdit && (
        <button type="button" aria-pressed={textEditMode} onClick={() => setTextEditMode(!textEditMode)}>
          {t('shell.adminBar.textEditMode')}
        </button>
      )}
      {canEnterAdmin(session?.user) && <Link href="/admin">{t('shell.adminBar.admin')}</Link>}
    </div>
  );
}

/** The names of the viewed-as lists (GET userLists, which staff may read); ids stand in until they arrive or if the call fails. */
function useListNames(ids: string[] | null | undefined): Record<string, string> {
  const api = useApi();
  const [names, setNames] = useState<Record<string, string>>({});
  const key = ids?.join(',') ?? '';
  useEffect(() => {
    if (!key) return;
    let live = true;
    api
      .get<{ id: string; name: string }[]>('userLists', { quiet: true })
      .then(
        (lists) =>
          live && Array.isArray(lists) && setNames(Object.fromEntries(lists.filter((l) => l && typeof l.name === 'string').map((l) => [l.id, l.name]))),
      )
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api, key]);
  return names;
}

const joinNames = (names: string[], locale: string) => {
  try {
    return new Intl.ListFormat(locale, { type: 'conjunction' }).format(names);
  } catch {
    return names.join(', ');
  }
};

export function ViewAsBar({ reload = () => window.location.reload() }: { reload?: () => void }) {
  const t = useT();
  const api = useApi();
  const session = useAtomValue(sessionAtom);
  const toast = useSetAtom(pushToastAtom);
  const locale = useAtomValue(localeAtom);
  const lists = session?.viewAs;
  const names = useListNames(lists);
  if (!lists?.length) return null;
  const reset = async () => {
    try {
      await api.post('admin/reset', undefined, { quiet: true });
      reload();
    } catch {
      toast({ type: 'negative', message: t('shell.viewAs.error') });
    }
  };
  return (
    <div className="ts-view-as" role="region" aria-label={t('shell.viewAs.reset')}>
      <span>
        {t('shell.viewAs.active', {
          lists: joinNames(
            lists.map((id) => names[id] ?? id),
            locale,
          ),
        })}
      </span>
      <button type="button" className="ts-button" onClick={() => void reset()}>
        {t('shell.viewAs.reset')}
      </button>
    </div>
  );
}

function subscribePreview(listener: () => void): () => void {
  window.addEventListener(BRAND_PREVIEW_EVENT, listener);
  window.addEventListener('storage', listener);
  return () => {
    window.removeEventListener(BRAND_PREVIEW_EVENT, listener);
    window.removeEventListener('storage', listener);
  };
}

/** "Previewing brand X" with Reset, on every page, while this browser previews a brand; nobody else sees the preview. */
export function BrandPreviewBar() {
  const t = useT();
  const api = useApi();
  const id = useSyncExternalStore(
    subscribePreview,
    () => previewBrandId(localStorage),
    () => null,
  );
  const [name, setName] = useState<string>();
  useEffect(() => {
    if (!id) return;
    let live = true;
    api
      .get<Brand>(`service/brands/${id}`, { quiet: true })
      .then((b) => live && typeof b?.brandName === 'string' && setName(b.brandName))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api, id]);
  if (!id) return null;
  const reset = () => {
    resetPreviewBrand(localStorage);
    void ensureBrandStylesheet(document, brandThemeHref(api.baseURL, null));
    window.dispatchEvent(new Event(BRAND_PREVIEW_EVENT));
  };
  return (
    <div className="ts-view-as" role="region" aria-label={t('theme.resetPreview')}>
      <span>{t('theme.previewing', { name: name ?? id })}</span>
      <button type="button" className="ts-button" onClick={reset}>
        {t('theme.resetPreview')}
      </button>
    </div>
  );
}
