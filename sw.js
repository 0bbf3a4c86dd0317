// The service worker of the source tree (`make serve`), for development: network first, so
// that an edit shows on the next reload, and whatever was fetched is kept for offline use.
// It takes over at once (a developer has no old page to keep working).
// `make dist` does not copy this file: dist/sw.js is built from www/service-worker.js, which
// caches every file of a release with Workbox and keeps the previous release's files served
// until no page uses them (scripts/dist-sw.mjs).
const CACHE = 'tak-dev';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

async function fromNetwork(request) {
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') {
    const cache = await caches.open(CACHE);
    await cache.put(request, response.clone());
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(fromNetwork(request)
    .catch(async () => (await caches.match(request, { ignoreSearch: true })) || Response.error()));
});
