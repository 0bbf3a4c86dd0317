// The interactive tutorial: step by step on its own board, each step checking that the
// learner did what it asked and explaining a wrong try (which is taken back).
import { mount } from './board.js';

/** The dialog's markup, put in it when first opened (not sent on a first visit). */
export const TUTORIAL_MARKUP = `
<div class="tutorial-head">
  <h2 id="tutorial-heading" data-i18n="tut.title">Learn to play</h2>
  <span id="tutorial-step" class="muted"></span>
</div>
<h3 id="tutorial-title"></h3>
<p id="tutorial-text"></p>
<div id="tutorial-board" class="tutorial-board"></div>
<p id="tutorial-feedback" class="tutorial-feedback" aria-live="assertive"></p>
<div class="row end">
  <button id="tutorial-back" type="button" data-i18n="tut.back">Previous step</button>
  <button id="tutorial-retry" type="button" data-i18n="tut.retry">Try again</button>
  <button id="tutorial-next" type="button" data-i18n="tut.next">Next step</button>
  <button id="tutorial-play" type="button" class="primary" data-i18n="tut.start_game" hidden>Play the computer (Beginner)</button>
  <button id="tutorial-close" type="button" data-i18n="btn.close">Close</button>
</div>
`;

/** Each step: a start position, and what counts as doing it (from the move's PTN and the
 *  board's status after it).
 * @type {{start: string, done: (ptn: string, status: import('./board.js').Status) => boolean}[]} */
export const STEPS = [
  { start: 'x5/x5/x5/x5/x5 1 1', done: (ptn) => /^[a-h][1-8]$/.test(ptn) },
  { start: 'x5/x5/x2,2,x2/x5/x3,1,x 1 2', done: (ptn) => /^[a-h][1-8]$/.test(ptn) },
  { start: 'x5/x5/x2,2,x2/x5/x3,1,x 1 2', done: (ptn) => /^S[a-h][1-8]$/.test(ptn) },
  { start: 'x5/x5/x2,21,x2/x5/x5 1 4', done: (ptn) => /^\d?c3[<>+-]\d*\*?$/.test(ptn) },
  { start: 'x5/x5/x2,121,x2/x5/x5 1 6', done: (ptn) => /^3c3[<>+-]\d{2,}$/.test(ptn) },
  { start: 'x3/x,12121,x/x3 1 8', done: (ptn) => /^3b2[<>+-]\d*$/.test(ptn) },
  { start: 'x5/x5/x,1C,2S,x2/x5/x5 1 6', done: (ptn) => ptn === 'b3>*' },
  { start: 'x5/x5/x5/1,1,1,1,x/2,2,2,x2 1 6', done: (_, s) => s.result?.ptn === 'R-0' },
  { start: '1,2,1/2,1,2/1,2,x 1 5', done: (_, s) => s.result?.ptn === 'F-0' },
];

/** @type {import('./board.js').Board | null} */
let current = null;

/**
 * @param {HTMLDialogElement} dialog
 * @param {import('./i18n.js').Translator} t
 * @param {string} lang
 * @param {import('./app.js').Settings} settings
 * @param {() => void} play starts a first game against the computer (the last step's button)
 */
export async function openTutorial(dialog, t, lang, settings, play) {
  /** @param {string} id */
  const $ = (id) => /** @type {PageElement} */ (dialog.querySelector(`#${id}`));
  current?.destroy();
  current = null;
  let index = 0;
  let passed = false;
  // Its lessons start from positions given as text: the study build.
  /** @type {import('./board.js').Board} */
  const board = await mount($('tutorial-board'), { study: true, lang, showTargets: true, patterns: settings?.patterns, label: t('board.label'),
    // The page's theme (dark chosen on a light system too: no light surround in a dark page).
    theme: settings?.theme === 'dark' || settings?.theme === 'light' ? settings.theme : 'auto' });
  current = board;
  window.takTutorial = board; // for hosts and tests, like window.tak
  /** @param {string} text @param {string} kind */
  const feedback = (text, kind) => {
    const f = $('tutorial-feedback');
    f.textContent = text;
    f.className = `tutorial-feedback ${kind || ''}`;
  };
  const show = () => {
    const n = index + 1;
    $('tutorial-step').textContent = t('tut.step', { n, total: STEPS.length });
    $('tutorial-title').textContent = t(`tut.${n}.title`);
    // From step 3 on, a step's board is its own (not the last step's, nor built there): said,
    // and where it is the last step's start again, said so (the move just made is not lost).
    const again = index > 0 && STEPS[index].start === STEPS[index - 1].start;
    const fresh = n >= 3 ? `${t(again ? 'tut.again' : 'tut.fresh')} ` : '';
    $('tutorial-text').textContent = `${fresh}${t(`tut.${n}.text`)}`;
    board.load(STEPS[index].start);
    passed = false;
    feedback('', '');
    $('tutorial-back').disabled = index === 0;
    $('tutorial-next').disabled = true;
    $('tutorial-next').hidden = false;
    $('tutorial-play').hidden = true;
  };
  board.on('move', (e) => {
    if (passed) return;
    const status = /** @type {import('./board.js').Status} */ (board.status());
    if (STEPS[index].done(e.ptn, status)) {
      passed = true;
      const last = index === STEPS.length - 1;
      // The flat win's step shows the count it was won by.
      const count = status.result?.reason === 'flats' ? ` ${t('tut.flat_count', { white: status.flats[0], black: status.flats[1] })}` : '';
      feedback(last ? `${t('tut.well_done')}${count} ${t('tut.finished')}` : t('tut.well_done'), 'good');
      $('tutorial-next').disabled = last;
      // The last step passed: Next step gives way to Start a game (the New game dialog).
      $('tutorial-next').hidden = last;
      $('tutorial-play').hidden = !last;
      if (last) $('tutorial-play').focus();
    } else {
      // A wall where a road wanted a flat is told as such (walls are no part of a road).
      const wall = e.ptn.startsWith('S') && t.has(`tut.${index + 1}.wall`);
      feedback(t(`tut.${index + 1}.${wall ? 'wall' : 'wrong'}`), 'bad');
      // Take the wrong try back once it has been seen to land.
      setTimeout(() => { if (!passed) board.undo(); }, 600);
    }
  });
  $('tutorial-next').onclick = () => { if (index < STEPS.length - 1) { index += 1; show(); } };
  $('tutorial-back').onclick = () => { if (index > 0) { index -= 1; show(); } };
  $('tutorial-retry').onclick = () => show();
  $('tutorial-close').onclick = () => dialog.close();
  // The last step's button: a first game against the computer at its lowest level, as the
  // welcome offers (not New game's every option, just after learning the rules).
  $('tutorial-play').onclick = () => { dialog.close(); play(); };
  dialog.addEventListener('close', () => {
    board.destroy();
    if (current === board) current = null;
    if (window.takTutorial === board) delete window.takTutorial;
  }, { once: true });
  dialog.showModal();
  show();
}
