// The worst input: the longest games the rules allow (a 10,000-ply game pasted, played on,
// saved and reloaded; a game of the most plies a tree holds; one over the limit refused with
// the limit named), damaged and inflating links, a failure inside the wasm, and a paste
// over a game with moves (kept one click away).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { deflateRawSync } from 'node:zlib';
import { serve, launch, openGame, openMenu, status, shot } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

/** A legal 6x6 game of `plies` plies: two flats shuffled back and forth. */
function shuffleGame(plies) {
  const moves = ['a1', 'f6'];
  for (let i = 0; moves.length < plies; i++) moves.push(['f6-', 'f5+'][i % 2], ['a1+', 'a2-'][i % 2]);
  moves.length = plies;
  let text = '[Size "6"]\n\n';
  for (let i = 0; i < moves.length; i += 2) text += `${i / 2 + 1}. ${moves.slice(i, i + 2).join(' ')}\n`;
  return text;
}

/** Starts recording the page's long tasks (main thread busy over 50 ms). */
const watchLongTasks = (page) => page.evaluate(() => {
  window.longTasks = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.longTasks.push(Math.round(e.duration)); })
    .observe({ type: 'longtask', buffered: false });
});
const longest = (page) => page.evaluate(() => Math.max(0, ...window.longTasks));

async function paste(page, text) {
  await openMenu(page);
  await page.click('#paste');
  // Filled as a paste would: the text at once, not typed.
  await page.$eval('#paste-text', (el, t) => { el.value = t; el.dispatchEvent(new Event('input', { bubbles: true })); }, text);
  await page.click('#load-game');
}

