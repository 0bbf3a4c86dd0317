// Redo against the computer: the computer's reply, taken back with the player's ply by Undo,
// comes back with it, and it is the player's turn (it waited, unplayed, before).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openGame, status } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

test('undo then redo against the computer brings back its reply: the player moves next', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openGame(context, server.url);
  await page.click('#new-game');
  await page.selectOption('#new-form select[name=size]', '5');
  await page.selectOption('#new-form select[name=opponent]', 'computer');
  await page.selectOption('#new-form select[name=level]', '1');
  await page.selectOption('#new-form select[name=human]', 'white');
  await page.click('#start-game');
  await page.waitForFunction(() => document.body.dataset.opponent === 'computer-1-black');
  assert.equal(await page.evaluate(() => window.tak.play('a1')), null);
  await page.waitForFunction(() => window.tak.status().ply === 2, null, { timeout: 20000 });
  // A flat on an empty square (the computer's first reply is its own choice).
  assert.ok(await page.evaluate(() => ['c3', 'b2', 'd4', 'e1'].some((sq) => window.tak.play(sq) === null)));
  await page.waitForFunction(() => window.tak.status().ply === 4, null, { timeout: 20000 });
  const line = (await status(page)).moves;
  await page.click('#undo');
  assert.equal((await status(page)).ply, 2, 'undo goes back to the player\'s turn');
  await page.click('#redo');
  const s = await status(page);
  assert.equal(s.ply, 4, 'the computer\'s reply came back with the player\'s ply');
  assert.equal(s.toMove, 'white');
  assert.deepEqual(s.moves, line);
  // Ctrl+Z and Ctrl+Y the same.
  await page.locator('#board').focus();
  await page.keyboard.press('Control+z');
  assert.equal((await status(page)).ply, 2);
  await page.keyboard.press('Control+y');
  assert.equal((await status(page)).ply, 4);
  assert.deepEqual(page.errors, []);
  await context.close();
});
