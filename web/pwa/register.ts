/**
 * Registers /app/service-worker.js and reports its states (spec 1): ready, cached, updated,
 * offline, error. Registration errors and offline events are only logged (spec 8).
 */
export type ServiceWorkerState = 'ready' | 'cached' | 'updated' | 'offline' | 'error';
export const SERVICE_WORKER_URL = '/app/service-worker.js';

export interface ServiceWorkerHooks {
  onState(state: ServiceWorkerState, registration?: ServiceWorkerRegistration): void;
}

export async function registerServiceWorker(hooks: ServiceWorkerHooks, container: ServiceWorkerContainer | undefined = navigator.serviceWorker): Promise<void> {
  if (!container) return;
  window.addEventListener('offline', () => {
    console.info('No internet connection: the app is running from its cache.');
    hooks.onState('offline');
  });
  try {
    const registration = await container.register(SERVICE_WORKER_URL, { scope: '/app/' });
    void container.ready.then(() => hooks.onState('ready', registration));
    const watch = (worker: ServiceWorker | null) => {
      worker?.addEventListener('statechange', () => {
        if (worker.state !== 'installed') return;
        // With a controller there was a previous version: new content is waiting.
        hooks.onState(container.controller ? 'updated' : 'cached', registration);
      });
    };
    if (registration.waiting && container.controller) hooks.onState('updated', registration);
    watch(registration.installing);
    registration.addEventListener('updatefound', () => watch(registration.installing));
  } catch (error) {
    console.error('Service worker registration failed', error);
    hooks.onState('error');
  }
}

/** Asks the waiting worker to take over, then reloads once it controls the page. */
export function activateUpdate(registration: ServiceWorkerRegistration | undefined, reload: () => void): void {
  const waiting = registration?.waiting;
  if (!waiting) return reload();
  navigator.serviceWorker.addEventListener('controllerchange', reload, { once: true });
  waiting.postMessage('skipWaiting');
}
