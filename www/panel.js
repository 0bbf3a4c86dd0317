// What the page shows around the board: the turn line, "Tak!", the result card and the
// move list. DOM only: every fact comes from the board's status (computed in Rust); `t`
// translates catalogue keys.

const $ = (id) => document.getElementById(id);

/** Scrolls `list` (and only `list`, never the page) so that `item` is visible. */
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

/** The move list: one button per ply, numbered in pairs; the current ply marked. */
export function renderMoves(list, status, t, goto) {
  list.replaceChildren();
  const blackFirst = status.firstPlayer === 'black';
  let number = status.firstMoveNumber;
  let row = null;
  const cell = (index) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = status.moves[index];
    b.setAttribute('aria-label', `${t('nav.group')} ${index + 1}: ${status.moves[index]}`);
    if (index + 1 === status.ply) b.setAttribute('aria-current', 'true');
    if (index + 1 > status.ply) b.classList.add('future');
    b.addEventListener('click', () => goto(index + 1));
    return b;
  };
  const newRow = () => {
    row = document.createElement('li');
    const num = document.createElement('span');
    num.className = 'num';
    num.textContent = `${number++}.`;
    row.append(num);
    list.append(row);
  };
  status.moves.forEach((_, i) => {
    const isWhite = blackFirst ? i % 2 === 1 : i % 2 === 0;
    if (i === 0 || isWhite) newRow();
    if (i === 0 && blackFirst) row.append(document.createElement('span'));
    row.append(cell(i));
  });
  const current = list.querySelector('[aria-current="true"]');
  if (current) keepInView(list, current);
  else if (status.ply === 0) { list.scrollTop = 0; list.scrollLeft = 0; }
}

/**
 * The status block: whose turn (and what the first plies place), "Tak!" with the
 * threatening player, the result card or, while looking back, how the game ended.
 */
export function renderStatus(s, t, { showTak, playerName, thinking }) {
  const result = $('result');
  if (s.result) {
    result.hidden = false;
    $('result-text').textContent = `${s.result.text} · ${s.result.ptn}`;
    $('result-score').textContent = s.result.winner ? t('result.score', { score: s.result.score }) : t('result.no_score');
  } else {
    result.hidden = true;
  }
  const ended = $('ended');
  ended.hidden = !(s.finalResult && !s.result);
  if (!ended.hidden) $('ended-text').textContent = t('result.ended', { result: s.finalResult.text });

  const komi = s.komi !== '0' ? ` ${t('status.komi', { komi: s.komi })}` : '';
  let turn = '';
  if (!s.result) {
    turn = s.opening
      ? t('status.opening', { player: playerName(s.toMove), other: playerName(s.placing) })
      : t('status.to_move', { player: playerName(s.toMove), white: s.flats[0], black: s.flats[1] }) + komi;
  }
  $('turn').textContent = turn;
  const tak = $('tak-line');
  tak.hidden = !(s.tak && showTak);
  tak.textContent = s.takBy ? t('tak.by', { player: playerName(s.takBy) }) : '';
  const think = $('thinking');
  think.hidden = !thinking;
  think.textContent = thinking || '';
}
