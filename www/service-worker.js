// The released service worker: `make dist` bundles this file with Workbox into dist/sw.js
// (scripts/dist-sw.mjs), where workbox-build puts the list of files with their revisions in
// place of `self.__WB_MANIFEST`. (Served from the source tree, the page gets ./sw.js, a
// network-first worker for development.)
//
// Every file of the page is cached on the first visit, so the game loads and plays with no
// network. A release must never break a page that is open across it: a page loads parts of
// itself late (New game, Paste, Share, the study build, the computer…), and esbuild renames
// a chunk whenever any script changes, so a page of the old version asking the new version's
// files for its chunks would get a 404 ("Failed to fetch dynamically imported module").
//
// 1. A new version installs beside the old one (Workbox precaches only the files whose
//    revision changed, into the same cache) and then WAITS: no skipWaiting on install. The
//    old worker keeps serving every open page, and every page opened meanwhile, the old
//    version. The page offers "A new version is ready — Reload" (www/updates.js).
// 2. It takes over when the reader accepts (the page saves its game and sends SKIP_WAITING)
//    or when no page of the old version is left. Workbox's activation deletes the old
//    version's files, so before that they are moved to a cache of their own, "retired", and
//    the pages (and their workers) still running the old version are written down: their
//    requests are answered from the retired files first, and any page's request for a file
//    the current version does not have (an old chunk name) from the retired files too.
// 3. A retired version is dropped, cache and all, once none of its pages is left (checked
//    when the worker takes over and at every page load).
//
// Saved games live in the page's storage and are not touched.
import { PrecacheController } from 'workbox-precaching';

const MANIFEST = self.__WB_MANIFEST; // written so, for workbox-build to find and replace
/** This worker's own scope: `self` is declared as any worker's. */
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
// A hash of the manifest (scripts/dist-sw.mjs): the name of this version.
const VERSION = '__VERSION__';
// One origin may host several copies of the game (GitHub Pages: user.github.io/a/ and /b/):
// every cache name carries the worker's scope.
const PREFIX = `tak ${sw.registration.scope}`;
const PRECACHE = `${PREFIX} precache`;
const META = `${PREFIX} versions`;
const RETIRED = (/** @type {string} */ version) => `${PREFIX} retired ${version}`;
const META_URL = new URL('__tak-versions.json', sw.registration.scope).href;
// The caches of the service worker before Workbox (one per release, `tak-<hash>`, keyed by
// plain URL): a page of that version still open when this one takes over is served from it.
const LEGACY = /^tak-[0-9a-f]{16}$/;

const precache = new PrecacheController({ cacheName: PRECACHE });
precache.addToCacheList(MANIFEST);

// What this worker knows of the versions, kept in a cache so that it outlives the worker:
// { current: { version, keys }, retired: [{ version, cache, keys, clients: [id…] }] }, where
// keys are a version's precache keys (Workbox's URL?__WB_REVISION__=…).
/** @typedef {{version: string, keys: string[]}} Version */
/** @typedef {{version: string, keys: string[] | null, cache: string, clients: string[]}} Retired */
/** @typedef {{current: Version | null, retired: Retired[]}} Meta */
/** @type {Meta | null} */
let meta = null;
/** @returns {Promise<Meta>} */
async function readMeta() {
  if (!meta) {
    const stored = await (await caches.open(META)).match(META_URL);
    const read = stored ? await stored.json().catch(() => null) : null;
    meta ??= { current: read?.current ?? null, retired: Array.isArray(read?.retired) ? read.retired : [] };
  }
  return meta;
}
async function writeMeta() {
  await (await caches.open(META)).put(META_URL, new Response(JSON.stringify(meta), { headers: { 'content-type': 'application/json' } }));
}

sw.addEventListener('install', (event) => {
  event.waitUntil(precache.install(event));
});

sw.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    await prune();
    await retirePrevious();
    await precache.activate(event); // deletes the previous version's files: copied above
    // The first visit's page, which this worker does not control yet, loads its later parts
    // through it (and so offline).
    await sw.clients.claim();
  })());
});

/**
 * Writes down the pages open now as running the previous version, and moves out of Workbox's
 * cache every file a version still in use needs and this one does not have.
 */
