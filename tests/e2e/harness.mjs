// Shared set-up for the end-to-end tests: a static server on a free localhost port and
// headless Chromium (Debian's) driven by playwright-core.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { chromium } from 'playwright-core';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SHOTS = path.join(ROOT, 'tests/e2e/screenshots');
mkdirSync(SHOTS, { recursive: true });

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function waitForPort(port, tries = 100) {
  for (let i = 0; i < tries; i++) {
    const ok = await new Promise((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => { s.end(); resolve(true); });
      s.once('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server on port ${port} never came up`);
}

// python's http.server sends no CORS header; a host that lets other sites load the board's
// modules (as GitHub Pages does, and `make serve`) sends `Access-Control-Allow-Origin: *`.
const CORS_SERVER = path.join(ROOT, 'scripts/serve.py');

/**
 * Serves `dir` (default: the repository) on localhost; returns { url, close }. With `cors`,
 * every answer allows any origin.
 */
export async function serve(dir = ROOT, { cors = false } = {}) {
  const port = await freePort();
  const args = cors ? [CORS_SERVER, String(port), dir] : ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '--directory', dir];
  const server = spawn('/usr/bin/python3', args, { stdio: 'ignore' });
  await waitForPort(port);
  return { url: `http://127.0.0.1:${port}`, close: () => server.kill() };
}

/** Debian's Chromium, headless (also for a persistent context: `chromium.launchPersistentContext`). */
export const LAUNCH_OPTIONS = {
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
};

export async function launch() {
  return chromium.launch(LAUNCH_OPTIONS);
}

/** Takes the first visit's welcome as seen, for a page or a whole browser context. */
export const skipWelcome = (target) => target.addInitScript(() => {
  try { if (localStorage.getItem('tak.welcome') == null) localStorage.setItem('tak.welcome', 'seen-by-test'); } catch { /* no storage */ }
});

/**
 * Opens the game page with a clean storage and waits for the board. The first visit's
 * welcome is taken as seen unless `welcome` is true (the tests of the welcome itself).
 */
export async function openGame(context, url, { welcome = false } = {}) {
  const page = await context.newPage();
  if (!welcome) await skipWelcome(page);
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(`${url}/index.html`);
  await page.waitForFunction(() => typeof window.tak?.tps === 'function');
  page.errors = errors;
  return page;
}

/** Starts a game against the computer from New game: board `size`, `level`, the reader's `human` side. */
export async function newGameAgainstComputer(page, { size = '5', level = '1', human = 'white' } = {}) {
  await page.click('#new-game');
  await page.selectOption('#new-form select[name=size]', size);
  await page.selectOption('#new-form select[name=opponent]', 'computer');
  await page.selectOption('#new-form select[name=level]', level);
  await page.selectOption('#new-form select[name=human]', human);
  await page.click('#start-game');
  await page.waitForFunction((o) => document.body.dataset.opponent === o, `computer-${level}-${human === 'white' ? 'black' : 'white'}`);
}

/** Opens "Type a move · help" (open by itself only on tall screens). */
export async function openExtras(page) {
  if (!(await page.evaluate(() => document.getElementById('extras').open))) await page.click('#extras summary');
}

/** Opens the header's menu (copy, paste, rules, learn, language). */
/** Opens the page's menu, with its "Notation and tools" unfolded unless `tools` is false. */
export async function openMenu(page, { tools = true } = {}) {
  if (!(await page.evaluate(() => document.getElementById('menu').matches(':popover-open')))) await page.click('#menu-button');
  if (tools) await page.evaluate(() => { document.getElementById('menu-tools').open = true; });
}

export const center = (r) => ({ x: r.x + r.width / 2, y: r.y + r.height / 2 });

/** Drags with the mouse from `from` through `via` points, in small steps like a hand. */
export async function mouseDrag(page, from, via, { release = true } = {}) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (const p of via) await page.mouse.move(p.x, p.y, { steps: 6 });
  if (release) await page.mouse.up();
}

export const squareAt = (page, sq) => page.evaluate((s) => window.tak.squareRect(s), sq).then(center);
export const pileAt = (page, kind) => page.evaluate((k) => window.tak.reserveRect(k), kind).then(center);
/** New game with a friend by link, this page playing `side`; the size, names and time per
 * move as New game has them unless given. */
export async function newFriendGame(page, { side, size, me = '', them = '', days } = {}) {
  await page.click('#new-game');
  await page.waitForSelector('#new-dialog[open]');
  await page.selectOption('#new-form select[name=opponent]', 'friend');
  if (size) await page.selectOption('#new-form select[name=size]', size);
  await page.selectOption('#new-form select[name=human]', side);
  await page.fill('#new-form input[name=friendMe]', me);
  await page.fill('#new-form input[name=friendThem]', them);
  if (days) await page.selectOption('#new-form select[name=friendDays]', days);
  await page.click('#start-game');
  await page.waitForFunction(() => document.getElementById('friend-bar')?.hidden === false);
}
/**
 * Reads `read()` until it equals `expected` (deeply) or `timeout` ms pass, and answers the last
 * value read: a wait for a condition, where a fixed sleep would be too short on a busy machine
 * and too long on a quiet one. The caller asserts on what it answers.
 */
export async function eventually(read, expected, { timeout = 10000 } = {}) {
  const end = Date.now() + timeout;
  let value = await read();
  while (!isDeepStrictEqual(value, expected) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 25));
    value = await read();
  }
  return value;
}

