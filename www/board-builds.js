// The builds of the wasm and their catalogues, loaded once per page, for www/board.js (which
// exports them to the page's other modules). A first visit gets the play build (pkg/tak*:
// rules, board, renderer, play, save); the study build (pkg/tak_study*: the same and games
// read from text, comments, reviews, marks, matches, images) is fetched when first wanted.
import { LANGUAGES } from './languages.js';
import initPlay, { TakBoard as PlayBoard, setCatalogue as setPlayCatalogue, catalogue as playCatalogue } from '../pkg/tak.js';

/** @typedef {import('./board.js').Engine} Engine */
/**
 * What a page may leave on `globalThis` for the board: the play build's wasm compiled early
 * (index.html's head), and the one-file page's study build (base64) and catalogues
 * (scripts/dist.mjs).
 * @typedef {typeof globalThis & {TAK_PLAY_WASM?: Promise<WebAssembly.Module>, TAK_WASM?: string, TAK_CATALOGUES?: Record<string, string>}} PageGlobals
 */

/**
 * The play build's wasm: compiled already, where the game page's head started it while the
 * page's modules were still coming (`TAK_PLAY_WASM`, taken once), else fetched from here.
 */
function playWasm() {
  const url = new URL('../pkg/tak_bg.wasm', import.meta.url);
  const early = /** @type {PageGlobals} */ (globalThis).TAK_PLAY_WASM;
  // Taken away, not set to undefined: on a host page (a <tak-board>) nothing is left behind.
  if (early) delete /** @type {PageGlobals} */ (globalThis).TAK_PLAY_WASM;
  return early ? early.catch(() => url) : url;
}

/** @type {Map<string, Promise<Engine>>} */
const builds = new Map();
/**
 * Loads a build of the wasm ('play' or 'study') once per page.
 * @param {'play' | 'study'} [name]
 * @returns {Promise<Engine>}
 */
export function loadEngine(name = 'play') {
  // The one-file build carries the study build inline (base64) and uses it for everything.
  const inline = /** @type {PageGlobals} */ (globalThis).TAK_WASM;
  if (inline) name = 'study';
  if (!builds.has(name)) {
    builds.set(name, name === 'play'
      // The play build's board is the study build's less what only the study build has.
      ? initPlay({ module_or_path: playWasm() }).then(() => /** @type {Engine} */ ({ name, TakBoard: PlayBoard, setCatalogue: setPlayCatalogue, catalogue: playCatalogue }))
      : import('../pkg/tak_study.js').then(async (m) => {
        await m.default({ module_or_path: inline ? Uint8Array.from(atob(inline), (c) => c.charCodeAt(0)) : new URL('../pkg/tak_study_bg.wasm', import.meta.url) });
        return /** @type {Engine} */ ({ name, TakBoard: m.TakBoard, setCatalogue: m.setCatalogue, catalogue: m.catalogue, assembleApng: m.assembleApng, library: m, TakEditor: m.TakEditor, TakLoading: m.TakLoading, TakRestoring: m.TakRestoring });
      }));
    // A failed fetch (offline before the first visit ended) is tried again next time.
    /** @type {Promise<Engine>} */ (builds.get(name)).catch(() => builds.delete(name));
  }
  return /** @type {Promise<Engine>} */ (builds.get(name));
}

/** @type {Map<string, Promise<string>>} */
const catalogueTexts = new Map();
/** @type {Map<string, Promise<void>>} */
const cataloguesSet = new Map();
/**
 * Loads the catalogue of `lang` (one of www/languages.js) into a build of the wasm, once per page and
 * build: the board's messages and the names on its canvas. A one-file page carries them in
 * `globalThis.TAK_CATALOGUES` instead of fetching them.
 * @param {string} [lang]
 * @param {'play' | 'study'} [build]
 * @returns {Promise<void>}
 */
export function loadCatalogue(lang = 'en', build = 'play') {
  const code = LANGUAGES.includes(lang) ? lang : 'en';
  if (!catalogueTexts.has(code)) {
    // The catalogue is fetched while the wasm loads, not after it.
    const inline = /** @type {PageGlobals} */ (globalThis).TAK_CATALOGUES?.[code];
    catalogueTexts.set(code, inline != null ? Promise.resolve(inline) : fetch(new URL(`./i18n/${code}.txt`, import.meta.url)).then((r) => {
      if (!r.ok) throw new Error(`the ${code} catalogue could not be loaded (${r.status})`);
      return r.text();
    }));
  }
  const key = `${build}:${code}`;
  if (!cataloguesSet.has(key)) {
    const texts = /** @type {Promise<string>} */ (catalogueTexts.get(code)).then((t) => (build === 'study' ? withMore(code, t) : t));
    cataloguesSet.set(key, Promise.all([loadEngine(build), texts]).then(([wasm, t]) => { wasm.setCatalogue(code, t); }));
  }
  return /** @type {Promise<void>} */ (cataloguesSet.get(key));
}

/**
 * The study build's catalogue: `text` and, where it was split off (dist/), the long texts of
 * `www/i18n/<lang>.more.txt`, for the study build's Rust says some of them (the position
 * editor's refusals). The source tree and the one-file page have them all in `text` already.
 * @param {string} code
 * @param {string} text
 * @returns {Promise<string>}
 */
async function withMore(code, text) {
  if (/^rules\./m.test(text)) return text;
  try {
    const r = await fetch(new URL(`./i18n/${code}.more.txt`, import.meta.url));
    return r.ok ? `${text}\n${await r.text()}` : text;
  } catch {
    return text;
  }
}
