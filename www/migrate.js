// The pages before the library kept one game in localStorage: `tak.savedGame` (saves of
// versions 1 to 3) with its match in `tak.match`, the game set aside by a link or a paste in
// `tak.savedGame.before-link`, and saves that could not be read under `….unreadable.<time>`.
// Each becomes an entry of the library, once; the old keys are removed only after the
// library holds them all (one transaction). Two tabs opened at once migrate one after the
// other (a Web Lock): the second finds nothing left to move.
import { addAll } from './library.js';

const SAVE = 'tak.savedGame';
const MATCH = 'tak.match';

/**
 * Moves the old keys (those `oldKeys` matches: the keeper's `OLD_KEYS`) into the library;
 * `say(key)` tells the reader if it could not.
 * @param {(key: string, params?: Record<string, string>) => void} say
 * @param {RegExp} oldKeys
 */
export async function migrate(say, oldKeys) {
  const run = () => moveAll(say, oldKeys);
  if (navigator.locks?.request) await navigator.locks.request('tak-migrate', run);
  else await run();
}

/**
 * @param {(key: string, params?: Record<string, string>) => void} say
 * @param {RegExp} oldKeys
 */
async function moveAll(say, oldKeys) {
  const keys = Object.keys(localStorage).filter((k) => oldKeys.test(k));
  if (!keys.length) return;
  const games = [];
  const now = Date.now();
  // The game on the board last: it is listed first (the newest) and a new tab opens it.
  const before = localStorage.getItem(`${SAVE}.before-link`);
  if (before) games.push({ fields: { updated: now - 2 }, save: before, match: null });
  for (const key of keys.filter((k) => k.includes('.unreadable.')).sort()) {
    // Kept as found: My games lists it as damaged and exports its text.
    const time = Number(key.split('.').pop());
    const text = localStorage.getItem(key);
    if (text) games.push({ fields: { damaged: true, updated: Number.isFinite(time) ? time : now - 3 }, save: text, match: null });
  }
  const save = localStorage.getItem(SAVE);
  const match = localStorage.getItem(MATCH);
  if (save) games.push({ fields: { updated: now }, save, match });
  // A match without its game cannot be played on: kept as found, as a damaged save is.
  else if (match) games.push({ fields: { damaged: true, updated: now - 1 }, save: match, match: null });
  try {
    if (games.length) await addAll(games.map((g) => ({ ...g, fields: { created: g.fields.updated, ...g.fields } })));
  } catch (err) {
    say('library.migrate_failed', { error: /** @type {Error | null | undefined} */ (err)?.message ?? String(err) });
    throw err;
  }
  // Only now: the library holds every one of them.
  for (const k of keys) localStorage.removeItem(k);
}
