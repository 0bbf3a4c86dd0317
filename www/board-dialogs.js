// The dialogs with a board of their own, each over the reader's game, which stays as it is
// under it: the tutorial, the puzzles and the position editor. Loaded by the game page
// (www/app.js) when one is first opened; `page` gives what they need of the page, its
// changing parts (the words, the language, the settings, the match) as getters.
import { translatePage } from './i18n.js';
import { addStyle } from './styles.js';

// The menu's badge of mistakes due (on Puzzles).
addStyle('.menu .due { display: inline-block; min-width: 1.3em; padding: 0 .35em; border-radius: .65em; background: var(--warn); color: #fff; font-size: .8em; font-weight: 700; text-align: center; }');

/** @template T @param {() => T} load @returns {() => T} */
const later = (load) => { /** @type {T | null} */ let p = null; return () => (p ??= load()); };
// The styles of the dialogs with a board of their own.
const boardDialogStyle = later(() => import('./board-dialog.js'));

/**
 * `open`, ignored while it is still opening: a double click on "Learn to play" before its
 * module came mounted two boards in one dialog.
 */
/**
 * @template {unknown[]} A
 * @param {(...args: A) => Promise<void>} open
 */
const oneAtATime = (open) => {
  let opening = false;
  return async (/** @type {A} */ ...args) => {
    if (opening) return;
    opening = true;
    try { await open(...args); } finally { opening = false; }
  };
};

/**
 * What the page (www/app.js) lends the dialogs: its changing parts as getters.
 * @typedef {object} BoardDialogsPage
 * @property {import('./i18n.js').Translator} t the page's translator
 * @property {string} lang the page's language
 * @property {import('./app.js').Settings} settings the reader's settings
 * @property {ReturnType<typeof import('./match.js').setUpMatch> | null} match the match's tools, once a match was shown
 * @property {import('./board.js').Board} board the reader's board
 * @property {() => void} closeMenu
 * @property {(text: string) => void} showNotice
 * @property {() => string} boardTheme the board's theme: 'light', 'dark' or 'auto'
 * @property {() => void} playComputer starts a first game against the computer
 * @property {() => Promise<boolean>} leaveMatch asks whether to leave the match
 * @property {() => Promise<AsideGame>} setAside keeps the game on the board before another replaces it
 * @property {(before: AsideGame) => void} unsetAside the new game did not come
 * @property {(before: AsideGame, key: string) => void} offerBackTo offers "Back to my game" under notice `key`
 * @property {() => Promise<void>} saveNow
 * @property {() => void} refresh
 * @property {(id: string) => Promise<string | null>} openKept shows a game of My games on the reader's board (an error's key, or null)
 * @property {() => Promise<import('./keeper.js').Keeper>} keeper the game library's keeper of the game on the board
 */
/**
 * The game set aside (the keeper's `replacing()`), or nothing kept (a fresh tab's untouched board).
 * @typedef {ReturnType<import('./keeper.js').Keeper['replacing']> | {blank: true}} AsideGame
 */

