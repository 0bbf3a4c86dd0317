// A worker that dies mid-think (crashed, killed for memory: it simply never answers again) is
// noticed by its missing heartbeat within a few seconds, said in words, started again, and the
// game goes on; twice in a row is said too, and the page is left usable. Analysis the same.
// The test ends workers as a browser would kill them: `terminate()` fires no event at all.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openGame, status, shot } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

/**
 * Keeps every worker the page makes in `window.workers`; `window.kill = {ask, count}` ends the
 * next `count` workers asked for `ask` ('think': a move, 'analyze') at their first word after
 * the question, which the page never hears (an answer is swallowed): dead mid-job.
 */
const recordWorkers = (context) => context.addInitScript(() => {
  const Real = window.Worker;
  window.workers = [];
  window.kill = { ask: null, count: 0 };
  window.Worker = class extends Real {
    constructor(...args) {
      super(...args);
      window.workers.push(this);
      this.armed = false;
      // Registered before the page's `onmessage`, so it may keep a message from it.
      this.addEventListener('message', (event) => {
        if (!this.armed) return;
        this.terminate();
        if (!event.data?.beat) event.stopImmediatePropagation();
      });
    }

    postMessage(message, ...rest) {
      super.postMessage(message, ...rest);
      if (message?.[window.kill.ask] && window.kill.count > 0) { window.kill.count--; this.armed = true; }
    }
  };
});

async function newGame(page, { size, level, human }) {
  await page.click('#new-game');
  await page.selectOption('#new-form select[name=size]', size);
  await page.selectOption('#new-form select[name=opponent]', 'computer');
  await page.selectOption('#new-form select[name=level]', level);
  await page.selectOption('#new-form select[name=human]', human);
  await page.click('#start-game');
  await page.waitForFunction((o) => document.body.dataset.opponent === o, `computer-${level}-${human === 'white' ? 'black' : 'white'}`);
}

/** Plays a flat on the first empty square of `squares`. */
const playSomewhere = (page, squares = ['c3', 'd3', 'c4', 'd4', 'e2', 'b5', 'e5', 'a3']) => page.evaluate((list) => {
  for (const sq of list) if (window.tak.play(sq) === null) return sq;
  return null;
}, squares);

const notice = (page) => page.evaluate(() => { const n = document.getElementById('notice'); return n.hidden ? '' : n.textContent; });

test('a computer worker killed mid-think is noticed, restarted, and moves; killed twice, the page says so', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await recordWorkers(context);
  const page = await openGame(context, server.url);
  await newGame(page, { size: '6', level: '4', human: 'white' });
  // A first move answered as usual: the worker is up.
  assert.equal(await page.evaluate(() => window.tak.play('a1')), null);
  await page.waitForFunction(() => window.tak.status().ply === 2, null, { timeout: 20000 });
  // The worker dies while it owes the next answer.
  await page.evaluate(() => { window.kill = { ask: 'think', count: 1 }; });
  const asked = Date.now();
  assert.ok(await playSomewhere(page));
  await page.waitForFunction(() => /started again/.test(document.getElementById('notice').textContent), null, { timeout: 20000 });
  const noticedAfter = Date.now() - asked;
  assert.ok(noticedAfter < 10000, `noticed after ${noticedAfter} ms`);
  assert.equal(await page.evaluate(() => window.workers.length), 2, 'a new worker');
  // The new worker answers: the computer's move is played and it is the player's turn.
  await page.waitForFunction(() => window.tak.status().ply === 4, null, { timeout: 30000 });
  assert.equal((await status(page)).toMove, 'white');
  await shot(page, 'watchdog-restarted');

  // Now the worker and its replacement both die: the page says so and stays usable.
  await page.evaluate(() => { window.kill = { ask: 'think', count: 2 }; });
  assert.ok(await playSomewhere(page));
  await page.waitForFunction(() => /stopped answering twice/.test(document.getElementById('notice').textContent), null, { timeout: 45000 });
  assert.equal(await page.evaluate(() => window.workers.length), 3);
  assert.match(await notice(page), /Reload the page to play on/);
  assert.equal(await page.isHidden('#thinking'), true, 'no longer "thinking"');
  assert.equal(await page.isEnabled('#hint'), true, 'Hint usable again');
  assert.equal((await status(page)).ply, 5, 'the game is as it was');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('an analysis worker killed mid-analysis is restarted and the analysis goes on', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await recordWorkers(context);
  const page = await openGame(context, server.url);
  await page.evaluate(() => window.tak.load('[Size "6"]\n1. a6 a1 2. b1 f6 3. c1 e5'));
  await page.click('#analysis-toggle');
  await page.waitForFunction(() => document.querySelectorAll('#analysis-line button').length > 0, null, { timeout: 20000 });
  // The worker dies while analysing the next position.
  await page.evaluate(() => { window.kill = { ask: 'analyze', count: 1 }; });
  assert.ok(await playSomewhere(page));
  await page.waitForFunction(() => /analysis stopped answering, so it was started again/.test(document.getElementById('analysis-score').textContent), null, { timeout: 10000 });
  assert.equal(await page.evaluate(() => window.workers.length), 2, 'a new worker');
  // Insights flow again from the new worker: a score and a line replace the message.
  await page.waitForFunction(() => /White \d+%/.test(document.getElementById('analysis-score').textContent), null, { timeout: 20000 });
  await page.waitForFunction(() => document.querySelectorAll('#analysis-line button').length > 0, null, { timeout: 20000 });
  assert.deepEqual(page.errors, []);
  await context.close();
});
