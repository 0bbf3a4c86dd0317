// A question with two answers asked in the page (resigning, a draw offered, leaving a match,
// deleting a variation, ...), in place of the browser's confirm(): that one stops the whole page
// (the clocks' display, the computer's answer), looks like a warning from the browser rather
// than a part of the game, and names its buttons in the browser's language, not the page's.
// Loaded when first asked (not on a first visit's way to its board); its dialog is made then.
import { addStyle } from './styles.js';

// Made by the first question (make()), which every use of it follows.
let dialog = /** @type {HTMLDialogElement} */ (/** @type {unknown} */ (null));
/** @type {((yes: boolean) => void) | null} */
let answer = null; // resolves the question on screen

function make() {
  addStyle(`
#confirm-dialog { width: min(24rem, 94vw); }
#confirm-dialog p { margin: 0 0 .8rem; }
`);
  dialog = document.createElement('dialog');
  dialog.id = 'confirm-dialog';
  dialog.setAttribute('aria-labelledby', 'confirm-question');
  dialog.innerHTML = `<form method="dialog">
  <p id="confirm-question"></p>
  <div class="row end"><button id="confirm-no" value="no"></button><button id="confirm-yes" value="yes" class="primary"></button></div>
</form>`;
  // Escape, the close button of a form's `method=dialog`: each closes it; only "yes" says yes.
  dialog.addEventListener('close', () => {
    if (dialog.open) return; // closed for a new question (the one before was answered then)
    const resolve = answer;
    answer = null;
    resolve?.(dialog.returnValue === 'yes');
  });
  document.body.append(dialog);
}

/**
 * The page's `ask`, its translator bound (www/app.js).
 * @typedef {(question: {question: string, params?: {[name: string]: any}, yes: string, no?: string}) => Promise<boolean>} Ask
 */
/**
 * Asks the question of catalogue key `question` (with `params`) and resolves true when the
 * reader picks the button of key `yes`, false for the one of key `no` or Escape. The safe
 * answer has the focus, so that Enter or Space by mistake gives nothing up.
 * @param {import('./i18n.js').Translator} t
 * @param {Parameters<Ask>[0]} options
 */
export async function ask(t, { question, params = {}, yes, no = 'btn.cancel' }) {
  await t.more?.(); // the questions' words are fetched with the long texts (www/i18n.js)
  if (!dialog) make();
  answer?.(false); // a question still open is answered no (one question at a time)
  if (dialog.open) dialog.close();
  dialog.returnValue = '';
  // The dialog's own elements (make()).
  /** @type {HTMLElement} */ (dialog.querySelector('#confirm-question')).textContent = t(question, params);
  /** @type {HTMLElement} */ (dialog.querySelector('#confirm-yes')).textContent = t(yes);
  /** @type {HTMLElement} */ (dialog.querySelector('#confirm-no')).textContent = t(no);
  const result = /** @type {Promise<boolean>} */ (new Promise((resolve) => { answer = resolve; }));
  dialog.showModal();
  /** @type {HTMLElement} */ (dialog.querySelector('#confirm-no')).focus();
  return result;
}
