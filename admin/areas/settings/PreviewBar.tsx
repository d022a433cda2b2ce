/** "Previewing brand X — Reset": shown while this browser previews a brand. */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useAdminFrame } from '../../frame/frame-context';
import { onPreviewChange, previewBrand, previewedBrandId } from './preview';
import type { SettingsApi } from './settings-api';

export function usePreviewedBrandId(): string | null {
  return useSyncExternalStore(onPreviewChange, previewedBrandId, () => null);
}

export function PreviewBar({ api }: { api: SettingsApi }) {
  const { t } = useAdminFrame();
  const id = usePreviewedBrandId();
  const [name, setName] = useState<string>();
  useEffect(() => {
    if (!id) return;
    let live = true;
    api.brand(id).then(
      (b) => live && setName(b.brandName),
      () => live && setName(id),
    );
    return () => {
      live = false;
    };
  }, [api, id]);
  if (!id) return null;
  return (
    <div className="t-settings-preview" role="status">
      <span>{t('settingsAdmin.preview.bar', { name: name ?? id })}</span>
      <button type="button" className="ts-button" onClick={() => previewBrand(null)}>
        {t('settingsAdmin.preview.reset')}
      </button>
    </div>
  );
}
