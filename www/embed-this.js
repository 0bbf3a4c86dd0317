// "Embed this" (Share and export): the code that puts the game shown here on any page, as
// an iframe of embed.html or a <tak-board> element, with a preview made from that very code.
// Loaded when first opened: the first visit does not carry it.
import { translatePage } from './i18n.js';
import { languageOptions } from './languages.js';

/**
 * What the reader chose in the dialog (`choice`).
 * @typedef {object} EmbedChoice
 * @property {string} form 'iframe' or 'element'
 * @property {string} scope 'ply' (this position) or 'game'
 * @property {boolean} lesson
 * @property {boolean} controls
 * @property {boolean} interactive
 * @property {boolean} analysis
 * @property {boolean} marks
 * @property {boolean} flip
 * @property {string} theme
 * @property {string} lang
 */
/**
 * The game to embed, as openEmbedThis reads it from the board.
 * @typedef {object} EmbedGame
 * @property {string} tps
 * @property {string} ptn
 * @property {number} ply the ply shown
 * @property {number} plyCount
 * @property {import('./board.js').GameSettings} settings
 * @property {import('./board.js').GameSettings} standard a standard game's of its size
 * @property {{arrows: string, highlight: string, labels: string}} marks
 * @property {boolean} hasComments
 */
/**
 * A parameter: its name, its attribute where that differs, and its value (null: left out; true: a flag).
 * @typedef {{name: string, attribute?: string, value: (c: EmbedChoice, g: EmbedGame) => string | boolean | null}} Param
 */
/** A chosen parameter: [name, attribute, value] (value true: a flag). @typedef {[string, string, string | true]} ChosenParam */
/**
 * The dialog's form, its controls by name (`lang`: the select, not the element's language).
 * @typedef {Omit<HTMLFormElement, 'lang'> & {form: RadioNodeList, scope: RadioNodeList, theme: HTMLSelectElement, lang: HTMLSelectElement} & {[name in 'lesson' | 'controls' | 'interactive' | 'analysis' | 'marks' | 'flip']: HTMLInputElement}} EmbedThisForm
 */

/** Where the game's settings go among the parameters. @type {Param} */
const SETTINGS = { name: 'settings', value: () => null };

/**
 * The settings a position alone passes on (`g.settings`, a status' `settings`): those that
 * differ from a standard game of its size (`g.standard`), each under its name in lower case
 * and, as an attribute, with dashes (`takebacks`, `take-backs`). The board reads them all
 * (src/web/bindings/options.rs, `params`); the clock is not the embed's.
 * @param {EmbedChoice} c
 * @param {EmbedGame} g
 * @returns {ChosenParam[]}
 */
const settingsParams = (c, g) => (c.scope !== 'ply' ? [] : Object.keys(g.settings)
  .filter((k) => k !== 'clock' && /** @type {Record<string, unknown>} */ (g.settings)[k] !== /** @type {Record<string, unknown>} */ (g.standard)[k])
  .map((k) => [k.toLowerCase(), k.replace(/[A-Z]/g, (l) => `-${l.toLowerCase()}`), String(/** @type {Record<string, unknown>} */ (g.settings)[k])]));

/**
 * The parameters, in the order the code lists them. Each says its name in the URL and, when
 * it differs, as an attribute, and its value for a choice `c` and the game `g` (null: left
 * out, so the board's default holds; true: a flag turned on). Adding a parameter is one line.
 * @type {Param[]}
 */
export const PARAMS = [
  { name: 'tps', value: (c, g) => (c.scope === 'ply' ? g.tps : null) },
  { name: 'ptn', value: (c, g) => (c.scope === 'game' ? g.ptn : null) },
  // The game opens at the ply shown here (the embed's default is its end; a lesson its start).
  { name: 'ply', value: (c, g) => (c.scope === 'game' && !c.lesson && g.ply !== g.plyCount ? String(g.ply) : null) },
  // A position alone keeps the game's settings that a PTN would carry in its tags (below).
  SETTINGS,
  { name: 'lesson', value: (c) => (c.scope === 'game' && c.lesson) || null },
  { name: 'controls', value: (c) => (c.controls && !(c.scope === 'game' && c.lesson)) || null },
  // Both the frame and the element are playable unless told otherwise.
  { name: 'interactive', value: (c) => (c.interactive ? null : '0') },
  { name: 'analysis', value: (c) => c.analysis || null },
  // The marks of a position; a game's travel in its comments.
  { name: 'arrows', value: (c, g) => (c.scope === 'ply' && c.marks ? g.marks.arrows || null : null) },
  { name: 'highlight', value: (c, g) => (c.scope === 'ply' && c.marks ? g.marks.highlight || null : null) },
  { name: 'labels', value: (c, g) => (c.scope === 'ply' && c.marks ? g.marks.labels || null : null) },
  { name: 'flip', value: (c) => c.flip || null },
  { name: 'theme', value: (c) => (c.theme === 'light' || c.theme === 'dark' ? c.theme : null) },
  { name: 'lang', value: (c) => c.lang || null },
];

