// A whole game in real headless Chromium, played with the mouse only, checked through tps().
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openGame, mouseDrag, squareAt, pileAt, tps, status, shot, settled } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

async function place(page, kind, square) {
  await mouseDrag(page, await pileAt(page, kind), [await squareAt(page, square)]);
}

async function spread(page, from, squares) {
  await mouseDrag(page, await squareAt(page, from), await Promise.all(squares.map((s) => squareAt(page, s))));
}

test('a whole game with the mouse: drags from the reserve, a spread with its preview, a capstone flattening a wall, a road', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openGame(context, server.url);
  assert.equal(await tps(page), 'x5/x5/x5/x5/x5 1 1');

  await place(page, 'flat', 'e5'); // white places black's flat
  await place(page, 'flat', 'a1'); // black places white's flat
  assert.equal(await tps(page), 'x4,2/x5/x5/x5/1,x4 1 2');
  await shot(page, 'game-01-opening');

  // Build a stack of four white flats on a1, black answering elsewhere.
  const black = ['e4', 'c4', 'd3', 'b3', 'a5', 'c5'];
  for (let i = 0; i < 3; i++) {
    await place(page, 'flat', 'a2');
    await place(page, 'flat', black[2 * i]);
    await spread(page, 'a2', ['a1']);
    await place(page, 'flat', black[2 * i + 1]);
  }
  assert.match(await tps(page), /\/1111,x4 1 8$/);
  await place(page, 'cap', 'e2'); // white's capstone
  await place(page, 'wall', 'e1'); // black's wall
  assert.equal((await status(page)).toMove, 'white');
  await shot(page, 'game-02-before-spread');

  // Spread three of the four pieces on a1 over b1, c1, d1, checking the preview mid-drag.
  await page.mouse.move(...Object.values(await squareAt(page, 'a1')));
  await page.mouse.down();
  await page.keyboard.press('3'); // carry three
  const steps = [['b1', '3a1>'], ['c1', '3a1>12'], ['d1', '3a1>111']];
  for (const [sq, pending] of steps) {
    const p = await squareAt(page, sq);
    await page.mouse.move(p.x, p.y, { steps: 6 });
    assert.equal((await status(page)).pending, pending, `preview over ${sq}`);
    if (sq === 'c1') await shot(page, 'game-03-spreading-preview');
  }
  await page.mouse.up();
  assert.match(await tps(page), /\/1,1,1,1,2S 2 9$/);

  await place(page, 'flat', 'c2'); // black, harmless
  // The capstone flattens the wall alone and completes the road on rank 1.
  await spread(page, 'e2', ['e1']);
  const s = await status(page);
  assert.equal(s.result?.ptn, 'R-0');
  assert.equal(s.result.text, 'White wins by road');
  assert.match(await tps(page), /\/1,1,1,1,21C 2 10$/);
  assert.equal(s.moves.at(-1), 'e2-*');
  await settled(page);
  await shot(page, 'game-04-road');
  assert.match(await page.textContent('#result-text'), /^White wins by road$/);
  assert.deepEqual(page.errors, []);
  await context.close();
});
