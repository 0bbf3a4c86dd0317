// The computer as an opponent, for the game page and the embed alike: its turn (think, then
// play the answer unless the game moved on meanwhile), a draw offer (accepted when its
// evaluation is within DRAW_MARGIN of even) and undo back to the reader's own turn. Glue:
// the search is the worker's (computer.js), the rules the board's.

/** How far from even (White's chance 0.5) the computer still accepts a draw. */
export const DRAW_MARGIN = 0.1;

/** @typedef {import('./board.js').Board} Board */
/** @typedef {import('./computer.js').Computer} Computer */
/** @typedef {import('./board.js').Status} Status */

/** What each computer is thinking about: the position's TPS. @type {WeakMap<Computer, string>} */
const thinkingAbout = new WeakMap();

/** Whether each board's last change was a ply played, not a step through the game. @type {WeakMap<Board, boolean>} */
const justPlayed = new WeakMap();

/**
 * What the caller of `takeTurn` hears (see there).
 * @typedef {object} TurnHooks
 * @property {(on: boolean) => void} [thinking]
 * @property {(move: string | null, error: string | null | undefined) => void} [played]
 * @property {(err: Error & {died?: boolean}) => void} [failed]
 */

/**
 * Follows `board`'s events (once per board) so that `takeTurn` tells a ply just played from
 * a step back through the game: the computer answers a move taken back and played again
 * (the line goes on past it, with its old reply), as it answers any other; it does not
 * answer a step back. Its 'move' comes before the 'change' that calls `takeTurn`.
 * @param {import('./board.js').Board} board
 */
function followPlies(board) {
  if (justPlayed.has(board)) return;
  justPlayed.set(board, false);
  board.on('move', () => justPlayed.set(board, true));
  board.on('navigate', () => justPlayed.set(board, false));
  board.on('load', () => justPlayed.set(board, false));
}

/**
 * The computer's turn on `board` when it is `side`'s turn ('white' or 'black') at the end of
 * the line, or just after a ply played (see `followPlies`): `computer` (a Computer) thinks at
 * `level`, then its answer is played. Otherwise
 * any thinking stops. `on` hears thinking(bool) when thinking starts or stops,
 * played(move, error) after a ply (error: why the board refused it) and failed(error).
 * @param {import('./board.js').Board} board
 * @param {Computer} computer
 * @param {string | null} side
 * @param {number} level
 * @param {TurnHooks} [on]
 */
export function takeTurn(board, computer, side, level, on = {}) {
  // Whose turn it is, from the status (worked out once per change of the board): the
  // position is written out (a search spec, with its TPS) only for the computer's own turn,
  // once a move.
  followPlies(board);
  const status = board.status();
  if (!side || !status || status.result || status.toMove !== side || (status.canRedo && !justPlayed.get(board))) {
    if (computer.busy) computer.cancel();
    thinkingAbout.delete(computer);
    on.thinking?.(false);
    return;
  }
  const spec = board.searchSpec();
  if (computer.busy && thinkingAbout.get(computer) === spec.tps) return;
  thinkingAbout.set(computer, spec.tps);
  on.thinking?.(true);
  computer.think(spec, level).then((answer) => {
    // The game moved on meanwhile: each change of the board comes here first (the board's
    // 'change', at once), which forgets or replaces what the computer thinks about.
    if (thinkingAbout.get(computer) !== spec.tps) return;
    thinkingAbout.delete(computer);
    on.thinking?.(false);
    const error = answer.move ? board.play(answer.move) : null;
    on.played?.(answer.move, error);
  }).catch((err) => {
    if (err.cancelled) return;
    thinkingAbout.delete(computer);
    on.thinking?.(false);
    on.failed?.(err);
  });
}

/**
 * Stops the computer's thinking, whatever it was about.
 * @param {Computer} computer
 */
export function stopTurn(computer) {
  computer.cancel();
  thinkingAbout.delete(computer);
}

/**
 * Offers the computer a draw: `computer` evaluates the position, and the draw is agreed when
 * the game is even enough and not over meanwhile. Resolves to whether it was.
 * @param {import('./board.js').Board} board
 * @param {Computer} computer
 */
export async function offerDraw(board, computer) {
  const verdict = await computer.evaluate(board.searchSpec());
  const even = Math.abs(verdict.whiteChance - 0.5) <= DRAW_MARGIN;
  if (!even || /** @type {Status} */ (board.status()).result) return false;
  board.agreeDraw();
  return true;
}

/**
 * Undo; against the computer (playing `side`), back to the reader's own turn.
 * @param {import('./board.js').Board} board
 * @param {string | null} side
 */
export function undoToOwnTurn(board, side) {
  board.undo();
  if (side && /** @type {Status} */ (board.status()).toMove === side && /** @type {Status} */ (board.status()).ply > 0) board.undo();
}

/** Redo; against the computer (playing `side`), on to the reader's own turn: the computer's
 *  reply taken back with the reader's ply comes back with it (else it would wait, unplayed). */
/**
 * @param {import('./board.js').Board} board
 * @param {string | null} side
 */
export function redoToOwnTurn(board, side) {
  board.redo();
  if (side && /** @type {Status} */ (board.status()).canRedo && /** @type {Status} */ (board.status()).toMove === side) board.redo();
}
