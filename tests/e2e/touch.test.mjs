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
  // White spreads its 2-stack from c3 to the right with one finger, pressing below the
  // pieces to take the whole stack: 1 on d3, 1 on e3.
  const c3rect = await page.evaluate(() => window.tak.squareRect('c3'));
  const base = { x: c3rect.x + c3rect.width / 2, y: c3rect.y + c3rect.height - 2 };
  await fingerDrag(cdp, base, [await squareAt(page, 'd3'), await squareAt(page, 'e3')]);
  assert.equal(await tps(page), 'x5/x5/x3,2,1/x5/x,2,x3 2 3');
  await shot(page, 'touch-phone-portrait');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a tap on a stack picks it up and a second tap spreads it', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await openGame(context, server.url);
  await page.evaluate(() => window.tak.load('x5/x5/x2,21,x2/x5/x5 1 4'));
  const c3 = await squareAt(page, 'c3');
  await page.touchscreen.tap(c3.x, c3.y);
  assert.equal((await status(page)).pending, null, 'picked up, nowhere yet');
  // The tap took the top piece: c5 is out of its reach, so that tap plays nothing.
  const c5 = await squareAt(page, 'c5');
  await page.touchscreen.tap(c5.x, c5.y);
  assert.equal(await tps(page), 'x5/x5/x2,21,x2/x5/x5 1 4');
  assert.equal((await status(page)).message, 'The stack cannot reach c5.');
  const c4 = await squareAt(page, 'c4');
  await page.touchscreen.tap(c4.x, c4.y);
  assert.equal(await tps(page), 'x5/x2,1,x2/x2,2,x2/x5/x5 2 4');
  await context.close();
});
