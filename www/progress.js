// Your progress: the player's own figures from the games in My games, on a page of their own
// (a dialog opened from My games, loaded then): the rating over the rated games as a chart,
// results by size, colour and opponent, the openings played most and the mistakes found per
// reviewed game. Every figure is the study build's Rust (src/web/progress.rs: the rating is
// Glicko-2 against the levels' measured ratings, www/levels.json); this file reads the entries
// and draws. Offline: the entries are on the device, the levels' ratings cached with the page.
import * as library from './library.js';
import { loadEngine } from './board.js';
import { levelsText } from './levels.js';

/** @typedef {import('../pkg/tak_study.js').Figures} Figures */
/** @typedef {import('../pkg/tak_study.js').PlayedGame} PlayedGame */
/** @typedef {import('../pkg/tak_study.js').Tally} Tally */
/** @typedef {import('./i18n.js').Translator} Translator */

const STYLE = `
#progress-dialog h3 { margin: .8rem 0 .3rem; font-size: 1rem; }
.progress-rating { font-size: 1.5rem; font-weight: 700; margin: .2rem 0; }
.progress-rating small { font-size: .9rem; font-weight: normal; color: var(--muted); }
.progress-chart { display: block; width: 100%; height: auto; max-height: 14rem; border: 1px solid var(--line); border-radius: .3rem; background: var(--bg); }
.progress-chart .band { fill: var(--accent); opacity: .15; }
.progress-chart .line { fill: none; stroke: var(--accent); stroke-width: 2.5; vector-effect: non-scaling-stroke; }
.progress-chart .dot { fill: var(--accent); }
.progress-chart .grid { stroke: var(--line); stroke-width: 1; vector-effect: non-scaling-stroke; }
.progress-chart .label { fill: var(--muted); font-size: 11px; }
.progress-chart .bar { fill: var(--warn); }
.progress-tables { display: grid; grid-template-columns: repeat(auto-fit, minmax(16rem, 1fr)); gap: .2rem 1.2rem; }
.progress-scroll { overflow-x: auto; }
.progress-table { border-collapse: collapse; width: 100%; font-size: .9rem; }
.progress-table caption { text-align: left; font-weight: 600; padding: .3rem 0; }
.progress-table th, .progress-table td { padding: .15rem .3rem; border-bottom: 1px solid var(--line); text-align: right; }
.progress-table th:first-child, .progress-table td:first-child { text-align: left; }
.progress-table tbody th { white-space: nowrap; }
.progress-table td.opening { font-family: ui-monospace, Menlo, Consolas, monospace; }
.progress-empty { color: var(--muted); }
`;

/** @param {string} id */
const $ = (id) => /** @type {PageElement} */ (document.getElementById(id));

/**
 * A game of My games as the progress page counts it: the player's side known (against the
 * computer, or this device's side in a friend game), else null (a game on one board, or
 * watched). Its summary's fields of older pages may be missing: then unknown.
 * @param {import('./library.js').Entry} e
 * @returns {PlayedGame | null}
 */
export function playedGame(e) {
  const s = /** @type {Partial<import('../pkg/tak_study.js').GameSummary> | null | undefined} */ (e.summary);
  if (!s?.size) return null;
  const side = library.readersSide(e);
  if (side !== 'white' && side !== 'black') return null;
  const computer = e.sides?.opponent === 'computer';
  return {
    at: e.updated || e.created,
    size: s.size,
    you: side,
    opponent: computer ? 'computer' : 'friend',
    level: computer ? Number(e.sides?.level) || 1 : undefined,
    result: s.result ?? null,
    opening: s.opening ?? '',
    mistakes: s.reviewed && s.mistakes ? s.mistakes[side === 'white' ? 0 : 1] ?? null : null,
    rated: computer && !!s.tavern && !!s.fromStart && !e.copyOf,
  };
}

/**
 * The figures of the games in My games.
 * @returns {Promise<Figures>}
 */
export async function figuresNow() {
  const [entries, levelRatings, study] = await Promise.all([library.list(), levelsText(), loadEngine('study')]);
  const games = /** @type {PlayedGame[]} */ (entries.map(playedGame).filter(Boolean));
  return /** @type {NonNullable<typeof study.library>} */ (study.library).progressFigures(games, levelRatings);
}

const NS = 'http://www.w3.org/2000/svg';
/** @param {string} name @param {Record<string, string | number>} attrs */
const svgEl = (name, attrs) => {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
};

/**
 * The rating after each rated game as a line, with its uncertainty (twice the deviation) as
 * a band around it; one step a game, the scale's grid every 100.
 * @param {Figures['rating']} points
 * @param {string} label what it shows, for a screen reader
 */
