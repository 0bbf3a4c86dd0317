// Registers the service worker and says when a new version of the game is ready: "A new
// version is ready — Reload". Loaded after the first board (app.js), never on its way, and
// on a first visit only when a new release is found while the page is open.
//
// A new release waits until the reader accepts it (www/service-worker.js): the page keeps
// running the version it was loaded with, and its late parts (New game, Paste, the study
// build…) still come from that version. Reload keeps the game first (`beforeReload`), then
// lets the new version take over and reloads once it controls the page. Other tabs of the
// old version keep working, and keep the offer, until they reload too.
//
// workbox-window by relative path: the source tree runs unbundled (`make serve`, where the
// browser cannot resolve a package name), and `make dist` bundles it into this module's chunk.
import { Workbox } from '../node_modules/workbox-window/build/workbox-window.prod.mjs';

// How often an open page asks whether there is a new release, when it is shown again (the
// browser itself asks only when a page is loaded).
const CHECK_EVERY_MS = 60 * 60 * 1000;

/**
 * `t()` gives the page's translator now (the reader may change language); `beforeReload()`
 * keeps the game: it resolves once kept, or rejects (having said why, or with an Error whose
 * message `showNotice(text)` says), and then the page is not reloaded. Resolves to the Workbox.
 */
/**
 * @param {object} page
 * @param {() => import('./i18n.js').Translator} page.t
 * @param {(text: string) => void} page.showNotice
 * @param {() => Promise<void>} page.beforeReload
 * @param {string} [page.url] the service worker's script
 */
export async function watchForUpdates({ t, showNotice, beforeReload, url = './sw.js' }) {
  const wb = new Workbox(url);
  /** @type {HTMLParagraphElement | null} */
  let shown = null;

  async function offer() {
    if (shown) return;
    const tr = t();
    await tr.more(); // the words come with the long texts (dist/www/i18n/<lang>.more.txt)
    if (shown) return;
    shown = document.createElement('p');
    shown.id = 'update';
    shown.className = 'notice';
    shown.setAttribute('role', 'status');
    const text = document.createElement('span');
    text.dataset.i18n = 'update.ready'; // translated again with the page (app.js, translatePage)
    text.textContent = tr('update.ready');
    const button = document.createElement('button');
    button.type = 'button';
    button.id = 'update-reload';
    button.dataset.i18n = 'update.reload';
    button.textContent = tr('update.reload');
    button.addEventListener('click', async () => {
      button.disabled = true;
      try {
        await beforeReload();
      } catch (err) {
        // Not reloaded: the game could not be kept (said by the keeper, or in the error).
        if (/** @type {Error | null | undefined} */ (err)?.message) showNotice(/** @type {Error} */ (err).message);
        button.disabled = false;
        return;
      }
      const now = await navigator.serviceWorker.getRegistration();
      if (now?.waiting) {
        wb.addEventListener('controlling', () => location.reload());
        wb.messageSkipWaiting();
      } else {
        // The new version took over already (Reload in another tab): nothing to wait for.
        location.reload();
      }
    });
    shown.append(text, ' ', button);
    const notice = document.getElementById('notice');
    if (notice) notice.before(shown);
    else document.body.append(shown);
  }

  // A new version installed and waiting, found now or before this page was loaded.
  wb.addEventListener('waiting', () => { offer().catch(() => {}); });
  // Always one: workbox-window's production build answers the registration, or throws (its
  // declarations allow undefined for its development build).
  const registration = /** @type {ServiceWorkerRegistration} */ (await wb.register());
  // One still installing when this module came (the first visit loads it on `updatefound`).
  const installing = registration.installing;
  if (installing && registration.active) {
    installing.addEventListener('statechange', () => {
      if (installing.state === 'installed' && registration.waiting) offer().catch(() => {});
    });
  }

  let checked = Date.now();
  document.addEventListener('visibilitychange', () => {
    if (document.hidden || Date.now() - checked < CHECK_EVERY_MS) return;
    checked = Date.now();
    wb.update().catch(() => { /* offline: next time */ });
  });
  return wb;
}
