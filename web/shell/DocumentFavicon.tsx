/** Keeps the document's icon on the active brand's favicon (spec 4.2, 7.3): a new upload is a new address. */
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { faviconUrl } from '../../engine/core/media';
import { useApi } from './services';
import { sessionAtom } from './shell-state';

export function DocumentFavicon() {
  const api = useApi();
  const faviconId = useAtomValue(sessionAtom)?.activeBrand?.settings?.faviconId;
  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) return;
    link.removeAttribute('type');
    link.href = faviconUrl(faviconId, api.baseURL);
  }, [api.baseURL, faviconId]);
  return null;
}