test('a 10,000-ply game loads, plays on, survives a reload and leaves the page working', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openGame(context, server.url);
  await watchLongTasks(page);
  const started = Date.now();
  await paste(page, shuffleGame(10000));
  await page.waitForFunction(() => window.tak.status().ply === 10000, null, { timeout: 20000 });
  const loadMs = Date.now() - started;
  const s = await status(page);
  assert.equal(s.ply, 10000);
  assert.ok(s.tree.length <= 200, `the move list shows the plies near the one shown, not ${s.tree.length}`);
  assert.equal(s.treeBefore + s.tree.length + s.treeAfter, 10000);
  assert.equal(s.here.ply, 10000);
  // The list: the last plies, with a row that shows the earlier ones.
  assert.match(await page.textContent('#moves'), /9800 more plies/);
  assert.equal(await page.isVisible('#moves [aria-current="true"]'), true);
  // The row of plies left out spans the list: every row after it still reads number, white, black.
  const rows = await page.$$eval('#moves li.pair', (lis) => lis.slice(-3).map((li) => {
    const left = li.querySelector('.num').getBoundingClientRect().left;
    return [...li.querySelectorAll('button.ply')].every((b) => b.getBoundingClientRect().left > left);
  }));
  assert.deepEqual(rows, [true, true, true], 'each move number stands left of its plies');
  // Playing on, and going back through the list.
  assert.equal(await page.evaluate(() => window.tak.play('f5+')), null);
  await page.click('#moves li.skipped button');
  assert.ok((await status(page)).ply < 9850);
  await shot(page, 'long-game-1280');
  const busy = await longest(page);
  console.log(`10,000 plies: loaded in ${loadMs} ms, longest task ${busy} ms`);
  // Read in slices: the page never stops answering for more than 200 ms.
  assert.ok(busy <= 200, `the longest task took ${busy} ms`);
  // Reload: the game comes back whole, and a new game starts.
  await page.reload();
  await page.waitForFunction(() => typeof window.tak?.tps === 'function');
  assert.equal((await page.evaluate(() => window.tak.ptn())).split('\n').length > 5000, true);
  await page.evaluate(() => window.tak.newGame(5, '0'));
  assert.equal(await page.evaluate(() => window.tak.play('a1')), null);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a game of the most plies loads; one more ply is refused with the limit named', async () => {
  const context = await browser.newContext();
  const page = await openGame(context, server.url);
  await watchLongTasks(page);
  const started = Date.now();
  await paste(page, shuffleGame(100000));
  // The dialog says how far the reading has got, and the page answers meanwhile.
  await page.waitForFunction(() => /Reading the game… \d+%/.test(document.getElementById('paste-error').textContent), null, { timeout: 20000 });
  assert.equal(await page.isDisabled('#load-game'), true, 'Load waits for the reading');
  await page.waitForFunction(() => window.tak.status().ply === 100000, null, { timeout: 60000 });
  const tasks = await page.evaluate(() => window.longTasks);
  console.log(`100,000 plies: loaded in ${Date.now() - started} ms, long tasks ${JSON.stringify(tasks)}`);
  // The reading (about a second of wasm) went in slices; what is left in one piece is the
  // page's answer to the new game (its status lists all 100,000 plies): bounded, not sliced.
  assert.ok(tasks.filter((ms) => ms > 200).length <= 1, `long tasks ${JSON.stringify(tasks)}`);
  assert.ok(Math.max(0, ...tasks) <= 500, `long tasks ${JSON.stringify(tasks)}`);
  assert.match(await page.evaluate(() => window.tak.play('f5+')), /100000 plies/);
  await paste(page, shuffleGame(100002));
  await page.waitForFunction(() => /100000 plies/.test(document.getElementById('paste-error').textContent), null, { timeout: 60000 });
  assert.equal((await status(page)).ply, 100000, 'the game shown is kept');
  await page.reload();
  await page.waitForFunction(() => typeof window.tak?.tps === 'function');
  assert.equal((await status(page)).ply, 100000);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a failure inside the wasm rebuilds the board from the last save; the page goes on', async () => {
  const context = await browser.newContext();
  const page = await openGame(context, server.url);
  for (const m of ['a1', 'e5', 'c3', 'c2']) assert.equal(await page.evaluate((m) => window.tak.play(m), m), null);
  await page.waitForTimeout(200); // the last good save is kept in a task of its own
  assert.equal(await page.evaluate(() => window.tak.failForTest()), null);
  await page.waitForFunction(() => /went wrong inside the board/.test(document.querySelector('.tak-toast')?.textContent ?? ''));
  const s = await status(page);
  assert.deepEqual(s.moves, ['a1', 'e5', 'c3', 'c2'], 'the game is back');
  // Everything works after it: playing, navigating, a drag-free move, a reload.
  assert.equal(await page.evaluate(() => window.tak.play('d4')), null);
  await page.evaluate(() => window.tak.goto(1));
  assert.equal((await status(page)).ply, 1);
  // The study build too: its save (with a variation's comment) comes back whole.
  await page.evaluate(() => window.tak.study());
  assert.equal(await page.evaluate(() => window.tak.setComment([0], 'kept through a failure')), null);
  await page.waitForTimeout(200);
  assert.equal(await page.evaluate(() => window.tak.failForTest()), null);
  assert.match(await page.evaluate(() => window.tak.ptn()), /kept through a failure/);
  assert.equal(await page.evaluate(() => window.tak.build()), 'study');
  await page.reload();
  await page.waitForFunction(() => typeof window.tak?.tps === 'function');
  assert.equal((await status(page)).moves.length, 5);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a damaged link and one that would inflate past the limit say so; the game is kept', async () => {
  const context = await browser.newContext();
  const page = await openGame(context, server.url);
  for (const m of ['a1', 'e5', 'c3']) await page.evaluate((m) => window.tak.play(m), m);
  await page.waitForTimeout(200);
  const damaged = await context.newPage();
  await damaged.goto(`${server.url}/index.html#g=AAAA!!not-a-game`);
  await damaged.waitForFunction(() => /damaged/.test(document.getElementById('notice').textContent));
  assert.deepEqual(await damaged.evaluate(() => window.tak.status().moves), ['a1', 'e5', 'c3']);
  // 50 MB of comment packed into a link of about 50 KB.
  const bomb = `[Size "5"]\n{${'a'.repeat(50 * 1024 * 1024)}}\n1. a1 e5`;
  const packed = deflateRawSync(Buffer.from(`tak-save 2\nline \nply 0\n${bomb}`), { level: 9 }).toString('base64url');
  assert.ok(packed.length < 100_000);
  const inflating = await context.newPage();
  const started = Date.now();
  await inflating.goto(`${server.url}/index.html#g=${packed}`);
  await inflating.waitForFunction(() => /more than a game may/.test(document.getElementById('notice').textContent));
  assert.ok(Date.now() - started < 10000);
  assert.deepEqual(await inflating.evaluate(() => window.tak.status().moves), ['a1', 'e5', 'c3']);
  await context.close();
});

test('paste over a game with moves keeps it one click away', async () => {
  const context = await browser.newContext();
  const page = await openGame(context, server.url);
  for (const m of ['a1', 'e5', 'c3']) await page.evaluate((m) => window.tak.play(m), m);
  await paste(page, '[Size "6"]\n1. a1 f6 2. c3');
  await page.waitForFunction(() => window.tak.status().size === 6);
  assert.match(await page.textContent('#notice'), /pasted game is open/);
  await page.click('#notice button');
  const s = await status(page);
  assert.equal(s.size, 5);
  assert.deepEqual(s.moves, ['a1', 'e5', 'c3']);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a new game over an unfinished one keeps it one click away', async () => {
  const context = await browser.newContext();
  const page = await openGame(context, server.url);
  for (const m of ['a1', 'e5', 'c3']) await page.evaluate((m) => window.tak.play(m), m);
  await page.click('#new-game');
  await page.selectOption('#new-form select[name=size]', '6');
  await page.click('#start-game');
  await page.waitForFunction(() => window.tak.status().size === 6);
  assert.match(await page.textContent('#notice'), /unfinished game is kept/);
  await page.click('#notice button');
  await page.waitForFunction(() => window.tak.status().size === 5);
  assert.deepEqual((await status(page)).moves, ['a1', 'e5', 'c3']);
  assert.deepEqual(page.errors, []);
  await context.close();
});
