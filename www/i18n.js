// The page's strings, in the reader's language, from the same catalogues the board uses:
// only the reader's language is fetched (www/i18n/<lang>.txt, cached for offline play) and
// handed to the wasm, which keeps the first visit small.
import { loadCatalogue } from './board.js';
import { catalogue } from '../pkg/tak.js';

export const LANGUAGES = ['en', 'it', 'es', 'ca'];

/** The stored choice if any, else the browser's first language we speak, else English. */
export function chooseLanguage(stored) {
  if (LANGUAGES.includes(stored)) return stored;
  for (const l of navigator.languages || [navigator.language]) {
    const code = String(l || '').slice(0, 2).toLowerCase();
    if (LANGUAGES.includes(code)) return code;
  }
  return 'en';
}

/** A translator for `lang`: t(key, {name: value}). */
export async function translator(lang) {
  await loadCatalogue(lang);
  const table = catalogue(lang);
  return (key, params = {}) => String(table[key] ?? key).replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
}

/** Fills in every [data-i18n*] attribute under `root`. */
export function translatePage(root, t) {
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll('[data-i18n-label]')) el.setAttribute('aria-label', t(el.dataset.i18nLabel));
  for (const el of root.querySelectorAll('[data-i18n-placeholder]')) el.setAttribute('placeholder', t(el.dataset.i18nPlaceholder));
  for (const el of root.querySelectorAll('[data-i18n-title]')) el.setAttribute('title', t(el.dataset.i18nTitle));
}
