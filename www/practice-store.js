// The player's own mistakes kept as puzzles, on this device: one record per mistake in
// IndexedDB (database `tak-practice`, store `puzzles`), beside the game library's own
// database rather than inside it, so that no tab of an earlier release, still open on
// `tak-library`, is ever asked to give way to an upgrade while it keeps a game. A puzzle's id
// is its position and the ply played there: reviewing a game again, or the same mistake made
// in another game, keeps no second copy. When a puzzle comes back is the worker's Rust
// (src/practice.rs, asked through `practised`); this file keeps what it answers. Data only:
// the practice itself is www/mistakes.js's.

import { opener, finished } from './library.js';

const DB_NAME = 'tak-practice';

/**
 * A mistake kept to practise.
 * @typedef {object} KeptPuzzle
 * @property {string} id its position and the ply played: `tps|played`
 * @property {string} tps the position before the mistake
 * @property {import('../pkg/tak_engine.js').GameSettings} settings the game's rules
 * @property {'white' | 'black'} side who made it: the player
 * @property {string} played
 * @property {string} better the move the review preferred
 * @property {'??' | '?'} judgement
 * @property {number} ply its ply in the game (from 1)
 * @property {number} moveNumber
 * @property {string | null} gameId the game in My games it came from (it may be gone since)
 * @property {string} gameName how the game was named when the mistake was kept
 * @property {number} created
 * @property {import('../pkg/tak_engine.js').Schedule} schedule when it comes back
 * @property {{at: number, solved: boolean}[]} tries each try, oldest first
 */

const open = opener(DB_NAME, ['puzzles'], 'the puzzles are held by an older tab');

/** Every puzzle kept, oldest first. @returns {Promise<KeptPuzzle[]>} */
export async function allPuzzles() {
  const db = await open();
  const tx = db.transaction('puzzles', 'readonly');
  const request = tx.objectStore('puzzles').getAll();
  await finished(tx);
  return /** @type {KeptPuzzle[]} */ (request.result).sort((a, b) => a.created - b.created);
}

/**
 * Keeps `puzzles` (new ones: a puzzle kept already stays as it is, its schedule too), in one
 * transaction: a full disk keeps none of them and throws. Resolves to how many were new.
 * @param {KeptPuzzle[]} puzzles
 */
export async function keepPuzzles(puzzles) {
  const db = await open();
  const tx = db.transaction('puzzles', 'readwrite');
  const store = tx.objectStore('puzzles');
  let added = 0;
  for (const p of puzzles) {
    const seen = store.getKey(p.id);
    seen.onsuccess = () => { if (seen.result === undefined) { store.add(p); added += 1; } };
  }
  await finished(tx);
  return added;
}

/** Writes `puzzle` over the one kept (after a try). @param {KeptPuzzle} puzzle */
export async function savePuzzle(puzzle) {
  const db = await open();
  const tx = db.transaction('puzzles', 'readwrite');
  tx.objectStore('puzzles').put(puzzle);
  await finished(tx);
}

/**
 * Whether `puzzle` is due at `now`: its schedule's `due` passed (null: learned). Those of a
 * `?` only when the player practises them too.
 * @param {KeptPuzzle} puzzle
 * @param {number} now
 * @param {boolean} mistakesToo
 */
export const isDue = (puzzle, now, mistakesToo) => (mistakesToo || puzzle.judgement === '??') && puzzle.schedule.due != null && puzzle.schedule.due <= now;

const CHOICE_KEY = 'tak.practice';
/** The player's choice: practise `?` mistakes too (kept on this device). */
export function mistakesToo() {
  try { return localStorage.getItem(CHOICE_KEY) === 'all'; } catch { return false; }
}
/** @param {boolean} on */
export function setMistakesToo(on) {
  try { localStorage.setItem(CHOICE_KEY, on ? 'all' : 'blunders'); } catch { /* kept for this visit only */ }
}

/** How many puzzles are due now (0 where the store cannot be read). */
export async function dueCount() {
  try {
    const now = Date.now();
    const too = mistakesToo();
    return (await allPuzzles()).filter((p) => isDue(p, now, too)).length;
  } catch {
    return 0;
  }
}
