// The game on a touch-emulated phone in portrait: taps and finger drags (real touch events
// through the DevTools protocol, which Chromium turns into pointer events).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openGame, squareAt, pileAt, tps, status, shot } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

async function fingerDrag(cdp, from, via) {
  const point = (p) => [{ x: Math.round(p.x), y: Math.round(p.y), id: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(from) });
  let last = from;
  for (const p of via) {
    for (let i = 1; i <= 5; i++) {
      const q = { x: last.x + ((p.x - last.x) * i) / 5, y: last.y + ((p.y - last.y) * i) / 5 };
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(q) });
    }
    last = p;
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

test('plays on a phone in portrait with taps and finger drags', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  const page = await openGame(context, server.url);
  const cdp = await context.newCDPSession(page);

  // The board fits the phone's width, with both reserves on screen.
  const a1 = await page.evaluate(() => window.tak.squareRect('a1'));
  const e5 = await page.evaluate(() => window.tak.squareRect('e5'));
  assert.ok(a1.x >= 0 && e5.x + e5.width <= 390, 'board inside the viewport');
  assert.ok(a1.width >= 55, `squares big enough for a finger (${a1.width}px)`);
  for (const kind of ['flat', 'wall', 'cap']) {
    const r = await page.evaluate((k) => window.tak.reserveRect(k), kind);
    assert.ok(r.y >= 0 && r.y + r.height <= 844, `${kind} pile on screen`);
  }

  // Tap to place (ply 1), finger-drag from the reserve (ply 2).
  const c3 = await squareAt(page, 'c3');
  await page.touchscreen.tap(c3.x, c3.y);
  assert.equal(await tps(page), 'x5/x5/x2,2,x2/x5/x5 2 1');
  await fingerDrag(cdp, await pileAt(page, 'flat'), [await squareAt(page, 'c2')]);
  assert.equal(await tps(page), 'x5/x5/x2,2,x2/x2,1,x2/x5 1 2');
  // White drags its flat on c2 up onto c3, then black taps a flat.
  await fingerDrag(cdp, await squareAt(page, 'c2'), [await squareAt(page, 'c3')]);
  assert.equal(await tps(page), 'x5/x5/x2,21,x2/x5/x5 2 2');
  const b1 = await squareAt(page, 'b1');
  await page.touchscreen.tap(b1.x, b1.y);
  // White spreads its 2-stack from c3 to the right with one finger from the middle of the
  // square: the whole stack is taken, 1 lands on d3, 1 on e3.
  await fingerDrag(cdp, await squareAt(page, 'c3'), [await squareAt(page, 'd3'), await squareAt(page, 'e3')]);
  assert.equal(await tps(page), 'x5/x5/x3,2,1/x5/x,2,x3 2 3');
  await shot(page, 'touch-phone-portrait');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('taps pick up a stack and drop its pieces one by one', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await openGame(context, server.url);
  await page.evaluate(() => window.tak.load('x5/x5/x2,121,x2/x5/x5 1 6'));
  const tap = async (sq) => { const p = await squareAt(page, sq); await page.touchscreen.tap(p.x, p.y); };
  await tap('c3');
  assert.equal((await status(page)).inHand, 3, 'the whole stack is in hand');
  assert.equal((await status(page)).pending, null, 'picked up, nowhere yet');
  // Out of line: refused, with a message over the board; the hand stays.
  await tap('e5');
  assert.equal(await page.textContent('#board .tak-toast'), 'The pieces in hand cannot reach e5: stacks move only along a row or a column. Select c3 again to put pieces back, or press Esc.');
  assert.equal(await page.isVisible('#board .tak-toast'), true);
  assert.equal((await status(page)).inHand, 3);
  // c3, d3, d3, e3: 3c3>21.
  await tap('d3');
  await tap('d3');
  assert.equal((await status(page)).inHand, 1);
  await shot(page, 'touch-taps-in-hand');
  await tap('e3');
  assert.equal(await tps(page), 'x5/x5/x3,12,1/x5/x5 2 6');
  assert.deepEqual((await status(page)).moves, ['3c3>21']);
  assert.deepEqual(page.errors, []);
  await context.close();
});
