// This tab's game and the library (www/library.js): which entry the tab shows, keeping it
// after each change, following another tab that plays in the same game, and never letting
// one tab's game overwrite another's. The entry's id lives in sessionStorage (`tak.tab`):
// a reload keeps the tab on its game, a new tab opens the game changed last.
//
// Nothing is lost:
// - A write names the revision the tab last read; another tab's ply in between makes it a
//   Conflict, and then this tab's moves are kept as a copy, said in words.
// - A tab that is closed or reloaded mid-write leaves its game in sessionStorage
//   (`tak.tab.pending`, written synchronously on pagehide) and finishes the write next time.
// - A full disk aborts the write whole: the game stays on the board and the list keeps its
//   last good revision; the next change tries again. Every game whose write failed (the one
//   on the board, and one set aside meanwhile by New game, a link or My games) waits in
//   sessionStorage (`tak.tab.unkept`) and in memory, is written again after the next write
//   that succeeds (and when the page comes back after a reload), and until then the browser
//   asks before the page is left; once all are kept the warning gives way to good news.
import * as library from './library.js';
import { addStyle } from './styles.js';

// Good news in the notice line (the game before kept, one click away) is not in a problem's red.
addStyle('.notice:has(> .good) { background: color-mix(in srgb, var(--win) 12%, transparent); border-color: var(--win); }');
/** @typedef {import('./library.js').Entry} Entry */
/** @typedef {import('./library.js').Found} Found */
/**
 * A game to keep: its save (null: the board could not give it) and its match's.
 * @typedef {{save: string | null, match?: string | null}} Game
 */
/** A game with its save, as written. @typedef {{save: string, match?: string | null}} KeptGame */
/**
 * An entry to show and its game: one found in the library, or one whose write failed (its
 * entry as far as this tab knows it).
 * @typedef {{entry: Partial<Entry> & {id: string, rev: number}, save: string | null, match: string | null}} ToShow
 */
/**
 * A game whose last write failed: the revision it was read at, its game, and its entry's fields.
 * @typedef {{rev: number, save: string, match: string | null, about: Partial<Entry>}} Unkept
 */

/**
 * Says `text` in the notice line as good news (`showNotice` is the page's).
 * @param {(text: string) => void} showNotice
 * @param {string} text
 */
export function goodNews(showNotice, text) {
  showNotice(text);
  /** @type {HTMLElement} */ (document.getElementById('notice')).replaceChildren(Object.assign(document.createElement('span'), { className: 'good', textContent: text }));
}

/** sessionStorage: the games of this tab whose last write failed (a full disk): [{id, rev, save, match, about}]. */
const UNKEPT_KEY = 'tak.tab.unkept';
/** The largest save kept (the same limit as a link's): past it the PTN is the way to keep a game. */
export const MAX_SAVE = 8 * 1024 * 1024;

// sessionStorage's JSON: what this page wrote there, or anything (read as untyped, and checked where read).
const session = {
  /** @param {string} key @returns {any} */
  get(key) { try { return JSON.parse(sessionStorage.getItem(key) ?? 'null'); } catch { return null; } },
  /** @param {string} key @param {unknown} value */
  set(key, value) { try { sessionStorage.setItem(key, JSON.stringify(value)); return true; } catch { return false; } },
  /** @param {string} key */
  drop(key) { try { sessionStorage.removeItem(key); } catch { /* storage disabled */ } },
};
/** @param {RegExp} oldKeys */
const hasOldKeys = (oldKeys) => {
  try { return Object.keys(localStorage).some((k) => oldKeys.test(k)); } catch { return false; }
};

/**
 * What the page lends the keeper (www/app.js).
 * @typedef {object} KeeperContext
 * @property {import('./board.js').Board} board
 * @property {() => import('./i18n.js').Translator} t the page's translator
 * @property {(text: string) => void} showNotice the page's notice line
 * @property {() => void} after once a game opened from a notice's button is on the board
 * @property {() => Sides} sides who plays, kept with the game
 * @property {(sides: Partial<Sides>) => void} applySides sets who plays back (what the entry kept) when a game is opened
 * @property {() => Promise<{shown: (entry: ToShow['entry']) => void}>} friend loads friend games (www/friend.js)
 * @property {typeof import('./kept-keys.js').kept} kept where the keeper keeps what a tab and a returning
 *   visitor need (the page's: it reads and writes them before this module comes, so that the
 *   names are the page's first download's and this module's alike without a chunk of their own)
 */
