// Where the game library keeps what a tab and a returning visitor need, in the browser's small
// stores: www/keeper.js keeps the games; the page's first lines (www/app.js) read and write
// these before the keeper's code comes, and lend them to the keeper (one object, so that the
// page's first download carries no chunk of its own for them).

export const kept = {
  /** sessionStorage: this tab's entry in the library, `{id}`. */
  TAB_KEY: 'tak.tab',
  /** sessionStorage: a game the tab wrote as it went away (`writePending`), kept on the next start. */
  PENDING_KEY: 'tak.tab.pending',
  /** localStorage, once a game has been kept: a returning visitor (read before the library). */
  KEPT_HINT: 'tak.library',
  /** localStorage keys of the pages before the library (`www/migrate.js` moves them in). */
  OLD_KEYS: /^tak\.(savedGame|match)/,

  /** Whether this browser keeps a game of ours: a returning visitor, whose page needs the study build. */
  here() {
    try {
      return [...Object.keys(localStorage), ...Object.keys(sessionStorage)].some((k) => k === kept.KEPT_HINT || kept.OLD_KEYS.test(k) || k.startsWith(kept.TAB_KEY));
    } catch { return false; }
  },

  /**
   * Writes `save` as the tab's game waiting to be kept, synchronously (the page may be going
   * away): `id` its entry (null: a new one), `rev` the revision it was read at. False when it
   * could not be written (too large, storage disabled).
   * @param {string} save @param {string | null} id @param {number} rev @param {string | null} match
   */
  writePending(save, id, rev, match) {
    try {
      sessionStorage.setItem(kept.PENDING_KEY, JSON.stringify({ id, rev, save, match }));
      return true;
    } catch { return false; }
  },
};
