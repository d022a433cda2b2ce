/** Wires the API client and the audit buffer to the store (toasts for failures, logout on session loss). */
import type { createStore } from 'jotai';
import { createApiClient } from './api/client';
import { createAuditBuffer } from './audit/audit-buffer';
import { LOGGED_OUT_KEY } from './shell/logout';
import type { ShellServices } from './shell/services';
import { pushToastAtom, translatorAtom } from './shell/shell-state';

type Store = ReturnType<typeof createStore>;

export function createServices(store: Store, options: { baseURL?: string; reload?: () => void; realtime?: ShellServices['realtime'] } = {}): ShellServices {
  const api = createApiClient({
    baseURL: options.baseURL,
    serverErrorMessage: store.get(translatorAtom).t('common.errors.serverError'),
    onError: (error) => store.set(pushToastAtom, { type: 'negative', message: error.message }),
    onLogout: () => {
      sessionStorage.setItem(LOGGED_OUT_KEY, '1');
      (options.reload ?? (() => window.location.reload()))();
    },
  });
  return { api, audit: createAuditBuffer(api), realtime: options.realtime };
}