/**
 * Reads `read()` until `done(value)` holds or `timeout` ms pass, and answers the last value
 * read: `eventually` for a condition that is not one value (a text that changed, a count
 * that grew). The caller asserts on what it answers.
 */
export async function until(read, done, { timeout = 10000 } = {}) {
  const end = Date.now() + timeout;
  let value = await read();
  while (!done(value) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 25));
    value = await read();
  }
  return value;
}

/** Waits for the page's next two frames: whatever a change asked to draw is drawn. */
export const nextFrames = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null)))));

/** How long a ply slides into place on the board, in ms of frame time (src/web/anim.rs). */
const SLIDE_MS = 180;
/**
 * Waits until the board has drawn what it was asked to: a ply's slide into place is over
 * (SLIDE_MS of frame time from the first frame after the change, the board's own clock for
 * it) and the frame after it is drawn. For reading the canvas's pixels, or a screenshot.
 */
export const boardDrawn = (page) => page.evaluate((slide) => new Promise((resolve) => {
  requestAnimationFrame((start) => {
    const tick = (now) => requestAnimationFrame(now - start > slide ? () => resolve(null) : tick);
    requestAnimationFrame(tick);
  });
}), SLIDE_MS);

/**
 * Waits until the page shows what it was asked to: its fonts loaded, its finite animations
 * and transitions over (those driven by a scroll position end only with the scroll: not
 * waited for), the board drawn. Before a screenshot.
 */
export async function settled(page) {
  await page.evaluate(async () => {
    await document.fonts.ready;
    const moving = () => document.getAnimations().filter((a) => a.timeline === document.timeline && a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity);
    while (moving().length) await Promise.all(moving().map((a) => a.finished.catch(() => {})));
  });
  await boardDrawn(page);
}

export const tps = (page) => page.evaluate(() => window.tak.tps());
export const status = (page) => page.evaluate(() => window.tak.status());
export const shot = (page, name) => page.screenshot({ path: path.join(SHOTS, `${name}.png`) });

/** The games kept in the page's library (IndexedDB `tak-library`): entries with their saves, newest first. */
export const keptGames = (page) => page.evaluate(async () => (await indexedDB.databases()).some((d) => d.name === 'tak-library') && new Promise((resolve, reject) => {
  // Opened only once the page made it: opening creates a database, empty, that the page would then find.
  const open = indexedDB.open('tak-library');
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const db = open.result;
    if (!db.objectStoreNames.contains('entries')) { db.close(); resolve([]); return; }
    const tx = db.transaction(['entries', 'saves']);
    const entries = tx.objectStore('entries').getAll();
    const saves = tx.objectStore('saves').getAll();
    tx.oncomplete = () => {
      const byId = new Map(saves.result.map((s) => [s.id, s]));
      db.close();
      resolve(entries.result.map((e) => ({ ...e, save: byId.get(e.id)?.save ?? null, match: byId.get(e.id)?.match ?? null })).sort((a, b) => b.updated - a.updated));
    };
  };
})).then((games) => games || []);

/** The text of `key` in the page's catalogue for `lang` (www/i18n/<lang>.txt), as written there. */
export function catalogueText(lang, key) {
  const line = readFileSync(path.join(ROOT, 'www/i18n', `${lang}.txt`), 'utf8').split('\n').find((l) => l.startsWith(`${key} = `));
  if (line == null) throw new Error(`no ${key} in ${lang}.txt`);
  return line.slice(key.length + 3).trim();
}
/**
 * Waits until the game page speaks `lang` throughout: its texts, and the board's words (the
 * canvas's label is given once the board has them: www/app.js, the language's change).
 */
