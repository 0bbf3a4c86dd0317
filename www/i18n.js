// The page's strings, in the reader's language, from the same catalogues the board uses:
// only the reader's language is fetched (www/i18n/<lang>.txt, cached for offline play) and
// handed to the wasm, which keeps the first visit small.
import { loadCatalogue, loadEngine } from './board.js';
import { A_LATER_KEY, LANGUAGES } from './languages.js';

export { LANGUAGES };

/**
 * The stored choice if any, else the browser's first language we speak, else English.
 * @param {string | null | undefined} stored
 */
export function chooseLanguage(stored) {
  if (LANGUAGES.includes(/** @type {string} */ (stored))) return /** @type {string} */ (stored);
  for (const l of navigator.languages || [navigator.language]) {
    const code = String(l || '').slice(0, 2).toLowerCase();
    if (LANGUAGES.includes(code)) return code;
  }
  return 'en';
}

/**
 * A translator for `lang`: t(key, {name: value}). A value set in parentheses loses its own
 * closing full stop: "(ply 2: a1 is not empty)", not "(… empty.)." (a message of the board's,
 * in its own words, is often such a value).
 * @param {string} lang
 */
export async function translator(lang) {
  await loadCatalogue(lang);
  const table = (await loadEngine()).catalogue(lang);
  /**
   * @param {string} key
   * @param {Record<string, unknown>} [params]
   */
  const t = (key, params = {}) => String(table[key] ?? key).replace(/\{(\w+)\}(?=(\)?))/g, (m, name, close) => (name in params ? String(params[name]).replace(close ? /\.$/ : /(?!)/, '') : m));
  /** @param {string} key */
  t.has = (key) => key in table;
  // The long texts (the rules, the tutorial) come apart in dist/ (www/i18n/<lang>.more.txt),
  // fetched when first wanted; the source tree and the one-file page have them in the first.
  /** @type {Promise<unknown> | null} */
  let more = null;
  t.more = () => (more ??= A_LATER_KEY in table ? Promise.resolve()
    : fetch(new URL(`./i18n/${lang}.more.txt`, import.meta.url))
      .then((r) => (r.ok ? r.text() : ''))
      .then((text) => Object.assign(table, parseCatalogue(text)))
      .catch(() => { more = null; }));
  return t;
}

/** The page's translator, as `translator` makes it. @typedef {Awaited<ReturnType<typeof translator>>} Translator */

/**
 * `key = value` lines (`#` comments, `\n` for a new line), as the wasm reads them.
 * @param {string} text
 */
function parseCatalogue(text) {
  /** @type {Record<string, string>} */
  const out = {};
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    const eq = line.indexOf('=');
    if (!line || line.startsWith('#') || eq < 0) continue;
    out[line.slice(0, eq).trim()] = line.slice(eq + 1).trim().replaceAll('\\n', '\n');
  }
  return out;
}

/**
 * Fills in every [data-i18n*] attribute under `root` (a text not loaded yet is left alone).
 * The selectors find only elements that have the attribute read.
 * @param {ParentNode} root
 * @param {Translator} t
 */
export function translatePage(root, t) {
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll('[data-i18n]'))) if (t.has(/** @type {string} */ (el.dataset.i18n))) el.textContent = t(/** @type {string} */ (el.dataset.i18n));
  for (const [attribute, name, key] of [['aria-label', 'data-i18n-label', 'i18nLabel'], ['placeholder', 'data-i18n-placeholder', 'i18nPlaceholder'], ['title', 'data-i18n-title', 'i18nTitle']]) {
    for (const el of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll(`[${name}]`))) if (t.has(/** @type {string} */ (el.dataset[key]))) el.setAttribute(attribute, t(/** @type {string} */ (el.dataset[key])));
  }
}
