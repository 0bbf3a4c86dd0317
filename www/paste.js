// Paste: the dialog that loads a game or a position from text, and shows a text to copy by
// hand where the clipboard is closed. Its markup and logic, loaded when first opened (not on a
// first visit's way to its first board). Glue: the board (its study build) reads the text.

import { formEnd } from './form-end.js';

const PASTE_FORM = `
<form method="dialog" id="paste-form">
  <h2 id="paste-title" data-i18n="paste.title">Load a game or position</h2>
  <label for="paste-text" data-i18n="paste.label">Paste a game (PTN, PTN Ninja or playtak.com notation), a TPS position or a game’s link</label>
  <textarea id="paste-text" rows="8" spellcheck="false"></textarea>
  <p id="paste-held" hidden><span id="paste-held-text"></span> <button type="button" id="paste-clear" data-i18n="paste.clear">Clear</button></p>
${formEnd('paste-error', { value: 'load', id: 'load-game', key: 'btn.load', text: 'Load' })}`;

// A long pasted text (a game of thousands of plies) is held here, not in the text box:
// laying out 100,000 plies of text there stops the page for a second or more. The box
// shows its beginning, read-only, and a line says how long it is; Load reads it all,
// Clear lets go of it.
const PASTE_HELD_OVER = 32 * 1024;

/** @param {string} id */
const $ = (id) => /** @type {PageElement} */ (document.getElementById(id));
/**
 * What the page lends Paste (www/app.js). `beforeLoad()` resolves to false to keep the game,
 * else to what `afterLoad` or `cancelLoad` needs of the game before.
 * @typedef {object} PasteContext
 * @property {HTMLDialogElement} dialog the paste dialog
 * @property {import('./board.js').Board} board
 * @property {import('./i18n.js').Translator} t the page's translator
 * @property {(dialog: HTMLElement) => Promise<void>} openingDialog puts in the dialog's texts
 * @property {(dialog: HTMLDialogElement, line: HTMLElement) => Promise<boolean>} studyFor waits for the study build, saying so in `line`
 * @property {() => Promise<false | {before: any, was: object}>} beforeLoad
 * @property {(before: {before: any, was: object}) => void} cancelLoad
 * @property {(before: {before: any, was: object}) => Promise<void>} afterLoad
 */
/** @type {PasteContext | null} the page's board and what else it lends */
let ctx = null;
/** @type {string | null} */
let pastedLong = null;

// Below, `ctx` is set: the form is wired (ensureForm) only by openPaste and showToCopy, which set it first.

/** @param {string} text */
function holdPaste(text) {
  pastedLong = text;
  const box = $('paste-text');
  box.value = `${text.slice(0, 2000)}\n…`;
  box.readOnly = true;
  $('paste-held-text').textContent = /** @type {PasteContext} */ (ctx).t('paste.held', { size: Math.round(text.length / 1024) });
  $('paste-held').hidden = false;
}

function releasePaste() {
  pastedLong = null;
  $('paste-text').readOnly = false;
  $('paste-text').value = '';
  $('paste-held').hidden = true;
}

/**
 * Puts the form in the dialog and wires it, once.
 * @param {HTMLDialogElement} dialog
 */
function ensureForm(dialog) {
  if ($('paste-form')) return;
  dialog.innerHTML = PASTE_FORM;
  $('paste-text').addEventListener('paste', (e) => {
    const text = e.clipboardData?.getData('text/plain') ?? '';
    if (pastedLong != null || text.length <= PASTE_HELD_OVER) return;
    e.preventDefault();
    // What a paste would have made of the box: the text typed there, the selection replaced.
    const box = /** @type {HTMLTextAreaElement} */ (e.currentTarget);
    holdPaste(box.value.slice(0, box.selectionStart) + text + box.value.slice(box.selectionEnd));
  });
  // Put there otherwise (dropped, or filled by a script): taken out before it is laid out.
  $('paste-text').addEventListener('input', () => {
    const text = $('paste-text').value;
    if (pastedLong == null && text.length > PASTE_HELD_OVER) holdPaste(text);
  });
  $('paste-clear').addEventListener('click', () => { releasePaste(); $('paste-text').focus(); });
  $('load-game').addEventListener('click', load);
}

