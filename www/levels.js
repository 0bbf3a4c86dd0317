// The computer levels' measured ratings (www/levels.json, written by scripts/level-ratings.py
// from their games against each other): fetched when first wanted, by the New game form (is
// a game rated?) and the progress page (src/web/progress.rs rates the games against them).

/** @type {Promise<string> | null} */
let text = null;
/**
 * The levels' ratings as text ('{}' where they cannot be had: offline before first cached).
 * The one-file page carries them (`TAK_LEVELS`, scripts/dist.mjs): it fetches nothing.
 */
export const levelsText = () => (text ??= Promise.resolve(/** @type {typeof globalThis & {TAK_LEVELS?: string}} */ (globalThis).TAK_LEVELS ?? fetch(new URL('./levels.json', import.meta.url)).then((r) => (r.ok ? r.text() : '{}')).catch(() => '{}')));

/**
 * Whether level `level` has a measured rating on boards of side `size` (a game against it
 * can be rated), in `levels` (the text).
 * @param {string} levels
 * @param {number} size
 * @param {number} level
 */
export function measured(levels, size, level) {
  try {
    const found = JSON.parse(levels)?.sizes?.[String(size)]?.levels;
    return Array.isArray(found) && found.some((l) => l?.level === level);
  } catch {
    return false;
  }
}

/**
 * The board sizes on which level `level` is measured, smallest first, in `levels` (the text).
 * @param {string} levels
 * @param {number} level
 * @returns {number[]}
 */
export function measuredSizes(levels, level) {
  try {
    const sizes = JSON.parse(levels)?.sizes ?? {};
    return Object.keys(sizes).map(Number).filter((size) => measured(levels, size, level)).sort((a, b) => a - b);
  } catch {
    return [];
  }
}
