// The board as players use it: a stack pressed in the middle and dragged, click sequences,
// cancelling, every refusal shown, the first plies explained, "Tak!" naming the player, the
// result card, and a layout that never hides the board through a 100-ply game on desktops,
// tablets and phones.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { serve, launch, openGame, squareAt, pileAt, tps, status, shot, mouseDrag, ROOT, eventually, nextFrames, boardDrawn } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

const clickSquare = async (page, sq) => { const p = await squareAt(page, sq); await page.mouse.click(p.x, p.y); };
const toastText = (page) => page.evaluate(() => { const t = document.querySelector('#board .tak-toast'); return t.hidden ? null : t.textContent; });

test('a stack pressed in the middle and dragged across two squares spreads, with the mouse', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openGame(context, server.url);
  await page.evaluate(() => window.tak.load('x5/x5/x2,21,x2/x5/x5 1 4'));
  // Mid-drag the preview shows the spread before anything is played.
  await mouseDrag(page, await squareAt(page, 'c3'), [await squareAt(page, 'd3'), await squareAt(page, 'e3')], { release: false });
  assert.equal((await status(page)).pending, '2c3>11');
  await shot(page, 'drag-preview');
  await page.mouse.up();
  assert.equal(await tps(page), 'x5/x5/x3,2,1/x5/x5 2 4');
  assert.deepEqual((await status(page)).moves, ['2c3>11']);
  // A 3-stack dragged one square moves whole.
  await page.evaluate(() => window.tak.load('x5/x5/x2,121,x2/x5/x5 1 6'));
  await mouseDrag(page, await squareAt(page, 'c3'), [await squareAt(page, 'c4')]);
  assert.deepEqual((await status(page)).moves, ['3c3+']);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('clicks drop pieces one by one: c3, d3, d3, e3 plays 3c3>21', async () => {
  const context = await browser.newContext({ viewport: { width: 1024, height: 700 } });
  const page = await openGame(context, server.url);
  await page.evaluate(() => window.tak.load('x5/x5/x2,121,x2/x5/x5 1 6'));
  for (const sq of ['c3', 'd3', 'd3']) await clickSquare(page, sq);
  assert.equal((await status(page)).inHand, 1);
  await shot(page, 'clicks-in-hand');
  await clickSquare(page, 'e3');
  assert.equal(await tps(page), 'x5/x5/x3,12,1/x5/x5 2 6');
  assert.deepEqual((await status(page)).moves, ['3c3>21']);
  await context.close();
});

test('releasing off the board or out of reach puts the stack back, and says so', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openGame(context, server.url);
  await page.evaluate(() => window.tak.load('x5/x5/x2,21,x2/x5/x5 1 4'));
  const before = await tps(page);
  const e3 = await squareAt(page, 'e3');
  await mouseDrag(page, await squareAt(page, 'c3'), [await squareAt(page, 'd3'), e3, { x: e3.x, y: 20 }]);
  assert.equal(await tps(page), before);
  assert.match(await toastText(page), /Released off the board/);
  await mouseDrag(page, await squareAt(page, 'c3'), [await squareAt(page, 'd3'), await squareAt(page, 'd4')]);
  assert.equal(await tps(page), before);
  assert.equal(await toastText(page), 'The stack on c3 cannot reach d4: stacks move only along a row or a column. It is back in place.');
  // Escape cancels a stack picked up by a click.
  await clickSquare(page, 'c3');
  assert.equal((await status(page)).inHand, 2);
  await page.keyboard.press('Escape');
  assert.equal((await status(page)).inHand, null);
  assert.equal(await tps(page), before);
  await context.close();
});

test('every refusal shows a message over the board, in the page language, and fades', async () => {
  const context = await browser.newContext({ viewport: { width: 1024, height: 700 } });
  const page = await openGame(context, server.url);
  // The first ply: the status says who places whose flat; the wrong pile says why.
  assert.equal(await page.textContent('#turn'), 'White’s first turn: place one of Black’s flats (the highlighted pile).');
  await shot(page, 'first-ply');
  const own = await page.evaluate(() => { const r = window.tak.squareRect('a1'); return r; });
  assert.ok(own);
  await page.evaluate(() => window.tak.load('x5/x5/x2,12,x2/x5/1,x4 1 4'));
  await clickSquare(page, 'c3');
  const text = await toastText(page);
  assert.equal(text, 'The stack on c3 belongs to Black: you can move only stacks with your piece on top.');
  // Visible without scrolling: inside the viewport, over the board.
  const box = await page.locator('#board .tak-toast').boundingBox();
  const board = await page.locator('#board').boundingBox();
  assert.ok(box.y >= board.y && box.y + box.height <= board.y + board.height && box.x >= 0 && box.x + box.width <= 1024, JSON.stringify(box));
  assert.equal(await page.getAttribute('#board .tak-toast', 'role'), 'alert', 'announced to screen readers');
  await shot(page, 'refusal-message');
  await page.waitForFunction(() => document.querySelector('#board .tak-toast').hidden, null, { timeout: 8000 });
  // In Italian.
  await page.evaluate(() => { document.getElementById('lang').value = 'it'; document.getElementById('lang').dispatchEvent(new Event('change')); });
  await page.waitForFunction(() => document.documentElement.lang === 'it');
  await clickSquare(page, 'c3');
  assert.equal(await toastText(page), 'La pila su c3 è del Nero: puoi muovere solo le pile con in cima una tua pietra.');
  await context.close();
});

