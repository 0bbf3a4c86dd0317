// A long text read a slice at a time, for www/board.js (which fetches this module the first
// time a text is that long): slices of about SLICE_MS, SLICE_TOKENS tokens between looks at
// the clock, so that the page never stops answering for long (a 100,000-ply game takes the
// wasm about a second).

/**
 * @typedef {import('./board.js').WasmBoard} WasmBoard
 * @typedef {import('./board.js').BoardCore} BoardCore
 */

const SLICE_MS = 30;
const SLICE_TOKENS = 400;

/**
 * Reads `text` onto `board` (the guarded board of `core`, on the study build): a pasted PTN
 * game or TPS position, or with `restore` a save (`link`: from a shared link, which the
 * messages then speak of). `onProgress(fraction)` hears how far it got; `after()` follows
 * once the game is on the board. Answers an error message, or null once the game is on the
 * board (or the board was destroyed meanwhile).
 * @param {BoardCore} core
 * @param {WasmBoard} board
 * @param {string} text
 * @param {{restore?: boolean, link?: boolean, onProgress?: (fraction: number) => void, after: () => void}} how
 */
export async function readInSlices(core, board, text, { restore, link, onProgress, after }) {
  const reading = restore ? new /** @type {NonNullable<BoardCore['wasm']['TakRestoring']>} */ (core.wasm.TakRestoring)(text, link) : new /** @type {NonNullable<BoardCore['wasm']['TakLoading']>} */ (core.wasm.TakLoading)(text);
  const step = restore
    ? () => board.restoreStep(/** @type {import('../pkg/tak_study.js').TakRestoring} */ (reading), SLICE_TOKENS)
    : () => board.loadStep(/** @type {import('../pkg/tak_study.js').TakLoading} */ (reading), SLICE_TOKENS);
  try {
    for (;;) {
      const until = performance.now() + SLICE_MS;
      do {
        const error = step();
        if (error) return error;
        if (reading.progress() >= 1) {
          // The page's answer to the new game (its status, the move list) in a task of its own.
          await new Promise((resolve) => { setTimeout(resolve, 0); });
          after();
          return null;
        }
      } while (performance.now() < until);
      onProgress?.(reading.progress());
      await new Promise((resolve) => { setTimeout(resolve, 0); });
      if (core.destroyed) return null;
    }
  } finally {
    reading.free();
  }
}
