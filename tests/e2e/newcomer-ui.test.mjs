// What a newcomer met in their first hour on the page itself (issue 38): Home and End with
// the board focused, the help line of a stack picked up with the keyboard, the stack pop-up
// beside the spread, a menu per ply in words, clocks in a match, and the layout on a phone.
// Needs `make dist`.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { serve, launch, openGame, status, ROOT } from './harness.mjs';

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
  // Whether the buttons' row casts a shadow (none, or one faded to nothing, is none).
  const shadow = () => page.evaluate(() => { const s = getComputedStyle(document.querySelector('#new-form .row.end')).boxShadow; return s !== 'none' && !s.startsWith('rgba(0, 0, 0, 0)'); });
  const scrolls = await page.evaluate(() => { const d = document.getElementById('new-dialog'); return d.scrollHeight > d.clientHeight + 10; });
  assert.ok(scrolls, 'the form is longer than the screen');
  assert.ok(await shadow(), 'a shadow over the buttons: more below');
  await page.evaluate(() => { const d = document.getElementById('new-dialog'); d.scrollTop = d.scrollHeight; });
  await page.waitForTimeout(100);
  assert.ok(!await shadow(), 'at the end, no shadow');
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
  for (let i = 0; i < 60 && !(await page.evaluate(() => document.querySelectorAll('#analysis-more li').length >= 2)); i++) await page.waitForTimeout(100);
  await page.waitForTimeout(1500);
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
