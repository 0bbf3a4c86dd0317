// What the board tells its host, for www/board.js: after anything that may change the board,
// its events ('move', 'navigate', 'load', then 'change' with the status), the stack in hand
// ('hand') and a refusal ('refuse'), passed on to the listeners of `on(type, fn)`.

/**
 * @typedef {import('./board.js').WasmBoard} WasmBoard
 * @typedef {import('./board.js').Status} Status
 */

/**
 * The events of `board`. `after()` hears what the wasm did since the last call (and asks for
 * a frame where it needs one); `status()` is the status, worked out once per change;
 * `stale()` forgets it; `resync()` takes the refusals so far as heard (a board moved into
 * another build). `hooks`: changed() after a ply played or a step through the game,
 * refused(message), frame() to ask for a frame.
 * @param {WasmBoard} board
 * @param {{changed: () => void, refused: (message: string | undefined) => void, frame: () => void}} hooks
 */
export function boardEvents(board, hooks) {
  /** @type {Map<string, Set<(detail: any) => void>>} */
  const listeners = new Map();
  /** @param {string} type @param {unknown} [detail] */
  const emit = (type, detail) => {
    for (const fn of listeners.get(type) || []) {
      try { fn(detail); } catch (err) { console.error(err); }
    }
  };
  /**
   * Listens to `type`; answers the function that stops listening.
   * @param {BoardEventName} type
   * @param {(detail: any) => void} fn
   */
  const on = (type, fn) => {
    if (!listeners.has(type)) listeners.set(type, new Set());
    /** @type {Set<(detail: any) => void>} */ (listeners.get(type)).add(fn);
    return () => listeners.get(type)?.delete(fn);
  };
  /** @type {(Status & {moves: string[]}) | null} */
  let statusNow = null;
  // The status is worked out once per change, however often it is read. Its `moves` (every
  // ply of the line as PTN, as the line is when first read) only when read: a 100,000-ply
  // game's take a while, and the page itself shows only the plies near the one shown.
  /** @returns {Status & {moves: string[]}} */
  const status = () => {
    if (statusNow == null) {
      // A call that failed answers null once the board is rebuilt (www/board-guard.js): the
      // rebuilt board is asked, so that no reader of the status meets a null.
      const s = board.status() ?? board.status();
      if (s == null) throw new Error('the board cannot say where the game stands');
      let moves = null;
      Object.defineProperty(s, 'moves', { enumerable: true, get: () => (moves ??= board.moves()) });
      statusNow = /** @type {Status & {moves: string[]}} */ (s);
    }
    return statusNow;
  };
  let refusals = board.messageSerial();
  let lastHand = '';
  const after = () => {
    statusNow = null;
    const events = board.takeEvents() ?? [];
    // A ply played or a step through the game: an earlier refusal no longer applies.
    if (events.length) hooks.changed();
    for (const e of events) emit(e.type, e);
    if (events.length) emit('change', status());
    // Pieces picked up, dropped or put back: hosts can guide the player.
    const hand = board.hand();
    const handKey = hand ? `${hand.from}:${hand.count}` : '';
    if (handKey !== lastHand) { lastHand = handKey; emit('hand', hand); }
    const serial = board.messageSerial();
    if (serial !== refusals) {
      refusals = serial;
      const message = board.message();
      hooks.refused(message);
      emit('refuse', { message });
    }
    if (board.needsFrame()) hooks.frame();
  };
  return {
    on,
    emit,
    status,
    after,
    stale: () => { statusNow = null; },
    resync: () => { refusals = board.messageSerial(); },
    clear: () => listeners.clear(),
  };
}

/**
 * The board's events: 'move' ({ptn, ply}), 'navigate' ({ply}), 'load', 'change' (the
 * status), 'hand' ({count, from} while a stack is carried, null when not), 'refuse'
 * ({message}: why the last action was refused, in the board's language) and 'recover'
 * ({error}: the wasm failed and the board was rebuilt).
 * @typedef {'move' | 'navigate' | 'load' | 'change' | 'hand' | 'refuse' | 'recover'} BoardEventName
 */
