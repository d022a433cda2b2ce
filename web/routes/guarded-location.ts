/**
 * A wouter location hook that applies the navigation guard (spec 2.5): while the admin panel is
 * open, navigation is refused with a toast (text-edit mode skips the guard, and so do route
 * redirects: staying on an address that leads nowhere is no choice to protect). Duplicate
 * navigation (to the current address) is ignored.
 */
import type { createStore } from 'jotai';
import { useBrowserLocation } from 'wouter/use-browser-location';
import { navigationBlockedKey } from '../../admin/edit-mode';
import { isRouteRedirect } from './guards';
import { adminPanelOpenAtom, pushToastAtom, textEditModeAtom, translatorAtom } from '../shell/shell-state';

type Store = ReturnType<typeof createStore>;
type Navigate = ReturnType<typeof useBrowserLocation>[1];

export function makeGuardedLocationHook(store: Store) {
  return function useGuardedLocation(options?: Parameters<typeof useBrowserLocation>[0]): [string, Navigate] {
    const [location, navigate] = useBrowserLocation(options);
    const guarded: Navigate = (to, navOptions) => {
      const blocked = navigationBlockedKey({ adminPanelOpen: store.get(adminPanelOpenAtom), textEditMode: store.get(textEditModeAtom) });
      if (blocked && !isRouteRedirect(navOptions?.state)) {
        store.set(pushToastAtom, { type: 'warning', message: store.get(translatorAtom).t(blocked) });
        return;
      }
      const target = String(to);
      if (target === window.location.pathname + window.location.search && !navOptions?.replace) return;
      navigate(to, navOptions);
    };
    return [location, guarded];
  };
}
