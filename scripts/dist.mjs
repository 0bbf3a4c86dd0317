// `make dist`: a self-contained folder of static files for any host and sub-path, with the
// scripts bundled and minified (shared code split into chunks, what the first visit does not
// need loaded on first use), the stylesheet minified, the page told which modules to fetch
// at once, and the service worker's file list written. Relative paths only.
import { build, transformSync } from 'esbuild';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseHTML } from 'linkedom';
import { A_LATER_KEY, LANGUAGES } from '../www/languages.js';
import { MORE_KEYS } from '../www/catalogue-split.js';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const DIST = path.join(ROOT, 'dist');
rmSync(DIST, { recursive: true, force: true });
mkdirSync(path.join(DIST, 'www/i18n'), { recursive: true });
mkdirSync(path.join(DIST, 'pkg'), { recursive: true });
const copy = (from, to = from) => cpSync(path.join(ROOT, from), path.join(DIST, to), { recursive: true });
// The puzzle set is fetched when Puzzles is first opened (www/puzzle.js), the levels' ratings
// when the progress page is (www/progress.js).
for (const f of ['embed.html', 'manifest.webmanifest', 'www/embed-demo.html', 'www/authors.html', 'www/icons', 'www/i18n', 'www/puzzles', 'www/levels.json']) copy(f);
for (const f of ['tak_bg.wasm', 'tak_study_bg.wasm', 'tak_engine_bg.wasm']) copy(`pkg/${f}`);

// A release: what the page keeps for its tests alone (www/board.js's failForTest) is left out.
const RELEASE = { TAK_RELEASE: 'true' };

// board.js is an entry too: hosts import `mount` from www/board.js (as the embed demo shows).
const result = await build({
  entryPoints: ['app', 'embed', 'tak-board', 'board', 'worker'].map((e) => path.join(ROOT, 'www', `${e}.js`)),
  bundle: true,
  splitting: true,
  format: 'esm',
  minify: true,
  target: 'es2022',
  outdir: path.join(DIST, 'www'),
  chunkNames: 'chunk-[hash]',
  metafile: true,
  define: RELEASE,
  logLevel: 'warning',
});
await build({
  entryPoints: [path.join(ROOT, 'www/style.css')],
  minify: true,
  outdir: path.join(DIST, 'www'),
  logLevel: 'warning',
});

// The modules each page needs at once, so that the browser asks for all of them together
// (no waterfall): an entry's static imports, followed to the end.
function staticImports(entry) {
  const outputs = result.metafile.outputs;
  const seen = new Set();
  const walk = (file) => {
    for (const imp of outputs[file]?.imports ?? []) {
      if (imp.kind === 'import-statement' && !seen.has(imp.path)) { seen.add(imp.path); walk(imp.path); }
    }
  };
  const key = Object.keys(outputs).find((f) => f.endsWith(`/www/${entry}.js`));
  walk(key);
  return [...seen].map((f) => path.relative(DIST, path.resolve(ROOT, f)));
}
// The long texts of each catalogue (the rules, the tutorial, Embed this, the editor's words) and the texts of the dialogs a
// first visit does not need for its first board (New game, Share, Paste, Notes, the offer of
// a new version, the questions of www/confirm.js), and what
// only the study build's Rust says (it takes this file too), in a file of their
// own, fetched when first read (the split is `MORE_KEYS` of www/catalogue-split.js).
// The page asks for one key to know whether it has the long texts (www/languages.js).
if (!MORE_KEYS.test(A_LATER_KEY)) throw new Error(`A_LATER_KEY '${A_LATER_KEY}' is not one of MORE_KEYS (www/catalogue-split.js)`);
for (const lang of LANGUAGES) {
  const lines = readFileSync(path.join(ROOT, `www/i18n/${lang}.txt`), 'utf8').split('\n');
  const isMore = (line) => MORE_KEYS.test(line.trim());
  // Sent without the comments, the blank lines and the spaces around `=` (the readers,
  // src/web/i18n.rs and www/i18n.js, skip and trim them): a fifth of a KB of the first visit.
  const entries = lines.map((l) => l.trim()).filter((l) => l && !l.startsWith('#')).map((l) => l.replace(/\s*=\s*/, '='));
  writeFileSync(path.join(DIST, `www/i18n/${lang}.txt`), entries.filter((l) => !isMore(l)).join('\n'));
  writeFileSync(path.join(DIST, `www/i18n/${lang}.more.txt`), entries.filter(isMore).join('\n') + '\n');
}

