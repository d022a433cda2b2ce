/// <reference lib="webworker" />
/**
 * The service worker, served at /app/service-worker.js. Hashed app files are cache-first (they
 * never change), navigations are network-first with the cached index.html as the offline
 * fallback, and the API is never cached. A new version waits until the page asks it to take over
 * (the update toast's Reload).
 */
declare const __SW_VERSION__: string;
/** The member's initial files (entry, static imports, CSS), written in by the build. */
declare const __SW_PRECACHE__: string[];

const sw = self as unknown as ServiceWorkerGlobalScope;
const CACHE = `tessera-app-${__SW_VERSION__}`;
const SHELL_URL = '/app/index.html';

sw.addEventListener('install', (event: ExtendableEvent) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll([SHELL_URL, ...__SW_PRECACHE__])));
});

sw.addEventListener('activate', (event: ExtendableEvent) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('tessera-app-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => sw.clients.claim()),
  );
});

sw.addEventListener('message', (event: ExtendableMessageEvent) => {
  if (event.data === 'skipWaiting') void sw.skipWaiting();
});

const isHashedAsset = (url: URL) => url.pathname.startsWith('/app/') && /-[A-Z0-9]{8}\.(js|css|svg|png|woff2)$/.test(url.pathname);

sw.addEventListener('fetch', (event: FetchEvent) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== sw.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate' && url.pathname.startsWith('/app')) {
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) void caches.open(CACHE).then((c) => c.put(SHELL_URL, response.clone()));
          return response;
        })
        .catch(async () => (await caches.match(SHELL_URL)) ?? Response.error()),
    );
    return;
  }
  if (isHashedAsset(url)) {
    event.respondWith(
      caches.match(request).then(
        (hit) =>
          hit ??
          fetch(request).then((response) => {
            if (response.ok) void caches.open(CACHE).then((c) => c.put(request, response.clone()));
            return response;
          }),
      ),
    );
  }
});
