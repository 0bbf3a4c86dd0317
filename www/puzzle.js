// Tinue puzzles: the reader moves for the attacker, the solver in the worker judges each move
// (any move that keeps the forced road is accepted) and answers with the strongest defence,
// until the road. Loaded only when puzzles are opened (the page's Puzzles, an embed with
// puzzle=1, <tak-board puzzle>). Glue: every fact (the set, the verdicts, the defences)
// comes from the worker's Rust.
import { mount } from './board.js';
import { stepsBar } from './lesson.js';
import { moveWords } from './movewords.js';
import { Solver, readSet, readOne, puzzleFromTps, judgeMove, defend } from './solver.js';

/** The dialog's markup, put in it when first opened (not sent on a first visit). */
export const PUZZLE_MARKUP = `
<div class="tutorial-head">
  <h2 id="puzzle-heading" data-i18n="puz.title">Puzzles</h2>
  <span id="puzzle-solved" class="muted"></span>
</div>
<div class="puzzle-sets" role="group" aria-labelledby="puzzle-heading">
  <button id="puzzle-set-tinue" type="button" aria-pressed="true" data-i18n="puz.set_tinue">Tinue puzzles</button>
  <button id="puzzle-set-mine" type="button" aria-pressed="false"><span data-i18n="puz.set_mine">Your mistakes</span> <span id="puzzle-due" class="due"></span></button>
</div>
<h3 id="puzzle-title"></h3>
<p id="puzzle-about" class="muted"></p>
<div id="puzzle-board" class="tutorial-board"></div>
<p id="puzzle-feedback" class="tutorial-feedback" aria-live="assertive"></p>
<label id="puzzle-too-row" class="puzzle-too" hidden><input id="puzzle-too" type="checkbox"> <span data-i18n="mine.too">Practise my ? moves too, not only my ?? ones</span></label>
<div class="row end">
  <button id="puzzle-prev" type="button" data-i18n="puz.prev">Previous</button>
  <button id="puzzle-game" type="button" data-i18n="mine.open_game" hidden>Open the game</button>
  <button id="puzzle-hint" type="button" data-i18n="puz.hint_button">Hint</button>
  <button id="puzzle-retry" type="button" data-i18n="puz.retry">Try again</button>
  <button id="puzzle-next" type="button" data-i18n="puz.skip">Skip</button>
  <button id="puzzle-close" type="button" data-i18n="puz.back">Back to my game</button>
</div>
`;

/** @typedef {import('../pkg/tak_engine.js').SearchSpec} SearchSpec */
/**
 * A puzzle as the worker reads it (a set's, or one PTN's), or as made from a position alone
 * (www/solver.js `puzzleFromTps`: no source in words, the attacker the side to move).
 * @typedef {Pick<ShownPuzzle, 'tps' | 'solution' | 'plies' | 'source' | 'difficulty'> & {attacker: string | null} & Partial<Pick<ShownPuzzle, 'sourceGame' | 'sourceMove' | 'selfPlay'>>} Puzzle
 * @typedef {import('../pkg/tak_engine.js').ShownPuzzle} ShownPuzzle
 */
/** Where a puzzle stands: solved, a move being judged, the plies still to go. @typedef {{solved: boolean, busy: boolean, left: number}} PuzzleState */
/** What the solver's promises reject with: `cancelled` when the question was dropped. @typedef {Error & {cancelled?: boolean}} SolverError */

/** How long an answer waits before it is played, and a refused move before it is taken back. */
const DELAY = 500;
const PROGRESS_KEY = 'tak.puzzles';

/**
 * Plays one puzzle on `board` (a mounted handle): `puzzle` as the worker reads it, `say(key,
 * params, kind)` shows a line of feedback, `onSolved()` is called at the road, `onState()`
 * after each change of state. Returns {hint(), retry(), state, destroy()}.
 * @param {import('./board.js').Board} board
 * @param {import('./solver.js').Solver} solver
 * @param {Puzzle} puzzle
 * @param {{t: import('./i18n.js').Translator, say: (key: string, params?: Record<string, unknown>, kind?: string) => void, onSolved?: () => void, onState?: (state: PuzzleState) => void}} hooks
 */
