// Studying a game: live analysis of the position shown (an evaluation bar, the score, the
// depth and the three best lines, whose plies preview on hover or tap and play as a
// variation on click), and a whole-game review that marks mistakes in the game and draws White's chance
// along it. The engine runs in its own Web Worker; this file is glue.
import { Analyst, analysisKey, evalWords, REVIEW_NODES } from './analyst.js';
import { addStyle } from './styles.js';
import { translatePage } from './i18n.js';


// This module's own styles (www/styles.js).
addStyle(`
.graph { flex: none; height: clamp(2.5rem, 9vh, 4.5rem); padding: 0 .6rem .3rem; }
.graph svg { display: block; width: 100%; height: 100%; border: 1px solid var(--line); border-radius: .3rem; cursor: pointer; }
.graph .black-area { fill: #3a3330; }
.graph .white-area { fill: #fbf6ea; }
.graph .mid { stroke: var(--muted); stroke-width: 1; stroke-dasharray: 6 6; vector-effect: non-scaling-stroke; }
.graph .here { stroke: var(--accent); stroke-width: 2; vector-effect: non-scaling-stroke; }
.graph .blunder { fill: #d32f2f; stroke: #fff; stroke-width: 1; vector-effect: non-scaling-stroke; }
.graph .mistake { fill: #f9a825; stroke: #fff; stroke-width: 1; vector-effect: non-scaling-stroke; }
.analysis { margin: .2rem 0 .3rem; }
.evalbar { height: .7rem; border-radius: .35rem; background: #3a3330; border: 1px solid var(--line); overflow: hidden; }
.evalbar .fill { height: 100%; width: 50%; background: #fbf6ea; transition: width .3s; }
.analysis-head { margin: .2rem 0 0; font-size: .92rem; }
.analysis-line { margin: .1rem 0; font-family: ui-monospace, Menlo, Consolas, monospace; font-size: .88rem; display: flex; flex-wrap: wrap; gap: .1rem; max-height: 3.6rem; overflow: hidden; }
.analysis-line button.ply { padding: 0 .3rem; min-height: 1.6rem; border-color: transparent; background: transparent; }
.analysis-line button.ply:hover, .analysis-line button.ply.previewing { border-color: var(--accent); }
.analysis-more { margin: 0 0 .1rem; padding-left: 1.4rem; font-family: ui-monospace, Menlo, Consolas, monospace; font-size: .8rem; }
.analysis-more li { max-height: 1.7rem; overflow: hidden; }
.analysis-more button.ply { padding: 0 .25rem; min-height: 1.5rem; border-color: transparent; background: transparent; }
.analysis-more button.ply:hover, .analysis-more button.ply.previewing { border-color: var(--accent); }
.review-progress { display: flex; gap: .4rem; align-items: center; flex-wrap: wrap; font-size: .9rem; }
.review-progress progress { flex: 1; min-width: 6rem; }
.review-progress button { min-height: 1.9rem; padding: .1rem .5rem; }
.review-summary { font-size: .9rem; color: var(--muted); }
.review-units { font-size: .8rem; margin-top: -.3rem; }
.review-practice { display: flex; flex-wrap: wrap; align-items: center; gap: .2rem .5rem; font-size: .88rem; margin: .15rem 0; }
.review-practice button { min-height: 1.8rem; padding: .05rem .6rem; }
@media (orientation: portrait) {
  .analysis-line { max-height: 1.8rem; }
  /* The graph's height, on top of the board's (www/style.css). */
  .game:has(#graph:not([hidden])) { --graph: calc(clamp(2.5rem, 9vh, 4.5rem) + .3rem); }
}
/* A phone held sideways: one row for the best line and one other line, so that the moves'
   « ‹ › » keep their place below the status. */
@media (orientation: landscape) and (max-height: 30rem) {
  .analysis-line { max-height: 1.8rem; }
  .analysis-more li + li { display: none; }
}
`);

/** @typedef {import('./analyst.js').InsightOrError} InsightOrError */
/** What a review rejects with: `cancelled` (the reader's Cancel), `died` (the worker went silent). @typedef {Error & {cancelled?: boolean, died?: boolean}} ReviewError */

export { REVIEW_NODES };