/** Who plays a game: @typedef {{opponent: string, level: number, human: string}} Sides */
/** The keeper (`createKeeper`'s). @typedef {ReturnType<typeof createKeeper>} Keeper */
/**
 * The keeper of `board`'s game. `t()` is the page's translator and `showNotice(text)` its
 * notice line; `after()` is called once a game opened from a notice's button is on the board;
 * `sides()` is who plays (`{opponent, level, human}`) to keep with the game and
 * `applySides(sides)` sets it back when a game is opened. `friend()` loads friend games
 * (www/friend.js), told of each entry shown once one has been.
 * @param {KeeperContext} page
 */
export function createKeeper({ board, t, showNotice, after, sides, applySides, friend, kept }) {
  let friendly = false; // a friend game was shown: www/friend.js is told of every game shown
  /** @param {ToShow['entry']} entry */
  const told = (entry) => {
    if (!entry.friend && !friendly) return;
    friendly = true;
    friend?.().then((f) => f.shown(entry)).catch(() => {});
  };
  /**
   * Says `key` (with `args`) in the notice, as good news with `good` (by default when it comes
   * with an action); `action` (`{label, run}`) adds its button. Resolves to the notice's text.
   * @param {string} key
   * @param {Record<string, unknown>} [args]
   * @param {{label: string, run: () => Promise<string | null>} | null} [action] `run` resolves to an error's key, or null
   * @param {boolean} [good]
   */
  async function say(key, args = {}, action = null, good = !!action) {
    await t().more(); // the library's words come with the dialogs' texts
    if (good) goodNews(showNotice, t()(key, args));
    else showNotice(t()(key, args));
    const notice = /** @type {HTMLElement} */ (document.getElementById('notice'));
    if (!action) return notice.textContent;
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = t()(action.label);
    button.addEventListener('click', async () => {
      showNotice('');
      const error = await action.run();
      if (error) say(error);
      after();
    });
    notice.append(' ', button);
    return notice.textContent;
  }
  // A long game is read in slices, saying how far it got.
  let reading = '';
  /** @param {number} done */
  const progress = (done) => showNotice(reading = t()('notice.reading_save', { percent: Math.floor(done * 100) }));
  /**
   * Who plays, as kept: anything unreadable is left as it is.
   * @param {Partial<Sides>} s
   * @returns {Partial<Sides>}
   */
  const readSides = (s) => ({
    ...(s.opponent === 'computer' || s.opponent === 'human' ? { opponent: s.opponent } : {}),
    ...(Number.isInteger(s.level) && /** @type {number} */ (s.level) >= 1 && /** @type {number} */ (s.level) <= 6 ? { level: s.level } : {}),
    ...(s.human === 'white' || s.human === 'black' ? { human: s.human } : {}),
  });

  /** @type {string} */
  let id = session.get(kept.TAB_KEY)?.id ?? library.newId(); // this tab's entry
  // Per entry: the revision last read or written (none: not kept yet) and the save as last
  // read or written (an unchanged game is not written again). Per entry, not one of each: a
  // game set aside is written after the tab has moved on to the next.
  /** @type {Map<string, number>} */
  const revs = new Map();
  /** @type {Map<string, string | null>} */
  const texts = new Map();
  /** @param {string} entryId */
  const revOf = (entryId) => revs.get(entryId) ?? 0;
  let blank = true; // the empty board a fresh tab starts with: not an entry until it changes
  /** @type {Promise<void>} */
  let writing = Promise.resolve();
  /** @type {string | null} */
  let problem = null; // what the last failed write said, said once
  /** @type {string | null} */
  let problemText = null; // … in the words shown
  let apartAt = 0; // when this tab's moves were last said to be kept apart
  /**
   * The games whose last write failed, by entry id: {rev (the revision it was read at), save,
   * match, about}. Kept in sessionStorage too (a reload finishes them), written again after the
   * next write that succeeds; while any is left the browser asks before the page is left.
   * @type {Map<string, Unkept>}
   */
  const unkept = new Map();
  const stash = () => {
    if (!unkept.size) session.drop(UNKEPT_KEY);
    else session.set(UNKEPT_KEY, [...unkept].map(([entryId, u]) => ({ id: entryId, ...u })));
  };
  addEventListener('beforeunload', (e) => {
    if (!unkept.size) return;
    e.preventDefault(); // the browser's own question: these moves are only in this tab
    e.returnValue = '';
  });
  /**
   * Entry `target` is kept as it is now: off the list of games not kept, and once none is left, the warning ends.
   * @param {string} target
   */
  function keptNow(target) {
    if (!unkept.delete(target)) return;
    stash();
    if (unkept.size) return;
    const said = problemText;
    problem = problemText = null;
    // Said where the warning was (not over another notice that came since).
    if (said && /** @type {HTMLElement} */ (document.getElementById('notice')).textContent === said) say('library.kept_again', {}, null, true);
  }

  const remember = () => session.set(kept.TAB_KEY, { id });
  const snapshot = () => {
    const save = board.saveToKeep();
    return { save, match: board.matchSave() };
  };
  const fields = () => ({ summary: board.summary() ?? null, sides: sides() });

  /**
   * Shows entry `found` (`{entry, save, match}`) on the board: an error message, or null.
   * @param {ToShow} found one with a save (the callers check)
   */
  async function show(found) {
    // A match is kept with its game: one that is not this entry's ends on the board first.
    if (!found.match && board.matchSave()) board.endMatch();
    const error = await board.restore(/** @type {string} */ (found.save), progress);
    if (error) return error;
    if (found.match) await board.matchRestore(found.match);
    id = found.entry.id;
    revs.set(id, found.entry.rev);
    texts.set(id, board.saveToKeep()); // as this page writes it: unchanged until the reader changes it
    blank = false;
    remember();
    if (found.entry.sides) applySides(readSides(found.entry.sides));
    library.touch(id, { opened: Date.now() }).catch(() => {});
    told(found.entry);
    return null;
  }

  /**
   * Runs `job` after the writes before it, whatever became of them.
   * @param {() => Promise<void>} job
   */
  function enqueue(job) {
    writing = writing.then(job).catch((err) => fail('save.failed', err));
    return writing;
  }

  /**
   * Keeps `game` (with `about`: its summary and who plays) as entry `target`, if it changed.
   * @param {string} target
   * @param {Game} game
   * @param {Partial<Entry>} about
   */
  async function put(target, game, about) {
    if (game.save == null) return;
    if (game.save === texts.get(target)) { keptNow(target); return; }
    if (game.save.length > MAX_SAVE) { fail('save.too_large'); return; }
    try {
      const entry = await library.put({ ...about, id: target }, /** @type {KeptGame} */ (game), revOf(target));
      revs.set(target, entry.rev);
      texts.set(target, game.save);
      if (target === id) { session.drop(kept.PENDING_KEY); remember(); }
      problem = null;
      keptNow(target);
      // The disk has room again: the games whose write failed before are written now (the
      // board's own as it is now).
      for (const [other, u] of unkept) {
        if (other === id) enqueue(async () => { if (!blank) await put(id, snapshot(), fields()); });
        else if (other !== target) enqueue(() => put(other, { save: u.save, match: u.match }, u.about));
      }
      // The game kept apart was said once: the next move here, a while after, takes the notice away.
      if (apartAt && target === id && Date.now() - apartAt > 4000) {
        apartAt = 0;
        if (/** @type {HTMLElement} */ (document.getElementById('notice')).textContent === t()('library.kept_apart')) showNotice('');
      }
      firstKept();
    } catch (err) {
      if (err instanceof library.Conflict) await diverged(target, err.entry, /** @type {KeptGame} */ (game), about);
      else {
        // Kept in this tab until it can be written: whatever the reader does next.
        unkept.set(target, { rev: revOf(target), save: game.save, match: game.match ?? null, about });
        stash();
        fail(library.isFull(err) ? 'library.full' : 'save.failed', err);
      }
    }
  }

  /** Writes the board's game, as it is when its turn comes: resolves once kept (or once it could not be). */
  const write = () => enqueue(async () => { if (!blank) await put(id, snapshot(), fields()); });

  /**
   * @param {string} key
   * @param {unknown} [err]
   */
  function fail(key, err) {
    if (err) console.warn('The game could not be kept:', err);
    if (problem === key) return;
    problem = key;
    say(key, { limit: 8, error: /** @type {Error | null | undefined} */ (err)?.message ?? '' }).then((text) => { if (problem === key) problemText = text; });
  }

  /**
   * Another tab wrote entry `target` since this tab read it (`now`: the entry as kept, null
   * when it was deleted). This tab's game is kept apart, as a copy: neither overwrites the other.
   * @param {string} target
   * @param {Entry | null} now
   * @param {KeptGame} game
   * @param {Partial<Entry>} about
   */
  async function diverged(target, now, game, about) {
    const copy = now == null ? target : library.newId();
    try {
      // The copy says what it is a copy of (My games names it so), not the original's name alone.
      const entry = await library.put({ ...about, id: copy, ...(now != null ? { copyOf: target, name: now.name } : {}) }, game, 0);
      revs.set(copy, entry.rev);
      texts.set(copy, game.save);
      if (target === id) {
        id = copy;
        session.drop(kept.PENDING_KEY);
        remember();
      }
      keptNow(target);
      if (now != null) { say('library.kept_apart'); apartAt = Date.now(); }
    } catch (err) {
      unkept.set(target, { rev: revOf(target), save: game.save, match: game.match ?? null, about });
      stash();
      fail(library.isFull(err) ? 'library.full' : 'save.failed', err);
    }
  }

  /** Whether the game is to be kept: a fresh tab's empty board becomes an entry with its first ply (or its match). */
  function wanted() {
    if (blank && board.plyCount() === 0 && !board.matchSave()) return false;
    blank = false;
    // Said at once (before the write), for a tab opened next: it has games to look for.
    try { localStorage.setItem(kept.KEPT_HINT, '1'); } catch { /* disabled */ }
    return true;
  }

  let persistAsked = false;
  function firstKept() {
    // Asked once, with the first game kept: the browser may then never evict the library.
    if (!persistAsked) { persistAsked = true; navigator.storage?.persist?.().catch(() => {}); }
  }

  // Another tab played in this tab's game: follow it, unless this tab changed it too (then
  // the next write keeps this tab's game apart). Deleted elsewhere: kept here until changed.
  // Visible or not: the computer's reply is the other tab's (two replies would split the game),
  // unless none comes for a while (that tab was closed): then this one's.
  /** The game as last followed from another tab (null while it is being restored). @type {string | null | undefined} */
  let followed = undefined;
  let lapse = 0;
  library.onChange(async (message) => {
    if (message.id !== id || message.touched || message.rev === 0 || message.rev <= revOf(id)) return;
    await writing;
    if (message.id !== id || board.saveToKeep() !== texts.get(id)) return;
    const found = await library.get(id);
    if (found && found.entry.rev > revOf(id) && board.saveToKeep() === texts.get(id)) {
      revs.set(id, found.entry.rev);
      texts.set(id, found.save); // before restore: its change is not a change of this tab's
      followed = null; // while restoring, the board's game is the other tab's
      await board.restore(/** @type {string} */ (found.save)); // every entry is written with its game
      if (found.match) await board.matchRestore(found.match);
      texts.set(id, board.saveToKeep());
      const mine = followed = texts.get(id);
      clearTimeout(lapse);
      lapse = setTimeout(() => { if (followed === mine && board.saveToKeep() === mine) { followed = undefined; after(); } }, 20000);
    }
  });

  return {
    /** Whether the board shows the game as another tab last wrote it, unchanged here since. */
    followed: () => followed === null || (followed !== undefined && board.saveToKeep() === followed),

    /** The id of this tab's entry (null before it is first kept). */
    get id() { return blank ? null : id; },

    /**
     * Brings back this tab's game: the one it showed before a reload, else (a new tab) the game
     * changed last; the older pages' saves are moved into the library first. A game that
     * cannot be read is said, and stays in the list as it was.
     */
    async start() {
      try {
        await this.bringBack();
      } catch (err) {
        say('library.unavailable', { error: /** @type {Error | null | undefined} */ (err)?.message ?? String(err) });
      }
      if (reading && /** @type {HTMLElement} */ (document.getElementById('notice')).textContent === reading) showNotice('');
      // Friend games waiting for a move are counted in the title from the start.
      library.list().then((all) => { if (all.some((e) => e.friend)) friend?.(); }).catch(() => {});
    },

    async bringBack() {
      if (hasOldKeys(kept.OLD_KEYS)) {
        try { await (await import('./migrate.js')).migrate(say, kept.OLD_KEYS); } catch { /* said by migrate */ }
      }
      // Games whose write failed before the reload (a full disk): the board's own is finished
      // as a cut-short write is, when the page left no newer copy of it.
      // As found in sessionStorage (any), checked here.
      const left = /** @type {any[]} */ (Array.isArray(session.get(UNKEPT_KEY)) ? session.get(UNKEPT_KEY) : []).filter((u) => typeof u?.id === 'string' && typeof u.save === 'string');
      const tabId = session.get(kept.TAB_KEY)?.id;
      const pending = session.get(kept.PENDING_KEY) ?? left.find((u) => u.id === tabId) ?? null;
      const tab = session.get(kept.TAB_KEY) ?? (pending?.id ? { id: pending.id } : null);
      // A tab left before its first game was kept (`id` null): that game is a new entry.
      const first = pending && pending.id == null;
      if (first) pending.id = tab?.id ?? library.newId();
      let found = tab?.id && !first ? await library.get(tab.id) : null;
      if (!found && !tab?.id && !first) {
        const [last] = await library.list();
        found = last ? await library.get(last.id) : null;
      }
      id = found?.entry.id ?? (first ? pending.id : tab?.id) ?? library.newId();
      if (found?.save != null) {
        const error = await show(found);
        if (error) { say('notice.bad_save', { error }); id = library.newId(); blank = true; }
      }
      // A write that the last reload cut short: finished now, or kept apart if the game moved on.
      if (pending?.id === id && pending.save !== texts.get(id)) {
        if (await board.restore(pending.save)) return;
        if (pending.match) await board.matchRestore(pending.match);
        blank = false;
        if ((found?.entry.rev ?? 0) !== pending.rev) revs.set(id, -1); // a conflict: kept apart
        await write();
      }
      session.drop(kept.PENDING_KEY);
      remember();
      // The others, set aside from the board meanwhile: written now, each against the revision
      // it was read at (a game changed elsewhere since is kept apart), or kept waiting in this
      // tab if the disk is still full.
      for (const u of left) {
        if (u.id === id && !blank) continue;
        if (!revs.has(u.id)) revs.set(u.id, Number.isInteger(u.rev) ? u.rev : 0);
        unkept.set(u.id, { rev: revOf(u.id), save: u.save, match: u.match ?? null, about: u.about ?? {} });
        enqueue(() => put(u.id, { save: u.save, match: u.match ?? null }, u.about ?? {}));
      }
      stash();
      await writing;
    },

    /** Whether the game on the board is the one kept, and every game set aside too (after flush: a reload loses nothing). */
    isKept() {
      return (blank || board.saveToKeep() === texts.get(id)) && !unkept.size;
    },

    /** Keeps the game now, even an empty board (a friend game is kept from its start): resolves to its entry's id. */
    async keepNow() {
      blank = false;
      try { localStorage.setItem(kept.KEPT_HINT, '1'); } catch { /* disabled */ }
      await write();
      return id;
    },

    /** Keeps the game (after a change): resolves once written. */
    keep() {
      return wanted() ? write() : writing;
    },

    /**
     * Keeps the game at once, also when the page is going away: the game goes to sessionStorage
     * synchronously (a write to IndexedDB may not finish before the page is gone), then to the
     * library. Resolves once kept.
     */
    flush() {
      if (wanted()) {
        const game = snapshot();
        if (game.save != null && game.save !== texts.get(id) && game.save.length <= MAX_SAVE) {
          kept.writePending(game.save, id, revOf(id), game.match);
          remember();
        }
      }
      return write();
    },

    /**
     * Before another game replaces this one on the board (a link, a paste, New game, the
     * editor, My games): the game shown is taken as it is now and kept (written after the
     * writes before it), and the tab moves to a new entry, at once. Returns what `cancel`
     * needs should the new game not come. The new game is kept once on the board.
     */
    replacing() {
      const game = wanted() ? snapshot() : null;
      const before = { id, blank: !game };
      if (game) {
        const about = fields();
        enqueue(() => put(before.id, game, about));
      }
      id = library.newId();
      blank = false;
      remember();
      return before;
    },

    /**
     * The new game did not come: the tab stays on the game before (`before`, from replacing).
     * @param {{id: string, blank: boolean}} before
     */
    cancel(before) {
      ({ id, blank } = before);
      remember();
    },

    /**
     * Offers "Back to my game" (`before`, from replacing) under notice `key`.
     * @param {{id: string, blank: boolean}} before
     * @param {string} [key]
     */
    async offerBack(before, key) {
      if (before.blank) return; // nothing was there to go back to
      const back = { label: 'share.back', run: () => this.open(before.id) };
      await writing;
      // Not kept (a full disk): not said to be, and the warning ends once it is.
      if (unkept.has(before.id)) problemText = await say('library.full_aside', {}, back, false);
      else if (key) say(key, {}, back);
    },

    /**
     * Shows entry `entryId` in this tab (My games, Back to my game): an error message, or null.
     * Shown, the notice is cleared (what it said was of the game before), unless that game's
     * moves are not kept, or this one's: then it says so.
     * @param {string} entryId
     */
    async open(entryId) {
      if (entryId === id && !blank) return null;
      // The game this one replaces on the board: none where it holds nothing (New game's empty board).
      const left = blank || (board.plyCount() === 0 && !board.matchSave()) ? null : id;
      await this.flush();
      const found = await library.get(entryId);
      // A game whose last moves could not be written (a full disk): shown with them, and
      // written again from here (against the revision they were read at), also one that
      // was never written at all.
      const waiting = unkept.get(entryId);
      if (!waiting && (!found || found.save == null)) return 'library.gone';
      // One or the other is there (see above).
      const entry = found?.entry ?? { ...(/** @type {Unkept} */ (waiting)).about, id: entryId, rev: 0 };
      const error = await show(waiting ? { entry, save: waiting.save, match: waiting.match } : /** @type {Found} */ (found));
      if (error) return error;
      showNotice(''); // what was said was of the game before
      if (waiting) {
        texts.set(entryId, found?.save ?? null);
        revs.set(entryId, waiting.rev);
        problem = null; // its moves are not kept yet: said again, over this game
        write();
      }
      // The game left has moves not kept (a full disk): said as after New game, one click away.
      if (left !== entryId && unkept.has(/** @type {string} */ (left))) await this.offerBack({ id: /** @type {string} */ (left), blank: false });
      return null;
    },

    /** www/friend.js is loaded (a friend game was started here): told of every game shown from now on. */
    befriend() { friendly = true; },

    /**
     * Entry `entryId` was deleted from My games: if it is this tab's, the game stays on the board, kept again once it changes.
     * @param {string} entryId
     */
    deleted(entryId) {
      if (entryId !== id) return;
      id = library.newId();
      texts.set(id, board.saveToKeep()); // kept again once it changes
      remember();
    },
  };
}
