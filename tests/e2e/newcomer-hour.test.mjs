// A newcomer's first hour without a rough edge (issue 38), the third look: the stack
// inspector reads as a callout, a second tab on one game follows it live, the score line in
// words, a friend's link asks before the board takes a move, Undo once a friend move is sent,
// hints and notation in words, the first puzzle simple, the tutorial's second step explained,
// the welcome's computer at the lowest level (tests/e2e/firstvisit.test.mjs).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openGame, openMenu, status, shot } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

/** Plays `moves` on the board, each accepted. */
async function play(page, moves) {
  for (const m of moves) assert.equal(await page.evaluate((m) => window.tak.play(m), m), null, m);
}

test('the tutorial explains the flats already placed at step 2, keeps its board in place, and ends with Start a game', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openGame(context, server.url);
  await openMenu(page);
  await page.click('#learn');
  await page.waitForFunction(() => window.takTutorial);
  const boardTop = () => page.evaluate(() => document.getElementById('tutorial-board').getBoundingClientRect().top);
  const top1 = await boardTop();
  assert.equal(await page.isVisible('#tutorial-play'), false);
  const moves = ['a1', 'a1', 'Sa1', 'c3+', '3c3>12', '3b2+', 'b3>', 'e2', 'c1'];
  for (let i = 0; i < moves.length; i++) {
    if (i === 1) {
      // The flats on c3 and d1 are there from the first turns, and the text says so.
      assert.match(await page.textContent('#tutorial-text'), /black flat on c3.*white flats on d1/);
      await shot(page, 'tutorial-step2-1280x800');
    }
    if (i < 8) assert.equal(await boardTop(), top1, `step ${i + 1}: the board does not move`);
    assert.equal(await page.evaluate((m) => window.takTutorial.play(m), moves[i]), null, `step ${i + 1}: ${moves[i]}`);
    await page.waitForFunction(() => document.getElementById('tutorial-feedback').classList.contains('good'));
    if (i < moves.length - 1) await page.click('#tutorial-next');
  }
  assert.equal(await page.isVisible('#tutorial-next'), false);
  assert.equal(await page.textContent('#tutorial-play'), 'Start a game');
  await shot(page, 'tutorial-last-1280x800');
  await page.click('#tutorial-play');
  await page.waitForSelector('#new-dialog[open]');
  assert.equal(await page.evaluate(() => document.getElementById('tutorial-dialog').open), false);
  assert.deepEqual(page.errors, []);
  await context.close();
});
