// Every local address in dist/ resolves: each HTML page's links, scripts, stylesheets, frames
// and icons, the addresses its code samples give (`…/www/board.js`), and from there every
// module a script imports, every file it fetches by `new URL(…, import.meta.url)`, every
// `url(…)` of a stylesheet and every icon of the manifest. Needs `make dist` first.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { ROOT, serve } from './harness.mjs';

const DIST = path.join(ROOT, 'dist');
let server;
before(async () => {
  if (!existsSync(path.join(DIST, 'index.html'))) throw new Error('run `make dist` first');
  server = await serve(DIST);
});
after(() => server?.close());

const LANGS = ['en', 'it', 'es', 'ca'];
const decode = (s) => s.replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&#39;', "'");
const remote = /^(?:[a-z][a-z0-9+.-]*:|\/\/|#)/i;

/** The local addresses `text` (fetched from `url`, of `type`) refers to, as absolute URLs. */
function references(text, url, type) {
  const found = [];
  const add = (ref, base = url) => {
    ref = decode(ref.trim());
    if (!ref || remote.test(ref) || ref.includes('${')) return;
    found.push(new URL(ref, base).href);
  };
  if (type === 'html') {
    // Scripts inline in a page (the one-file builds) carry everything: only their markup counts.
    const markup = text.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, (tag) => tag.replace(/>[\s\S]*<\/script>$/i, '>'))
      .replace(/<style\b[^>]*>[\s\S]*?<\/style>/gi, '');
    for (const m of markup.matchAll(/\s(?:href|src|poster|data)\s*=\s*"([^"]*)"/gi)) add(m[1]);
    for (const m of markup.matchAll(/\s(?:href|src)\s*=\s*'([^']*)'/gi)) add(m[1]);
    // Code samples name the site as "…/" or "https://…/": the folder dist/ becomes.
    for (const m of markup.matchAll(/(?:https?:\/\/)?…\/([^\s'"&<>)]+)/g)) add(m[1], `${server.url}/`);
  } else if (type === 'js') {
    for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["'](\.{1,2}\/[^"']+)["']/g)) add(m[1]);
    // Files fetched beside the script. (wasm-bindgen's own fallback, a bare `new URL("tak_bg.wasm",
    // import.meta.url)` used only when no path is given, is dead code here: every caller gives one.)
    for (const m of text.matchAll(/new URL\(\s*["'](\.{1,2}\/[^"']+)["']\s*,\s*import\.meta\.url\s*\)/g)) add(m[1]);
    // A template (`./i18n/${lang}.txt`): once for each language.
    for (const m of text.matchAll(/new URL\(\s*`(\.{1,2}\/[^`]+)`\s*,\s*import\.meta\.url\s*\)/g)) {
      for (const lang of LANGS) add(m[1].replace(/\$\{[^}]*\}/g, lang));
    }
  } else if (type === 'css') {
    for (const m of text.matchAll(/url\(\s*["']?([^"')]+)["']?\s*\)/g)) add(m[1]);
  } else if (type === 'manifest') {
    const json = JSON.parse(text);
    for (const icon of json.icons ?? []) add(icon.src);
    if (json.start_url) add(json.start_url);
  }
  return found;
}

const typeOf = (url) => {
  const p = new URL(url).pathname;
  if (p.endsWith('/') || p.endsWith('.html')) return 'html';
  if (p.endsWith('.js') || p.endsWith('.mjs')) return 'js';
  if (p.endsWith('.css')) return 'css';
  if (p.endsWith('.webmanifest')) return 'manifest';
  return 'other';
};

test('every local link, script, stylesheet, frame and import in dist/ resolves', async () => {
  const pages = readdirSync(DIST, { recursive: true }).map(String).filter((f) => f.endsWith('.html'));
  assert.ok(pages.includes(path.join('www', 'embed-demo.html')) && pages.includes(path.join('www', 'authors.html')) && pages.includes('index.html'), pages.join(' '));
  const queue = pages.map((f) => ({ url: `${server.url}/${f.split(path.sep).join('/')}`, from: '(dist)' }));
  const seen = new Set();
  const broken = [];
  const pageTexts = new Map();
  while (queue.length) {
    const { url, from } = queue.shift();
    const key = url.split('#')[0];
    if (seen.has(key)) continue;
    seen.add(key);
    const response = await fetch(key);
    if (response.status !== 200) { broken.push(`${response.status} ${new URL(key).pathname} (from ${from})`); continue; }
    const type = typeOf(key);
    if (type === 'other') { await response.arrayBuffer(); continue; }
    const text = await response.text();
    if (type === 'html') pageTexts.set(new URL(key).pathname, text);
    for (const ref of references(text, key, type)) queue.push({ url: ref, from: new URL(key).pathname });
  }
  assert.deepEqual(broken, [], 'addresses that do not resolve');
  // The walk went everywhere it should: the demo's documented module and the page's wasm.
  const walked = [...seen].map((u) => new URL(u).pathname);
  // The authors' page is reached from the game page's menu, and reaches the lessons and the embed.
  const from = (page) => broken.length === 0 && references(pageTexts.get(page) ?? '', `${server.url}${page}`, 'html').map((u) => new URL(u).pathname);
  assert.ok(from('/index.html').includes('/www/authors.html'), 'the menu links the authors\' page');
  for (const must of ['/www/embed-demo.html', '/embed.html', '/www/tak-board.js', '/index.html']) assert.ok(from('/www/authors.html').includes(must), `the authors' page links ${must}`);
  for (const must of ['/www/board.js', '/www/tak-board.js', '/embed.html', '/pkg/tak_bg.wasm', '/pkg/tak_engine_bg.wasm', '/www/i18n/ca.txt', '/www/i18n/ca.more.txt', '/www/style.css', '/manifest.webmanifest']) {
    assert.ok(walked.includes(must), `${must} walked (${walked.length} addresses)`);
  }
});