async function retirePrevious() {
  const meta = await readMeta();
  const previous = meta.current;
  const current = { version: VERSION, keys: [...precache.getURLsToCacheKeys().values()] };
  meta.current = current;
  // Every page and worker open now was loaded by an earlier version (this one served none).
  const pinned = new Set(meta.retired.flatMap((r) => r.clients));
  const running = (await sw.clients.matchAll({ type: 'all', includeUncontrolled: true }))
    .map((c) => c.id).filter((id) => !pinned.has(id));
  if (running.length && previous && previous.version !== VERSION) {
    meta.retired.push({ version: previous.version, cache: RETIRED(previous.version), keys: previous.keys, clients: running });
  } else if (running.length && !previous) {
    const legacy = (await caches.keys()).filter((k) => LEGACY.test(k));
    if (legacy.length) meta.retired.push({ version: 'legacy', cache: legacy[legacy.length - 1], keys: null, clients: running });
  }
  // Only the files that differ: a file unchanged since has the same key in this version and
  // stays in the precache, where a retired page finds it too. (With two releases while a
  // tab stays open, the oldest one's files shared with the middle one move out now.)
  const keep = new Set(current.keys);
  const from = await caches.open(PRECACHE);
  for (const r of meta.retired) {
    if (!r.keys) continue;
    const to = await caches.open(r.cache);
    for (const key of r.keys.filter((k) => !keep.has(k))) {
      const response = await from.match(key);
      if (response) await to.put(withoutRevision(key), response);
    }
  }
  await writeMeta();
}

/** Drops the pages that are gone, and each retired version with no page left. */
async function prune() {
  const meta = await readMeta();
  const alive = new Set((await sw.clients.matchAll({ type: 'all', includeUncontrolled: true })).map((c) => c.id));
  const before = JSON.stringify(meta.retired);
  for (const r of meta.retired) r.clients = r.clients.filter((id) => alive.has(id));
  meta.retired = meta.retired.filter((r) => r.clients.length);
  const wanted = new Set(meta.retired.map((r) => r.cache));
  for (const name of await caches.keys()) {
    const retired = name.startsWith(`${PREFIX} retired `) || LEGACY.test(name);
    if (retired && !wanted.has(name)) await caches.delete(name);
  }
  if (JSON.stringify(meta.retired) !== before) await writeMeta();
}

const withoutRevision = (/** @type {string} */ key) => {
  const url = new URL(key);
  url.searchParams.delete('__WB_REVISION__');
  return url.href;
};

/**
 * The URLs a request may be cached under: without its query (`embed.html?size=4`), and a folder as its index.html.
 * @param {Request} request
 */
function variants(request) {
  const url = new URL(request.url);
  url.hash = '';
  url.search = '';
  return url.pathname.endsWith('/') ? [url.href, `${url.href}index.html`] : [url.href];
}

/** @param {string} name @param {Request} request */
async function fromCache(name, request) {
  const cache = await caches.open(name);
  for (const url of variants(request)) {
    const hit = await cache.match(url, { ignoreSearch: true });
    if (hit) return hit;
  }
  return null;
}

/** @param {FetchEvent} event */
async function respond(event) {
  const { request } = event;
  const meta = await readMeta();
  const retired = meta.retired.find((r) => r.clients.includes(event.clientId));
  if (retired) {
    // A worker started by a page of a retired version runs that version too.
    if (event.resultingClientId && !retired.clients.includes(event.resultingClientId)) {
      retired.clients.push(event.resultingClientId);
      event.waitUntil(writeMeta());
    }
    const hit = await fromCache(retired.cache, request);
    if (hit) return hit;
  }
  for (const url of variants(request)) {
    const hit = await precache.matchPrecache(url);
    if (hit) return hit;
  }
  // Not a file of this version: a chunk of a retired one, asked for by a page of that
  // version that was not written down (opened in a tab restored from before, say).
  for (const r of meta.retired) {
    const hit = await fromCache(r.cache, request);
    if (hit) return hit;
  }
  return fetch(request);
}

sw.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || new URL(request.url).origin !== sw.location.origin) return;
  if (request.mode === 'navigate') event.waitUntil(prune().catch(() => {}));
  // Should the caches fail (storage evicted under the worker), the network still answers.
  event.respondWith(respond(event).catch(() => fetch(request)));
});

// The page's "Reload" (www/updates.js, through workbox-window's messageSkipWaiting).
sw.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') sw.skipWaiting();
});
