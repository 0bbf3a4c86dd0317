// "Embed this": the dialog's code, copied and pasted into a page on another origin (a second
// port), shows the same position and marks as the game page, as a frame and as a
// <tak-board>; the preview is that code; the frame and the element agree on their defaults.
// Needs `make dist` (the site is dist/ under a sub-path, served with CORS as GitHub Pages does).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { axe, center, launch, openGame, openMenu, ROOT, serve, shot, squareAt, eventually, until, settled } from './harness.mjs';
import { serveSite } from './site.mjs';

let site, browser;
const hosts = [];
before(async () => {
  site = await serveSite({}, { cors: true });
  browser = await launch();
});
after(async () => { await browser?.close(); site?.close(); for (const h of hosts) h.close(); });

/** Serves `body` as the index.html of a fresh folder, on a port of its own. */
async function hostPage(body) {
  const dir = mkdtempSync(path.join(tmpdir(), 'tak-host-'));
  writeFileSync(path.join(dir, 'index.html'), `<!doctype html><html><head><meta charset="utf-8"><title>A post about Tak</title></head><body><h1>My game</h1>\n${body}\n</body></html>`);
  const host = await serve(dir);
  hosts.push(host);
  return host;
}

/** Opens `body`, served by hostPage, in a new page of `context`. */
async function visitHost(context, body) {
  const host = await hostPage(body);
  const page = await context.newPage();
  await page.goto(`${host.url}/index.html`);
  return page;
}

/** A game of `settings` with `plies` played, on a new page of `context` (each accepted). */
async function gameWith(context, settings, plies) {
  const page = await openGame(context, site.base);
  assert.equal(await page.evaluate((s) => window.tak.newGameWith(s), settings), null);
  for (const m of plies) assert.equal(await page.evaluate((m) => window.tak.play(m), m), null);
  return page;
}

/** The frame showing embed.html in `page`, once its board is ready. */
async function embedFrame(page) {
  await page.waitForFunction(() => document.querySelector('iframe'));
  let frame = null;
  const ready = await eventually(async () => {
    frame = page.frames().find((f) => f.url().includes('/embed.html'));
    return !!frame && await frame.evaluate(() => typeof window.tak?.tps === 'function').catch(() => false);
  }, true, { timeout: 15000 });
  if (!ready) throw new Error('the embedded frame never showed a board');
  return frame;
}

const element = (page, selector = 'tak-board') => page.waitForFunction((s) => document.querySelector(s)?.ready, selector)
  .then(() => page.evaluate((s) => { const b = document.querySelector(s); return { tps: b.tps(), marks: b.marks(), ptn: b.ptn() }; }, selector));

async function openEmbedThis(page) {
  await openMenu(page);
  await page.click('#share');
  await page.click('#embed-this');
  await page.waitForFunction(() => document.getElementById('embedthis-dialog')?.open && document.getElementById('embedthis-code').value);
}
/** Serious accessibility violations (axe-core), as in learn.test.mjs. */
const code = (page) => page.evaluate(() => document.getElementById('embedthis-code').value);
const choose = (page, name, value) => page.check(`#embedthis-form input[name=${name}][value=${value}]`);

