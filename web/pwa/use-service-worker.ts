/** Registers the service worker in production and shows the update toast (spec 2.6): info, no timeout, Dismiss and Reload. */
import { useSetAtom, useStore } from 'jotai';
import { useEffect } from 'react';
import { pushToastAtom, translatorAtom } from '../shell/shell-state';
import { activateUpdate, registerServiceWorker } from './register';

export function useServiceWorker(enabled: boolean) {
  const store = useStore();
  const push = useSetAtom(pushToastAtom);
  useEffect(() => {
    if (!enabled) return;
    void registerServiceWorker({
      onState(state, registration) {
        if (state !== 'updated') return;
        const t = store.get(translatorAtom).t;
        push({
          type: 'info',
          timeoutMs: null,
          message: t('shell.update.message'),
          actions: [
            { label: t('common.actions.dismiss'), onClick: () => undefined },
            { label: t('common.actions.reload'), onClick: () => activateUpdate(registration, () => window.location.reload()) },
          ],
        });
      },
    });
  }, [enabled, store, push]);
}
