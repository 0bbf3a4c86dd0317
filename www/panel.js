// What the page shows around the board: the turn line, "Tak!", the result card and the
// move list. DOM only: every fact comes from the board's status (computed in Rust); `t`
// translates catalogue keys.

import { commentWords } from './words.js';

/** @param {string} id */
const $ = (id) => /** @type {PageElement} */ (document.getElementById(id));

/** Scrolls `list` (and only `list`, never the page) so that `item` is visible. @param {HTMLElement} list @param {Element | null} item */
export function keepInView(list, item) {
  if (!item) return;
  const box = list.getBoundingClientRect();
  const r = item.getBoundingClientRect();
  const margin = 6;
  if (r.top < box.top) list.scrollTop -= box.top - r.top + margin;
  else if (r.bottom > box.bottom) list.scrollTop += r.bottom - box.bottom + margin;
  if (r.left < box.left) list.scrollLeft -= box.left - r.left + margin;
  else if (r.right > box.right) list.scrollLeft += r.right - box.right + margin;
}

/** Lists already watched for a change of size (a result card, the analysis, the extras). */
const watched = new WeakSet();
/** Keeps the current ply of `list` in view whenever the list's box changes size. @param {HTMLElement} list */
function keepCurrentInView(list) {
  if (watched.has(list) || typeof ResizeObserver !== 'function') return;
  watched.add(list);
  new ResizeObserver(() => keepInView(list, list.querySelector('[aria-current="true"]'))).observe(list);
}

/**
 * Each ply's menu, in words (www/plymenu.js, loaded when first opened): a right-click or a long
 * press on a ply, the context-menu key or Shift+F10 on it, or a click (Enter) on the ply shown.
 * Listened for once on the list; the translator and the actions are the last render's.
 * @param {MoveList} list
 */
function plyMenus(list) {
  if (list.menus) return;
  list.menus = 1;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  /** @type {number | undefined} */
  let pressed; // a long press: its click opens the menu, not the ply
  /** @param {Event} e @param {PlyButton | null} [b] */
  const open = (e, b = /** @type {Element} */ (e.target).closest('.ply')) => {
    if (!b?.item) return;
    e.preventDefault();
    e.stopPropagation();
    import('./plymenu.js').then((m) => m.openPlyMenu(b, /** @type {MoveListContext} */ (list.ctx)));
  };
  list.addEventListener('contextmenu', open);
  list.addEventListener('keydown', (e) => { if (e.key === 'ContextMenu' || (e.shiftKey && e.key === 'F10')) open(e); });
  list.addEventListener('click', (e) => { if (pressed || /** @type {PlyButton | null} */ (/** @type {Element} */ (e.target).closest('.ply'))?.item?.current) open(e); pressed = 0; }, true);
  list.addEventListener('pointerdown', (e) => { if (e.pointerType !== 'mouse') timer = setTimeout(() => { pressed = 1; open(e); }, 500); });
  for (const type of ['pointerup', 'pointercancel']) list.addEventListener(type, () => clearTimeout(timer));
}

/**
 * A ply of the move list: the button, with the ply (its menu reads them, www/plymenu.js).
 * @typedef {HTMLButtonElement & {item?: PlyItem, side?: number}} PlyButton (`side`: 1 in a variation)
 */
/** @typedef {import('../pkg/tak_study.js').PlyItem} PlyItem */
/**
 * What the move list's plies and menus do (www/app.js gives them): go to a ply by its id, make
 * its line the main line, delete it, go to a ply by number; `foldLines`: variations start folded.
 * @typedef {object} MoveListActions
 * @property {(id: number) => unknown} gotoPath
 * @property {(id: number) => unknown} promote
 * @property {(id: number) => unknown} deleteLine
 * @property {(ply: number) => unknown} goto
 * @property {boolean} [foldLines]
 */
/** The last render's translator and actions, for the menus. @typedef {{t: import('./i18n.js').Translator, on: MoveListActions}} MoveListContext */
/** The move list's element, with what plyMenus keeps on it. @typedef {HTMLElement & {menus?: number, ctx?: MoveListContext}} MoveList */

/**
 * Variations the reader folded or unfolded (by the id of their first ply), for this page's
 * life. Against the computer they start folded: a move taken back and played otherwise leaves
 * a side line that a newcomer should not read as the game gone wrong.
 */
const toggled = new Set();

/**
 * The move list: the main line numbered in pairs, each variation after the ply it replaces
 * (foldable), comments under their ply; each ply has its menu (`plyMenus`).
 * `on` has gotoPath(id), promote(id), deleteLine(id), goto(ply) and foldLines (variations start
 * folded). A long game lists the
 * plies near the one shown (the status says how many it leaves out before and after).
 * @param {MoveList} list
 * @param {import('./board.js').Status} status
 * @param {import('./i18n.js').Translator} t
 * @param {MoveListActions} on
 */