/**
 * The marks shown, in the text forms of the parameters (`c3-e3:red`, `d4`, `b2:1`).
 * @param {{arrow?: [string, string], square?: string, label?: string, color?: string}[]} list the board's marks
 */
export function marksText(list) {
  /** @param {{color?: string}} m */
  const color = (m) => (m.color && m.color !== 'green' ? `:${m.color}` : '');
  /** @type {{arrows: string[], highlight: string[], labels: string[]}} */
  const out = { arrows: [], highlight: [], labels: [] };
  for (const m of list) {
    if (m.arrow) out.arrows.push(`${m.arrow[0]}-${m.arrow[1]}${color(m)}`);
    else if (m.label != null) out.labels.push(`${m.square}:${m.label}`);
    else if (m.square) out.highlight.push(`${m.square}${color(m)}`);
  }
  return { arrows: out.arrows.join(','), highlight: out.highlight.join(','), labels: out.labels.join(',') };
}

/**
 * The parameters for choice `c` and game `g`, as [name, attribute, value] (value true: a flag).
 * @param {EmbedChoice} c
 * @param {EmbedGame} g
 * @returns {ChosenParam[]}
 */
export function chosenParams(c, g) {
  // The values left out (null, false) are filtered away: the rest are texts or true.
  return /** @type {ChosenParam[]} */ (PARAMS.flatMap((p) => (p === SETTINGS ? settingsParams(c, g) : [[p.name, p.attribute ?? p.name, p.value(c, g)]])).filter(([, , v]) => v !== null && v !== undefined && v !== false));
}