export function playPuzzle(board, solver, puzzle, { t, say, onSolved, onState }) {
  let left = puzzle.plies; // plies still to go, counting the reader's next move
  /** @type {SearchSpec | null} */
  let before = null; // the spec before the reader's move
  /** @type {string | null} */
  let nextMove = puzzle.solution[0]; // the hint
  let busy = false; // a move is being judged, or the answer is on its way
  let auto = false; // the board is playing the answer
  let solved = false;
  let alive = true;
  let shownDefence = false; // the refuting defence is drawn on the board
  let round = 0; // which start of the puzzle: an answer for an earlier one is dropped
  const attacker = () => puzzle.attacker ?? /** @type {import('./board.js').Status} */ (board.status()).toMove;
  const defender = () => (attacker() === 'white' ? 'black' : 'white');
  /** @param {string} c */
  const player = (c) => t(c === 'white' ? 'color.white' : 'color.black');
  const state = () => ({ solved, busy, left });
  const changed = () => onState?.(state());
  const start = async () => {
    round += 1;
    if (shownDefence) { shownDefence = false; board.set({ marks: [] }); }
    await board.load(puzzle.tps);
    board.set({ interactive: true });
    left = puzzle.plies;
    nextMove = puzzle.solution[0];
    busy = solved = false;
    before = board.searchSpec();
    say('puz.prompt', { player: player(attacker()) }, '');
    changed();
  };
  const off = board.on('move', async (e) => {
    if (auto || !alive) return;
    if (busy || solved) return;
    if (shownDefence) { shownDefence = false; board.set({ marks: [] }); }
    const r = round;
    const stale = () => !alive || r !== round;
    busy = true;
    board.set({ interactive: false });
    changed();
    say('puz.checking', {}, '');
    let judged;
    try {
      // The spec was taken when the puzzle started (start()), before any move.
      judged = await judgeMove(solver, /** @type {SearchSpec} */ (before), e.ptn, left);
    } catch (err) {
      if (/** @type {SolverError} */ (err).cancelled || stale()) return;
      say('puz.failed', { error: /** @type {SolverError} */ (err).message }, 'bad');
      busy = false;
      board.set({ interactive: true });
      changed();
      return;
    }
    if (stale()) return;
    if (judged.verdict === 'refuted') {
      if (judged.defence) {
        say('puz.wrong', { move: judged.move, player: player(defender()), defence: judged.defence }, 'bad');
        // The escape drawn on the board too; it stays after the take-back, until the next try.
        await board.showMove(judged.defence, 'red');
        shownDefence = true;
      } else {
        say('puz.wrong_plain', { move: judged.move }, 'bad');
      }
      setTimeout(() => {
        if (stale()) return;
        board.undo();
        board.set({ interactive: true });
        busy = false;
        changed();
      }, DELAY * 2);
      return;
    }
    if (judged.verdict === 'keeps' && judged.line.length === 1) {
      solved = true;
      busy = false;
      say('puz.solved', {}, 'good');
      changed();
      onSolved?.();
      return;
    }
    say('puz.good', { move: judged.move }, 'good');
    left -= 1;
    const spec = board.searchSpec();
    let defence;
    try {
      [defence] = await Promise.all([
        defend(solver, spec, left),
        new Promise((r) => setTimeout(r, DELAY)),
      ]);
    } catch (err) {
      if (/** @type {SolverError} */ (err).cancelled || stale()) return;
      say('puz.failed', { error: /** @type {SolverError} */ (err).message }, 'bad');
      return;
    }
    if (stale()) return;
    // The solver found no forced road after all (its budget): the reader's move stands, and
    // the defence is the one the move's proof gave.
    const reply = defence.line[0] ?? judged.line[1];
    if (!reply) { solved = true; busy = false; say('puz.solved', {}, 'good'); changed(); onSolved?.(); return; }
    auto = true;
    const error = board.play(reply);
    auto = false;
    if (error) { say('puz.failed', { error }, 'bad'); busy = false; changed(); return; }
    left -= 1;
    nextMove = defence.line[1] ?? judged.line[2] ?? null;
    before = board.searchSpec();
    busy = false;
    board.set({ interactive: true });
    say('puz.answered', { player: player(defender()), move: reply, attacker: player(attacker()) }, '');
    changed();
  });
  start();
  return {
    get state() { return state(); },
    hint() {
      if (solved || busy || !nextMove) return;
      board.set({ hint: nextMove });
      // A spread that takes fewer than the board picks up (the whole stack, up to the carry
      // limit) is said in words: how many to take, and where they go.
      const spread = /^(\d?)([a-h][1-8])([<>+-])(\d*)/.exec(nextMove);
      const { tps } = board.searchSpec();
      if (spread && (Number(spread[1]) || 1) < Math.min(heightAt(tps, spread[2]), Number(tps.split('/').length))) {
        const [, count, from, dir, drops] = spread;
        say('puz.hint_spread', { count: count || 1, from, direction: t(`puz.dir_${{ '<': 'left', '>': 'right', '+': 'up', '-': 'down' }[dir]}`), drops: (drops || count || '1').split('').join(', ') }, '');
      } else say('hint.say', { words: moveWords(nextMove, t) }, '');
    },
    retry: () => start(),
    destroy() { alive = false; off(); },
  };
}