function ratingChart(points, label) {
  const w = 600, h = 180, pad = 28;
  const lows = points.map((p) => p.rating - 2 * p.deviation), highs = points.map((p) => p.rating + 2 * p.deviation);
  const lo = Math.floor((Math.min(...points.map((p) => p.rating)) - 100) / 100) * 100;
  const hi = Math.ceil((Math.max(...points.map((p) => p.rating)) + 100) / 100) * 100;
  const x = (/** @type {number} */ i) => pad + (points.length > 1 ? (i / (points.length - 1)) * (w - 2 * pad) : (w - 2 * pad) / 2);
  const y = (/** @type {number} */ r) => h - 14 - ((Math.max(lo, Math.min(hi, r)) - lo) / (hi - lo)) * (h - 28);
  const svg = svgEl('svg', { viewBox: `0 0 ${w} ${h}`, class: 'progress-chart', role: 'img', 'aria-label': label });
  for (let r = lo; r <= hi; r += 100) {
    svg.append(svgEl('line', { x1: pad, x2: w - 4, y1: y(r), y2: y(r), class: 'grid' }));
    const text = svgEl('text', { x: 2, y: y(r) + 4, class: 'label' });
    text.textContent = String(r);
    svg.append(text);
  }
  const band = [...points.map((_, i) => `${x(i)},${y(highs[i])}`), ...points.map((_, i) => `${x(i)},${y(lows[i])}`).reverse()];
  svg.append(svgEl('polygon', { points: band.join(' '), class: 'band' }));
  svg.append(svgEl('polyline', { points: points.map((p, i) => `${x(i)},${y(p.rating)}`).join(' '), class: 'line' }));
  points.forEach((p, i) => svg.append(svgEl('circle', { cx: x(i), cy: y(p.rating), r: 3.5, class: 'dot' })));
  return svg;
}

/**
 * The mistakes of each reviewed game as bars, oldest first.
 * @param {Figures['mistakes']} points
 * @param {string} label
 */
function mistakesChart(points, label) {
  const w = 600, h = 120, pad = 24;
  const most = Math.max(1, ...points.map((p) => p.mistakes));
  const step = (w - pad - 4) / points.length;
  const svg = svgEl('svg', { viewBox: `0 0 ${w} ${h}`, class: 'progress-chart', role: 'img', 'aria-label': label });
  for (const n of [0, most]) {
    const y = h - 8 - (n / most) * (h - 24);
    svg.append(svgEl('line', { x1: pad, x2: w - 4, y1: y, y2: y, class: 'grid' }));
    const text = svgEl('text', { x: 2, y: y + 4, class: 'label' });
    text.textContent = String(n);
    svg.append(text);
  }
  points.forEach((p, i) => {
    const top = h - 8 - (p.mistakes / most) * (h - 24);
    svg.append(svgEl('rect', { x: pad + i * step + step * 0.15, y: top, width: Math.max(1, step * 0.7), height: h - 8 - top, class: 'bar' }));
  });
  return svg;
}

/**
 * A table of tallies: their name (`name(t)`, under the heading `what`), games, won, drawn,
 * lost and the score.
 * @param {string} caption
 * @param {string} what
 * @param {Tally[]} tallies
 * @param {(t: Tally) => string} name
 * @param {Translator} t
 * @param {string} [nameClass]
 */
function table(caption, what, tallies, name, t, nameClass) {
  const box = document.createElement('div');
  box.className = 'progress-scroll';
  const el = box.appendChild(document.createElement('table'));
  el.className = 'progress-table';
  el.createCaption().textContent = caption;
  const head = el.createTHead().insertRow();
  for (const text of [what, ...['progress.games', 'progress.won', 'progress.drawn', 'progress.lost', 'progress.score'].map((k) => t(k))]) {
    const th = document.createElement('th');
    th.scope = 'col';
    th.textContent = text;
    head.append(th);
  }
  const body = el.createTBody();
  for (const tally of tallies) {
    const row = body.insertRow();
    const cells = [name(tally), tally.games, tally.won, tally.drawn, tally.lost, `${Math.round(((tally.won + tally.drawn / 2) / tally.games) * 100)}%`];
    cells.forEach((c, i) => {
      const cell = i === 0 ? document.createElement('th') : row.insertCell();
      if (i === 0) { cell.setAttribute('scope', 'row'); row.append(cell); if (nameClass) cell.className = nameClass; }
      cell.textContent = String(c);
    });
  }
  return box;
}