test('the copied code shows the same position and marks on another origin, as a frame and as an element', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await openGame(context, site.base);
  for (const m of ['a1', 'e5', 'c3', 'c2', 'd3']) await page.evaluate((m) => window.tak.play(m), m);
  // Marks drawn with the mouse: a highlight and an arrow, kept with the ply shown.
  const c3 = await squareAt(page, 'c3');
  await page.mouse.click(c3.x, c3.y, { button: 'right' });
  await page.waitForFunction(() => window.tak.build() === 'study' && window.tak.marks().length === 1);
  const e3 = await squareAt(page, 'e3');
  await page.mouse.move(c3.x, c3.y);
  await page.mouse.down({ button: 'right' });
  await page.mouse.move(e3.x, e3.y, { steps: 5 });
  await page.mouse.up({ button: 'right' });
  await page.waitForFunction(() => window.tak.marks().length === 2);
  const here = await page.evaluate(() => ({ tps: window.tak.tps(), marks: window.tak.marks() }));

  await openEmbedThis(page);
  // A frame of this position: absolute addresses under the site's sub-path, the marks as parameters.
  const frameCode = await code(page);
  assert.doesNotMatch(await page.textContent('#embedthis-hint'), /Access-Control/, 'a frame needs no CORS');
  assert.match(frameCode, new RegExp(`^<iframe src="${site.base}/embed\\.html\\?tps=`));
  assert.match(frameCode, /arrows=c3-e3/);
  assert.match(frameCode, /highlight=c3/);
  assert.doesNotMatch(frameCode, /interactive/, 'playable is the default: not written');
  // The preview is the code: the same frame address.
  const preview = await embedFrame(page);
  assert.equal(await page.evaluate(() => document.querySelector('#embedthis-preview iframe').getAttribute('src')), frameCode.match(/src="([^"]*)"/)[1].replaceAll('&amp;', '&'));
  assert.deepEqual(await preview.evaluate(() => ({ tps: window.tak.tps(), marks: window.tak.marks() })), here);
  await shot(page, 'embedthis-desktop');
  assert.deepEqual(await axe(page), [], 'the dialog');

  // Copy puts the code on the clipboard.
  await page.click('#embedthis-copy');
  await page.waitForFunction(() => document.getElementById('embedthis-message').textContent);
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), frameCode);

  // Pasted into a page on another origin.
  const host = await hostPage(frameCode);
  assert.notEqual(new URL(host.url).origin, new URL(site.base).origin);
  const other = await context.newPage();
  const errors = [];
  other.on('pageerror', (e) => errors.push(e.message));
  await other.goto(`${host.url}/index.html`);
  const frame = await embedFrame(other);
  assert.deepEqual(await frame.evaluate(() => ({ tps: window.tak.tps(), marks: window.tak.marks() })), here);

  // As an element: its script from the site, the board in the host page itself.
  await choose(page, 'form', 'element');
  await page.waitForFunction(() => document.getElementById('embedthis-code').value.startsWith('<script'));
  // The element needs the serving site to allow other origins (a frame does not): the dialog says so.
  assert.match(await page.textContent('#embedthis-hint'), /cross-origin.*Access-Control-Allow-Origin: \*/);
  const elementCode = await code(page);
  assert.match(elementCode, new RegExp(`^<script type="module" src="${site.base}/www/tak-board\\.js"></script>\\n<tak-board tps='`));
  const inPreview = await element(page, '#embedthis-preview tak-board');
  assert.deepEqual({ tps: inPreview.tps, marks: inPreview.marks }, here);
  // The preview is the code: the element a browser reads from it, attribute for attribute.
  const attributesOf = await page.evaluate((text) => {
    const list = (el) => [...el.attributes].map((a) => [a.name, a.value]);
    const parsed = document.createElement('template');
    parsed.innerHTML = text;
    return { code: list(parsed.content.querySelector('tak-board')), preview: list(document.querySelector('#embedthis-preview tak-board')) };
  }, elementCode);
  assert.deepEqual(attributesOf.preview, attributesOf.code);
  const elementHost = await hostPage(elementCode);
  await other.goto(`${elementHost.url}/index.html`);
  const pasted = await element(other);
  assert.deepEqual({ tps: pasted.tps, marks: pasted.marks }, here);

  // The whole game, with lesson captions off (no comments but marks) and step buttons: the PTN
  // carries the marks in its comments, and the board opens at the ply shown.
  await choose(page, 'scope', 'game');
  await page.waitForFunction(() => document.getElementById('embedthis-code').value.includes('ptn='));
  assert.ok(await page.isChecked('#embedthis-form input[name=controls]'), 'a game comes with its step buttons');
  const gameCode = await code(page);
  assert.match(gameCode, / controls/);
  const gameHost = await hostPage(gameCode);
  await other.goto(`${gameHost.url}/index.html`);
  const game = await element(other);
  assert.deepEqual({ tps: game.tps, marks: game.marks }, here);
  assert.match(game.ptn, /1\. a1 e5\s+2\. c3 c2\s+3\. d3 \{\[arrows c3-e3\] \[highlight c3\]\}/);
  assert.ok(await other.evaluate(() => document.querySelector('tak-board').shadowRoot.querySelector('.tak-steps')), 'step buttons shown');
  // Lesson captions: the comments step by step from the start (its own buttons, no ply).
  await page.check('#embedthis-form input[name=lesson]');
  await page.waitForFunction(() => / lesson/.test(document.getElementById('embedthis-code').value));
  const lessonCode = await code(page);
  assert.doesNotMatch(lessonCode, / controls| ply=/);
  await page.waitForFunction(() => document.querySelector('#embedthis-preview tak-board')?.ready
    && document.querySelector('#embedthis-preview tak-board').status().ply === 0);
  assert.deepEqual(errors, []);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('the dialog on a phone, in Italian, with a dark theme and no play', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await openGame(context, site.base);
  await openMenu(page);
  await page.selectOption('#lang', 'it');
  await page.waitForFunction(() => document.documentElement.lang === 'it');
  for (const m of ['a1', 'e5', 'c3']) await page.evaluate((m) => window.tak.play(m), m);
  await page.evaluate(() => document.getElementById('flip').click()); // seen from Black's side
  await openEmbedThis(page);
  assert.equal(await page.textContent('#embedthis-title'), 'Incorpora questa scacchiera');
  assert.ok(await page.isChecked('#embedthis-form input[name=flip]'), 'the view as the page shows it');
  assert.match(await code(page), /&amp;flip=1/);
  await choose(page, 'form', 'element');
  await page.selectOption('#embedthis-form select[name=theme]', 'dark');
  await page.uncheck('#embedthis-form input[name=interactive]');
  await page.waitForFunction(() => /interactive='0'/.test(document.getElementById('embedthis-code').value));
  const text = await code(page);
  assert.match(text, /theme='dark'/);
  assert.match(text, /lang='it'/);
  assert.match(text, / flip /);
  const inPreview = await element(page, '#embedthis-preview tak-board');
  assert.equal(inPreview.tps, await page.evaluate(() => window.tak.tps()));
  await settled(page); // the preview drawn
  await shot(page, 'embedthis-phone');
  assert.deepEqual(await axe(page), [], 'the dialog on a phone, in Italian');
  await page.setViewportSize({ width: 844, height: 390 });
  await shot(page, 'embedthis-phone-landscape');
  await context.close();
});

