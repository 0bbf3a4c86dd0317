// Your mistakes: the player's own mistakes from reviewed games, kept as puzzles on this
// device (www/practice-store.js) and practised on a schedule. After a review, the player's
// `??` and `?` plies are kept (which side is the player's: the computer's opponent, this
// device's side in a friend game, else the player says); in the Puzzles, "Your mistakes"
// shows those due, "find a better move". An answer is judged by the worker's Rust
// (src/ai/review.rs `judge_answer`: right when the review would not call it a mistake), and
// when the puzzle comes back is its Rust too (src/practice.rs). Glue only.
import { REVIEW_NODES } from './analyst.js';
import { moveWords } from './movewords.js';
import { allPuzzles, keepPuzzles, savePuzzle, isDue, mistakesToo, setMistakesToo } from './practice-store.js';

/** @typedef {import('./practice-store.js').KeptPuzzle} KeptPuzzle */
/** @typedef {import('../pkg/tak_engine.js').MistakeToPractise} MistakeToPractise */
/** @typedef {import('./i18n.js').Translator} Translator */

/**
 * Keeps as puzzles the mistakes of `side` ('both': of either) found in `ptn` (a reviewed
 * game's PTN with the review's comments), asked of the analyst's worker. `game`: the entry
 * of My games it is (null: none) and its players' names. Resolves to {found, added}: how many
 * mistakes of that side, how many of them were new.
 * @param {import('./analyst.js').Analyst} analyst
 * @param {string} ptn
 * @param {import('../pkg/tak_engine.js').GameSettings} settings the game's rules
 * @param {'white' | 'black' | 'both'} side
 * @param {{id: string | null, players: string[]}} game
 */
export async function keepMistakes(analyst, ptn, settings, side, game) {
  const found = /** @type {MistakeToPractise[]} */ (await analyst.mistakes(ptn)).filter((m) => side === 'both' || m.side === side);
  const now = Date.now();
  /** @type {KeptPuzzle[]} */
  const puzzles = found.map((m) => ({
    ...m,
    id: `${m.tps}|${m.played}`,
    side: m.side === 'black' ? 'black' : 'white',
    judgement: m.judgement === '?' ? '?' : '??',
    settings,
    gameId: game.id,
    gameName: game.players.join(' – '),
    created: now,
    tries: [],
  }));
  return { found: puzzles.length, added: puzzles.length ? await keepPuzzles(puzzles) : 0 };
}

/** A puzzle's position as a PTN with its rules (the board shows its reserves right). @param {KeptPuzzle} p */
const ptnOf = (p) => {
  const tags = [['Size', p.settings.size], ['Komi', p.settings.komi], ['Flats', p.settings.flats], ['Caps', p.settings.caps], ['TPS', p.tps]];
  return tags.filter(([, v]) => v != null).map(([k, v]) => `[${k} "${v}"]`).join('\n');
};

/** How long the wrong answer stays on the board before it is taken back. */
const DELAY = 900;

/**
 * Practises the puzzles due in the Puzzles dialog: `board` (the dialog's own), `solver` (its
 * worker), `$` finds the dialog's parts, `say(key, params, kind)` the feedback line,
 * `openGame(id, ply)` shows the game a mistake came from (an error message, or null),
 * `onTried()` hears that a try was kept (what is due changed). Returns {destroy()}.
 * @param {{board: import('./board.js').Board, solver: import('./solver.js').Solver, t: Translator, $: (id: string) => PageElement, say: (key: string, params?: Record<string, unknown>, kind?: string) => void, openGame?: (id: string, ply: number) => Promise<string | null>, onTried?: () => void}} ctx
 */