test('the computer thinking and the end of a game are said when the board is pressed', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openGame(context, server.url);
  await page.evaluate(() => window.tak.load('x5/x5/x5/2,2,2,2,x/1,1,1,1,x 1 5'));
  await page.evaluate(() => window.tak.play('e1'));
  await clickSquare(page, 'e5');
  assert.equal(await toastText(page), 'The game is over. Start a new game, or step back through the moves.');
  await page.evaluate(() => window.tak.undo());
  await page.evaluate(() => window.tak.set({ thinking: true }));
  await clickSquare(page, 'e5');
  assert.equal(await toastText(page), 'Wait: the computer is thinking.');
  await context.close();
});

test('"Tak!" names the threatening player and marks the square', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openGame(context, server.url);
  const emptyBoard = await page.evaluate(() => window.tak.load('x5/x5/x5/2,2,2,x2/1,1,1,x2 1 5'));
  assert.equal(emptyBoard, null);
  const pixel = async (sq) => page.evaluate((s) => {
    const r = window.tak.squareRect(s);
    const canvas = window.tak.canvas;
    const b = canvas.getBoundingClientRect();
    const ratio = canvas.width / b.width;
    const d = canvas.getContext('2d').getImageData((r.x - b.x + r.width / 2) * ratio, (r.y - b.y + r.height / 2) * ratio, 1, 1).data;
    return [d[0], d[1], d[2]];
  }, sq);
  await nextFrames(page);
  const plain = await pixel('e2');
  await page.evaluate(() => window.tak.play('d1'));
  await nextFrames(page);
  assert.equal(await eventually(() => page.textContent('#tak-line'), 'Tak! White threatens to complete a road.'), 'Tak! White threatens to complete a road.');
  assert.deepEqual((await status(page)).takSquares, ['e1']);
  const marked = await pixel('e1');
  assert.notDeepEqual(marked, plain, 'the square that completes the road is marked');
  await shot(page, 'tak-marked');
  await context.close();
});

test('the board is reached with the skip link and then played by keyboard', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openGame(context, server.url);
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'skip-board');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement === window.tak.canvas), true, 'one Tab and Enter reach the board');
  await page.keyboard.press('Enter'); // the cursor appears
  await page.keyboard.press('Enter'); // and places
  assert.equal(await tps(page), 'x5/x5/x2,2,x2/x5/x5 2 1');
  await context.close();
});

test('the result card offers a new game, a rematch and a look back', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openGame(context, server.url);
  await page.evaluate(() => window.tak.load('x5/x5/x5/2,2,2,2,x/1,1,1,1,x 1 5'));
  await page.evaluate(() => window.tak.play('e1'));
  assert.equal(await page.isVisible('#result'), true);
  assert.match(await page.textContent('#result-text'), /^White wins by road$/);
  // In words in the box; as PTN writes it at the end of the move list.
  assert.equal(await page.textContent('#moves .result-ptn'), 'R-0');
  await shot(page, 'result-card');
  await page.click('#result-back');
  assert.equal((await status(page)).ply, 0);
  assert.match(await page.textContent('#ended'), /You are looking back: the game ended \(White wins by road\)\. A move from here plays on/);
  await page.click('#ended-end');
  assert.equal((await status(page)).ply, 1);
  await page.click('#result-rematch');
  // The rematch starts once its controller is loaded (www/game-flow.js, on first use).
  await page.waitForFunction(() => window.tak.tps() === 'x5/x5/x5/x5/x5 1 1');
  assert.equal(await page.isVisible('#result'), false);
  await context.close();
});

test('looking back at a game that ended, a move plays on from there, as the page says', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openGame(context, server.url);
  await page.evaluate(() => window.tak.load('x5/x5/x5/2,2,2,2,x/1,1,1,1,x 1 5'));
  await page.evaluate(() => window.tak.play('e1'));
  await page.click('#result-back');
  assert.match(await page.textContent('#ended'), /A move from here plays on from this point/);
  assert.equal(await page.evaluate(() => window.tak.play('Se2')), null);
  const s = await status(page);
  assert.equal(s.result, null, 'the game goes on');
  assert.equal(s.toMove, 'black');
  assert.equal(await page.isVisible('#ended'), false);
  assert.equal(await page.isVisible('#result'), false);
  await context.close();
});