/** @param {string} id */
const $ = (id) => /** @type {PageElement} */ (document.getElementById(id));
/** The review's progress bar. */
const reviewBar = () => /** @type {HTMLProgressElement} */ (document.getElementById('review-bar'));

/**
 * Wires the analysis toggle, the review and the graph to `board`. `t` translates; `busy()`
 * says whether the computer is thinking (analysis waits for it).
 * @param {import('./board.js').Board} board
 * @param {() => import('./i18n.js').Translator} getT the current translator
 * @param {{busy: () => boolean, dialogs?: () => Promise<ReturnType<typeof import('./board-dialogs.js').createBoardDialogs>>}} page
 *   `dialogs()`: the page's dialogs, which know whose mistakes to keep and open the practice
 */
export function setUpStudy(board, getT, { busy, dialogs }) {
  const analyst = new Analyst();
  let on = false;
  /** @type {string | null} */
  let shownFor = null;
  let shownLines = ''; // the lines on screen, as text
  /** @type {string | null} */
  let previewed = null; // the prefix of the line a tap previews (a second tap plays it)
  /** @type {HTMLButtonElement | false} */
  let hovering = false; // the ply button the mouse moved onto, or false
  /** @type {string | null} */
  let pressing = null; // the pointer type of a press on a ply, until its click
  // A press that ends elsewhere (no click) lets the lines move again, after any click it makes.
  addEventListener('pointerup', () => setTimeout(() => { pressing = null; }), true);
  const t = (/** @type {Parameters<import('./i18n.js').Translator>} */ ...args) => getT()(...args);
  // The review's and the lines' words come in dist/ with the long texts (www/i18n.js,
  // `MORE_KEYS`): fetched once per language (the translator keeps them), before a line or a
  // summary needs them.
  const ready = () => getT().more?.() ?? Promise.resolve();
  // The page's own words among them (the evaluation bar's name, the review's line), which the
  // page's first translation could not give: given now, in the reader's language.
  const translated = () => ready().then(() => translatePage(document, getT()));
  translated();

  const previewButtons = () => document.querySelectorAll('#analysis-line button, #analysis-more button');
  /** Fills `box` with one button per ply of `line`: hover or a first tap previews the line up
   * to there, a click or a second tap plays it.
   * @param {HTMLElement} box @param {string[]} line */
  const renderPlies = (box, line) => {
    line.forEach((ply, i) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'ply';
      b.textContent = ply;
      b.setAttribute('aria-label', t('analysis.play_line', { line: line.slice(0, i + 1).join(' ') }));
      // A preview starts when the mouse moves onto a ply, not when a ply appears under a
      // resting pointer: turning analysis on moves the lines to where the toggle was, and a
      // preview there would freeze the lines at their first depth.
      b.addEventListener('pointermove', (e) => {
        if (e.pointerType !== 'mouse' || hovering === b || !(e.movementX || e.movementY)) return;
        hovering = b;
        board.set({ preview: line.slice(0, i + 1) });
      });
      b.addEventListener('pointerleave', (e) => { if (e.pointerType === 'mouse') { hovering = false; board.set({ preview: null }); } });
      b.addEventListener('focus', () => board.set({ preview: line.slice(0, i + 1) }));
      b.addEventListener('blur', () => board.set({ preview: null }));
      // The press's kind, and the lines held still from the press to its click: a search
      // that deepens in between would otherwise put a new button under the finger, whose
      // click never saw the touch and played at once.
      b.addEventListener('pointerdown', (e) => { pressing = e.pointerType; });
      b.addEventListener('pointercancel', () => { pressing = null; });
      const prefix = line.slice(0, i + 1);
      if (previewed === prefix.join(' ')) b.classList.add('previewing');
      b.addEventListener('click', (e) => {
        // The click's own kind too (a PointerEvent in Chromium): a button put in place after
        // the press never saw it, and a tap on it must still preview first.
        const kind = /** @type {PointerEvent} */ (e).pointerType;
        const touch = pressing === 'touch' || pressing === 'pen' || kind === 'touch' || kind === 'pen';
        pressing = null;
        if (touch && previewed !== prefix.join(' ')) {
          for (const other of previewButtons()) other.classList.remove('previewing');
          b.classList.add('previewing');
          previewed = prefix.join(' ');
          board.set({ preview: prefix });
          return;
        }
        previewed = null;
        hovering = false;
        board.set({ preview: null });
        for (const ply of prefix) if (board.play(ply)) break;
      });
      // A space between the plies: text and screen readers read "a1 c4 b1", not "a1c4b1" (in
      // the flex line, a space between two buttons takes no room).
      box.append(...(i ? [' ', b] : [b]));
    });
  };
  /** @param {InsightOrError} insight */
  const renderInsight = (insight) => {
    if (insight.error) { $('analysis-score').textContent = insight.error; return; }
    const percent = Math.round(insight.whiteChance * 100);
    /** @type {HTMLElement} */ ($('evalbar').querySelector('.fill')).style.width = `${percent}%`;
    $('evalbar').setAttribute('aria-valuenow', String(percent));
    $('evalbar').setAttribute('aria-valuetext', t('analysis.chance', { percent }));
    $('analysis-score').textContent = `${evalWords(insight.text, t)} · ${t('analysis.chance', { percent })}`;
    $('analysis-score').title = t('analysis.score_title');
    $('analysis-depth').textContent = insight.finished ? t('analysis.done', { depth: insight.depth }) : t('analysis.depth', { depth: insight.depth });
    // The lines stay still while the reader previews one of their plies.
    const others = insight.lines || [];
    const key = [insight.pv, ...others.map((l) => l.pv)].map((l) => l.join(' ')).join('|');
    if (key === shownLines || previewed !== null || hovering || pressing) return;
    shownLines = key;
    const box = $('analysis-line');
    box.replaceChildren();
    renderPlies(box, insight.pv);
    // The next best lines, each with its score.
    const more = $('analysis-more');
    more.replaceChildren();
    for (const other of others) {
      const item = document.createElement('li');
      const score = document.createElement('span');
      score.className = 'muted line-score';
      score.textContent = evalWords(other.text, t);
      item.append(score, ' ');
      renderPlies(item, other.pv);
      more.append(item);
    }
  };
  analyst.onInsight = (insight) => ready().then(() => renderInsight(insight));
  analyst.onRestart = (again) => ready().then(() => renderInsight(/** @type {InsightOrError} */ ({ error: t(again ? 'worker.analysis_died' : 'worker.analysis_restarted') })));

  /** Analyses the position shown, when the toggle is on and the computer is not thinking. */
  const follow = () => {
    if (!on) return;
    const spec = board.searchSpec();
    const key = analysisKey(spec);
    if (busy()) { analyst.stop(); shownFor = null; return; }
    if (key === shownFor) return;
    shownFor = key;
    shownLines = '';
    previewed = null;
    hovering = false;
    $('analysis-line').replaceChildren();
    $('analysis-more').replaceChildren();
    $('analysis-depth').textContent = '';
    analyst.analyse(spec);
  };
  /** @param {boolean} value */
  const setOn = (value) => {
    on = value;
    $('analysis').hidden = !on;
    $('analysis-toggle').setAttribute('aria-pressed', String(on));
    shownFor = null;
    if (on) follow(); else { analyst.stop(); board.set({ preview: null }); }
  };

  // Hidden tab: stop thinking; back: go on.
  document.addEventListener('visibilitychange', () => {
    if (document.hidden) { analyst.stop(); shownFor = null; } else follow();
  });

  // The review. Its summary is said again in the reader's language when that changes.
  /** @type {(() => string) | null} */
  let summary = null;
  /** The line under it on the reader's own mistakes, drawn again in a new language. @type {(() => void) | null} */
  let practiceLine = null;
  const sayReview = () => {
    if (!summary) return;
    $('review-summary').textContent = summary();
    // What the scores and "a road in N" mean, said once under the summary.
    $('review-units').textContent = t('review.units');
    practiceLine?.();
  };
  /** The line on the reader's mistakes, after the review's units (made when first wanted). */
  const practiceBox = () => {
    let box = document.getElementById('review-practice');
    if (!box) {
      box = Object.assign(document.createElement('div'), { id: 'review-practice', className: 'review-practice' });
      box.setAttribute('role', 'status');
      $('review-units').after(box);
    }
    return box;
  };
  const hidePractice = () => { practiceLine = null; document.getElementById('review-practice')?.remove(); };
  /**
   * Whose mistakes the reader practises: their side against the computer, this device's in
   * a friend game ('watch': none), else 'both' (the reader says which side was theirs).
   * @returns {Promise<'white' | 'black' | 'both' | null>}
   */
  const whose = async () => {
    if (!dialogs) return null;
    const page = await dialogs();
    const side = page.you();
    if (side === 'white' || side === 'black') return side;
    const id = await page.keptId();
    const library = await import('./library.js');
    const found = id ? await library.get(id).catch(() => null) : null;
    const kept = found ? library.readersSide(found.entry) : null;
    if (kept === 'white' || kept === 'black') return kept;
    return kept === 'watch' ? null : 'both';
  };
  /** The game's plies from its start (not their marks, which the review adds). */
  const playedKey = () => `${board.startSpec().tps} ${/** @type {import('./board.js').Status & {moves: string[]}} */ (board.status()).moves.join(' ')}`;
  /**
   * Keeps the reader's mistakes in the game just reviewed as puzzles (www/mistakes.js), and
   * says so under the review, with the way to practise them; where the reader played both
   * sides, asks which was theirs first.
   * @param {string} lineKey the game reviewed, as `playedKey()` says it (a changed game keeps nothing)
   */
  const offerPractice = async (lineKey) => {
    const side = await whose();
    if (!side) return;
    const ptn = board.ptnToExport(true);
    const settings = board.startSpec().settings;
    const players = /** @type {import('./board.js').Status} */ (board.status()).players;
    const page = await dialogs?.();
    const game = { id: (await page?.keptId()) ?? null, players: [...players] };
    const changed = () => playedKey() !== lineKey;
    /** @param {'white' | 'black' | 'both'} whoseSide */
    const keep = async (whoseSide) => {
      if (changed()) { hidePractice(); return; }
      try {
        const { keepMistakes } = await import('./mistakes.js');
        const { found, added } = await keepMistakes(analyst, ptn, settings, whoseSide, game);
        practiceLine = () => {
          const box = practiceBox();
          const text = Object.assign(document.createElement('span'), { textContent: found ? t(added < found ? 'mine.kept_again' : found === 1 ? 'mine.kept_one' : 'mine.kept', { count: found, added }) : t('mine.none_kept') });
          const go = Object.assign(document.createElement('button'), { type: 'button', textContent: t('mine.practise_now') });
          go.addEventListener('click', () => page?.practise());
          box.replaceChildren(text, ...(found && page ? [go] : []));
        };
      } catch (err) {
        practiceLine = () => practiceBox().replaceChildren(t('mine.not_kept', { error: /** @type {Error} */ (err)?.message || err }));
      }
      practiceLine();
    };
    if (side !== 'both') { await keep(side); return; }
    practiceLine = () => {
      const box = practiceBox();
      /** @type {['white' | 'black' | 'both', string][]} */
      const choices = [['white', 'color.white'], ['black', 'color.black'], ['both', 'mine.both']];
      box.replaceChildren(
        Object.assign(document.createElement('span'), { textContent: t('mine.which') }),
        ...choices.map(([s, key]) => {
          const b = Object.assign(document.createElement('button'), { type: 'button', textContent: t(key) });
          b.addEventListener('click', () => keep(s));
          return b;
        }),
      );
    };
    practiceLine();
  };
  const startReview = async () => {
    const status = /** @type {import('./board.js').Status & {moves: string[]}} */ (board.status());
    const moves = status.moves;
    if (!moves.length) return;
    await ready();
    translatePage($('review-progress'), getT()); // "Reviewing the game…", in the reader's language
    const lineKey = board.ptn() + status.moves.join(' ');
    const wasOn = on;
    if (on) setOn(false);
    $('review-progress').hidden = false;
    $('review-summary').hidden = true;
    $('review-units').hidden = true;
    hidePractice();
    reviewBar().value = 0;
    try {
      const result = await analyst.review(board.startSpec(), moves, REVIEW_NODES, (done, total) => {
        reviewBar().value = done / total;
      });
      if (board.ptn() + /** @type {import('./board.js').Status & {moves: string[]}} */ (board.status()).moves.join(' ') !== lineKey) return; // the game changed
      const marked = await board.applyReview(result.plies.map((p) => ({ judgement: p.judgement, comment: p.comment })));
      const worst = result.plies
        .map((p, i) => ({ ...p, ply: i + 1 }))
        .filter((p) => p.judgement === '??');
      summary = () => (marked
        ? t('review.found', { count: marked }) + (worst.length ? ` ${t('review.worst', { ply: plyName(status, worst[0].ply), better: worst[0].better || '' })}` : '')
        : t('review.clean'));
      sayReview();
      $('review-summary').hidden = false;
      $('review-units').hidden = false;
      await offerPractice(playedKey()).catch(() => {});
    } catch (err) {
      if (!/** @type {ReviewError} */ (err).cancelled) {
        summary = () => (/** @type {ReviewError} */ (err).died ? t('worker.analysis_died') : t('review.failed', { error: /** @type {ReviewError} */ (err).message }));
        sayReview();
        $('review-summary').hidden = false;
      }
    } finally {
      $('review-progress').hidden = true;
      if (wasOn) setOn(true);
    }
  };
  $('review-cancel').addEventListener('click', () => analyst.cancel());
  // A new game, or another one loaded (a paste, a link, Back to my game): the summary was
  // the old game's.
  board.on('load', () => {
    summary = null;
    $('review-summary').hidden = true;
    $('review-units').hidden = true;
    hidePractice();
  });

  // The graph of White's chance along the current line, from the review's comments.
  /** @param {import('./board.js').Status} status */
  const drawGraph = (status) => {
    const chances = status.chances || [];
    const known = chances.filter((c) => c != null).length;
    const graph = $('graph');
    graph.hidden = known < 2;
    if (graph.hidden) return;
    const svg = $('graph-svg');
    const n = chances.length;
    const w = 1000;
    const h = 100;
    /** @param {number} i */
    const x = (i) => (n ? (i / n) * w : 0);
    const pts = [[0, h / 2]];
    chances.forEach((c, i) => { if (c != null) pts.push([x(i + 1), h - c * h]); });
    const ns = 'http://www.w3.org/2000/svg';
    /** @param {string} name @param {Record<string, string | number>} attrs (a number is written as its text) */
    const el = (name, attrs) => { const e = document.createElementNS(ns, name); for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, /** @type {string} */ (v)); return e; };
    // A margin above and below: a mark at a certain win or loss is drawn whole, not cut.
    const pad = 10;
    svg.setAttribute('viewBox', `0 ${-pad} ${w} ${h + 2 * pad}`);
    svg.replaceChildren(
      el('rect', { x: 0, y: -pad, width: w, height: h + 2 * pad, class: 'black-area' }),
      el('polygon', { points: `0,${h + pad} 0,${h / 2} ${pts.map((p) => p.join(',')).join(' ')} ${pts[pts.length - 1][0]},${h + pad}`, class: 'white-area' }),
      el('line', { x1: 0, y1: h / 2, x2: w, y2: h / 2, class: 'mid' }),
      el('line', { x1: x(status.ply), y1: -pad, x2: x(status.ply), y2: h + pad, class: 'here' }),
    );
    for (const item of marksOnLine(status)) {
      svg.append(el('circle', { cx: x(item.ply), cy: h - (chances[item.ply - 1] ?? 0.5) * h, r: 9, class: item.judgement === '??' ? 'blunder' : 'mistake' }));
    }
  };
  $('graph-svg').addEventListener('click', (e) => {
    const r = /** @type {Element} */ (e.currentTarget).getBoundingClientRect();
    const n = /** @type {import('./board.js').Status} */ (board.status()).chances.length;
    board.goto(Math.max(0, Math.min(n, Math.round(((e.clientX - r.left) / r.width) * n))));
  });

  return {
    follow,
    drawGraph,
    startReview,
    toggle: () => setOn(!on),
    /** The language changed: the review's summary in the new one (its words fetched first). */
    retranslate: () => translated().then(sayReview),
    get on() { return on; },
    stopAll() { analyst.stop(); analyst.cancel(); },
  };
}

/** `12. c3` or `12... c3` for ply `ply` (from 1) of the current line. @param {import('./board.js').Status} status @param {number} ply */
function plyName(status, ply) {
  const item = status.line[ply - 1 - status.lineFrom];
  return item ? `${item.label} ${item.ptn}` : String(ply);
}

/** The plies of the current line marked `?` or `??`. @param {import('./board.js').Status} status */
function marksOnLine(status) {
  return status.mistakes;
}
