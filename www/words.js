// Evaluations in words, for the move list, the analysis and embeds alike.

/**
 * A translator (i18n.js), or a function that calls one (without `has`: its texts taken as there).
 * @typedef {((key: string, params?: Record<string, unknown>) => string) & {has?: (key: string) => boolean}} Words
 */

/**
 * An evaluation as a reader says it: `+R3` / `-R3` (a road forced in three plies, moves of
 * either side) become words with the player's name; a score in flats stays a number.
 * @param {string} text
 * @param {Words} t
 */
export function evalWords(text, t) {
  const road = /^([+-])R(\d+)$/.exec(String(text));
  if (!road) return text;
  const player = t(road[1] === '+' ? 'color.white' : 'color.black');
  const plies = Number(road[2]);
  // "in 1 move", "in 3 moves (both sides)": a ply is a move of either side. The words come
  // with the long texts (fetched once a game is past its opening, or the analysis opens):
  // until then, the text as written.
  const key = plies === 0 ? 'analysis.road_made' : plies === 1 ? 'analysis.road_in_one' : 'analysis.road_in';
  return t.has && !t.has(key) ? text : t(key, { player, plies });
}

/**
 * A comment as a reader says it: a review's `-R1 · best e1` gets its road in words.
 * @param {string} text
 * @param {Words} t
 */
export const commentWords = (text, t) => String(text).split(' · ').map((part) => evalWords(part, t)).join(' · ');
