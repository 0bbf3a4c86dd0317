// Game clocks in the page: a short game played by taps on a phone until a flag falls, the
// clocks kept across a reload, the pause button, the computer spending its own clock, the
// `Clock` tag in the copied PTN, and bad time controls refused.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openGame, openMenu, squareAt, status, shot } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

/** New game through the form: against a person or the computer, with clock `clock` (a preset's value or {minutes, increment}). */
async function newTimedGame(page, { clock, opponent = 'human', level = '1', screenshot = null }) {
  await page.click('#new-game');
  await page.selectOption('#new-form select[name=size]', '5');
  await page.selectOption('#new-form select[name=opponent]', opponent);
  if (opponent === 'computer') {
    await page.selectOption('#new-form select[name=level]', level);
    await page.selectOption('#new-form select[name=human]', 'white');
  }
  if (typeof clock === 'string') {
    await page.selectOption('#new-form select[name=clock]', clock);
  } else {
    await page.selectOption('#new-form select[name=clock]', 'custom');
    await page.fill('#new-form input[name=clockMinutes]', String(clock.minutes));
    await page.fill('#new-form input[name=clockIncrement]', String(clock.increment));
  }
  if (screenshot) await shot(page, screenshot);
  await page.click('#start-game');
  await page.waitForFunction(() => window.tak.status().clock != null, null, { timeout: 15000 });
  await page.waitForSelector('#clock-white:not([hidden])');
}

const clockText = (page, side) => page.textContent(`#clock-${side} .clock-time`);