/** The height of the stack on `square` ("c3") in position `tps`. @param {string} tps @param {string} square */
export function heightAt(tps, square) {
  const rows = tps.split(' ')[0].split('/');
  const row = rows[rows.length - Number(square.slice(1))] ?? '';
  let file = square.charCodeAt(0) - 97;
  for (const cell of row.split(',')) {
    const empty = /^x(\d*)$/.exec(cell);
    const n = empty ? Number(empty[1] || 1) : 1;
    if (file < n) return empty ? 0 : cell.replace(/[SC]/g, '').length;
    file -= n;
  }
  return 0;
}

/** The progress kept on this device: {solved: [numbers], at: number} (numbers from 1). */
export function loadProgress() {
  try {
    const p = JSON.parse(localStorage.getItem(PROGRESS_KEY) || '{}');
    return { solved: Array.isArray(p.solved) ? p.solved.filter(Number.isInteger) : [], at: Number.isInteger(p.at) ? p.at : null };
  } catch {
    return { solved: [], at: null };
  }
}

/** @param {{solved: number[], at: number | null}} progress */
function saveProgress(progress) {
  try { localStorage.setItem(PROGRESS_KEY, JSON.stringify(progress)); } catch { /* disabled: kept for this visit */ }
}

/** @type {{board: import('./board.js').Board, close: () => void} | null} */
let current = null;

/**
 * The page's Puzzles: a dialog with its own board (the reader's game stays as it was, under
 * it) and two sets: the shipped tinue puzzles, opening at the first unsolved, and the
 * reader's own mistakes due for practice (www/mistakes.js). `how.mine` opens on the latter;
 * `how.openGame(id, ply)` shows the game a mistake came from (an error message, or null).
 * @param {HTMLDialogElement} dialog
 * @param {import('./i18n.js').Translator} t
 * @param {string} lang
 * @param {import('./app.js').Settings} settings
 * @param {{mine?: boolean, openGame?: (id: string, ply: number) => Promise<string | null>}} [how]
 */