test('the frame and the element agree: playable by default, a diagram with interactive=0', async () => {
  const host = await hostPage(`<script type="module" src="${site.base}/www/tak-board.js"></script>
<tak-board id="plain" size="4" style="width:320px"></tak-board>
<tak-board id="still" size="4" interactive="0" style="width:320px"></tak-board>
<iframe id="frame-plain" src="${site.base}/embed.html?size=4" width="320" height="280"></iframe>
<iframe id="frame-still" src="${site.base}/embed.html?size=4&amp;interactive=0" width="320" height="280"></iframe>`);
  const context = await browser.newContext({ viewport: { width: 800, height: 1400 } });
  const page = await context.newPage();
  await page.goto(`${host.url}/index.html`);
  await page.waitForFunction(() => [...document.querySelectorAll('tak-board')].every((b) => b.ready));
  const empty = 'x4/x4/x4/x4 1 1';
  // What a board shows after a click on a1: playable, once the ply has come; a diagram, after a while.
  const played = (read, playable) => (playable
    ? until(read, (tps) => tps !== empty)
    : page.waitForTimeout(200).then(read)); // kept: a ply must NOT come, and nothing shows that none will
  const clickOnElement = async (id, playable) => {
    const r = await page.evaluate((i) => document.getElementById(i).squareRect('a1'), id);
    await page.mouse.click(center(r).x, center(r).y);
    return played(() => page.evaluate((i) => document.getElementById(i).tps(), id), playable);
  };
  const clickInFrame = async (id, playable) => {
    const frame = await (await page.$(`#${id}`)).contentFrame();
    await frame.waitForFunction(() => typeof window.tak?.tps === 'function');
    const box = await (await page.$(`#${id}`)).boundingBox();
    const r = await frame.evaluate(() => window.tak.squareRect('a1'));
    await page.mouse.click(box.x + center(r).x, box.y + center(r).y);
    return played(() => frame.evaluate(() => window.tak.tps()), playable);
  };
  assert.notEqual(await clickOnElement('plain', true), empty, 'the element is playable by default');
  assert.notEqual(await clickInFrame('frame-plain', true), empty, 'the frame is playable by default');
  assert.equal(await clickOnElement('still', false), empty, 'interactive="0": the element is a diagram');
  assert.equal(await clickInFrame('frame-still', false), empty, 'interactive=0: the frame is a diagram');
  await context.close();
});

