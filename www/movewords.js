// A move said in words, for hints: "place a wall on b3", "move 3 pieces from a3 down,
// dropping 1, 2". The words (hint.*, puz.dir_*) are in the catalogue's later part: the
// caller has fetched it (t.more()). Loaded when a hint is first asked for.

/** @type {Record<string, string>} */
const DIRECTIONS = { '<': 'left', '>': 'right', '+': 'up', '-': 'down' };

/**
 * `move` (PTN: "Cb3", "3c3>12", "b3>*") in words; the PTN itself when it is not read.
 * @param {string} move
 * @param {import('./i18n.js').Translator} t
 */
export function moveWords(move, t) {
  const place = /^([FSC]?)([a-h][1-8])$/.exec(move);
  if (place) return t(/** @type {Record<string, string>} */ ({ '': 'hint.flat', F: 'hint.flat', S: 'hint.wall', C: 'hint.cap' })[place[1]], { square: place[2] });
  const spread = /^(\d?)([a-h][1-8])([<>+-])(\d*)(\*?)$/.exec(move);
  if (!spread) return move;
  const [, count, from, dir, drops, crush] = spread;
  const n = Number(count) || 1;
  let words = t(n === 1 ? 'hint.move_one' : 'hint.move_many', { count: n, from, direction: t(`puz.dir_${DIRECTIONS[dir]}`) });
  if (drops.length > 1) words += t('hint.drops', { drops: drops.split('').join(', ') });
  if (crush) words += t('hint.flatten');
  return words;
}

/**
 * "Hint: place your capstone on b3": words only, for a player who has not learnt the notation.
 * @param {string} move
 * @param {import('./i18n.js').Translator} t
 */
export const hintText = (move, t) => t('hint.say', { words: moveWords(move, t) });

/**
 * Why the hint's move, where it can be said in a few words: it makes a road or wins on the
 * flat count (the worker says how its proved win comes: `winBy`), forces either, or stops the
 * road the opponent threatens (the board's "Tak!"). `status` is the board's.
 * @param {Pick<import('../pkg/tak_engine.js').Thought, 'winIn' | 'winBy'>} answer
 * @param {Pick<import('../pkg/tak.js').Status, 'tak' | 'takBy'>} status
 * @param {import('./i18n.js').Translator} t
 */
export function hintReason(answer, status, t) {
  if (answer.winIn === 1) return t(answer.winBy === 'flats' ? 'hint.why_flats' : 'hint.why_road');
  // (null > 1 is false; a null winBy finds no key.)
  if (/** @type {number} */ (answer.winIn) > 1) {
    const key = /** @type {Record<string, string>} */ ({ road: 'hint.why_forced', flats: 'hint.why_forced_flats' })[/** @type {string} */ (answer.winBy)] ?? 'hint.why_forced_win';
    return t(key, { plies: answer.winIn });
  }
  if (status.tak && status.takBy) return t('hint.why_block', { player: t(`color.${status.takBy}`) });
  return '';
}

/**
 * The game's Hint button: the computer's move, marked on the board and said in `info`.
 * @param {import('./board.js').Board} board
 * @param {import('./computer.js').Computer} hinter
 * @param {import('./i18n.js').Translator} t
 * @param {HTMLElement} info
 */
export async function showHint(board, hinter, t, info) {
  const spec = board.searchSpec();
  if (spec.over) return;
  await t.more();
  info.textContent = t('hint.looking');
  hinter.think(spec, 4).then((/** @type {import('../pkg/tak_engine.js').Thought} */ answer) => {
    if (board.searchSpec().tps !== spec.tps || !answer.move) return;
    board.set({ hint: answer.move });
    const why = hintReason(answer, /** @type {import('./board.js').Status} */ (board.status()), t);
    info.textContent = why ? `${hintText(answer.move, t)} — ${why}` : hintText(answer.move, t);
  }).catch((/** @type {Error & {cancelled?: boolean}} */ err) => { if (!err.cancelled) info.textContent = t('hint.none', { error: err.message }); });
}