export async function openPuzzles(dialog, t, lang, settings, how = {}) {
  /** @param {string} id */
  const $ = (id) => /** @type {PageElement} */ (dialog.querySelector(`#${id}`));
  current?.close();
  /** @param {string} key @param {Record<string, unknown>} [params] @param {string} [kind] */
  const feedback = (key, params, kind) => {
    const f = $('puzzle-feedback');
    f.textContent = t(key, params);
    f.className = `tutorial-feedback ${kind || ''}`;
  };
  $('puzzle-title').textContent = '';
  $('puzzle-about').textContent = '';
  feedback('puz.loading', {}, '');
  dialog.showModal();
  const solver = new Solver();
  /** @type {import('./board.js').Board} */
  const board = await mount($('puzzle-board'), { study: true, lang, showTargets: true, patterns: settings?.patterns, label: t('board.label'),
    // The page's theme (dark chosen on a light system too: no light surround in a dark page).
    theme: settings?.theme === 'dark' || settings?.theme === 'light' ? settings.theme : 'auto' });
  window.takPuzzle = board; // for hosts and tests, like window.tak
  /** The set shown: {destroy()}. @type {{destroy: () => void} | null} */
  let shownSet = null;
  /** Says how many of the reader's mistakes are due, beside the set's name. */
  const sayDue = async () => {
    const { dueCount } = await import('./practice-store.js');
    const n = await dueCount();
    $('puzzle-due').textContent = n ? String(n) : '';
    $('puzzle-set-mine').setAttribute('aria-label', `${t('puz.set_mine')}: ${t('mine.due', { n })}`);
  };
  let choosing = 0; // which choice of set: a set that comes after another was chosen is dropped
  /** @param {boolean} mine */
  const choose = async (mine) => {
    const chosen = ++choosing;
    shownSet?.destroy();
    shownSet = null;
    board.set({ marks: [] });
    $('puzzle-set-tinue').setAttribute('aria-pressed', String(!mine));
    $('puzzle-set-mine').setAttribute('aria-pressed', String(mine));
    $('puzzle-too-row').hidden = !mine;
    $('puzzle-prev').hidden = mine;
    $('puzzle-solved').textContent = '';
    $('puzzle-hint').textContent = t(mine ? 'mine.show' : 'puz.hint_button');
    if (mine) {
      const { practise } = await import('./mistakes.js');
      if (chosen !== choosing || !board.canvas.isConnected) return; // another set, or closed, meanwhile
      const practice = practise({ board, solver, t, $, say: feedback, openGame: how.openGame && (async (id, ply) => {
        const error = await /** @type {NonNullable<typeof how.openGame>} */ (how.openGame)(id, ply);
        if (!error) dialog.close();
        return error;
      }), onTried: sayDue });
      shownSet = { destroy: () => { practice.destroy(); sayDue(); } };
    } else {
      const set = await tinueSet(board, solver, t, $, feedback, () => chosen === choosing && board.canvas.isConnected);
      if (chosen === choosing && board.canvas.isConnected) shownSet = set; else set.destroy();
    }
  };
  $('puzzle-set-tinue').onclick = () => choose(false);
  $('puzzle-set-mine').onclick = () => choose(true);
  $('puzzle-close').onclick = () => dialog.close();
  const close = () => {
    shownSet?.destroy();
    solver.stop();
    board.destroy();
    if (window.takPuzzle === board) delete window.takPuzzle;
    if (current?.board === board) current = null;
  };
  current = { board, close: () => dialog.close() };
  dialog.addEventListener('close', close, { once: true });
  sayDue();
  await choose(!!how.mine);
}

/**
 * The shipped tinue puzzles, on the Puzzles dialog's board: from the first unsolved one.
 * Returns {destroy()}.
 * @param {import('./board.js').Board} board
 * @param {Solver} solver
 * @param {import('./i18n.js').Translator} t
 * @param {(id: string) => PageElement} $
 * @param {(key: string, params?: Record<string, unknown>, kind?: string) => void} feedback
 * @param {() => boolean} wanted whether the set is still the one chosen (false: it was left while it loaded)
 */
