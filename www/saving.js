// Keeping the game across visits, in localStorage: the game on the board (`tak-save`, the
// whole tree with the ply shown) and a match in progress (`tak-match`). A save that cannot be
// read is set aside under another key and reported, never deleted. The formats are Rust's
// (src/web/storage.rs, src/series.rs); this module only moves text in and out of storage.

export const SAVE_KEY = 'tak.savedGame';
export const MATCH_KEY = 'tak.match';

const get = (key) => { try { return localStorage.getItem(key); } catch { return null; } };

/** Whether an earlier visit left a game or a match (storage may be disabled: no). */
export const hasSaved = () => !!(get(SAVE_KEY) || get(MATCH_KEY));

/**
 * Restores what is kept under `key` with `restore(text)` (resolving to an error message or
 * null). One that cannot be read is moved to `<key>.unreadable.<time>`; `onBad(error, aside)`
 * hears of it.
 */
async function restoreKept(key, restore, onBad) {
  const kept = get(key);
  if (!kept) return;
  const error = await restore(kept);
  if (!error) return;
  const aside = `${key}.unreadable.${Date.now()}`;
  try {
    localStorage.setItem(aside, kept);
    localStorage.removeItem(key);
  } catch { /* storage disabled */ }
  onBad(error, aside);
}

/**
 * Restores the saved game, then the saved match (its finished games and settings). A long
 * game is read a slice at a time: `onProgress(fraction)` hears how far it got.
 */
export async function restoreSaved(board, onBad, onProgress) {
  // Storage may be disabled (private mode), the study build may not come: the game works.
  try { await restoreKept(SAVE_KEY, (text) => board.restore(text, onProgress), onBad); } catch { /* as new */ }
  try { await restoreKept(MATCH_KEY, (text) => board.matchRestore(text), onBad); } catch { /* as new */ }
}

/** The largest save kept (the same limit as a link's): past it the PTN is the way to keep a game. */
export const MAX_SAVE = 8 * 1024 * 1024;

/**
 * Keeps the game and the board's match, if any. While a finished game of the match is
 * shown, the game kept is the one being played. Returns null when kept, 'too_large' for a
 * game past MAX_SAVE, 'failed' when the browser refused (storage full or disabled): the
 * save before is then left as it was, never half written.
 */
export function save(board) {
  const text = board.saveToKeep();
  if (text == null) return 'failed';
  if (text.length > MAX_SAVE) return 'too_large';
  try {
    localStorage.setItem(SAVE_KEY, text);
    const m = board.matchSave();
    if (m) localStorage.setItem(MATCH_KEY, m); else localStorage.removeItem(MATCH_KEY);
    return null;
  } catch {
    return 'failed';
  }
}

const BEFORE_KEY = `${SAVE_KEY}.before-link`;

/**
 * Keeps `text` (the game before a shared link, a paste, a new game or the editor replaced
 * it) beside the save, so that "Back to my game" is still offered after a reload.
 */
export function keepBeforeLink(text) {
  try { localStorage.setItem(BEFORE_KEY, text); } catch { /* storage disabled */ }
}

/** The game kept by keepBeforeLink, if any. */
export const keptBeforeLink = () => get(BEFORE_KEY);

/** Forgets the kept game (the reader went back to it). */
export function forgetBeforeLink() {
  try { localStorage.removeItem(BEFORE_KEY); } catch { /* storage disabled */ }
}
