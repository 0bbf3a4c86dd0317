// The reader's hands on the board, for www/board.js: pointer (mouse, touch, pen), wheel and
// keys on the canvas go to the board in the wasm, which decides what they do.

/** @typedef {import('./board.js').WasmBoard} WasmBoard */

/** A mark's colour from the keys held: Shift red, Ctrl blue, Alt yellow; green otherwise. @param {MouseEvent} e */
const markColor = (e) => (e.shiftKey ? 'red' : e.ctrlKey || e.metaKey ? 'blue' : e.altKey ? 'yellow' : 'green');

/**
 * Listens on `canvas` for `board`. `after()` follows every input (events, redraw);
 * `study()` moves the board into the study build (marks are its own); with `drawMarks`
 * false the right button draws none. Answers `whenReleased()`: a Promise that resolves once
 * no press is on the board (a stack in hand), so that the move into the study build cuts no
 * drag short.
 * @param {HTMLCanvasElement} canvas
 * @param {WasmBoard} board
 * @param {{after: () => void, study: () => Promise<void>, drawMarks?: boolean}} hooks
 */
export function listenForInput(canvas, board, { after, study, drawMarks }) {
  /** @param {PointerEvent} e @returns {[number, number]} where on the canvas */
  const local = (e) => {
    const r = canvas.getBoundingClientRect();
    return [e.clientX - r.left, e.clientY - r.top];
  };
  /**
   * @template {keyof HTMLElementEventMap} K
   * @param {K} type @param {(e: HTMLElementEventMap[K]) => void} fn @param {AddEventListenerOptions} [opts]
   */
  const on = (type, fn, opts) => canvas.addEventListener(type, fn, opts);
  // The right button draws marks: a click highlights a square, a drag draws an arrow, kept
  // with the ply shown. Mark gestures run in order, after the study build has come (the
  // first may wait for it).
  let marks = Promise.resolve();
  let marking = false;
  /** @param {() => void} fn */
  const queueMark = (fn) => { marks = marks.then(study).then(fn).catch(() => {}); };
  let pressed = false;
  /** @type {((value?: unknown) => void) | null} */
  let released = null;
  const whenReleased = () => (pressed ? new Promise((resolve) => { released = resolve; }) : Promise.resolve());
  const release = () => { pressed = false; released?.(); released = null; };
  on('pointerdown', (e) => {
    if (e.pointerType === 'mouse' && e.button === 2 && drawMarks !== false) {
      const at = local(e);
      marking = true;
      queueMark(() => board.markDown(...at));
      canvas.setPointerCapture?.(e.pointerId);
      e.preventDefault();
      return;
    }
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    canvas.setPointerCapture?.(e.pointerId);
    canvas.focus(/** @type {FocusOptions} */ ({ preventScroll: true, focusVisible: false }));
    pressed = true;
    board.pointerDown(...local(e));
    e.preventDefault();
    after();
  });
  on('pointermove', (e) => { board.pointerMove(...local(e)); after(); });
  on('pointerup', (e) => {
    if (marking && e.button === 2) {
      const at = local(e);
      const color = markColor(e);
      queueMark(() => { board.markUp(...at, color); after(); });
      marking = false;
      return;
    }
    board.pointerUp(...local(e));
    if (e.pointerType !== 'mouse') board.pointerLeave();
    after();
    release();
  });
  on('pointercancel', () => { board.pointerCancel(); board.pointerLeave(); after(); release(); });
  on('pointerleave', (e) => { if (e.pointerType === 'mouse') { board.pointerLeave(); after(); } });
  on('wheel', (e) => { if (board.wheel(e.deltaY)) { e.preventDefault(); after(); } }, { passive: false });
  on('keydown', (e) => { if (board.key(e.key)) { e.preventDefault(); after(); } });
  // Reached by the keyboard: show the cursor at once, so the first Enter acts.
  on('focus', () => { if (canvas.matches(':focus-visible')) { board.showCursor(); after(); } });
  on('contextmenu', (e) => e.preventDefault());
  return whenReleased;
}