// The pages are edited as documents (linkedom's DOM), not as text: each step names the
// elements it changes, so a reworded or re-indented page cannot slip past it.
/** A page of the repository as a document. */
const readPage = (file) => parseHTML(readFileSync(path.join(ROOT, file), 'utf8')).document;
const writePage = (document, out) => writeFileSync(path.join(DIST, out), `<!doctype html>\n${document.documentElement.outerHTML}`);
/** The one element `selector` finds: a page that lost it fails the build, naming it. */
function only(document, selector, page) {
  const found = document.querySelectorAll(selector);
  if (found.length !== 1) throw new Error(`${page}: ${found.length} elements match ${selector}, not one`);
  return found[0];
}
/** Every node below `root` (depth first). */
function* nodes(root) {
  for (const child of [...root.childNodes]) { yield child; yield* nodes(child); }
}
const TEXT_NODE = 3;
const COMMENT_NODE = 8;

/** `<link rel="modulepreload">` elements for the modules an entry needs at once. */
const preloadLinks = (document, entry) => staticImports(entry).map((href) => {
  const link = document.createElement('link');
  link.setAttribute('rel', 'modulepreload');
  link.setAttribute('href', href);
  return link;
});
/** The page's own `<link rel="modulepreload">` (its entry, for serving from the source)
 * replaced by the entry's whole static import graph. */
function preloadAll(document, entry, page) {
  const own = only(document, 'link[rel=modulepreload]', page);
  own.replaceWith(...preloadLinks(document, entry));
}

// The English words inside the dialogs are not sent: the page fills every [data-i18n] element
// in the reader's language before a dialog can open. Nor an English placeholder, tooltip or
// accessible name the page sets from its catalogue (`data-i18n-placeholder`, `data-i18n-title`,
// `data-i18n-label`) at start, before the board it names is up.
function emptyTranslatedTexts(document) {
  for (const element of document.querySelectorAll('dialog [data-i18n]')) {
    if (element.children.length === 0) element.textContent = '';
  }
  // Nor those of what is not shown at first (the menu, hidden boxes) whose words are in the
  // first catalogue: the page writes them before it shows any (translatePage at start). The
  // later words stay, for a menu opened before they come.
  for (const element of document.querySelectorAll('[popover] [data-i18n], [hidden] [data-i18n], [data-i18n][hidden]')) {
    const early = !MORE_KEYS.test(element.dataset.i18n);
    if (early && element.children.length === 0 && !element.closest('dialog')) element.textContent = '';
  }
  for (const element of document.querySelectorAll('[data-i18n-placeholder]')) element.removeAttribute('placeholder');
  for (const element of document.querySelectorAll('[data-i18n-title]')) element.removeAttribute('title');
  // Nor an English name the page gives from its catalogue (`data-i18n-label`), at start too.
  for (const element of document.querySelectorAll('[data-i18n-label]')) element.removeAttribute('aria-label');
}
// Neither indentation (a line break alone renders the same as one with spaces: the pages
// have no <pre>, and their textareas start empty) nor the comments of the markup (they are
// for the source's readers). The inline scripts and styles are minified as the modules are.
function minify(document) {
  for (const node of [...nodes(document.documentElement)]) {
    const parent = node.parentNode?.nodeName;
    if (node.nodeType === COMMENT_NODE) node.remove();
    else if (node.nodeType === TEXT_NODE && parent === 'SCRIPT') {
      node.textContent = transformSync(node.textContent, { minify: true, target: 'es2022' }).code.trim();
    } else if (node.nodeType === TEXT_NODE && parent === 'STYLE') {
      node.textContent = transformSync(node.textContent, { loader: 'css', minify: true }).code.trim();
    } else if (node.nodeType === TEXT_NODE && parent !== 'TEXTAREA' && parent !== 'PRE') {
      node.textContent = node.textContent.replace(/\n[ \t]+/g, '\n');
    }
  }
}

