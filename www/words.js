// Evaluations in words, for the move list, the analysis and embeds alike.

/**
 * An evaluation as a reader says it: `+R3` / `-R3` (a road forced in three plies: moves of either side) become
 * words with the player's name; a score in flats stays a number.
 */
export function evalWords(text, t) {
  const road = /^([+-])R(\d+)$/.exec(String(text));
  if (!road) return text;
  const player = t(road[1] === '+' ? 'color.white' : 'color.black');
  const plies = Number(road[2]);
  // "in 1 move", "in 3 moves (both sides)": a ply is a move of either side.
  if (plies === 0) return t('analysis.road_made', { player });
  return t(plies === 1 ? 'analysis.road_in_one' : 'analysis.road_in', { player, plies });
}

/** A comment as a reader says it: a review's `-R1 · best e1` gets its road in words. */
export const commentWords = (text, t) => String(text).split(' · ').map((part) => evalWords(part, t)).join(' · ');
