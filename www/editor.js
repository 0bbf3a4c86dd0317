// The position editor: put pieces on an empty board (or the current position), choose whose
// turn and the move, and take the position as a game start. Loaded only when opened (the
// page's "Set up a position", an embed with editor=1). Glue: the editor's state and every
// rule live in the study build's Rust (`TakEditor`, src/web/editor.rs); the edited position
// is drawn by an ordinary board loaded from the editor's TPS after each edit.
import { loadEngine, mount } from './board.js';
import { addStyle } from './styles.js';


// This module's own styles (www/styles.js).
addStyle(`
/* The position editor (www/editor.js). */
dialog.editor .editor-row { display: flex; flex-wrap: wrap; align-items: center; gap: .3rem .6rem; margin: .25rem 0; }
dialog.editor .editor-tools button { padding: .2rem .5rem; }
dialog.editor button[aria-pressed="true"] { background: var(--accent); color: var(--accent-fg); border-color: var(--accent); }
dialog.editor .editor-field { display: inline-flex; align-items: center; gap: .3rem; margin: 0; }
dialog.editor select, dialog.editor input[type=number] { display: inline-block; width: auto; margin: 0; }
dialog.editor input.editor-number { width: 5.5em; }
dialog.editor .editor-board { height: min(24rem, 46vh); }
dialog.editor .editor-left, dialog.editor .editor-error { margin: .15rem 0; font-size: .9rem; }
dialog.editor .editor-error:empty { display: none; }
dialog.editor .editor-help summary { cursor: pointer; font-weight: 600; }
dialog.editor .editor-help p { max-width: 36rem; font-size: .9rem; }
@media (max-width: 40rem), (max-height: 30rem) {
  dialog.editor .editor-row { gap: .2rem .4rem; margin: .1rem 0; font-size: .9rem; }
  dialog.editor .editor-tools button { padding: .15rem .35rem; min-height: 2rem; font-size: .85rem; }
  dialog.editor input.editor-number { width: 4.5em; }
  dialog.editor .editor-board { height: auto; }
}
/* The editor on a short landscape screen: its controls scroll beside the board. */
@media (max-height: 30rem) and (orientation: landscape) {
  dialog.editor[open] { grid-template-rows: none; align-content: start; overflow-y: auto; }
  dialog.editor[open] > * { grid-column: 1; }
  dialog.editor[open] .editor-board { grid-column: 2; grid-row: 1 / span 8; height: calc(100dvh - 1.2rem); position: sticky; top: 0; margin: 0; }
}
`);

const KINDS = ['flat', 'wall', 'cap'];
const COLORS = ['white', 'black'];
const SIZES = [3, 4, 5, 6, 7, 8];

/**
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {NoInfer<Partial<HTMLElementTagNameMap[K]>>} [props]
 * @param {(Node | string)[]} [children]
 * @returns {HTMLElementTagNameMap[K]}
 */
const el = (tag, props = {}, children = []) => {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
};

/**
 * Builds the editor into `host` (its content is replaced) and resolves when the author is
 * done: `{ptn, tps}` (the PTN starts a game at the position), or null for Cancel.
 * `start`: what the board shows now (`searchSpec()`: its tps and settings), or null
 * for an empty 5×5 board. `t` translates, `lang` is the reader's language, `theme` the board's.
 * @param {HTMLElement} host
 * @param {{t: import('./i18n.js').Translator, lang: string, theme?: string, start?: import('../pkg/tak_study.js').SearchSpec | null}} options
 * @returns {Promise<{ptn: string, tps: string} | null>}
 */
