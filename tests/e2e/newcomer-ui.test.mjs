// What a newcomer met in their first hour on the page itself (issue 38): Home and End with
// the board focused, the help line of a stack picked up with the keyboard, the stack pop-up
// beside the spread, a menu per ply in words, clocks in a match, and the layout on a phone.
// Needs `make dist`.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { serve, launch, openGame, status, ROOT, eventually, until, boardDrawn } from './harness.mjs';

let dist, browser;
before(async () => { dist = await serve(path.join(ROOT, 'dist')); browser = await launch(); });
after(async () => { await browser?.close(); dist?.close(); });

/** Tabs through the page until the board has the keyboard's focus. */
async function tabToBoard(page) {
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => document.activeElement === window.tak.canvas)) return;
  }
  throw new Error('the board never had the focus');
}

test('Home and End go through the moves while the board has the focus; Enter\'s stack is told in keys', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openGame(context, dist.url);
  for (const m of ['a1', 'e5', 'c3', 'c4']) assert.equal(await page.evaluate((m) => window.tak.play(m), m), null);
  await tabToBoard(page);
  await page.keyboard.press('Home');
  assert.equal((await status(page)).ply, 0, 'Home: the start');
  await page.keyboard.press('End');
  assert.equal((await status(page)).ply, 4, 'End: the last ply');
  // The cursor starts on the last ply's square (c4); one down is White's flat on c3.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  const info = await page.textContent('#info');
  assert.match(info, /in hand/);
  assert.doesNotMatch(info, /drag|tap/i, info);
  assert.match(info, /arrows/);
  await page.keyboard.press('Escape');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a match with a clock chosen has clocks in every game', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openGame(context, dist.url);
  await page.click('#new-game');
  await page.waitForSelector('#new-dialog[open]');
  await page.selectOption('#new-form select[name=size]', '3');
  await page.selectOption('#new-form select[name=opponent]', 'human');
  await page.selectOption('#new-form select[name=length]', 'games-3');
  await page.selectOption('#new-form select[name=clock]', '3:0 +2');
  await page.click('#start-game');
  await page.waitForFunction(() => window.tak.status().series && window.tak.status().clock, null, { timeout: 15000 });
  let s = await status(page);
  assert.equal(s.clock.control, '3+2');
  assert.equal(s.clock.running, 'white');
  await page.waitForSelector('#clock-white:not([hidden])');
  // Game 1 to its end (a road on the c file), then the next game: timed too.
  for (const m of ['a1', 'c3', 'b3', 'b1', 'c1', 'a3', 'a2', 'b2', 'c2']) assert.equal(await page.evaluate((m) => window.tak.play(m), m), null);
  assert.equal((await status(page)).result.ptn, 'R-0');
  await page.click('#result-next');
  await page.waitForFunction(() => window.tak.status().plies === 0 || window.tak.status().ply === 0);
  s = await status(page);
  assert.equal(s.series.games.length, 1);
  assert.equal(s.clock?.control, '3+2', 'game 2 has the clocks too');
  assert.equal(s.clock.running, 'white');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a phone held sideways: New game shows that it scrolls on below its buttons; « ‹ › » stay in view with analysis on', async () => {
  const context = await browser.newContext({ viewport: { width: 844, height: 390 }, hasTouch: true, isMobile: true });
  const page = await openGame(context, dist.url);
  await page.click('#new-game');
  await page.waitForSelector('#new-dialog[open]');
  // Against the computer (its level and colour shown only then): longer than the screen.
  await page.selectOption('#new-form select[name=opponent]', 'computer');
  // Whether the buttons' row casts a shadow (none, or one faded to nothing, is none).
  const shadow = () => page.evaluate(() => { const s = getComputedStyle(document.querySelector('#new-form .row.end')).boxShadow; return s !== 'none' && !s.startsWith('rgba(0, 0, 0, 0)'); });
  const scrolls = await page.evaluate(() => { const d = document.getElementById('new-dialog'); return d.scrollHeight > d.clientHeight + 10; });
  assert.ok(scrolls, 'the form is longer than the screen');
  assert.ok(await shadow(), 'a shadow over the buttons: more below');
  await page.evaluate(() => { const d = document.getElementById('new-dialog'); d.scrollTop = d.scrollHeight; });
  assert.ok(!await eventually(shadow, false), 'at the end, no shadow');
  // Scrolled to them, the Clock and Play selects are above the buttons, not under them.
  await page.locator('#new-form select[name=length]').scrollIntoViewIfNeeded();
  const [select, row] = await page.evaluate(() => [document.querySelector('#new-form select[name=length]'), document.querySelector('#new-form .row.end')].map((e) => e.getBoundingClientRect().toJSON()));
  assert.ok(select.bottom <= row.top + 1, `${JSON.stringify(select)} ${JSON.stringify(row)}`);
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.getElementById('new-dialog').open);

  // A middle game on 6x6 with analysis on: its lines are long.
  await page.evaluate(() => window.tak.newGame(6));
  for (const m of ['a1', 'f6', 'c3', 'd4', 'c4', 'd3', 'b3', 'e4', 'Cc2', 'Cd5', 'b4', 'e3']) assert.equal(await page.evaluate((m) => window.tak.play(m), m), null, m);
  await page.click('#analysis-toggle');
  await page.waitForFunction(() => document.querySelectorAll('#analysis-more li').length >= 2, null, { timeout: 20000 });
  // The lines grow with the search: looked at once it went deeper than when they came (or settled).
  const depth = () => page.evaluate(() => { const m = /(\d+)(, settled)?/.exec(document.getElementById('analysis-depth').textContent); return m ? [Number(m[1]), !!m[2]] : [0, false]; });
  const [first] = await depth();
  const [deeper, done] = await until(depth, ([d, settled]) => d > first || settled, { timeout: 30000 });
  assert.ok(deeper > first || done, `the analysis went on past depth ${first}`);
  // However long the lines grow: one row for the best, one other line shown.
  const rows = await page.evaluate(() => ({
    best: parseFloat(getComputedStyle(document.getElementById('analysis-line')).maxHeight) / parseFloat(getComputedStyle(document.documentElement).fontSize),
    others: [...document.querySelectorAll('#analysis-more li')].filter((li) => li.getClientRects().length).length,
  }));
  assert.ok(rows.best <= 1.8, JSON.stringify(rows));
  assert.equal(rows.others, 1);
  for (const id of ['first', 'prev', 'next', 'last']) {
    const inView = await page.evaluate((id) => {
      const r = document.getElementById(id).getBoundingClientRect();
      const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      return r.bottom <= innerHeight && r.top >= 0 && !!hit && document.getElementById(id).contains(hit);
    }, id);
    assert.ok(inView, `#${id} in view`);
  }
  assert.deepEqual(page.errors, []);
  await context.close();
});