test('a short game on a phone, played by taps, ends when a flag falls', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  const page = await openGame(context, server.url);
  // A custom clock of 6 seconds and 1 second a move (a fraction of a minute is allowed).
  await newTimedGame(page, { clock: { minutes: 0.1, increment: 1 } });
  let s = await status(page);
  assert.equal(s.clock.control, '0:06+1');
  assert.equal(s.clock.running, 'white', "white's clock runs from the start");
  const tap = async (sq) => { const p = await squareAt(page, sq); await page.touchscreen.tap(p.x, p.y); };
  await tap('a1');
  await page.waitForFunction(() => window.tak.status().ply === 1);
  await tap('e5');
  await page.waitForFunction(() => window.tak.status().ply === 2);
  s = await status(page);
  assert.equal(s.clock.running, 'white');
  assert.ok(await page.evaluate(() => document.getElementById('clock-white').classList.contains('running')), 'the running side is highlighted');
  assert.ok(!(await page.evaluate(() => document.getElementById('clock-black').classList.contains('running'))));
  // Black got its increment: more than 6 s minus what it spent, shown with tenths.
  assert.match(await clockText(page, 'black'), /^\d\.\d$/);
  await shot(page, 'clock-phone-running');
  // White does not move: its flag falls and black wins on time.
  await page.waitForFunction(() => window.tak.status().result != null, null, { timeout: 15000 });
  s = await status(page);
  assert.equal(s.result.reason, 'time');
  assert.equal(s.result.ptn, '0-1');
  assert.match(s.result.text, /on time/);
  assert.equal(s.clock.flagged, 'white');
  assert.equal(await clockText(page, 'white'), '0.0');
  assert.ok(await page.evaluate(() => document.getElementById('clock-white').classList.contains('low')));
  assert.match(await page.textContent('#result-text'), /on time/);
  await shot(page, 'clock-phone-flag');
  // The copied PTN carries the time control, the times after each ply and the result.
  await openMenu(page);
  await page.click('#copy-ptn');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(copied, /\[Clock "0:6 \+1"\]/);
  assert.match(copied, /\{clock 0:0\d\.\d\}/);
  assert.match(copied, /0-1/);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a reload keeps both clocks, and the pause button stops them', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openGame(context, server.url);
  await newTimedGame(page, { clock: '10:0 +15', screenshot: null });
  assert.equal(await page.evaluate(() => window.tak.play('a1')), null);
  // Black's clock runs, and has spent some of its 10 minutes (its increment then counts).
  await page.waitForFunction(() => { const c = window.tak.status().clock; return c.running === 'black' && c.left[1] < 600000; });
  assert.equal(await page.evaluate(() => window.tak.play('e5')), null);
  // White's clock runs again, and has spent some of what it had: the reload keeps a running clock.
  const white = (await status(page)).clock.left[0];
  await page.waitForFunction((w) => { const c = window.tak.status().clock; return c.running === 'white' && c.left[0] < w; }, white);
  const before = (await status(page)).clock;
  assert.equal(before.running, 'white');
  assert.ok(before.left[1] > 600000, 'black got its 15 s');
  await shot(page, 'clock-desktop');
  await page.reload();
  await page.waitForFunction(() => window.tak?.status?.().clock != null, null, { timeout: 15000 });
  await page.waitForSelector('#clock-white:not([hidden])');
  const after = (await status(page)).clock;
  assert.equal(after.running, 'white', 'white to move, its clock running again');
  assert.equal(after.left[1], before.left[1], "black's clock stands as it was");
  assert.ok(Math.abs(after.left[0] - before.left[0]) < 2500, `white's clock kept: ${before.left[0]} then ${after.left[0]}`);
  // Pause: nothing is spent until resumed.
  await page.click('#clock-pause');
  const paused = (await status(page)).clock;
  assert.equal(paused.paused, true);
  await page.waitForTimeout(600); // kept: the clock must NOT move, and nothing shows that it did not; 6 of the page's 100 ms ticks
  assert.equal((await status(page)).clock.left[0], paused.left[0]);
  assert.equal(await page.getAttribute('#clock-pause', 'aria-pressed'), 'true');
  await page.click('#clock-pause');
  await page.waitForFunction((left) => window.tak.status().clock.left[0] < left, paused.left[0]);
  assert.ok((await status(page)).clock.left[0] < paused.left[0], 'running again');
  // Looking back stops the clocks and shows those of the ply shown.
  await page.click('#prev');
  const back = (await status(page)).clock;
  assert.equal(back.live, false);
  assert.equal(back.running, null);
  // A dialog open holds them too.
  await page.click('#last');
  await page.click('#new-game');
  // A game on the clock: New game asks first (in the page); its question holds them as well.
  await page.waitForSelector('#confirm-dialog[open]');
  await page.click('#confirm-yes');
  await page.selectOption('#new-form select[name=clock]', 'custom');
  await shot(page, 'clock-new-game-form');
  const held = (await status(page)).clock.left[0];
  await page.waitForTimeout(500); // kept: the clock must NOT move while the dialog is open; 5 of the page's 100 ms ticks
  assert.equal((await status(page)).clock.left[0], held, 'held while the dialog is open');
  await page.click('#new-form button[value=cancel]');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('against the computer on a landscape phone, it spends its own clock', async () => {
  const context = await browser.newContext({ viewport: { width: 844, height: 390 }, isMobile: true, hasTouch: true });
  const page = await openGame(context, server.url);
  await newTimedGame(page, { clock: '1:0 +1', opponent: 'computer', level: '3' });
  const spec = await page.evaluate(() => window.tak.searchSpec());
  assert.ok(spec.wtime > 50000 && spec.winc === 1000, JSON.stringify(spec));
  assert.equal(await page.evaluate(() => window.tak.play('a1')), null);
  await page.waitForFunction(() => window.tak.status().ply === 2, null, { timeout: 15000 });
  const s = await status(page);
  // The computer's thinking was taken from its clock, and recorded with its ply.
  assert.ok(s.clock.left[1] <= 61000, `black: ${s.clock.left[1]}`);
  assert.ok(await page.isHidden('#clock-pause'), 'no pause against the computer');
  await shot(page, 'clock-phone-landscape');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('the strongest level on a 6-second clock answers within its share of it', async () => {
  // Master thinks up to 10 s a move on its own: on the clock it must answer far sooner.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openGame(context, server.url);
  await newTimedGame(page, { clock: { minutes: 0.1, increment: 0 }, opponent: 'computer', level: '6' });
  assert.equal(await page.evaluate(() => window.tak.play('a1')), null);
  await page.waitForFunction(() => window.tak.status().ply === 2, null, { timeout: 5000 });
  const s = await status(page);
  assert.equal(s.result, null, 'nobody lost on time');
  assert.ok(s.clock.left[1] > 3000, `the computer kept most of its 6 s: ${s.clock.left[1]} ms left`);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a time control of zero or a malformed Clock tag is refused, naming it', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openGame(context, server.url);
  assert.equal(await page.evaluate(() => window.tak.play('c3')), null);
  const error = await page.evaluate(() => window.tak.newGameWith({ size: 5, clock: '0:0 +5' }));
  assert.match(error, /clock: the base time must be more than zero/);
  const tooLong = await page.evaluate(() => window.tak.newGameWith({ size: 5, clock: '200:0 +5' }));
  assert.match(tooLong, /at most 180 minutes/);
  assert.equal((await status(page)).ply, 1, 'the game stays');
  assert.equal((await status(page)).clock, null);
  // A pasted PTN with a bad Clock tag: refused, the text kept.
  await openMenu(page);
  await page.click('#paste');
  const text = '[Size "5"]\n[Clock "ten minutes"]\n\n1. a1 e5';
  await page.fill('#paste-text', text);
  await page.click('#load-game');
  await page.waitForFunction(() => document.getElementById('paste-error').textContent.includes('Clock'));
  assert.match(await page.textContent('#paste-error'), /tag Clock: 'ten minutes' is not a time control/);
  assert.equal(await page.inputValue('#paste-text'), text);
  assert.equal((await status(page)).ply, 1);
  // A good one is kept: its clocks wait, paused, and the tag goes out again.
  await page.fill('#paste-text', '[Size "5"]\n[Clock "10:0 +15"]\n\n1. a1 {clock 9:50.0} e5 {clock 9:40.5}');
  await page.click('#load-game');
  await page.waitForFunction(() => window.tak.status().clock != null);
  const s = await status(page);
  assert.deepEqual(s.clock.text, ['9:50', '9:41']);
  assert.equal(s.clock.paused, true);
  assert.match(await page.evaluate(() => window.tak.ptn()), /\[Clock "10:0 \+15"\]/);
  assert.deepEqual(page.errors, []);
  await context.close();
});