const page = readPage('index.html');
emptyTranslatedTexts(page);
minify(page);
preloadAll(page, 'app', 'index.html');
writePage(page, 'index.html');
const embed = readPage('embed.html');
minify(embed);
preloadAll(embed, 'embed', 'embed.html');
writePage(embed, 'embed.html');
console.log(`dist: ${Object.keys(result.metafile.outputs).length} scripts; the page preloads ${staticImports('app').length} modules`);

// One file each for the game and the embed: everything inline (wasm as base64, the worker
// as source started from a Blob, the catalogues, the stylesheet, the icon), so that it plays
// opened from file:// — double-clicked after a download, or attached to an e-mail.
const b64 = (f) => readFileSync(path.join(ROOT, f)).toString('base64');
const inlineText = (text) => text.replace(/<\/(script)/gi, '<\\/$1');
const catalogues = Object.fromEntries(LANGUAGES.map((l) => [l, readFileSync(path.join(ROOT, `www/i18n/${l}.txt`), 'utf8')]));
const workerBundle = (await build({
  entryPoints: [path.join(ROOT, 'www/worker.js')], bundle: true, format: 'iife', minify: true, write: false, target: 'es2022', logLevel: 'error',
})).outputFiles[0].text;
const workerSource = `self.TAK_ENGINE_WASM=${JSON.stringify(b64('pkg/tak_engine_bg.wasm'))};\n${workerBundle}`;
const globals = [
  `globalThis.TAK_ONE_FILE=true;`,
  // The study build only: a one-file page has every feature at hand and nothing to fetch.
  `globalThis.TAK_WASM=${JSON.stringify(b64('pkg/tak_study_bg.wasm'))};`,
  `globalThis.TAK_WORKER_SOURCE=${JSON.stringify(workerSource)};`,
  `globalThis.TAK_CATALOGUES=${JSON.stringify(catalogues)};`,
].join('\n');
const css = readFileSync(path.join(DIST, 'www/style.css'), 'utf8');
const icon = `data:image/svg+xml;base64,${b64('www/icons/icon.svg')}`;

async function oneFile(html, entry, out, extra = '') {
  const js = (await build({
    entryPoints: [path.join(ROOT, 'www', `${entry}.js`)], bundle: true, format: 'esm', minify: true, write: false, target: 'es2022', logLevel: 'error',
    define: RELEASE,
  })).outputFiles[0].text;
  const page = readPage(html);
  // Nothing to fetch: no preloads, no manifest, no icons but the one inline.
  for (const link of page.querySelectorAll('link[rel=modulepreload], link[rel=preload], link[rel=manifest], link[rel=apple-touch-icon]')) link.remove();
  // The play build is not in the one file (it plays on the study build).
  for (const script of page.querySelectorAll('script:not([src])')) if (script.textContent.includes('TAK_PLAY_WASM')) script.remove();
  only(page, 'link[rel=icon]', html).setAttribute('href', icon);
  for (const stylesheet of page.querySelectorAll('link[rel=stylesheet]')) {
    const style = page.createElement('style');
    style.textContent = css;
    stylesheet.replaceWith(style);
  }
  const setGlobals = page.createElement('script');
  setGlobals.textContent = inlineText(globals + extra);
  const module = page.createElement('script');
  module.setAttribute('type', 'module');
  module.textContent = inlineText(js);
  only(page, `script[type=module][src="www/${entry}.js"]`, html).replaceWith(setGlobals, module);
  writePage(page, out);
  const size = readFileSync(path.join(DIST, out)).length;
  console.log(`${out}: ${(size / 1024).toFixed(0)} KB`);
}
// The game's one file carries the puzzle set too (Puzzles reads `TAK_PUZZLES` instead of fetching
// it), and the levels' ratings (`TAK_LEVELS`: New game and Your progress, www/levels.js).
const puzzles = `\nglobalThis.TAK_PUZZLES=${JSON.stringify(readFileSync(path.join(ROOT, 'www/puzzles/puzzles.ptn'), 'utf8'))};`
  + `\nglobalThis.TAK_LEVELS=${JSON.stringify(JSON.stringify(JSON.parse(readFileSync(path.join(ROOT, 'www/levels.json'), 'utf8'))))};`;
await oneFile('index.html', 'app', 'tak.html', puzzles);
await oneFile('embed.html', 'embed', 'tak-embed.html');
