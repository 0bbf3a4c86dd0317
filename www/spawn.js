// Starts the engine's Web Worker: from its file, or (in the one-file build, opened from
// file://) from the source the page carries inline.
export function spawnWorker() {
  const source = globalThis.TAK_WORKER_SOURCE;
  if (source) return new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
  const url = new URL('./worker.js', import.meta.url);
  // A <tak-board> on another site: a worker must come from the page's own origin, so a
  // worker of the page's imports ours (its host must allow that: Access-Control-Allow-Origin).
  if (url.origin !== location.origin) {
    return new Worker(URL.createObjectURL(new Blob([`import ${JSON.stringify(url.href)};`], { type: 'text/javascript' })), { type: 'module' });
  }
  return new Worker(url, { type: 'module' });
}

/** How long a worker that owes an answer may say nothing (it beats every second, and its
 * searches twice a second) before it is taken for dead; a new one gets longer to load. */
const SILENCE_MS = 5000;
const LOADING_MS = 15000;

/**
 * Watches a worker that owes an answer: `dead()` is called when it has been silent too long.
 * `started()` when a worker is made, `heard()` on each message, `waiting(on)` while owed.
 * @param {() => void} dead
 */
export function watchdog(dead) {
  let last = 0;
  let timer = 0;
  /** @param {boolean} on */
  const waiting = (on) => {
    clearInterval(timer);
    timer = on ? setInterval(() => { if (Date.now() - last > SILENCE_MS) { waiting(false); dead(); } }, 1000) : 0;
  };
  return {
    started: () => { last = Date.now() + LOADING_MS - SILENCE_MS; },
    heard: () => { last = Date.now(); },
    waiting,
  };
}
