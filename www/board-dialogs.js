// The dialogs with a board of their own, each over the reader's game, which stays as it is
// under it: the tutorial, the puzzles and the position editor. Loaded by the game page
// (www/app.js) when one is first opened; `page` gives what they need of the page, its
// changing parts (the words, the language, the settings, the match) as getters.
import { translatePage } from './i18n.js';

const later = (load) => { let p = null; return () => (p ??= load()); };
// The styles of the dialogs with a board of their own.
const boardDialogStyle = later(() => import('./board-dialog.js'));

/**
 * `open`, ignored while it is still opening: a double click on "Learn to play" before its
 * module came mounted two boards in one dialog.
 */
const oneAtATime = (open) => {
  let opening = false;
  return async () => {
    if (opening) return;
    opening = true;
    try { await open(); } finally { opening = false; }
  };
};

export function createBoardDialogs(page) {
  /** @param {string} id */
  const $ = (id) => /** @type {PageElement} */ (document.getElementById(id));
  const failed = (err) => page.showNotice(page.t('notice.study_failed', { error: err?.message || err }));
  const openLearn = oneAtATime(async () => {
    page.closeMenu();
    await page.t.more();
    const dialog = $('tutorial-dialog');
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
  const openPuzzles = oneAtATime(async () => {
    page.closeMenu();
    await page.t.more(); // the puzzles' texts come with the rules'
    const dialog = $('puzzle-dialog');
    try {
      await boardDialogStyle();
      const puzzles = await import('./puzzle.js');
      if (!dialog.firstElementChild) dialog.innerHTML = puzzles.PUZZLE_MARKUP;
      translatePage(dialog, page.t);
      await puzzles.openPuzzles(dialog, page.t, page.lang, page.settings);
    } catch (err) {
      failed(err);
    }
  });
  // The position editor: Done starts a game at the position (its TPS in the PTN's tags) and
  // keeps the game before one step away; Cancel changes nothing.
  const openEditor = async () => {
    page.closeMenu();
    await page.t.more(); // the words of the editor and of what it keeps
    const dialog = $('editor-dialog');
    const { board } = page;
    try {
      await boardDialogStyle(); // first: the editor's own styles win a tie with these
      const { editPosition } = await import('./editor.js');
      const edited = editPosition(dialog, { t: page.t, lang: page.lang, theme: page.boardTheme(), start: board.searchSpec() });
      dialog.showModal();
      const position = await edited;
      if (!position || (board.status().series && !await page.leaveMatch())) { dialog.close(); return; }
      if (page.match?.viewing) page.match.back();
      // The dialog closes once the new game is on the board.
      const before = await page.setAside();
      const error = await board.load(position.ptn);
      dialog.close();
      if (error) { page.unsetAside(before); page.showNotice(error); return; }
      if (board.status().series) board.endMatch();
      await page.saveNow();
      page.offerBackTo(before, 'editor.kept');
      page.refresh();
    } catch (err) {
      dialog.close();
      failed(err);
    }
  };
  return { openLearn, openPuzzles, openEditor };
}
