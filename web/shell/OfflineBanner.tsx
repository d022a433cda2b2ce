/** The red offline banner (spec 4.3): the offline flag follows the browser's online/offline events. */
import { useAtom } from 'jotai';
import { useEffect } from 'react';
import { useT } from '../i18n/use-t';
import { offlineAtom } from './shell-state';

export function OfflineBanner() {
  const [offline, setOffline] = useAtom(offlineAtom);
  const t = useT();
  useEffect(() => {
    const update = () => setOffline(!navigator.onLine);
    update();
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, [setOffline]);
  if (!offline) return null;
  return (
    <div className="ts-offline" role="alert">
      {t('shell.offline')}
    </div>
  );
}