test('undo after a resignation takes it back, and says so', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openGame(context, server.url);
  for (const m of ['a1', 'e5', 'c3']) await page.evaluate((m) => window.tak.play(m), m);
  await page.evaluate(() => window.tak.resign('black'));
  assert.equal((await status(page)).result.reason, 'resignation');
  await page.click('#undo');
  await page.waitForFunction(() => /resignation is taken back/.test(document.getElementById('notice').textContent));
  // Said as news, not in a problem's red.
  assert.equal(await page.evaluate(() => !!document.querySelector('#notice > .good')), true);
  assert.equal((await status(page)).result, null);
  await context.close();
});

// A real 6x6 game of 102 plies with komi 2, won by black on flats.
const game = JSON.parse(readFileSync(path.join(ROOT, 'tests/data/real-games.jsonl'), 'utf8').split('\n')[38]);

const VIEWPORTS = [
  { name: 'desktop-1280x800', width: 1280, height: 800 },
  { name: 'laptop-1024x700', width: 1024, height: 700 },
  { name: 'tablet-820x1180', width: 820, height: 1180, touch: true },
  { name: 'phone-360x640', width: 360, height: 640, touch: true },
  { name: 'phone-390x844', width: 390, height: 844, touch: true },
  { name: 'landscape-640x360', width: 640, height: 360, touch: true },
  { name: 'landscape-844x390', width: 844, height: 390, touch: true },
];

/** Everything that must stay in view, checked against the viewport; the page unscrolled. */
async function checkInView(page, where) {
  const problems = await page.evaluate(() => {
    const out = [];
    const w = innerWidth, h = innerHeight;
    const inside = (r, name) => {
      if (!r) return;
      if (r.x < -0.5 || r.y < -0.5 || r.x + r.width > w + 0.5 || r.y + r.height > h + 0.5) out.push(`${name} ${JSON.stringify({ x: Math.round(r.x), y: Math.round(r.y), w: Math.round(r.width), h: Math.round(r.height) })}`);
    };
    const size = window.tak.size();
    const last = String.fromCharCode(96 + size) + size;
    inside(window.tak.squareRect('a1'), 'a1');
    inside(window.tak.squareRect(last), last);
    for (const k of ['flat', 'wall', 'cap']) inside(window.tak.reserveRect(k), `${k} pile`);
    for (const id of ['turn', 'tak-line', 'result', 'result-new', 'result-rematch', 'result-back']) {
      const el = document.getElementById(id);
      if (el && !el.closest('[hidden]') && el.getClientRects().length) inside(el.getBoundingClientRect(), `#${id}`);
    }
    const s = document.scrollingElement;
    if (s.scrollTop !== 0 || s.scrollLeft !== 0) out.push(`page scrolled ${s.scrollLeft},${s.scrollTop}`);
    if (s.scrollHeight > h + 1 || s.scrollWidth > w + 1) out.push(`page scrollable ${s.scrollWidth}x${s.scrollHeight}`);
    return out;
  });
  assert.deepEqual(problems, [], where);
}

for (const vp of VIEWPORTS) {
  test(`a 102-ply game keeps the board, the reserves, the turn and the result in view (${vp.name})`, async () => {
    const context = await browser.newContext({ viewport: { width: vp.width, height: vp.height }, isMobile: !!vp.touch, hasTouch: !!vp.touch });
    const page = await openGame(context, server.url);
    await page.evaluate(({ size, komi }) => window.tak.newGame(size, String(komi)), game);
    await checkInView(page, `${vp.name} start`);
    await shot(page, `layout-${vp.name}-start`);
    for (let i = 0; i < game.moves.length; i++) {
      const error = await page.evaluate((m) => window.tak.play(m), game.moves[i]);
      assert.equal(error, null, `ply ${i + 1}: ${game.moves[i]}`);
      if (i % 10 === 9) await checkInView(page, `${vp.name} ply ${i + 1}`);
      if (i === 50) await shot(page, `layout-${vp.name}-mid`);
    }
    const s = await status(page);
    assert.equal(s.result?.ptn, '0-F');
    await boardDrawn(page); // the last ply drawn, with the page laid out around the result
    await checkInView(page, `${vp.name} end`);
    assert.equal(await page.isVisible('#result'), true);
    await shot(page, `layout-${vp.name}-end`);
    // The end is still in view after a real drag from the middle of the board on a new game.
    assert.deepEqual(page.errors, []);
    await context.close();
  });
}

test('a real mouse game from the reserve: drag pieces and a stack, the page never scrolls', async () => {
  const context = await browser.newContext({ viewport: { width: 1024, height: 700 } });
  const page = await openGame(context, server.url);
  await mouseDrag(page, await pileAt(page, 'flat'), [await squareAt(page, 'c3')]);
  await mouseDrag(page, await pileAt(page, 'flat'), [await squareAt(page, 'c4')]);
  await mouseDrag(page, await squareAt(page, 'c4'), [await squareAt(page, 'c3')]);
  assert.equal(await tps(page), 'x5/x5/x2,21,x2/x5/x5 2 2');
  assert.equal(await page.evaluate(() => document.scrollingElement.scrollTop), 0);
  await context.close();
});