test('a <tak-board> with analysis runs its worker from another origin', async () => {
  const host = await hostPage(`<script type="module" src="${site.base}/www/tak-board.js"></script>
<tak-board analysis size="5" style="width:420px" tps="x5/x5/x5/2,2,2,2,x/1,1,1,x2 1 5"></tak-board>`);
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${host.url}/index.html`);
  await page.waitForFunction(() => /depth \d+/.test(document.querySelector('tak-board')?.shadowRoot?.querySelector('.tak-analysis p')?.textContent || ''), null, { timeout: 20000 });
  assert.deepEqual(errors, []);
  await context.close();
});

test('a position alone keeps its game\'s settings: komi, opening, reserves, tie rule, scoring, take-backs', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const settings = { size: 5, komi: '-1.5', opening: 'no-swap', flats: 15, caps: 0, tieRule: 'ancient', scoring: 'Downings Tarway', takeBacks: 'tavern' };
  const page = await gameWith(context, settings, ['a1', 'e5', 'c3']);
  const here = await page.evaluate(() => { const s = window.tak.status(); return { tps: window.tak.tps(), komi: s.settings.komi, reserves: s.reserves, settings: s.settings }; });
  assert.deepEqual(here.settings, { ...settings, clock: '' });
  await openEmbedThis(page);
  const text = await code(page);
  for (const p of ['komi=-1.5', 'opening=no-swap', 'flats=15', 'caps=0', 'tierule=ancient', 'scoring=Downings+Tarway', 'takebacks=tavern']) assert.ok(text.includes(p), `${p} in ${text}`);
  // Nothing left at its standard is written out.
  assert.doesNotMatch(text, /size=|clock=/);
  const frame = await embedFrame(await visitHost(context, text));
  assert.deepEqual(await frame.evaluate(() => { const s = window.tak.status(); return { tps: window.tak.tps(), komi: s.settings.komi, reserves: s.reserves, settings: s.settings }; }), here);
  await context.close();
});

test('a position alone as a <tak-board> keeps its game\'s settings too (attributes with dashes)', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const settings = { size: 4, komi: '2', opening: 'swap', flats: 15, caps: 0, tieRule: 'ancient', scoring: 'Middletown', takeBacks: 'tavern' };
  const page = await gameWith(context, settings, ['a1']);
  const here = await page.evaluate(() => ({ tps: window.tak.tps(), settings: window.tak.status().settings }));
  await openEmbedThis(page);
  await choose(page, 'form', 'element');
  await page.waitForFunction(() => document.getElementById('embedthis-code').value.startsWith('<script'));
  const text = await code(page);
  for (const a of ["komi='2'", "tie-rule='ancient'", "scoring='Middletown'", "take-backs='tavern'"]) assert.ok(text.includes(a), `${a} in ${text}`);
  assert.doesNotMatch(text, / (flats|caps|opening)=/);
  const other = await visitHost(context, text);
  await other.waitForFunction(() => document.querySelector('tak-board')?.ready);
  assert.deepEqual(await other.evaluate(() => { const b = document.querySelector('tak-board'); return { tps: b.tps(), settings: b.status().settings }; }), { ...here, settings: { ...settings, clock: '' } });
  await context.close();
});

test('a position built in the editor on a phone, embedded on another origin, shows the same TPS and marks', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const page = await openGame(context, site.base);
  // The editor, by finger: an empty 5x5 board, a black capstone on c3 and a white flat on d2.
  await openMenu(page);
  await page.click('#set-up');
  await page.waitForFunction(() => globalThis.takEditor && document.getElementById('editor-dialog').open);
  await page.click('#editor-empty');
  const tapOn = async (selector) => {
    const r = await page.locator(selector).boundingBox();
    await page.touchscreen.tap(r.x + r.width / 2, r.y + r.height / 2);
  };
  const tapSquare = async (sq) => {
    const p = await page.evaluate((s) => globalThis.takEditor.board.squareRect(s), sq).then(center);
    await page.touchscreen.tap(p.x, p.y);
  };
  await tapOn('.editor-piece[data-color="black"][data-kind="cap"]');
  await tapSquare('c3');
  await tapOn('.editor-piece[data-color="white"][data-kind="flat"]');
  await tapSquare('d2');
  await page.fill('#editor-move', '4');
  await page.dispatchEvent('#editor-move', 'change');
  await tapOn('#editor-done');
  await page.waitForFunction(() => !document.getElementById('editor-dialog').open);
  const tps = await page.evaluate(() => window.tak.tps());
  assert.equal(tps, 'x5/x5/x2,2C,x2/x3,1,x/x5 1 4');
  // A mark for the reader, then Embed this: the frame's code, pasted on another origin.
  await page.evaluate(() => window.tak.set({ marks: [{ arrow: ['c3', 'c1'], color: 'red' }] }));
  const here = await page.evaluate(() => ({ tps: window.tak.tps(), marks: window.tak.marks() }));
  assert.equal(here.marks.length, 1);
  await openEmbedThis(page);
  const frameCode = await code(page);
  const frame = await embedFrame(await visitHost(context, frameCode));
  assert.deepEqual(await frame.evaluate(() => ({ tps: window.tak.tps(), marks: window.tak.marks() })), here);
  await context.close();
});
