/** The app root: providers, start-up, shell and router. Also rendered by component tests. */
import { Provider as JotaiProvider, useAtomValue, type createStore } from 'jotai';
import { useEffect, useMemo, type ReactNode } from 'react';
import { Router } from 'wouter';
import { useServiceWorker } from './pwa/use-service-worker';
import { AppRoutes } from './routes/AppRoutes';
import { makeGuardedLocationHook } from './routes/guarded-location';
import { RouteSlotsProvider, type RouteSlots } from './routes/route-slots';
import { APP_BASE } from './routes/route-table';
import { DocumentFavicon } from './shell/DocumentFavicon';
import { ServicesProvider, type ShellServices } from './shell/services';
import { Shell } from './shell/Shell';
import { ShellBoundary } from './shell/ShellBoundary';
import { localeAtom } from './shell/shell-state';
import { Toasts } from './shell/Toasts';
import { StartupGate } from './startup/StartupGate';

type Store = ReturnType<typeof createStore>;

function DocumentLanguage() {
  const locale = useAtomValue(localeAtom);
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return null;
}

function ServiceWorker({ enabled }: { enabled: boolean }) {
  useServiceWorker(enabled);
  return null;
}

export interface AppProps {
  store: Store;
  services: ShellServices;
  slots?: RouteSlots;
  serviceWorker?: boolean;
  /** Replaces the routed content (tests). */
  children?: ReactNode;
}

export function App({ store, services, slots = {}, serviceWorker = false, children }: AppProps) {
  const hook = useMemo(() => makeGuardedLocationHook(store), [store]);
  return (
    <JotaiProvider store={store}>
      <ServicesProvider services={services}>
        <Router base={APP_BASE} hook={hook}>
          <RouteSlotsProvider value={slots}>
            <DocumentLanguage />
            <DocumentFavicon />
            <ServiceWorker enabled={serviceWorker} />
            <StartupGate>
              <ShellBoundary area="shell">
                <Shell>{children ?? <AppRoutes />}</Shell>
              </ShellBoundary>
            </StartupGate>
            <Toasts />
          </RouteSlotsProvider>
        </Router>
      </ServicesProvider>
    </JotaiProvider>
  );
}