export function renderMoves(list, status, t, on) {
  keepCurrentInView(list);
  plyMenus(list);
  list.ctx = { t, on };
  list.replaceChildren();
  const depth = status.ply;
  /** @param {PlyItem} item @param {number} [side] */
  const plyButton = (item, side) => {
    /** @type {PlyButton} */
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'ply';
    b.item = item;
    b.side = side; // in a variation
    b.textContent = item.ptn + item.annotation;
    b.setAttribute('aria-label', `${t('nav.group')} ${item.ply}: ${item.ptn}${item.annotation}`);
    if (item.current) b.setAttribute('aria-current', 'true');
    else if (item.onLine && item.ply > depth) b.classList.add('future');
    if (!item.onLine) b.classList.add('off-line');
    b.addEventListener('click', () => on.gotoPath(item.id));
    return b;
  };
  /** @param {string} text */
  const commentNode = (text) => {
    const c = document.createElement('span');
    c.className = 'comment';
    c.textContent = commentWords(text, t);
    return c;
  };
  /** @param {string} text @param {string} label @param {() => void} action @param {string} cls */
  const small = (text, label, action, cls) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = `line-action ${cls}`;
    b.textContent = text;
    b.title = label;
    b.setAttribute('aria-label', label);
    b.addEventListener('click', (e) => { e.stopPropagation(); action(); });
    return b;
  };
  // A variation: its plies inline with their numbers, nested variations in parentheses.
  /** @param {PlyItem[]} items @param {boolean} nested @returns {HTMLSpanElement} */
  const renderLine = (items, nested) => {
    const box = document.createElement('span');
    box.className = nested ? 'line nested' : 'line';
    box.setAttribute('role', 'group');
    const first = items[0];
    const id = first.id;
    const isFolded = toggled.has(id) !== !!on.foldLines && !items.some((i) => i.current);
    if (!nested) {
      const fold = small(isFolded ? '▸' : '▾', t(isFolded ? 'var.unfold' : 'var.fold'), () => {
        if (toggled.has(id)) toggled.delete(id); else toggled.add(id);
        renderMoves(list, status, t, on);
      }, 'fold');
      fold.setAttribute('aria-expanded', String(!isFolded));
      box.append(fold);
    }
    box.append('(');
    items.forEach((item, i) => {
      if (isFolded && i > 0) return;
      const after = items[i - 1];
      if (item.white || i === 0 || after.comments.length || after.variations.length) {
        const n = document.createElement('span');
        n.className = 'num';
        n.textContent = item.label;
        box.append(n);
      }
      box.append(plyButton(item, 1));
      for (const c of item.comments) box.append(commentNode(c));
      for (const v of item.variations) box.append(renderLine(v, true));
    });
    if (isFolded && items.length > 1) box.append(' …');
    box.append(')');
    return box;
  };

  if (status.startComments?.length) {
    const li = document.createElement('li');
    li.className = 'notes';
    for (const c of status.startComments) li.append(commentNode(c));
    list.append(li);
  }
  // A long game: the plies left out, as a row that shows them.
  /** @param {number} count @param {number} ply */
  const skipped = (count, ply) => {
    const li = document.createElement('li');
    li.className = 'skipped';
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'line-action';
    b.textContent = t('moves.skipped', { count });
    b.addEventListener('click', () => on.goto(ply));
    li.append(b);
    list.append(li);
  };
  if (status.treeBefore) skipped(status.treeBefore, Math.max(0, status.treeBefore - 1));
  /** @type {HTMLLIElement | null} */
  let row = null;
  for (const item of status.tree) {
    if (item.white || !row) {
      row = document.createElement('li');
      row.className = 'pair';
      const num = document.createElement('span');
      num.className = 'num';
      num.textContent = `${item.number}.`;
      row.append(num);
      if (!item.white) {
        const gap = document.createElement('span');
        gap.className = 'gap';
        gap.textContent = '…';
        row.append(gap);
      }
      list.append(row);
    }
    row.append(plyButton(item));
    if (item.comments.length || item.variations.length) {
      if (item.comments.length) {
        const li = document.createElement('li');
        li.className = 'notes';
        for (const c of item.comments) li.append(commentNode(c));
        list.append(li);
      }
      for (const v of item.variations) {
        const li = document.createElement('li');
        li.className = 'variation';
        li.append(renderLine(v, false));
        list.append(li);
      }
      row = null;
    }
  }
  if (status.treeAfter) skipped(status.treeAfter, status.treeBefore + status.tree.length + 1);
  // The line's result as PTN writes it (R-0, 1-0), after its last ply: the notation that the
  // result box leaves to its tooltip.
  else if (status.finalResult) {
    const li = document.createElement('li');
    li.className = 'notes result-ptn';
    li.textContent = status.finalResult.ptn;
    list.append(li);
  }
  const current = list.querySelector('[aria-current="true"]');
  if (current) keepInView(list, current);
  else if (status.ply === 0) { list.scrollTop = 0; list.scrollLeft = 0; }
}

