// Rated games and Your progress (issue 45): New game says before the game whether it is
// rated (against the computer, tavern rules, a level measured on the size) and switches it;
// a rated game has no take-backs or hints; once finished it moves the rating, which the
// progress page shows as a number and a chart, with the results by size, colour and opponent,
// the openings and the mistakes of reviewed games — also after a reload.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { serve, launch, openGame, openMenu, status, shot, ROOT } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

// A size whose levels' ratings are measured (www/levels.json): level 1 is on every measured size.
const levels = JSON.parse(readFileSync(path.join(ROOT, 'www/levels.json'), 'utf8'));
const RATED_SIZE = Object.keys(levels.sizes)[0];
const UNRATED_SIZE = ['3', '4', '5', '6', '7', '8'].find((s) => !levels.sizes[s]);

async function formFor(page, size) {
  await page.click('#new-game');
  await page.selectOption('#new-form select[name=opponent]', 'computer');
  await page.selectOption('#new-form select[name=size]', size);
  await page.selectOption('#new-form select[name=level]', '1');
  await page.selectOption('#new-form select[name=human]', 'white');
}

async function openProgress(page) {
  await openMenu(page, { tools: false });
  await page.click('#my-games');
  await page.waitForSelector('#games-progress');
  await page.click('#games-progress');
  await page.waitForFunction(() => document.querySelector('#progress-figures h3'), null, { timeout: 20000 });
}

test('a rated game against the computer: said before it starts, no take-backs or hints, and its loss moves the rating on the progress page', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openGame(context, server.url);
  // No rated game yet: the page says how to play one.
  await openProgress(page);
  assert.match(await page.textContent('#progress-figures'), /No rated games yet/);
  await page.click('#progress-dialog button[value=close]');
  await page.click('#games-dialog button[value=close]');

  // A size without measured levels: not rated, and said why.
  if (UNRATED_SIZE) {
    await formFor(page, UNRATED_SIZE);
    await page.waitForFunction(() => /Not rated/.test(document.getElementById('rated-text').textContent));
    assert.equal(await page.isDisabled('#new-form input[name=rated]'), true);
    await page.click('#new-form button[value=cancel]');
  }
  await formFor(page, RATED_SIZE);
  await page.waitForFunction(() => /^Rated/.test(document.getElementById('rated-text').textContent));
  // Unrated until chosen (a newcomer keeps take-backs); the switch is remembered with the rules.
  assert.equal(await page.isChecked('#new-form input[name=rated]'), false);
  await page.check('#new-form input[name=rated]');
  assert.equal(await page.isChecked('#new-form input[name=takebacks][value=tavern]'), true, 'rated is the tavern rule');
  await shot(page, 'newgame-rated');
  await page.click('#start-game');
  await page.waitForFunction(() => document.body.dataset.opponent === 'computer-1-black');
  assert.equal((await status(page)).settings.takeBacks, 'tavern');
  // Two plies, then no take-back and no hint.
  assert.equal(await page.evaluate(() => window.tak.play('a1')), null);
  await page.waitForFunction(() => window.tak.status().ply === 2, null, { timeout: 20000 });
  assert.equal(await page.isDisabled('#hint'), true);
  assert.equal(await page.isDisabled('#undo'), true);
  // The reader resigns: a loss to the Beginner.
  await page.evaluate(() => window.tak.resign('white'));
  assert.equal((await status(page)).result?.ptn, '0-1');
  // The result stands: Undo after the end only looks back (back to the reader's turn, as
  // against the computer), and the resignation is not taken back.
  await page.click('#undo');
  assert.equal((await status(page)).ply, 0);
  await page.evaluate(() => window.tak.goto('last'));
  assert.equal((await status(page)).result?.ptn, '0-1');
  await page.waitForTimeout(500); // kept: the game is written to My games as it changes

  await openProgress(page);
  const rating = Number((await page.textContent('.progress-rating')).split(' ')[0]);
  assert.ok(rating < 1500, `a loss to the weakest level lowers the rating from 1500: ${rating}`);
  assert.match(await page.textContent('.progress-rating small'), /^give or take \d+, after 1 rated game$/);
  assert.equal(await page.locator('#progress-figures svg.progress-chart circle').count(), 1);
  assert.match(await page.getAttribute('#progress-figures svg.progress-chart', 'aria-label'), /^Your rating over 1 rated games/);
  const bySize = await page.$$eval('.progress-table', (ts) => ts.map((t) => t.innerText));
  assert.match(bySize[0], new RegExp(`${RATED_SIZE}×${RATED_SIZE}\\s+1\\s+0\\s+0\\s+1\\s+0%`));
  assert.match(bySize[2], /Computer · Beginner\s+1\s+0\s+0\s+1/);
  await shot(page, 'progress-1280');

  // A reload keeps it (it is worked out from the games kept).
  await page.reload();
  await page.waitForFunction(() => typeof window.tak?.tps === 'function');
  await openProgress(page);
  assert.equal(Number((await page.textContent('.progress-rating')).split(' ')[0]), rating);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('the progress page on a phone, dark, with a reviewed game’s mistakes', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, colorScheme: 'dark' });
  const page = await openGame(context, server.url);
  await formFor(page, RATED_SIZE);
  await page.check('#new-form input[name=rated]');
  await page.click('#start-game');
  await page.waitForFunction(() => document.body.dataset.opponent === 'computer-1-black');
  assert.equal(await page.evaluate(() => window.tak.play('a1')), null);
  await page.waitForFunction(() => window.tak.status().ply === 2, null, { timeout: 20000 });
  await page.evaluate(() => window.tak.resign('white'));
  await page.click('#result-review');
  await page.waitForFunction(() => !document.getElementById('review-summary').hidden, null, { timeout: 60000 });
  await page.waitForTimeout(500); // kept: the reviewed game is written to My games as it changes
  await openProgress(page);
  assert.match(await page.textContent('#progress-figures'), /1 reviewed games/);
  await shot(page, 'progress-390-dark');
  assert.deepEqual(page.errors, []);
  await context.close();
});