/** @param {BoardDialogsPage} page */
export function createBoardDialogs(page) {
  /** @param {string} id */
  const $ = (id) => /** @type {PageElement} */ (document.getElementById(id));
  /** @param {unknown} err */
  const failed = (err) => page.showNotice(page.t('notice.study_failed', { error: /** @type {Error} */ (err)?.message || err }));
  const openLearn = oneAtATime(async () => {
    page.closeMenu();
    await page.t.more();
    const dialog = /** @type {HTMLDialogElement} */ ($('tutorial-dialog'));
    try {
      await boardDialogStyle();
      const { openTutorial, TUTORIAL_MARKUP } = await import('./tutorial.js');
      if (!dialog.firstElementChild) dialog.innerHTML = TUTORIAL_MARKUP;
      translatePage(dialog, page.t);
      await openTutorial(dialog, page.t, page.lang, page.settings, page.playComputer);
    } catch (err) {
      failed(err);
    }
  });
  // Puzzles: their own board in a dialog, so the reader's game stays as it is under it.
  // `mine`: open on the reader's own mistakes.
  const openPuzzles = oneAtATime(/** @param {boolean} [mine] */ async (mine) => {
    page.closeMenu();
    await page.t.more(); // the puzzles' texts come with the rules'
    const dialog = /** @type {HTMLDialogElement} */ ($('puzzle-dialog'));
    try {
      await boardDialogStyle();
      const puzzles = await import('./puzzle.js');
      if (!dialog.firstElementChild) dialog.innerHTML = puzzles.PUZZLE_MARKUP;
      translatePage(dialog, page.t);
      // On the reader's mistakes when asked, or when some are due.
      const due = mine ?? (await (await import('./practice-store.js')).dueCount()) > 0;
      await puzzles.openPuzzles(dialog, page.t, page.lang, page.settings, {
        mine: due,
        // The game a mistake came from, at the ply before it.
        openGame: async (id, ply) => {
          const error = await page.openKept(id);
          if (!error) page.board.goto(ply);
          return error;
        },
      });
    } catch (err) {
      failed(err);
    }
  });
  // The position editor: Done starts a game at the position (its TPS in the PTN's tags) and
  // keeps the game before one step away; Cancel changes nothing.
  const openEditor = async () => {
    page.closeMenu();
    await page.t.more(); // the words of the editor and of what it keeps
    const dialog = /** @type {HTMLDialogElement} */ ($('editor-dialog'));
    const { board } = page;
    try {
      await boardDialogStyle(); // first: the editor's own styles win a tie with these
      const { editPosition } = await import('./editor.js');
      const edited = editPosition(dialog, { t: page.t, lang: page.lang, theme: page.boardTheme(), start: board.searchSpec() });
      dialog.showModal();
      const position = await edited;
      if (!position || (/** @type {import('./board.js').Status} */ (board.status()).series && !await page.leaveMatch())) { dialog.close(); return; }
      if (page.match?.viewing) page.match.back();
      // The dialog closes once the new game is on the board.
      const before = await page.setAside();
      const error = await board.load(position.ptn);
      dialog.close();
      if (error) { page.unsetAside(before); page.showNotice(error); return; }
      if (/** @type {import('./board.js').Status} */ (board.status()).series) board.endMatch();
      await page.saveNow();
      page.offerBackTo(before, 'editor.kept');
      page.refresh();
    } catch (err) {
      dialog.close();
      failed(err);
    }
  };
  // The menu's buttons that leave it for the page close it (made with the dialogs, when the
  // menu first opens).
  for (const id of ['copy-ptn', 'copy-tps', 'paste']) $(id).addEventListener('click', page.closeMenu);
  // The menu, each time it opens: its words in the reader's language (the catalogue's later
  // part), and how many of the reader's mistakes are due (a badge on Puzzles).
  const menuOpened = async () => {
    await page.t.more();
    translatePage($('menu'), page.t);
    const { dueCount } = await import('./practice-store.js');
    const n = await dueCount();
    const button = $('puzzles');
    button.querySelector('.due')?.remove();
    if (!n) return;
    const badge = Object.assign(document.createElement('span'), { className: 'due', textContent: String(n) });
    badge.setAttribute('aria-label', page.t('mine.due', { n }));
    button.append(' ', badge);
  };
  return {
    openLearn,
    openPuzzles,
    openEditor,
    menuOpened,
    // For a review (www/study.js): whose mistakes to keep, from where, and practising them.
    /** The reader's side against the computer, or null. */
    you: () => (page.settings.opponent === 'computer' ? page.settings.human : null),
    /** The id in My games of the game on the board (null: none kept yet). */
    keptId: async () => (await page.keeper()).id,
    practise: () => openPuzzles(true),
  };
}