async function tinueSet(board, solver, t, $, feedback, wanted) {
  /** @type {Puzzle[]} */
  let set;
  try {
    // The one-file page carries the set (scripts/dist.mjs).
    /** @type {string} */
    const text = /** @type {typeof globalThis & {TAK_PUZZLES?: string}} */ (globalThis).TAK_PUZZLES ?? await fetch(new URL('./puzzles/puzzles.ptn', import.meta.url)).then((r) => {
      if (!r.ok) throw new Error(`${r.status} ${r.statusText}`);
      return r.text();
    });
    set = await readSet(solver, text);
  } catch (err) {
    feedback('puz.no_set', { error: /** @type {Error} */ (err)?.message || err }, 'bad');
    set = [];
  }
  if (!wanted()) return { destroy() {} };
  const progress = loadProgress();
  let index = set.findIndex((_, i) => !progress.solved.includes(i + 1));
  if (index < 0) index = 0;
  /** @type {ReturnType<typeof playPuzzle> | null} */
  let game = null;
  let alive = true;
  /** Where the puzzle comes from, as a player says it: the game and the move. @param {Puzzle} p */
  const sourceText = (p) => {
    if (p.selfPlay) return t('puz.source_selfplay');
    if (p.sourceGame) return t('puz.source_game', { game: p.sourceGame, move: p.sourceMove });
    return p.source ? t('puz.source', { source: p.source }) : '';
  };
  const render = () => {
    const p = set[index];
    if (!p || !alive) return;
    const done = progress.solved.includes(index + 1);
    $('puzzle-title').textContent = t('puz.number', { n: index + 1, total: set.length, difficulty: p.difficulty });
    $('puzzle-about').textContent = [t(p.plies === 1 ? 'puz.plies_one' : 'puz.plies', { n: p.plies }), sourceText(p), done && !game?.state.solved ? t('puz.done_before') : ''].filter(Boolean).join(' · ');
    const s = /** @type {Partial<PuzzleState>} */ (game?.state ?? {});
    $('puzzle-prev').disabled = index === 0;
    $('puzzle-next').disabled = index >= set.length - 1;
    $('puzzle-next').textContent = t(s.solved ? 'puz.next' : 'puz.skip');
    $('puzzle-next').classList.toggle('primary', !!s.solved);
    $('puzzle-hint').disabled = !!s.solved || !!s.busy;
    $('puzzle-retry').disabled = false;
    $('puzzle-solved').textContent = t('puz.solved_count', { n: progress.solved.length, total: set.length });
  };
  const show = () => {
    game?.destroy();
    progress.at = index + 1;
    saveProgress(progress);
    game = playPuzzle(board, solver, set[index], {
      t,
      say: feedback,
      onSolved: () => {
        if (!progress.solved.includes(index + 1)) progress.solved.push(index + 1);
        saveProgress(progress);
        render();
        $('puzzle-next').focus();
      },
      onState: render,
    });
    render();
  };
  $('puzzle-next').onclick = () => { if (index < set.length - 1) { index += 1; show(); } };
  $('puzzle-prev').onclick = () => { if (index > 0) { index -= 1; show(); } };
  $('puzzle-hint').onclick = () => game?.hint();
  $('puzzle-retry').onclick = () => game?.retry();
  if (set.length) show();
  return { destroy: () => { alive = false; game?.destroy(); $('puzzle-solved').textContent = ''; } };
}

/**
 * One puzzle on a board of an embed or a <tak-board puzzle>: `source` is {ptn} (a PTN of one
 * puzzle, its solution the main line) or {tps} (a position: the solver finds the proof).
 * Adds a line of feedback and Hint / Try again under the board in `container`. Resolves to
 * {destroy} or rejects with a message for the host (not a puzzle, no forced road, ...).
 * @param {HTMLElement} container
 * @param {import('./board.js').Board} handle
 * @param {import('./i18n.js').Translator} t
 * @param {{ptn?: string, tps?: string}} source
 */
export async function onePuzzle(container, handle, t, source) {
  await t.more?.();
  const solver = new Solver();
  let puzzle;
  try {
    if (source.ptn != null) {
      puzzle = await readOne(solver, source.ptn);
    } else {
      puzzle = await puzzleFromTps(solver, handle.searchSpec());
    }
  } catch (err) {
    solver.stop();
    throw new Error(source.ptn != null ? `the ptn: ${/** @type {Error} */ (err)?.message || err}` : `the tps: ${/** @type {Error} */ (err)?.message || err}`);
  }
  const text = document.createElement('p');
  text.className = 'tak-caption puzzle-feedback';
  text.setAttribute('aria-live', 'assertive');
  text.style.cssText = 'margin:0;padding:4px 8px;min-height:1.4em;font:15px/1.35 system-ui,sans-serif;text-align:center;';
  const { bar, button } = stepsBar();
  /** @type {ReturnType<typeof playPuzzle> | null} */
  let game = null;
  const hint = button(t('puz.hint_button'), () => game?.hint());
  button(t('puz.retry'), () => game?.retry());
  container.append(text, bar);
  game = playPuzzle(handle, solver, puzzle, {
    t,
    say: (key, params, kind) => { text.textContent = t(key, params); text.dataset.kind = kind || ''; },
    onState: (s) => { hint.disabled = s.solved || s.busy; },
  });
  return {
    puzzle,
    destroy() { /** @type {ReturnType<typeof playPuzzle>} */ (game).destroy(); solver.stop(); text.remove(); bar.remove(); },
  };
}