/**
 * The status block: whose turn (and what the first plies place), "Tak!" with the
 * threatening player, the result card or, while looking back, how the game ended. Against
 * the computer, `you` is the reader's colour, the texts speak to them and the sides are named
 * as players (the status's `players`: "You", "Computer · Club"); `playerName` is a colour's.
 * `waiting`, in a friend game whose move is awaited, is the turn line.
 * @param {import('./board.js').Status} s
 * @param {import('./i18n.js').Translator} t
 * @param {{showTak: boolean, playerName: (color: string) => string, thinking: string, you: string | null, names: string[] | null, waiting?: string | null}} shown
 */
export function renderStatus(s, t, { showTak, playerName, thinking, you, names, waiting }) {
  /** @param {string} color */
  const nameOf = (color) => s.players[color === 'white' ? 0 : 1];
  const result = $('result');
  if (s.result) {
    result.hidden = false;
    // In words: the notation (R-0, 1-0) is in the result's tooltip, explained, and at the end
    // of the move list.
    let text = s.result.text;
    // "wins on time", not "wins by on time": a win on time has words of its own.
    const onTime = s.result.reason === 'time' ? '_on_time' : '';
    if (you && s.result.winner) {
      const key = s.result.winner === you ? `result.you_win${onTime}` : (onTime ? 'result.named_win_on_time' : 'result.you_lose');
      text = t(key, { reason: s.result.reasonText, player: playerName(s.result.winner), name: nameOf(s.result.winner) });
    } else if (names && s.result.winner) {
      const name = names[s.result.winner === 'white' ? 0 : 1];
      text = t(`result.named_win${onTime}`, { name, player: playerName(s.result.winner), reason: s.result.reasonText });
    }
    $('result-text').textContent = text;
    $('result-score').textContent = s.result.winner ? t('result.score', { score: s.result.scoreText }) : t('result.no_score');
    // A loss against the computer is not shown as a success, nor a draw: the box's colour
    // says whose it is. The score only where it counts (a match, a scoring variant).
    result.dataset.mood = !s.result.winner ? 'draw' : you && s.result.winner !== you ? 'loss' : 'win';
    $('result-score').hidden = !(s.series || s.settings.scoring);
  } else {
    result.hidden = true;
  }
  const ended = $('ended');
  ended.hidden = !(s.finalResult && !s.result);
  if (!ended.hidden) $('ended-text').textContent = t('result.ended', { result: /** @type {import('../pkg/tak_study.js').ResultSummary} */ (s.finalResult).text });

  const komi = s.settings.komi !== '0' ? ` ${t('status.komi', { komi: s.settings.komi })}` : '';
  const mine = you && s.toMove === you;
  let turn = '';
  if (!s.result) {
    if (waiting) turn = waiting; // a friend's move, by link (www/friend.js)
    else if (s.opening) {
      // The no-swap opening places the mover's own flat: the same lines, worded for it.
      const own = s.placing === s.toMove;
      const key = mine ? (own ? 'status.your_opening_own' : 'status.your_opening')
        : you ? (own ? 'status.named_opening_own' : 'status.named_opening')
          : (own ? 'status.opening_own' : 'status.opening');
      turn = t(key, { player: playerName(s.toMove), name: nameOf(s.toMove), other: playerName(s.placing) });
    } else {
      const args = { player: playerName(s.toMove), name: nameOf(s.toMove), white: s.flats[0], black: s.flats[1] };
      turn = t(mine ? 'status.your_turn' : you ? 'status.named_to_move' : 'status.to_move', args) + komi;
    }
  }
  // While the computer thinks, that is the turn line (one line, so the board stays put).
  const think = $('thinking');
  think.hidden = !thinking;
  think.textContent = thinking || '';
  $('turn').hidden = !!thinking;
  $('turn').textContent = turn;
  const tak = $('tak-line');
  let takText = '';
  if (s.tak && showTak && s.takBy) {
    takText = !you ? t('tak.by', { player: playerName(s.takBy) })
      : s.takBy === you ? t('tak.you') : t('tak.named', { name: nameOf(s.takBy) });
  }
  tak.textContent = takText;
}
