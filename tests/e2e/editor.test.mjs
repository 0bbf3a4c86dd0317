// The position editor (www/editor.js over src/web/editor.rs): a position built with real
// mouse clicks and finger taps on a phone, taken as a game start that plays; an impossible
// one refused with its reason; Cancel changes nothing; editor=1 in the embed.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ROOT, serve, launch, openGame, openMenu, center, squareAt, tps, shot } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

const phone = () => browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
const editorSquare = (page, sq) => page.evaluate((s) => globalThis.takEditor.board.squareRect(s), sq).then(center);
const editorBoard = (page) => page.evaluate(() => globalThis.takEditor.status().boardPtn);
const pieceButton = (color, kind) => `.editor-piece[data-color="${color}"][data-kind="${kind}"]`;
const tapOn = async (page, selector) => {
  const r = await page.locator(selector).boundingBox();
  await page.touchscreen.tap(r.x + r.width / 2, r.y + r.height / 2);
};

async function openEditor(page) {
  await openMenu(page);
  await page.click('#set-up');
  await page.waitForFunction(() => globalThis.takEditor && document.getElementById('editor-dialog').open);
}

test('builds a position with mouse and touch on a phone, Done starts a game that plays', async () => {
  const context = await phone();
  const page = await openGame(context, server.url);
  await page.evaluate(() => window.tak.play('a5'));
  const before = await tps(page);
  await openEditor(page);
  // Empty 5×5 board: the current position had one piece.
  await page.click('#editor-empty');
  await page.waitForFunction(() => !globalThis.takEditor.status().boardPtn.includes('2,'));

  // A white flat on a1 with the mouse (white flat is chosen at first).
  const a1 = await editorSquare(page, 'a1');
  await page.mouse.click(a1.x, a1.y);
  // A black capstone on c3 with a finger: the button, then the square.
  await tapOn(page, pieceButton('black', 'cap'));
  const c3 = await editorSquare(page, 'c3');
  await page.touchscreen.tap(c3.x, c3.y);
  // A black flat on top of the white one on a1 (a stack), a white wall on e5.
  await tapOn(page, pieceButton('black', 'flat'));
  await page.touchscreen.tap(a1.x, a1.y);
  await page.click(pieceButton('white', 'wall'));
  const e5 = await editorSquare(page, 'e5');
  await page.mouse.click(e5.x, e5.y);
  // Remove the top piece and put it back; clear a square.
  await tapOn(page, '#editor-remove');
  await page.touchscreen.tap(e5.x, e5.y);
  await page.click(pieceButton('white', 'wall'));
  await page.mouse.click(e5.x, e5.y);
  await page.click(pieceButton('white', 'flat'));
  const b2 = await editorSquare(page, 'b2');
  await page.mouse.click(b2.x, b2.y);
  await tapOn(page, '#editor-clear');
  await page.touchscreen.tap(b2.x, b2.y);
  await page.waitForFunction(() => globalThis.takEditor.status().boardPtn.includes('x4,1S/x5/x2,2C,x2/x5/12,x4'));
  // The reserves follow: white used a flat and a wall, black a flat and its capstone.
  assert.match(await page.textContent('#editor-left'), /White in reserve: stones 19, capstones 1 · Black in reserve: stones 20, capstones 0/);

  // Black to move at move 7.
  await page.selectOption('#editor-to-move', 'black');
  await page.fill('#editor-move', '7');
  await page.dispatchEvent('#editor-move', 'change');
  await shot(page, 'editor-phone');
  await tapOn(page, '#editor-done');
  await page.waitForFunction(() => !document.getElementById('editor-dialog').open);
  assert.equal(await tps(page), 'x4,1S/x5/x2,2C,x2/x5/12,x4 2 7');
  assert.match(await page.evaluate(() => window.tak.ptn()), /\[TPS "x4,1S\/x5\/x2,2C,x2\/x5\/12,x4 2 7"\]/);
  // A move plays on the new game (a tap on the page's board).
  const d2 = await squareAt(page, 'd2');
  await page.touchscreen.tap(d2.x, d2.y);
  assert.equal(await tps(page), 'x4,1S/x5/x2,2C,x2/x3,2,x/12,x4 1 8');
  // The game before is one click away.
  await page.click('#notice button'); // opened from the library: a moment later
  await page.waitForFunction((b) => window.tak.tps() === b, before);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('refuses what the rules cannot reach, with why; Cancel changes nothing', async () => {
  const context = await phone();
  const page = await openGame(context, server.url);
  const before = await tps(page);
  await openEditor(page);
  await page.selectOption('#editor-size', '4');
  await page.waitForFunction(() => globalThis.takEditor.status().size === 4);
  // A flat on a wall: refused, the board unchanged.
  await tapOn(page, pieceButton('white', 'wall'));
  const b2 = await editorSquare(page, 'b2');
  await page.touchscreen.tap(b2.x, b2.y);
  const withWall = await editorBoard(page);
  await tapOn(page, pieceButton('black', 'flat'));
  await page.touchscreen.tap(b2.x, b2.y);
  await page.waitForFunction(() => document.getElementById('editor-error').textContent !== '');
  assert.match(await page.textContent('#editor-error'), /A wall cannot be under another piece \(b2\)/);
  assert.equal(await editorBoard(page), withWall);
  // 4×4 has no capstone (said without "1 capstones").
  await tapOn(page, pieceButton('white', 'cap'));
  const c3 = await editorSquare(page, 'c3');
  await page.touchscreen.tap(c3.x, c3.y);
  assert.match(await page.textContent('#editor-error'), /^Too many capstones for White: 1, and the limit is 0\.$/);
  // Move 1 with a wall on the board: not what the opening makes.
  await tapOn(page, '#editor-done');
  assert.match(await page.textContent('#editor-error'), /At move 1 with White to move no ply has been played/);
  assert.ok(await page.evaluate(() => document.getElementById('editor-dialog').open), 'the editor stays open');
  await shot(page, 'editor-phone-refused');
  // The keyboard: the cursor starts where the last tap was (c3); arrows, a colour, a kind,
  // Enter; the top of the board stops the cursor.
  await page.focus('#editor-board canvas');
  for (const key of ['ArrowLeft', 'ArrowUp', 'ArrowUp', '2', 'f', 'Enter']) await page.keyboard.press(key);
  await page.waitForFunction(() => globalThis.takEditor.status().boardPtn.includes('"x,2,x2/'));
  assert.equal(await page.evaluate(() => globalThis.takEditor.status().cursor), 'b4');
  await page.keyboard.press('Backspace');
  await page.waitForFunction(() => globalThis.takEditor.status().boardPtn.includes('"x4/'));
  await tapOn(page, '#editor-cancel');
  await page.waitForFunction(() => !document.getElementById('editor-dialog').open);
  assert.equal(await tps(page), before);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('the editor on a desktop, from the current position', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openGame(context, server.url);
  for (const m of ['a1', 'e5', 'c3', 'c2']) await page.evaluate((mv) => window.tak.play(mv), m);
  await openEditor(page);
  await page.waitForFunction(() => globalThis.takEditor.status().boardPtn.includes('2,x4'));
  assert.equal((await page.evaluate(() => globalThis.takEditor.status())).moveNumber, 3);
  await page.click(pieceButton('black', 'wall'));
  const d4 = await editorSquare(page, 'd4');
  await page.mouse.click(d4.x, d4.y);
  await page.waitForFunction(() => globalThis.takEditor.status().boardPtn.includes('2S'));
  await shot(page, 'editor-desktop');
  // Every control is named and readable (axe-core, as tests/e2e/learn.test.mjs does).
  await page.addScriptTag({ path: path.join(ROOT, 'node_modules/axe-core/axe.min.js') });
  const result = await page.evaluate(() => window.axe.run(document.getElementById('editor-dialog'), { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }));
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`);
  assert.deepEqual(serious, []);
  await page.click('#editor-done');
  await page.waitForFunction(() => !document.getElementById('editor-dialog').open);
  assert.equal(await tps(page), 'x4,1/x3,2S,x/x2,1,x2/x2,2,x2/2,x4 1 3');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('on a phone held sideways the controls scroll beside the board', async () => {
  const context = await browser.newContext({ viewport: { width: 844, height: 390 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const page = await openGame(context, server.url);
  await openEditor(page);
  const b2 = await editorSquare(page, 'b2');
  await page.touchscreen.tap(b2.x, b2.y);
  await page.fill('#editor-move', '3');
  await page.dispatchEvent('#editor-move', 'change');
  await shot(page, 'editor-landscape');
  await page.locator('#editor-done').scrollIntoViewIfNeeded();
  await tapOn(page, '#editor-done');
  await page.waitForFunction(() => !document.getElementById('editor-dialog').open);
  assert.equal(await tps(page), 'x5/x5/x5/x,1,x3/x5 1 3');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('editor=1 in the embed opens the editor; Done shows the position', async () => {
  const context = await phone();
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${server.url}/embed.html?editor=1&size=4`);
  await page.waitForFunction(() => globalThis.takEditor);
  assert.equal(await page.evaluate(() => globalThis.takEditor.status().size), 4);
  const b3 = await editorSquare(page, 'b3');
  await page.touchscreen.tap(b3.x, b3.y);
  await page.fill('#editor-move', '2');
  await page.dispatchEvent('#editor-move', 'change');
  await shot(page, 'editor-embed');
  await tapOn(page, '#editor-done');
  await page.waitForFunction(() => !globalThis.takEditor);
  await page.waitForFunction(() => window.tak.tps() === 'x4/x,1,x2/x4/x4 1 2');
  // A value that is no flag is refused with why, like every embed parameter.
  await page.goto(`${server.url}/embed.html?editor=yes`);
  await page.waitForSelector('.problem');
  assert.match(await page.textContent('.problem'), /editor must be 0 or 1, not 'yes'/);
  assert.deepEqual(errors, []);
  await context.close();
});