const GAME_WITH_A_VARIATION = '[Size "5"]\n\n1. a1 e5\n2. c3 c2\n3. d3\n\n{b2}\n2. b2!? {a quieter start} c4\n';
const menuOpen = (page) => page.evaluate(() => !!document.getElementById('ply-menu')?.matches(':popover-open'));
const menuWords = (page) => page.$$eval('#ply-menu [role=menuitem]', (items) => items.map((b) => b.textContent));

test('each ply has a menu in words: right-click, keyboard, a click on the ply shown; its actions work', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openGame(context, dist.url);
  await page.evaluate((g) => window.tak.load(g), GAME_WITH_A_VARIATION);
  await page.waitForSelector('#moves li.variation button.ply');
  // A right-click on the variation's first ply.
  await page.click('#moves li.variation button.ply >> nth=0', { button: 'right' });
  await page.waitForSelector('#ply-menu:popover-open');
  assert.deepEqual(await menuWords(page), ['Switch to this line', 'Make this line the main line', 'Comment…', 'Annotate (!, ?, Tak)…', 'Delete from this ply on…']);
  assert.equal(await page.getAttribute('#ply-menu', 'aria-label'), 'Ply 2. b2!?');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.action), 'switch', 'the first item has the focus');
  // The keys of a menu: down, up round to the end, Escape back to the ply.
  await page.keyboard.press('ArrowDown');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.action), 'promote');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.action), 'delete');
  await page.keyboard.press('Escape');
  assert.equal(await menuOpen(page), false);
  assert.equal(await page.evaluate(() => document.activeElement.textContent), 'b2!?', 'Escape: back on the ply');
  // Shift+F10 on the focused ply, then Enter on "Switch to this line".
  await page.keyboard.press('Shift+F10');
  await page.waitForSelector('#ply-menu:popover-open');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => window.tak.status().moves.slice(0, 3).join(' ') === 'a1 e5 b2' && window.tak.status().ply === 3);
  assert.equal(await menuOpen(page), false);
  assert.equal(await page.evaluate(() => document.activeElement.textContent), 'b2!?', 'the focus on the ply shown');
  // A click on the ply shown opens its menu too (a main-line ply: nothing to promote or switch to).
  await page.evaluate(() => window.tak.goto(2));
  await page.click('#moves li.pair button.ply[aria-current="true"]');
  await page.waitForSelector('#ply-menu:popover-open');
  assert.deepEqual(await menuWords(page), ['Comment…', 'Annotate (!, ?, Tak)…', 'Delete from this ply on…']);
  // Comment…: the Notes dialog on that ply, its text box focused.
  await page.click('#ply-menu [data-action=comment]');
  await page.waitForSelector('#notes-dialog[open]');
  await page.waitForFunction(() => document.activeElement?.id === 'notes-text');
  assert.match(await page.textContent('#notes-ply'), /1\.\.\. e5/);
  await page.keyboard.press('Escape');
  // The context-menu key on a ply of the variation; Make this line the main line.
  await page.focus('#moves li.variation button.ply >> nth=0');
  await page.keyboard.press('ContextMenu');
  await page.waitForSelector('#ply-menu:popover-open');
  await page.click('#ply-menu [data-action=promote]');
  await page.waitForFunction(() => window.tak.status().tree.map((i) => i.ptn).join(' ') === 'a1 e5 b2 c4');
  // A press elsewhere closes a menu.
  await page.click('#moves li.pair button.ply >> nth=0', { button: 'right' });
  await page.waitForSelector('#ply-menu:popover-open');
  await page.mouse.click(5, 400);
  assert.equal(await menuOpen(page), false);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a long press on a ply opens its menu on a touch screen, and its tap does not go to the ply', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await openGame(context, dist.url);
  await page.evaluate((g) => window.tak.load(g), GAME_WITH_A_VARIATION);
  await page.evaluate(() => window.tak.goto('last'));
  // The move list written for the game loaded (a refresh may still replace its items).
  await page.waitForFunction(() => window.tak.status().ply === 5 && document.querySelector('#moves li.pair button.ply'));
  const ply = page.locator('#moves li.pair button.ply >> nth=0');
  const r = await until(async () => { await ply.scrollIntoViewIfNeeded(); return ply.boundingBox(); }, (box) => box !== null);
  assert.ok(r, 'the first ply is shown');
  const at = { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  // A touch held until the menu opens (CDP's touch events: down, wait, up): a long press.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at] });
  await page.waitForSelector('#ply-menu:popover-open');
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await page.waitForSelector('#ply-menu:popover-open');
  assert.equal((await status(page)).ply, 5, 'the press did not go to the ply');
  const menu = await page.evaluate(() => document.getElementById('ply-menu').getBoundingClientRect().toJSON());
  assert.ok(menu.left >= 0 && menu.right <= 390 && menu.top >= 0 && menu.bottom <= 844, JSON.stringify(menu));
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a phone in portrait: the board right under the status, the room left to the moves; a stack in hand moves nothing', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await openGame(context, dist.url);
  for (const m of ['a1', 'e5', 'c3', 'c4', 'c3+', 'b4']) assert.equal(await page.evaluate((m) => window.tak.play(m), m), null);
  const geometry = () => page.evaluate(() => {
    const rect = (id) => document.getElementById(id).getBoundingClientRect();
    return { status: rect('status').bottom, a5: window.tak.squareRect('a5'), a1: window.tak.squareRect('a1'), moves: rect('moves-box').height };
  });
  const g = await geometry();
  // Black's reserve takes 1.05 squares above the board: no more room than that between.
  assert.ok(g.a5.y - g.status <= 1.2 * g.a5.height, JSON.stringify(g));
  assert.ok(g.moves >= 150, `the moves have the room left (${g.moves}px)`);
  // A stack picked up by a tap: the help line says how to go on, and the board stays put.
  const c4 = await page.evaluate(() => window.tak.squareRect('c4'));
  await page.touchscreen.tap(c4.x + c4.width / 2, c4.y + c4.height / 2);
  await page.waitForFunction(() => /in hand/.test(document.getElementById('info').textContent));
  assert.deepEqual((await geometry()).a1, g.a1);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('the stack pop-up leaves the stack on the next square in sight', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  const page = await openGame(context, dist.url);
  // Six on c3 (a spread came from b3 eastwards), one on d3 where it would go on.
  assert.equal(await page.evaluate(() => window.tak.load('[Size "5"]\n[TPS "x5/x5/x2,212121,1,x/x5/x5 1 6"]\n\n')), null);
  /** The canvas's pixels over `square`'s middle half (what the reader sees of its stack). */
  const pixels = (square) => page.evaluate((sq) => {
    const canvas = window.tak.canvas;
    const c = canvas.getBoundingClientRect();
    const r = window.tak.squareRect(sq);
    const k = canvas.width / c.width;
    const data = canvas.getContext('2d').getImageData((r.x - c.x + r.width / 4) * k, (r.y - c.y + r.height / 4) * k, (r.width / 2) * k, (r.height / 2) * k).data;
    let sum = 0;
    for (let i = 0; i < data.length; i += 7) sum = (sum * 31 + data[i]) % 1000000007;
    return sum;
  }, square);
  await page.mouse.move(5, 5);
  await boardDrawn(page);
  const before = { d3: await pixels('d3'), b3: await pixels('b3') };
  const c3 = await page.evaluate(() => window.tak.squareRect('c3'));
  await page.mouse.move(c3.x + c3.width / 2, c3.y + c3.height / 2, { steps: 4 });
  await boardDrawn(page); // the pop-up drawn
  assert.notEqual(await pixels('b3'), before.b3, 'the pop-up is drawn, on the empty side');
  assert.equal(await pixels('d3'), before.d3, 'd3 is not covered');
  assert.deepEqual(page.errors, []);
  await context.close();
});