/**
 * Draws `figures` into `box` in the reader's words (`t`).
 * @param {HTMLElement} box
 * @param {Figures} figures
 * @param {Translator} t
 */
export function drawFigures(box, figures, t) {
  const parts = [];
  const heading = (/** @type {string} */ key) => Object.assign(document.createElement('h3'), { textContent: t(key) });
  const para = (/** @type {string} */ text, cls = '') => Object.assign(document.createElement('p'), { textContent: text, className: cls });
  parts.push(heading('progress.rating'));
  const points = figures.rating;
  if (points.length) {
    const last = points[points.length - 1];
    const shown = document.createElement('p');
    shown.className = 'progress-rating';
    shown.append(String(Math.round(last.rating)), ' ', Object.assign(document.createElement('small'), { textContent: t(points.length === 1 ? 'progress.uncertain_one' : 'progress.uncertain', { within: Math.round(2 * last.deviation), games: points.length }) }));
    const best = Math.max(...points.map((p) => p.rating));
    parts.push(shown, ratingChart(points, t('progress.rating_chart', { games: points.length, from: Math.round(points[0].rating), to: Math.round(last.rating), best: Math.round(best) })));
    parts.push(para(t('progress.rating_about'), 'hint'));
  } else {
    parts.push(para(t('progress.no_rating'), 'progress-empty'));
  }
  parts.push(heading('progress.results'));
  if (figures.games) {
    const tables = document.createElement('div');
    tables.className = 'progress-tables';
    /** @param {string} key */
    const opponentName = (key) => (key === 'friend' ? t('progress.friend') : t('progress.computer', { level: t(`level.${key.slice('computer-'.length)}`) }));
    tables.append(
      table(t('progress.by_size'), t('progress.size'), figures.bySize, (x) => `${x.size}×${x.size}`, t),
      table(t('progress.by_colour'), t('progress.colour'), figures.byColour, (x) => t(x.key === 'white' ? 'color.white' : 'color.black'), t),
      table(t('progress.by_opponent'), t('progress.opponent'), figures.byOpponent, (x) => opponentName(x.key), t),
    );
    parts.push(tables);
  } else {
    parts.push(para(t('progress.no_games'), 'progress-empty'));
  }
  if (figures.openings.length) {
    parts.push(heading('progress.openings'), table(t('progress.openings_caption'), t('progress.opening'), figures.openings, (x) => `${x.size}×${x.size}: ${x.key}`, t, 'opening'));
  }
  parts.push(heading('progress.mistakes'));
  if (figures.mistakes.length) {
    const ms = figures.mistakes;
    const half = Math.ceil(ms.length / 2);
    const mean = (/** @type {typeof ms} */ list) => (list.length ? list.reduce((n, p) => n + p.mistakes, 0) / list.length : 0);
    const summary = t('progress.mistakes_summary', { games: ms.length, first: mean(ms.slice(0, half)).toFixed(1), last: mean(ms.slice(half)).toFixed(1) });
    parts.push(mistakesChart(ms, summary), para(summary));
  } else {
    parts.push(para(t('progress.no_mistakes'), 'progress-empty'));
  }
  box.replaceChildren(...parts);
}

/**
 * Opens Your progress over My games (`t`: the page's translator; `openingDialog` puts in a
 * dialog's words). Resolves once drawn.
 * @param {{t: Translator, openingDialog: (dialog: HTMLElement) => Promise<void>}} context
 */
export async function openProgress({ t, openingDialog }) {
  let dialog = /** @type {HTMLDialogElement | null} */ (document.getElementById('progress-dialog'));
  if (!dialog) {
    const style = document.createElement('style');
    style.textContent = STYLE;
    document.head.append(style);
    dialog = document.createElement('dialog');
    dialog.id = 'progress-dialog';
    dialog.className = 'wide';
    dialog.setAttribute('aria-labelledby', 'progress-title');
    dialog.innerHTML = `<form method="dialog"><h2 id="progress-title" data-i18n="progress.title">Your progress</h2>
      <div id="progress-figures" aria-live="polite"></div>
      <div class="row end"><button value="close" data-i18n="btn.close">Close</button></div></form>`;
    document.body.append(dialog);
  }
  await openingDialog(dialog);
  $('progress-figures').replaceChildren(Object.assign(document.createElement('p'), { textContent: t('progress.loading') }));
  dialog.showModal();
  try {
    drawFigures($('progress-figures'), await figuresNow(), t);
  } catch (err) {
    $('progress-figures').replaceChildren(Object.assign(document.createElement('p'), { textContent: t('library.unavailable', { error: /** @type {Error} */ (err)?.message ?? err }) }));
  }
}