export async function speaks(page, lang) {
  const label = catalogueText(lang, 'board.label');
  await page.waitForFunction(({ lang, label }) => document.documentElement.lang === lang && window.tak.canvas.getAttribute('aria-label') === label, { lang, label });
}

/** A save as its lines read, with its whitespace as single spaces (plies are written one move number a line). */
const flatSave = (save) => String(save ?? '').replace(/\s+/g, ' ');
/**
 * Waits until the page's library keeps a game whose save (its whitespace as single spaces)
 * includes `text` (a string, or a RegExp it matches): the page writes it in a task of its
 * own after a change. Fails if it never does.
 */
export async function kept(page, text, { timeout = 30000 } = {}) {
  const has = (save) => (typeof text === 'string' ? flatSave(save).includes(text) : text.test(flatSave(save)));
  const found = await eventually(async () => (await keptGames(page)).some((g) => has(g.save)), true, { timeout });
  if (!found) throw new Error(`no game kept with ${text}`);
}
/**
 * Waits until a tab opened now in `page`'s browser context would find what `page` wrote to
 * localStorage under `key` (Chromium carries localStorage between renderers asynchronously):
 * read from another tab of the same origin, on a file of the site that runs none of the
 * game. Fails if it never does.
 */
export async function seenByNewTabs(page, key, { timeout = 10000 } = {}) {
  const value = await page.evaluate((k) => localStorage.getItem(k), key);
  const probe = await page.context().newPage();
  try {
    await probe.goto(new URL('manifest.webmanifest', page.url()).href);
    const seen = await eventually(() => probe.evaluate((k) => localStorage.getItem(k), key), value, { timeout });
    if (seen !== value) throw new Error(`another tab reads localStorage ${key} as ${seen}, not ${value}`);
  } finally {
    await probe.close();
  }
}
/**
 * `kept(page, text)`, and the page's note that games are kept (localStorage `tak.library`,
 * www/keeper.js) seen by a tab opened next, which looks for them only then.
 */
export async function keptForNewTabs(page, text, options) {
  await kept(page, text, options);
  await seenByNewTabs(page, 'tak.library');
}

/** A legal 6x6 game of `plies` plies: two flats shuffled back and forth. */
export function shuffleGame(plies) {
  const moves = ['a1', 'f6'];
  for (let i = 0; moves.length < plies; i++) moves.push(['f6-', 'f5+'][i % 2], ['a1+', 'a2-'][i % 2]);
  moves.length = plies;
  let text = '[Size "6"]\n\n';
  for (let i = 0; i < moves.length; i += 2) text += `${i / 2 + 1}. ${moves.slice(i, i + 2).join(' ')}\n`;
  return text;
}

/**
 * The serious and critical WCAG 2.1 A/AA violations axe-core finds on the page, each as one
 * line. It waits first for what is still moving (a fade, a dialog being filled, a frame not
 * yet drawn): a contrast measured half-way through a fade is not the page's.
 */
export async function axe(page) {
  await page.evaluate(async () => {
    const finite = () => document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity && a.playState === 'running');
    for (let i = 0; i < 20 && finite().length; i++) await Promise.race([Promise.all(finite().map((a) => a.finished.catch(() => {}))), new Promise((r) => setTimeout(r, 250))]);
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
  await page.addScriptTag({ path: path.join(ROOT, 'node_modules/axe-core/axe.min.js') });
  const result = await page.evaluate(() => window.axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }));
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1, 2).join('').trim()}`).slice(0, 3).join(', ')})`);
}

/**
 * Every piece of text a reader meets on the page (run in it: `page.evaluate(visibleTexts)`):
 * visible text, accessible names, placeholders and titles. With `{shown: true}`, only what is
 * shown now (not what a hidden element, a closed dialog or a closed menu holds for later).
 */
export const visibleTexts = ({ shown = false } = {}) => {
  const later = `[hidden], script, style, #moves, option:not(:checked), #lang${shown ? ', dialog:not([open]), [popover]:not(:popover-open)' : ''}`;
  const texts = new Set();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const el = walker.currentNode.parentElement;
    if (!el || el.closest(later)) continue;
    const text = walker.currentNode.textContent.trim();
    if (text) texts.add(text);
  }
  for (const el of document.querySelectorAll('[aria-label], [placeholder], [title]')) {
    if (shown && el.closest(later)) continue;
    for (const a of ['aria-label', 'placeholder', 'title']) if (el.getAttribute(a)) texts.add(el.getAttribute(a).trim());
  }
  return [...texts];
};
