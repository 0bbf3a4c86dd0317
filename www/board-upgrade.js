// The move into the study build, for www/board.js, which fetches this module with the study
// build (a first visit does without both): a board starts on the play build and moves when
// it is first asked for what only the study build has (games read from text, comments,
// reviews, marks, matches, images). The game (with its lines, comments and ply) goes over as
// a save, the settings given since are replayed, and the old board is freed.

/**
 * @typedef {import('./board.js').Engine} Engine
 * @typedef {import('./board.js').WasmBoard} WasmBoard
 * @typedef {import('./board.js').BoardCore} BoardCore
 */

/**
 * Moves `core`'s board (`board`, the guarded one) into `study`, the study build, loaded
 * with the board's catalogue; `replace(next)` puts `next` behind the guard and answers the
 * board before. Answers whether it moved (not when the board was destroyed meanwhile, or
 * is on the study build already); throws when the save is refused.
 * @param {BoardCore} core
 * @param {WasmBoard} board
 * @param {Engine} study
 * @param {(next: WasmBoard) => WasmBoard} replace
 */
export function moveIntoStudy(core, board, study, replace) {
  if (core.destroyed || core.wasm === study) return false;
  const fresh = new study.TakBoard(core.canvas, { ...core.options, tps: undefined, ptn: undefined, lang: core.lang });
  const error = fresh.restore(board.save());
  if (error) { fresh.free(); throw new Error(error); }
  fresh.set(core.settings);
  fresh.takeEvents(); // the same game: nothing new for the listeners
  const old = replace(fresh);
  core.wasm = study;
  old.free();
  return true;
}