/**
 * Opens Paste. `context`: the `dialog` element, the `board`, the translator `t`,
 * `openingDialog` (its texts), `studyFor(dialog, line)` (waits for the study build, saying so
 * in `line`), `beforeLoad()` (resolves to false to keep the game: a match the reader would
 * not leave; else to what `afterLoad(before)`, once another game is on the board, or
 * `cancelLoad(before)`, when it could not be read, needs of the game before).
 * @param {PasteContext} context
 */
export async function openPaste(context) {
  ctx = context;
  ensureForm(ctx.dialog);
  showAsCopy(false);
  $('paste-error').textContent = '';
  await ctx.openingDialog(ctx.dialog);
  ctx.dialog.showModal();
  ctx.board.study().catch(() => {}); // games read from text are the study build's
}

/**
 * Says that `text` (`what`: PTN, TPS) was `copied` to the clipboard, in `line`; where the
 * browser gave no access, shows it to copy by hand. Its words come with the long texts.
 * @param {PasteContext} context
 * @param {string} text
 * @param {string} what
 * @param {boolean} copied
 * @param {HTMLElement} line
 */
export async function copied(context, text, what, copied, line) {
  await context.t.more();
  if (copied) line.textContent = context.t('info.copied', { what });
  else await showToCopy(context, text, context.t('info.copy_by_hand', { what }));
}

/**
 * Shows `text` in the dialog to be copied by hand, with `message` saying so.
 * @param {PasteContext} context
 * @param {string} text
 * @param {string} message
 */
export async function showToCopy(context, text, message) {
  ctx = context;
  ensureForm(ctx.dialog);
  releasePaste();
  $('paste-text').value = text;
  $('paste-error').textContent = '';
  await ctx.openingDialog(ctx.dialog);
  showAsCopy(true, message);
  ctx.dialog.showModal();
  // Selected, ready for Ctrl+C.
  $('paste-text').select();
}

/**
 * The dialog as a text to copy (`message` its title, no label and no Load) or, `copying`
 * false, as Paste again (its title comes back with its texts, `openingDialog`).
 * @param {boolean} copying
 * @param {string} [message]
 */
function showAsCopy(copying, message = '') {
  if (copying) $('paste-title').textContent = message;
  /** @type {HTMLElement} */ ($('paste-form').querySelector('label[for=paste-text]')).hidden = copying;
  $('load-game').hidden = copying;
}

/** @param {Event} e */
async function load(e) {
  // Closed here once loaded: an error keeps the dialog and the pasted text, so nothing is lost.
  e.preventDefault();
  const { dialog, board, t } = /** @type {PasteContext} */ (ctx);
  if (!(await /** @type {PasteContext} */ (ctx).studyFor(dialog, $('paste-error')))) return;
  const text = pastedLong ?? $('paste-text').value;
  // A game's link pasted (a friend's move where the link would open another copy of the page:
  // tak.html on another device): opened here, as if followed.
  const link = /#[gf]=[\w-]+/.exec(text.trim());
  if (link && /^\S+$/.test(text.trim())) {
    releasePaste();
    dialog.close('load');
    location.hash = link[0];
    return;
  }
  const before = await /** @type {PasteContext} */ (ctx).beforeLoad();
  if (!before) return;
  // A long game is read in slices: the dialog says how far it got, and Load waits.
  $('load-game').disabled = true;
  const error = await Promise.resolve(board.load(text, (/** @type {number} */ done) => {
    $('paste-error').textContent = t('paste.reading', { percent: Math.floor(done * 100) });
  })).finally(() => { $('load-game').disabled = false; });
  if (error) {
    /** @type {PasteContext} */ (ctx).cancelLoad(before);
    $('paste-error').textContent = error;
    return;
  }
  await /** @type {PasteContext} */ (ctx).afterLoad(before);
  // In a task of its own, and emptied first: a dialog closing over a long text lays it out
  // again, and the page has just answered the new game.
  await new Promise((resolve) => { setTimeout(resolve, 0); });
  releasePaste();
  dialog.close('load');
}