/** @param {string} v */
const escapeAttribute = (v) => v.replace(/&/g, '&amp;').replace(/'/g, '&#39;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Where the embed's files are: beside this page (works from any sub-path and from dist/). @param {string} [page] */
export const addresses = (page = location.href) => ({
  frame: new URL('embed.html', page).href,
  element: new URL('www/tak-board.js', page).href,
});

/**
 * The code for choice `c` and game `g`: { code, tag, attributes, script } where the preview
 * builds `tag` with `attributes` (exactly what a browser reads from `code`).
 * @param {EmbedChoice} c
 * @param {EmbedGame} g
 * @param {{frame: string, element: string}} [where]
 * @returns {{code: string, tag: string, attributes: string[][], script?: string}}
 */
export function snippet(c, g, where = addresses()) {
  const params = chosenParams(c, g);
  if (c.form === 'element') {
    const attributes = [...params.map(([, attribute, v]) => [attribute, v === true ? '' : v]), ['style', 'max-width:480px']];
    const attrs = attributes.map(([a, v]) => (v === '' ? ` ${a}` : ` ${a}='${escapeAttribute(v)}'`)).join('');
    return {
      tag: 'tak-board',
      attributes,
      script: where.element,
      code: `<script type="module" src="${where.element}"></script>\n<tak-board${attrs}></tak-board>`,
    };
  }
  const query = new URLSearchParams(params.map(([name, , v]) => [name, v === true ? '1' : v])).toString();
  const src = `${where.frame}?${query}`;
  const attributes = [['src', src], ['width', '480'], ['height', '420'], ['title', 'Tak'], ['style', 'border:0;max-width:100%']];
  return {
    tag: 'iframe',
    attributes,
    code: `<iframe${attributes.map(([a, v]) => ` ${a}="${v.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`).join('')}></iframe>`,
  };
}

// Its own styles, so that the page's stylesheet (the first visit's) does not grow.
const STYLE = `
  dialog.embedthis { width: min(60rem, 96vw); max-width: min(60rem, 96vw); }
  .embedthis-grid { display: grid; grid-template-columns: minmax(15rem, 1fr) minmax(0, 1.2fr); gap: .4rem 1rem; align-items: start; }
  .embedthis .row > label { flex: 1; margin: .2rem 0; }
  .embedthis .hint { margin: .2rem 0; font-size: .85em; color: var(--muted); }
  .embedthis-heading { margin: .3rem 0; font-weight: 600; }
  #embedthis-preview { border: 1px dashed var(--line); border-radius: .4rem; padding: 4px; min-height: 12rem; }
  #embedthis-preview > * { display: block; margin: 0 auto; }
  #embedthis-code { font-size: .8rem; word-break: break-all; }
  .embedthis .row.end a { margin-right: auto; }
  @media (max-width: 40rem) {
    .embedthis-grid { grid-template-columns: 1fr; }
    dialog.embedthis { padding: .6rem .7rem; }
    .embedthis fieldset.marks { margin: .2rem 0; }
  }
`;

const DIALOG = `<style>${STYLE}</style>
<form method="dialog" id="embedthis-form">
  <h2 id="embedthis-title" data-i18n="embedthis.title">Embed this</h2>
  <div class="embedthis-grid">
    <div class="embedthis-choices">
      <fieldset class="marks"><legend data-i18n="embedthis.form">Put it on a page as</legend>
        <label><input type="radio" name="form" value="iframe" checked> <span data-i18n="embedthis.iframe">a frame (iframe)</span></label>
        <label><input type="radio" name="form" value="element"> <span data-i18n="embedthis.element">a &lt;tak-board&gt; element</span></label>
      </fieldset>
      <fieldset class="marks"><legend data-i18n="embedthis.what">Show</legend>
        <label><input type="radio" name="scope" value="ply" checked> <span id="embedthis-ply">this position</span></label>
        <label><input type="radio" name="scope" value="game"> <span data-i18n="embedthis.game">the whole game</span></label>
      </fieldset>
      <fieldset class="marks"><legend data-i18n="embedthis.options">With</legend>
        <label><input type="checkbox" name="lesson"> <span data-i18n="embedthis.lesson">lesson captions (the comments, ply by ply)</span></label>
        <label><input type="checkbox" name="controls"> <span data-i18n="embedthis.controls">step buttons</span></label>
        <label><input type="checkbox" name="interactive" checked> <span data-i18n="embedthis.interactive">the reader can play</span></label>
        <label><input type="checkbox" name="analysis"> <span data-i18n="embedthis.analysis">analysis (evaluation bar and best line)</span></label>
        <label><input type="checkbox" name="marks" checked> <span data-i18n="embedthis.marks">the marks as drawn</span></label>
        <label><input type="checkbox" name="flip"> <span data-i18n="embedthis.flip">seen from Black’s side</span></label>
      </fieldset>
      <div class="row">
        <label><span data-i18n="theme.label">Theme</span>
          <select name="theme">
            <option value="system" data-i18n="theme.system">As the system</option>
            <option value="light" data-i18n="theme.light">Light</option>
            <option value="dark" data-i18n="theme.dark">Dark</option>
          </select></label>
        <label><span data-i18n="lang.label">Language</span>
          <select name="lang">
            <option value="" data-i18n="embedthis.lang_reader">The reader's</option>
            ${languageOptions()}
          </select></label>
      </div>
      <p id="embedthis-hint" class="hint"></p>
    </div>
    <div class="embedthis-preview">
      <p class="embedthis-heading" data-i18n="embedthis.preview">Preview: what the code shows</p>
      <div id="embedthis-preview"></div>
    </div>
  </div>
  <label for="embedthis-code" data-i18n="embedthis.code">The code to paste into your page</label>
  <textarea id="embedthis-code" readonly spellcheck="false" rows="4"></textarea>
  <p id="embedthis-message" class="error" aria-live="polite"></p>
  <div class="row end">
    <a href="www/authors.html" target="_blank" rel="noopener" data-i18n="btn.authors">For authors</a>
    <button id="embedthis-copy" type="button" data-i18n="btn.copy">Copy</button>
    <button value="close" data-i18n="btn.close">Close</button>
  </div>
</form>`;

/**
 * The dialog: null until first opened (openEmbedThis makes it), and what reads it runs after.
 * @type {HTMLDialogElement}
 */
let dialog = /** @type {HTMLDialogElement} */ (/** @type {unknown} */ (null));

/**
 * Opens the dialog for the game on `board` (a mounted board), in the page's language `t`.
 * @param {import('./board.js').Board} board
 * @param {import('./i18n.js').Translator} t
 * @param {{theme?: string, lang?: string, flip?: boolean}} [look] the page's theme and language, and whether the board is seen from Black's side
 */
export async function openEmbedThis(board, t, { theme = 'system', lang = '', flip = false } = {}) {
  await board.study(); // the game's tags and marks are the study build's
  const s = /** @type {import('./board.js').Status} */ (board.status());
  const ptn = board.ptn();
  /** @type {EmbedGame} */
  const game = {
    tps: board.tps(), ptn, ply: s.ply, plyCount: board.plyCount(), settings: s.settings, standard: board.standardSettings(s.settings.size) ?? s.settings,
    marks: marksText(board.marks() ?? []),
    // Captions come from comments: offered when the game has any.
    hasComments: /\{/.test(ptn),
  };
  if (!dialog) {
    dialog = document.createElement('dialog');
    dialog.id = 'embedthis-dialog';
    dialog.className = 'wide embedthis';
    dialog.setAttribute('aria-labelledby', 'embedthis-title');
    dialog.innerHTML = DIALOG;
    document.body.append(dialog);
    dialog.addEventListener('close', () => $preview().replaceChildren()); // no frame left running
  }
  await t.more(); // in dist/ the dialog's texts come with the long ones, when first wanted
  translatePage(dialog, t);
  const form = /** @type {EmbedThisForm} */ (/** @type {unknown} */ (dialog.querySelector('form')));
  /** @type {Element} */ (dialog.querySelector('#embedthis-ply')).textContent = t('embedthis.ply', { ply: game.ply });
  form.theme.value = theme;
  form.lang.value = lang;
  form.flip.checked = flip; // as the page shows it now
  const update = () => refresh(form, game, t);
  form.onchange = (/** @type {Event} */ event) => {
    // A whole game is for stepping through: its buttons come with it (and can be taken off).
    if (/** @type {HTMLInputElement} */ (event.target).name === 'scope') form.controls.checked = form.scope.value === 'game';
    update();
  };
  /** @type {HTMLElement} */ (form.querySelector('#embedthis-copy')).onclick = () => copyCode(t);
  /** @type {Element} */ (dialog.querySelector('#embedthis-message')).textContent = '';
  if (!dialog.open) dialog.showModal();
  update();
  return dialog;
}

const $preview = () => /** @type {HTMLElement} */ (dialog.querySelector('#embedthis-preview'));

/** @param {EmbedThisForm} form @returns {EmbedChoice} */
function choice(form) {
  return {
    form: form.form.value, scope: form.scope.value, lesson: form.lesson.checked, controls: form.controls.checked,
    interactive: form.interactive.checked, analysis: form.analysis.checked, marks: form.marks.checked, flip: form.flip.checked,
    theme: form.theme.value, lang: form.lang.value,
  };
}

let shown = '';
/** @param {EmbedThisForm} form @param {EmbedGame} game @param {import('./i18n.js').Translator} t */
async function refresh(form, game, t) {
  const inGame = form.scope.value === 'game';
  form.lesson.disabled = !inGame || !game.hasComments;
  if (form.lesson.disabled) form.lesson.checked = false;
  form.controls.disabled = inGame && form.lesson.checked; // a lesson has its own
  form.marks.disabled = inGame;
  const hint = /** @type {HTMLElement} */ (dialog.querySelector('#embedthis-hint'));
  hint.textContent = inGame ? t('embedthis.marks_in_game') : '';
  if (!game.hasComments) hint.textContent += `${hint.textContent ? ' ' : ''}${t('embedthis.no_comments')}`;
  // Without CORS on the serving site the element shows nothing on another site's page, and
  // the author would see no reason why (a frame needs no such permission).
  if (form.form.value === 'element') hint.textContent += `${hint.textContent ? ' ' : ''}${t('embedthis.cors')}`;
  const c = choice(form);
  const made = snippet(c, game);
  /** @type {HTMLTextAreaElement} */ (dialog.querySelector('#embedthis-code')).value = made.code;
  if (made.code === shown && $preview().firstChild) return;
  shown = made.code;
  // The preview is the code itself: the same element with the same attributes.
  if (made.script) await import(made.script);
  const el = document.createElement(made.tag);
  for (const [a, v] of made.attributes) el.setAttribute(a, v);
  $preview().replaceChildren(el);
}

/** @param {import('./i18n.js').Translator} t */
async function copyCode(t) {
  const area = /** @type {HTMLTextAreaElement} */ (dialog.querySelector('#embedthis-code'));
  const message = /** @type {HTMLElement} */ (dialog.querySelector('#embedthis-message'));
  area.focus();
  area.select();
  try {
    await navigator.clipboard.writeText(area.value);
    message.textContent = t('embedthis.copied');
  } catch {
    message.textContent = t('embedthis.copy_by_hand'); // the code stays selected
  }
}