export function practise({ board, solver, t, $, say, openGame, onTried }) {
  let alive = true;
  /** @type {KeptPuzzle[]} */
  let due = [];
  let index = 0;
  let busy = false;
  let tried = false; // this showing counted already (a try after a failure changes nothing)
  let solved = false;
  let round = 0;
  /** @type {KeptPuzzle | null} */
  let shown = null;
  /** @param {string} side */
  const player = (side) => t(side === 'white' ? 'color.white' : 'color.black');

  const render = () => {
    const p = shown;
    $('puzzle-title').textContent = p ? t('mine.number', { n: index + 1, total: due.length }) : '';
    $('puzzle-about').textContent = p ? t('mine.from', { date: new Date(p.created).toLocaleDateString(), game: p.gameName, move: p.moveNumber }) : '';
    $('puzzle-next').disabled = !p || index >= due.length - 1;
    $('puzzle-next').textContent = t(solved || tried ? 'puz.next' : 'puz.skip');
    $('puzzle-next').classList.toggle('primary', (solved || tried) && index < due.length - 1);
    $('puzzle-hint').disabled = !p || solved || busy;
    $('puzzle-retry').disabled = !p || busy || !(tried || solved); // nothing to try again before a try
    $('puzzle-game').hidden = !p?.gameId || !openGame;
  };

  /** Counts this showing's try (once): when it comes back, kept. @param {boolean} right */
  const record = async (right) => {
    const p = /** @type {KeptPuzzle} */ (shown);
    if (tried) return;
    tried = true;
    const now = Date.now();
    try {
      p.schedule = /** @type {import('../pkg/tak_engine.js').Schedule} */ (await solver.ask('practised', { schedule: p.schedule, solved: right, now }));
      p.tries.push({ at: now, solved: right });
      await savePuzzle(p);
      onTried?.();
    } catch (err) {
      if (alive) say('mine.not_kept', { error: /** @type {Error} */ (err)?.message || err }, 'bad');
    }
  };

  /** @param {number} i */
  const show = async (i) => {
    round += 1;
    index = i;
    shown = due[i] ?? null;
    busy = tried = solved = false;
    board.set({ marks: [] });
    if (!shown) {
      render();
      return;
    }
    const error = await board.load(ptnOf(shown));
    if (!alive) return;
    if (error) { say('mine.bad', { error }, 'bad'); render(); return; }
    board.set({ interactive: true });
    say('mine.prompt', { played: shown.played + shown.judgement, player: player(shown.side) }, '');
    render();
  };

  const off = board.on('move', async (e) => {
    const p = shown;
    if (!alive || !p || busy || solved) return;
    const r = round;
    busy = true;
    board.set({ interactive: false, marks: [] });
    render();
    say('puz.checking', {}, '');
    try {
      const toMove = /** @type {'white' | 'black'} */ (p.side);
      /** @type {import('../pkg/tak_engine.js').JudgedAnswer} */
      const judged = await solver.ask('judgeAnswer', { spec: { tps: p.tps, settings: p.settings, toMove, over: false }, move: e.ptn, mistake: p.played, nodes: REVIEW_NODES });
      if (!alive || r !== round) return;
      if (judged.right) {
        solved = true;
        await record(true);
        if (!alive || r !== round) return;
        say(e.ptn === p.better ? 'mine.right_best' : 'mine.right', { move: e.ptn, words: moveWords(e.ptn, t), better: p.better }, 'good');
        busy = false;
        render();
        $('puzzle-next').focus();
        return;
      }
      await record(false);
      if (!alive || r !== round) return;
      say(e.ptn === p.played ? 'mine.same' : 'mine.wrong', { move: e.ptn }, 'bad');
      setTimeout(() => {
        if (!alive || r !== round) return;
        board.undo();
        board.set({ interactive: true });
        busy = false;
        render();
      }, DELAY);
    } catch (err) {
      if (!alive || r !== round || /** @type {{cancelled?: boolean}} */ (err).cancelled) return;
      say('puz.failed', { error: /** @type {Error} */ (err)?.message || err }, 'bad');
      board.undo();
      board.set({ interactive: true });
      busy = false;
      render();
    }
  });

  // The answer, shown: counted as not found.
  $('puzzle-hint').onclick = async () => {
    const p = shown;
    if (!p || busy || solved) return;
    await record(false);
    if (!alive || shown !== p) return;
    await board.showMove(p.better, 'green');
    say('mine.answer', { better: p.better, words: moveWords(p.better, t), played: p.played }, '');
    render();
  };
  $('puzzle-retry').onclick = () => { if (shown) show(index); };
  $('puzzle-next').onclick = () => { if (index < due.length - 1) show(index + 1); };
  $('puzzle-game').onclick = async () => {
    const p = shown;
    if (!p?.gameId || !openGame) return;
    const error = await openGame(p.gameId, p.ply - 1);
    if (error && alive) say(error, {}, 'bad');
  };
  const choice = /** @type {HTMLInputElement} */ ($('puzzle-too'));
  choice.checked = mistakesToo();
  // The choice changes which puzzles are due; the one on the board stays until left.
  choice.onchange = async () => {
    setMistakesToo(choice.checked);
    if (!shown) { start(); return; }
    const current = shown;
    due = await dueNow();
    if (!alive || shown !== current) return;
    const at = due.findIndex((p) => p.id === current.id);
    if (at < 0) due.unshift(current);
    index = Math.max(0, at);
    render();
  };

  /** The puzzles due now, the longest overdue first (all of them: `all`). */
  const dueNow = async () => {
    const all = await allPuzzles();
    const now = Date.now();
    const too = mistakesToo();
    return all.filter((p) => isDue(p, now, too)).sort((a, b) => /** @type {number} */ (a.schedule.due) - /** @type {number} */ (b.schedule.due));
  };

  const start = async () => {
    /** @type {KeptPuzzle[]} */
    let all = [];
    try {
      all = await allPuzzles();
      due = await dueNow();
    } catch (err) {
      say('mine.unreadable', { error: /** @type {Error} */ (err)?.message || err }, 'bad');
      due = [];
    }
    if (!alive) return;
    await show(0);
    if (!shown) {
      const too = mistakesToo();
      const waiting = all.filter((p) => (too || p.judgement === '??') && p.schedule.due != null).map((p) => /** @type {number} */ (p.schedule.due));
      const learned = all.filter((p) => p.schedule.due == null).length;
      const next = waiting.length ? Math.min(...waiting) : null;
      const when = next == null ? '' : new Date(next).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
      const words = !all.length ? t('mine.empty')
        : next == null ? t('mine.all_learned', { learned })
          : t('mine.none_due', { next: when }) + (learned ? ` ${t('mine.learned', { learned })}` : '');
      const f = $('puzzle-feedback');
      f.textContent = words;
      f.className = `tutorial-feedback ${next == null && all.length ? 'good' : ''}`;
      board.set({ interactive: false });
    }
  };
  start();
  return {
    destroy() {
      alive = false;
      off();
      round += 1;
      $('puzzle-game').hidden = true;
    },
  };
}
