// The board in the wasm behind a guard, for www/board.js: a failure inside (a bug; a panic
// traps the wasm and leaves the object unusable, so that every later call would throw
// "recursive use of an object") rebuilds the board from the last good save instead, and the
// page goes on. The failed call answers null.

/**
 * @typedef {import('./board.js').WasmBoard} WasmBoard
 * @typedef {import('./board.js').BoardCore} BoardCore
 */

/** Whether `err` is the wasm failing (a trap, or an object a trap left unusable). @param {unknown} err */
const broken = (err) => err instanceof WebAssembly.RuntimeError
  || /recursive use of an object|null pointer passed to rust/.test(String(/** @type {Error} */ (err)?.message));

/**
 * Guards `first`, the board of `core`: `board` passes every call on to the board now and
 * rebuilds it when the wasm fails, then calls `onRecovered(message)`; `noteGood()` keeps the
 * game after a change (in a task of its own) to rebuild from; `replace(next)` puts another
 * board behind the guard (the move into the study build) and answers the one before.
 * @param {BoardCore} core
 * @param {WasmBoard} first
 * @param {(message: string) => void} onRecovered
 */
export function guardBoard(core, first, onRecovered) {
  let raw = first;
  let recovering = false;
  /** @type {{save: string} | {moves: string[], ply: number} | null} */
  let lastGood = null;
  /** @type {ReturnType<typeof setTimeout> | null} */
  let goodTimer = null;
  /** @param {unknown} err */
  const recover = (err) => {
    recovering = true;
    try {
      console.warn('The board failed and is rebuilt from its last good save:', err);
      // From the last good game, not from the text the board was mounted with.
      const start = { ...core.options, lang: core.lang, ...(lastGood && { tps: undefined, ptn: undefined }) };
      const fresh = new core.wasm.TakBoard(core.canvas, start);
      // If even that fails: the start position. The play build reads no saves: its game
      // (never read from text, so one line) is played again.
      if (lastGood && 'save' in lastGood) fresh.restore(lastGood.save);
      else if (lastGood && 'moves' in lastGood) {
        for (const m of lastGood.moves) fresh.play(m);
        fresh.goto(lastGood.ply);
      }
      fresh.set(core.settings);
      raw = fresh; // the failed object is left alone: freeing it could fail the same way
      const r = core.canvas.getBoundingClientRect();
      if (r.width > 0 && r.height > 0) raw.resize(r.width, r.height, window.devicePixelRatio || 1);
      raw.noteRecovered();
    } finally {
      recovering = false;
    }
    onRecovered(String(/** @type {Error} */ (err)?.message ?? err));
  };
  const board = /** @type {WasmBoard} */ (new Proxy({}, {
    get(_, name) {
      // Any member, by name: a method is passed on guarded, the rest as it is.
      const value = /** @type {Record<string | symbol, unknown>} */ (/** @type {unknown} */ (raw))[name];
      if (typeof value !== 'function') return value;
      return (/** @type {unknown[]} */ ...args) => {
        try {
          return value.apply(raw, args);
        } catch (err) {
          if (recovering || !broken(err)) throw err;
          recover(err);
          return null;
        }
      };
    },
  }));
  const noteGood = () => {
    goodTimer ??= setTimeout(() => {
      goodTimer = null;
      try {
        lastGood = core.wasm.name === 'study' ? { save: raw.save() } : { moves: raw.moves(), ply: raw.status().ply };
      } catch { /* kept: the one before */ }
    }, 50);
  };
  /** @param {WasmBoard} next */
  const replace = (next) => { const old = raw; raw = next; return old; };
  return { board, noteGood, replace };
}
