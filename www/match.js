// Matches and the rulebooks' options on the game page: the options of a new game, the
// match's line in the status and its score table, looking at a finished game of the match,
// resigning and offering a draw. Glue: the match itself lives in the wasm board.

import { addStyle } from './styles.js';
import { ask } from './confirm.js';

/** @param {string} id */
const $ = (id) => /** @type {PageElement} */ (document.getElementById(id));

/** The score table's markup, put in its dialog once a match is on (not sent on a first visit). */
const MATCH_TABLE = `
<form method="dialog">
  <h2 id="match-title" data-i18n="match.title">Score table</h2>
  <p id="match-summary"></p>
  <div class="table-box"><table id="match-table"></table></div>
  <div class="row end">
    <button id="match-copy" type="button" data-i18n="btn.copy_match">Copy the match as PTN</button>
    <button id="match-leave" type="button" data-i18n="btn.match_leave">Leave the match</button>
    <button value="close" data-i18n="btn.close">Close</button>
  </div>
</form>
`;

/** @typedef {import('./board.js').Status} Status */

/**
 * The length chosen in the form: null for one game, else {games} or {points}.
 * @param {HTMLFormElement} form New game's form
 */
export function readLength(form) {
  // Its control named `length` (a <select>), which the form's own `length` gives way to.
  const v = /** @type {HTMLSelectElement} */ (/** @type {unknown} */ (form.length)).value;
  if (v.startsWith('games-')) return { games: Number(v.slice(6)) };
  if (v === 'points') {
    const p = Math.round(Number(form.points.value));
    return Number.isFinite(p) && p >= 1 && p <= 100000 ? { points: p } : { points: 100 };
  }
  return null;
}

/**
 * What the page lends the match (www/app.js).
 * @typedef {object} MatchHost
 * @property {import('./board.js').Board} board
 * @property {() => import('./i18n.js').Translator} t the page's translator
 * @property {(m: import('../pkg/tak_study.js').MatchStatus) => string[]} names the players' names as shown
 * @property {(text: string, what: string) => void} copy copies `text` (`what`: PTN), saying so
 * @property {(viewing: boolean) => void} onView a finished game is shown (true) or the match's game again
 */
/**
 * The match's line in the status, its score table dialog, and viewing a finished game.
 * `host` gives: board, t, playerName, names() (the players' names as shown), onView(viewing).
 * @param {MatchHost} host
 */
export function setUpMatch(host) {
  const { board } = host;
  /** @param {Parameters<import('./i18n.js').Translator>} a */
  const t = (...a) => host.t()(...a);
  // The number of the finished game shown while the game being played is kept aside (in
  // the board: its save is the one to keep meanwhile).
  const viewing = () => /** @type {Status} */ (board.status()).series?.viewing ?? null;

  /** @param {Status} s */
  const render = (s) => {
    const m = s.series;
    const box = $('match-box');
    box.hidden = !m;
    if (!m) return;
    const [a, b] = host.names(m);
    const number = m.over ? m.games.length : m.games.length + 1;
    const shown = m.viewing;
    $('match-line').textContent = shown
      ? t('match.viewing', { n: shown })
      : m.over
        ? t('match.over_line', { a, b, ta: m.totals[0], tb: m.totals[1], winner: m.leader == null ? t('match.tie') : host.names(m)[m.leader] })
        : t('match.line', { length: m.length, n: number, a, b, ta: m.totals[0], tb: m.totals[1] });
    $('match-back').hidden = !shown;
    $('match-table-button').hidden = !!shown;
  };

  const table = () => {
    const s = /** @type {Status} */ (board.status());
    const m = s.series;
    if (!m) return;
    const [a, b] = host.names(m);
    const tbl = $('match-table');
    tbl.replaceChildren();
    /**
     * @param {(string | Node)[]} cells
     * @param {boolean} [head]
     */
    const row = (cells, head) => {
      const tr = document.createElement('tr');
      for (const c of cells) {
        const td = document.createElement(head ? 'th' : 'td');
        if (c instanceof Node) td.append(c); else td.textContent = c;
        tr.append(td);
      }
      tbl.append(tr);
      return tr;
    };
    row([t('match.game'), t('color.white'), t('color.black'), t('match.result'), a, b, ''], true);
    const names = [a, b];
    const rows = [...m.games, ...(m.current ? [m.current] : [])];
    for (const g of rows) {
      const recorded = g.number <= m.games.length;
      /** @param {number} p */
      const points = (p) => (g.winner === p ? `${g.points}` : g.result ? '0' : '');
      /** @type {string | HTMLElement} */
      let action = '';
      if (recorded) {
        const view = document.createElement('button');
        view.type = 'button';
        view.textContent = t('btn.view_game');
        view.addEventListener('click', () => { $('match-dialog').close(); viewGame(g.number); });
        action = view;
      }
      const result = g.result ? `${g.result} · ${g.reason}` : t('match.in_progress');
      const tr = row([String(g.number), names[g.white], names[1 - g.white], result, points(0), points(1), action]);
      if (g.scoreText) tr.title = g.scoreText;
    }
    const total = row([t('match.total'), '', '', '', String(m.totals[0]), String(m.totals[1]), ''], true);
    total.className = 'total';
    $('match-summary').textContent = m.over
      ? t('match.over_line', { a, b, ta: m.totals[0], tb: m.totals[1], winner: m.leader == null ? t('match.tie') : names[m.leader] })
      : t('match.line', { length: m.length, n: m.games.length + 1, a, b, ta: m.totals[0], tb: m.totals[1] });
    $('match-dialog').showModal();
  };

  /** @param {number} number */
  const viewGame = async (number) => {
    if (await board.viewMatchGame(number)) host.onView(true);
  };
  const back = () => {
    if (board.backToMatch()) host.onView(false);
  };

  if (!$('match-table')) {
    addStyle(`
.table-box { overflow: auto; max-height: 55vh; }
#match-table { border-collapse: collapse; width: 100%; font-size: .92rem; }
#match-table th, #match-table td { border-bottom: 1px solid var(--line); padding: .25rem .4rem; text-align: left; }
#match-table tr.total th { border-top: 2px solid var(--fg); }
#match-table button { min-height: 1.8rem; padding: .1rem .5rem; }
`);
    $('match-dialog').innerHTML = MATCH_TABLE;
    for (const el of /** @type {NodeListOf<HTMLElement>} */ ($('match-dialog').querySelectorAll('[data-i18n]'))) el.textContent = t(/** @type {string} */ (el.dataset.i18n));
  }
  $('match-table-button').addEventListener('click', table);
  $('match-back').addEventListener('click', back);
  $('match-copy').addEventListener('click', () => host.copy(board.matchPtn() || '', t('match.ptn')));
  $('match-leave').addEventListener('click', async () => {
    if (!await ask(host.t(), { question: 'match.confirm_leave', yes: 'btn.match_leave' })) return;
    $('match-dialog').close();
    board.endMatch();
  });
  return {
    render,
    get viewing() { return viewing() != null; },
    back,
  };
}
