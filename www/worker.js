// The engine's thread: its own wasm build, searching off the main thread. The messages in
// and out are defined once, in Rust: src/web/wire.rs (`Request`, `Reply`), read and written
// there with serde, and declared for these scripts in pkg/tak_engine.d.ts (`Asked`,
// `Answered`: the same with the question's `id`), which `make test-types` checks this file
// and the page's client (engine-client.js) against. Every question but `analyze` and `stop`
// goes to the engine as it came (`Engine.answer`); an analysis is asked one slice at a time
// until another question or `stop`, so that they are heard. `{beat: true}` every second while
// idle and twice a second in a move's search lets the page tell a long search from a worker
// that died (spawn.js, `watchdog`).
import init, { Engine } from '../pkg/tak_engine.js';

// The worker's own wasm build: the search, fast (the page's build is the small one). The
// one-file build carries it inline.
const inline = /** @type {{TAK_ENGINE_WASM?: string}} */ (/** @type {unknown} */ (self)).TAK_ENGINE_WASM;
const wasm = inline
  ? Uint8Array.from(atob(inline), (c) => c.charCodeAt(0))
  : new URL('../pkg/tak_engine_bg.wasm', import.meta.url);
const ready = init({ module_or_path: wasm }).then(() => new Engine());

/** @typedef {import('../pkg/tak_engine.js').Asked} Asked */
/** @typedef {import('../pkg/tak_engine.js').Answered} Answered */
/** @typedef {import('../pkg/tak_engine.js').Request} Request */

/** @param {Answered} message */
const post = (message) => self.postMessage(message);
const beat = () => post({ beat: true });
setInterval(beat, 1000);

/** @param {unknown} err */
const why = (err) => String(/** @type {{message?: string} | null} */ (err)?.message || err);

/** @typedef {{id: number, request: Request}} Job */
/** @type {Job | null} */
let analysing = null;

/** @param {Job} job */
async function analyse(job) {
  const engine = await ready;
  if (analysing !== job) return;
  try {
    const reply = engine.answer(job.request);
    post({ id: job.id, ...reply });
    // Yield to the message queue between slices, so a new request or "stop" is heard.
    if ('analyze' in reply && !reply.analyze.finished) setTimeout(() => analyse(job), 0);
  } catch (err) {
    post({ id: job.id, error: why(err) });
  }
}

self.onmessage = async (event) => {
  const { id, ...request } = /** @type {Asked} */ (event.data || {});
  if ('stop' in request) { analysing = null; return; }
  if ('analyze' in request) {
    const job = { id: id ?? 0, request };
    analysing = job;
    analyse(job);
    return;
  }
  analysing = null;
  try {
    const engine = await ready;
    const progress = (/** @type {number} */ done, /** @type {number} */ total) => post({ id, progress: [done, total] });
    post({ id, ...engine.answer(request, beat, progress) });
  } catch (err) {
    post({ id, error: why(err) });
  }
};
