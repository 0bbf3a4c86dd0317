// The end of a dialog's text form (Notes, Paste): the line that says what is wrong, read out
// as it changes, then Cancel and the form's own button. Written once for the dialogs that
// edit a text.

/**
 * @param {string} errorId the error line's id
 * @param {{value: string, id: string, key: string, text: string}} main the main button: its
 *   value (the dialog's return value), id, catalogue key and English text
 */
export const formEnd = (errorId, main) => `
  <p id="${errorId}" class="error" aria-live="assertive"></p>
  <div class="row end">
    <button value="cancel" formnovalidate data-i18n="btn.cancel">Cancel</button>
    <button value="${main.value}" id="${main.id}" data-i18n="${main.key}">${main.text}</button>
  </div>
</form>
`;
