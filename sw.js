// The service worker: every asset of the game is cached on the first visit, so the game
// loads and plays with no network. `make dist` replaces __VERSION__ with a hash of the
// assets: a new release installs beside the old one, takes over, and deletes the old cache.
// Saved games live in local storage and are not touched.
const VERSION = '__VERSION__';
const DEVELOPMENT = VERSION.startsWith('__'); // served from the source tree: network first
const CACHE = `tak-${DEVELOPMENT ? 'dev' : VERSION}`;
// Every file of the site: `make dist` writes the list (scripts/dist-sw.mjs); served from the
// source tree (development) the list is empty and files are cached as they are fetched.
const ASSETS = [/* __ASSETS__ */];

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(ASSETS)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('tak-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

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
  const cached = () => caches.match(request, { ignoreSearch: true });
  if (DEVELOPMENT) {
    event.respondWith(fromNetwork(request).catch(async () => (await cached()) || Response.error()));
  } else {
    event.respondWith(cached().then((hit) => hit || fromNetwork(request)));
  }
});