export async function editPosition(host, { t, lang, theme = 'auto', start = null }) {
  await t.more?.(); // the editor's own words come with the long texts (dist/: a file apart)
  const wasm = await loadEngine('study');
  /** The study build's editor (this is the study build). @typedef {NonNullable<import('./board.js').Engine['TakEditor']>} TakEditorClass */
  // The board's spec writes every setting (src/settings.rs `value`): its opening too.
  const fromStart = () => (start
    ? /** @type {TakEditorClass} */ (wasm.TakEditor).fromTps(start.tps, start.settings.flats ?? 0, start.settings.caps ?? 0, /** @type {string} */ (start.settings.opening), lang)
    : /** @type {TakEditorClass} */ (wasm.TakEditor).empty(5, lang));
  let editor = fromStart();
  let tool = 'place'; // what a click does: place the chosen piece, remove the top one, clear

  // The controls.
  const sizeSelect = el('select', { id: 'editor-size' }, SIZES.map((n) => el('option', { value: String(n), textContent: `${n}×${n}` })));
  const emptyButton = el('button', { type: 'button', id: 'editor-empty', textContent: t('editor.ui.empty') });
  const currentButton = el('button', { type: 'button', id: 'editor-current', textContent: t('editor.ui.current'), hidden: !start });
  /** @type {HTMLButtonElement[]} */
  const pieceButtons = [];
  for (const color of COLORS) {
    for (const kind of KINDS) {
      const b = el('button', { type: 'button', className: 'editor-piece', textContent: `${t(`color.${color}`)} · ${t(`editor.ui.${kind}`)}` });
      b.dataset.color = color;
      b.dataset.kind = kind;
      b.addEventListener('click', () => { editor.choose(color, kind); tool = 'place'; refresh(); });
      pieceButtons.push(b);
    }
  }
  const removeButton = el('button', { type: 'button', id: 'editor-remove', textContent: t('editor.ui.remove') });
  const clearButton = el('button', { type: 'button', id: 'editor-clear', textContent: t('editor.ui.clear') });
  const clearAllButton = el('button', { type: 'button', id: 'editor-clear-all', textContent: t('editor.ui.clear_all') });
  removeButton.addEventListener('click', () => { tool = 'remove'; refresh(); });
  clearButton.addEventListener('click', () => { tool = 'clear'; refresh(); });
  const toMove = el('select', { id: 'editor-to-move' }, COLORS.map((c) => el('option', { value: c, textContent: t(`color.${c}`) })));
  const moveNumber = el('input', { id: 'editor-move', type: 'number', min: '1', max: '1000000', inputMode: 'numeric', className: 'editor-number' });
  const stones = el('input', { id: 'editor-stones', type: 'number', min: '1', max: '64', inputMode: 'numeric', className: 'editor-number' });
  const caps = el('input', { id: 'editor-caps', type: 'number', min: '0', max: '63', inputMode: 'numeric', className: 'editor-number' });
  const left = el('p', { id: 'editor-left', className: 'muted editor-left' });
  const error = el('p', { id: 'editor-error', className: 'tutorial-feedback editor-error' });
  error.setAttribute('role', 'alert');
  const boardBox = el('div', { id: 'editor-board', className: 'tutorial-board editor-board' });
  const cancelButton = el('button', { type: 'button', id: 'editor-cancel', textContent: t('editor.ui.cancel') });
  const doneButton = el('button', { type: 'button', id: 'editor-done', className: 'primary', textContent: t('editor.ui.done') });
  /** @param {string} key @param {Node} control */
  const label = (key, control) => el('label', { className: 'editor-field' }, [el('span', { textContent: t(key) }), ' ', control]);
  const help = el('details', { className: 'editor-help' }, [el('summary', { textContent: '?' }), el('p', { className: 'muted', textContent: t('editor.ui.help') })]);
  host.replaceChildren(
    el('div', { className: 'tutorial-head' }, [el('h2', { id: 'editor-heading', textContent: t('editor.ui.title') }), help]),
    el('div', { className: 'editor-row' }, [label('editor.ui.size', sizeSelect), emptyButton, currentButton]),
    boardBox,
    el('div', { className: 'editor-row editor-tools' }, [...pieceButtons, removeButton, clearButton, clearAllButton]),
    el('div', { className: 'editor-row' }, [label('editor.ui.to_move', toMove), label('editor.ui.move', moveNumber),
      label('editor.ui.reserves', stones), label('editor.ui.caps', caps)]),
    left,
    error,
    el('div', { className: 'row end' }, [cancelButton, doneButton]),
  );

  /** @type {import('./board.js').Board} */
  const board = await mount(boardBox, { study: true, interactive: false, animate: false, drawMarks: false, lang, theme, label: t('editor.ui.title'), messages: true });
  board.canvas.setAttribute('aria-describedby', 'editor-left');

  /** @param {string | null | undefined} message */
  const say = (message) => {
    error.textContent = message || '';
    if (message) board.showMessage(message);
  };
  // Draws the editor's state: the board from its TPS, the cursor as a highlight, the controls.
  let shownPtn = '';
  let keyboard = false;
  async function refresh() {
    const s = editor.status();
    if (s.boardPtn !== shownPtn) {
      shownPtn = s.boardPtn;
      await board.load(s.boardPtn);
    }
    await board.set({ marksText: { highlight: keyboard ? `${s.cursor}:blue` : '' } });
    sizeSelect.value = String(s.size);
    toMove.value = s.toMove;
    if (document.activeElement !== moveNumber) moveNumber.value = String(s.moveNumber);
    if (document.activeElement !== stones) stones.value = String(s.stones);
    if (document.activeElement !== caps) caps.value = String(s.caps);
    for (const b of pieceButtons) b.setAttribute('aria-pressed', String(tool === 'place' && b.dataset.color === s.color && b.dataset.kind === s.kind));
    removeButton.setAttribute('aria-pressed', String(tool === 'remove'));
    clearButton.setAttribute('aria-pressed', String(tool === 'clear'));
    left.textContent = [
      t('editor.ui.left', { player: t('color.white'), stones: s.whiteLeft[0], caps: s.whiteLeft[1] }),
      t('editor.ui.left', { player: t('color.black'), stones: s.blackLeft[0], caps: s.blackLeft[1] }),
    ].join(' · ');
  }
  /** @param {() => string | null | undefined} fn */
  const edit = (fn) => { const why = fn(); say(why); refresh(); };

  // Clicks and taps: the square under the pointer gets the tool's action.
  /** @param {number} x @param {number} y */
  const squareAt = (x, y) => {
    const size = editor.status().size;
    for (let rank = 1; rank <= size; rank++) {
      for (let file = 0; file < size; file++) {
        const name = `${String.fromCharCode(97 + file)}${rank}`;
        const r = board.squareRect(name);
        if (r && x >= r.x && x < r.x + r.width && y >= r.y && y < r.y + r.height) return name;
      }
    }
    return null;
  };
  /** @type {string | null} */
  let downAt = null;
  boardBox.addEventListener('pointerdown', (e) => { downAt = squareAt(e.clientX, e.clientY); keyboard = false; }, true);
  boardBox.addEventListener('pointerup', (e) => {
    const square = squareAt(e.clientX, e.clientY);
    if (!square || square !== downAt || (e.pointerType === 'mouse' && e.button !== 0)) return;
    downAt = null;
    edit(() => (tool === 'remove' ? editor.removeTop(square) : tool === 'clear' ? editor.clear(square) : editor.place(square)));
  }, true);
  // The keyboard: the editor's keys first (the board itself does not play here).
  boardBox.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const { handled, error: why } = editor.key(e.key);
    if (!handled) return;
    e.preventDefault();
    e.stopPropagation();
    keyboard = true;
    if (['Enter', ' ', 'Backspace', 'Delete', 'x', 'X'].includes(e.key)) say(why);
    else say('');
    tool = 'place';
    refresh();
  }, true);
  board.canvas.addEventListener('focus', () => { if (board.canvas.matches(':focus-visible')) { keyboard = true; refresh(); } });

  // Starting points, turn, move and reserves.
  sizeSelect.addEventListener('change', () => { editor.free(); editor = /** @type {TakEditorClass} */ (wasm.TakEditor).empty(Number(sizeSelect.value), lang); say(''); refresh(); });
  emptyButton.addEventListener('click', () => { const size = editor.status().size; editor.free(); editor = /** @type {TakEditorClass} */ (wasm.TakEditor).empty(size, lang); say(''); refresh(); });
  currentButton.addEventListener('click', () => { editor.free(); editor = fromStart(); say(''); refresh(); });
  clearAllButton.addEventListener('click', () => { editor.clearAll(); say(''); refresh(); });
  const setTurn = () => edit(() => editor.setTurn(toMove.value, Number(moveNumber.value)));
  toMove.addEventListener('change', setTurn);
  moveNumber.addEventListener('change', setTurn);
  const setReserves = () => edit(() => editor.setReserves(stones.value === '' ? -1 : Number(stones.value), caps.value === '' ? -1 : Number(caps.value)));
  stones.addEventListener('change', setReserves);
  caps.addEventListener('change', setReserves);

  // For tests and hosts: the editor's board and state while it is open.
  /** @typedef {typeof globalThis & {takEditor?: {board: import('./board.js').Board, status: () => import('../pkg/tak_study.js').EditorStatus}}} EditorGlobals */
  /** @type {EditorGlobals} */ (globalThis).takEditor = { board, status: () => editor.status() };
  await refresh();
  return new Promise((resolve) => {
    let finished = false;
    /** @param {{ptn: string, tps: string} | null} result */
    const finish = (result) => {
      if (finished) return;
      finished = true;
      delete /** @type {EditorGlobals} */ (globalThis).takEditor;
      board.destroy();
      editor.free();
      host.replaceChildren();
      resolve(result);
    };
    cancelButton.addEventListener('click', () => finish(null));
    host.addEventListener?.('cancel', (e) => { e.preventDefault(); finish(null); }, { once: true });
    doneButton.addEventListener('click', () => {
      const taken = editor.take();
      if (taken.error) { say(taken.error); return; }
      // Taken without an error: both are there.
      finish({ ptn: /** @type {string} */ (taken.ptn), tps: /** @type {string} */ (taken.tps) });
    });
  });
}
