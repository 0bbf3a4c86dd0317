// The game page's view from Black's side: the toolbar's button and the R key turn the board
// half a turn. A view setting only: it is kept for this tab's session (sessionStorage), never
// in the game or its PTN. Against the computer as Black a game starts turned.
const KEY = 'tak.flip';

const stored = () => {
  try { return sessionStorage.getItem(KEY); } catch { return null; }
};

/**
 * Wires `button` (aria-pressed) and the R key to `board`. `startsFlipped()` says whether a
 * game started now is seen from Black's side (the reader plays Black against the computer);
 * it also decides the first view of a tab that has none kept. Returns {flip(on), newGame()}.
 * @param {import('./board.js').Board} board
 * @param {HTMLElement} button
 * @param {() => boolean} startsFlipped
 */
export function setUpFlip(board, button, startsFlipped) {
  let flipped = false;
  /** @param {boolean} on */
  const flip = (on) => {
    flipped = !!on;
    board.set({ flip: flipped });
    button.setAttribute('aria-pressed', String(flipped));
    try { sessionStorage.setItem(KEY, flipped ? '1' : '0'); } catch { /* kept for this view only */ }
  };
  const kept = stored();
  flip(kept == null ? startsFlipped() : kept === '1');
  button.addEventListener('click', () => flip(!flipped));
  document.addEventListener('keydown', (e) => {
    if (e.key !== 'r' && e.key !== 'R') return;
    if (e.ctrlKey || e.metaKey || e.altKey || e.repeat) return;
    const target = /** @type {HTMLElement | null} */ (e.target);
    if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement || target?.isContentEditable) return;
    if (document.querySelector('dialog[open]')) return;
    flip(!flipped);
    e.preventDefault();
  });
  return {
    flip,
    /** A new game begins: against the computer as Black, seen from Black's side; else as it was. */
    /** @param {boolean} againstComputer */
    newGame(againstComputer) {
      if (againstComputer) flip(startsFlipped());
    },
  };
}
