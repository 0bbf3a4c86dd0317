// Notes on the ply shown: a judgement, a Tak mark and a comment. The dialog's markup and logic,
// loaded when Notes is first opened (not on a first visit's way to its first board). Glue:
// the board (its study build) checks and keeps the annotation and the comment.

import { formEnd } from './form-end.js';

const NOTES_FORM = `
<form method="dialog" id="notes-form">
  <h2 id="notes-title" data-i18n="notes.title">Notes on this ply</h2>
  <p id="notes-ply" class="muted"></p>
  <fieldset id="notes-marks" class="marks">
    <legend data-i18n="notes.judgement">Judgement</legend>
    <label><input type="radio" name="judgement" value="" checked> <span data-i18n="notes.none">none</span></label>
    <label><input type="radio" name="judgement" value="!"> ! <span data-i18n="notes.good">good</span></label>
    <label><input type="radio" name="judgement" value="?"> ? <span data-i18n="notes.mistake">mistake</span></label>
    <label><input type="radio" name="judgement" value="!!"> !! <span data-i18n="notes.brilliant">brilliant</span></label>
    <label><input type="radio" name="judgement" value="??"> ?? <span data-i18n="notes.blunder">blunder</span></label>
    <label><input type="radio" name="judgement" value="!?"> !? <span data-i18n="notes.interesting">interesting</span></label>
    <label><input type="radio" name="judgement" value="?!"> ?! <span data-i18n="notes.dubious">dubious</span></label>
  </fieldset>
  <fieldset id="notes-tak" class="marks">
    <legend data-i18n="notes.tak">Road threat</legend>
    <label><input type="radio" name="tak" value="" checked> <span data-i18n="notes.none">none</span></label>
    <label><input type="radio" name="tak" value="'"> ' <span data-i18n="notes.tak1">Tak</span></label>
    <label><input type="radio" name="tak" value="''"> '' <span data-i18n="notes.tak2">Tinuë (cannot be stopped)</span></label>
  </fieldset>
  <label for="notes-text" data-i18n="notes.comment">Comment</label>
  <textarea id="notes-text" rows="4"></textarea>
${formEnd('notes-error', { value: 'save', id: 'notes-save', key: 'btn.save', text: 'Save' })}`;

/** @param {string} id */
const $ = (id) => /** @type {PageElement} */ (document.getElementById(id));
/**
 * What the page lends Notes (www/app.js).
 * @typedef {object} NotesContext
 * @property {HTMLDialogElement} dialog the notes' dialog
 * @property {import('./board.js').Board} board
 * @property {import('./i18n.js').Translator} t the page's translator
 * @property {(dialog: HTMLElement) => Promise<void>} openingDialog puts in the dialog's texts
 * @property {(dialog: HTMLDialogElement, line: HTMLElement) => Promise<boolean>} studyFor waits for the study build, saying so in `line`
 */
/** @type {NotesContext | null} the page's board and what else it lends */
let ctx = null;

/**
 * Opens the notes of the ply shown. `context`: the `dialog` element, the `board`, the
 * translator `t`, `openingDialog` (its texts) and `studyFor(dialog, line)` (waits for the study
 * build, saying so in `line`).
 * @param {NotesContext} context
 */
export async function openNotes(context) {
  ctx = context;
  const { dialog, board, t } = ctx;
  if (!$('notes-form')) {
    dialog.innerHTML = NOTES_FORM;
    $('notes-save').addEventListener('click', save);
  }
  await ctx.openingDialog(dialog);
  const s = /** @type {import('./board.js').Status} */ (board.status());
  const item = s.here;
  const { tak = '', judgement = '' } = item ?? {};
  $('notes-ply').textContent = item ? `${item.label} ${item.ptn}` : t('notes.start');
  for (const r of /** @type {NodeListOf<HTMLInputElement>} */ (dialog.querySelectorAll('input[name=judgement]'))) r.checked = r.value === judgement;
  for (const r of /** @type {NodeListOf<HTMLInputElement>} */ (dialog.querySelectorAll('input[name=tak]'))) r.checked = r.value === tak;
  $('notes-marks').disabled = $('notes-tak').disabled = !item;
  $('notes-text').value = (item ? item.rawComments : s.rawStartComments).join('\n');
  $('notes-error').textContent = '';
  dialog.showModal();
  board.study().catch(() => {}); // comments are the study build's: fetched while one is typed
}

/** @param {Event} e */
async function save(e) {
  // Closed here once saved: an error keeps the dialog and the text open.
  e.preventDefault();
  // Set by openNotes, which adds this listener.
  const { dialog, board } = /** @type {NotesContext} */ (ctx);
  if (!(await /** @type {NotesContext} */ (ctx).studyFor(dialog, $('notes-error')))) return;
  const form = /** @type {HTMLFormElement} */ (document.getElementById('notes-form'));
  const text = $('notes-text').value;
  // The ply shown (the dialog is modal: still the one it opened on), named as the study
  // build, just loaded, knows it.
  const here = /** @type {import('./board.js').Status} */ (board.status()).here;
  if (here) {
    const error = await board.setAnnotation(here.id, `${form.tak.value}${form.judgement.value}`);
    if (error) { $('notes-error').textContent = error; return; }
  }
  const error = await board.setComment(here ? here.id : [], text);
  if (error) $('notes-error').textContent = error;
  else dialog.close('save');
}
