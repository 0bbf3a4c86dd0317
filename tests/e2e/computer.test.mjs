// The computer opponent in the page: it plays from a Web Worker, the page stays responsive
// while it thinks, undo cancels its search, and the hint button suggests a move.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openGame, openMenu, mouseDrag, squareAt, pileAt, status, shot, settled, eventually } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

async function newGame(page, { size = '5', level = '1', human = 'white' }) {
  await page.click('#new-game');
  await page.selectOption('#new-form select[name=size]', size);
  await page.selectOption('#new-form select[name=opponent]', 'computer');
  await page.selectOption('#new-form select[name=level]', level);
  await page.selectOption('#new-form select[name=human]', human);
  await page.click('#start-game');
  const opponent = `computer-${level}-${human === 'white' ? 'black' : 'white'}`;
  await page.waitForFunction((o) => document.body.dataset.opponent === o, opponent);
}

test('the computer moves first when you take black, and answers your moves', async () => {
  const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
  const page = await openGame(context, server.url);
  await newGame(page, { level: '2', human: 'black' });
  await page.waitForFunction(() => window.tak.status().ply === 1, null, { timeout: 10000 });
  // Black (the player) answers with the mouse; the computer replies.
  const s = await status(page);
  const empty = ['a1', 'b1', 'c1', 'd1', 'e1', 'a5', 'e5'].find((sq) => !s.moves.includes(sq));
  await mouseDrag(page, await pileAt(page, 'flat'), [await squareAt(page, empty)]);
  await page.waitForFunction(() => window.tak.status().ply === 3, null, { timeout: 10000 });
  assert.equal((await status(page)).toMove, 'black');
  await page.waitForSelector('#thinking', { state: 'hidden' });
  await settled(page); // the reply drawn
  await shot(page, 'computer-replied');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('the page keeps drawing frames while the computer thinks, and undo cancels the search', async () => {
  const context = await browser.newContext();
  const page = await openGame(context, server.url);
  await newGame(page, { size: '6', level: '6', human: 'white' });
  assert.equal(await page.evaluate(() => window.tak.play('a1')), null);
  await page.waitForSelector('#thinking:not([hidden])');
  // Measure the longest gap between animation frames for a second of the computer's search.
  const longest = await page.evaluate(() => new Promise((resolve) => {
    let last = performance.now();
    let worst = 0;
    const start = last;
    const tick = (now) => {
      worst = Math.max(worst, now - last);
      last = now;
      if (now - start < 1000) requestAnimationFrame(tick); else resolve(worst);
    };
    requestAnimationFrame(tick);
  }));
  assert.ok(longest < 500, `main thread blocked for ${longest} ms`);
  assert.equal((await status(page)).ply, 1, 'still thinking');
  // Undo: the search stops and it is the player's turn again at the start.
  await page.click('#undo');
  assert.equal(await page.isHidden('#thinking'), true);
  assert.equal((await status(page)).ply, 0);
  await page.waitForTimeout(600); // kept: a late move must NOT come, and nothing shows that none will
  assert.equal((await status(page)).ply, 0, 'no late move from the cancelled search');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('the hint button suggests a legal move and marks it', async () => {
  const context = await browser.newContext();
  const page = await openGame(context, server.url);
  await page.evaluate(() => window.tak.load('x5/x5/x5/1,1,1,1,x/2,2,2,x,2 1 5'));
  await page.click('#hint');
  await page.waitForFunction(() => document.getElementById('info').textContent.startsWith('Hint: '), null, { timeout: 10000 });
  assert.equal(await page.textContent('#info'), 'Hint: place a flat on e2 — it makes your road.', 'the road in one, in words too, and why');
  await shot(page, 'hint');
  await context.close();
});

test('against the computer, a move taken back and played otherwise leaves its old line folded', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openGame(context, server.url);
  await newGame(page, {});
  // A square no ply has touched yet (the first plies place pieces).
  const free = async (from = ['a1', 'b1', 'c1', 'd1', 'e1', 'a5', 'b5', 'c5', 'd5', 'e5']) => {
    const touched = (await status(page)).moves.map((m) => m.replace(/^[FSC]/, '').slice(0, 2));
    return from.find((sq) => !touched.includes(sq));
  };
  for (const ply of [2, 4]) {
    assert.equal(await page.evaluate((m) => window.tak.play(m), await free()), null);
    await page.waitForFunction((n) => window.tak.status().ply === n, ply, { timeout: 10000 });
  }
  await page.click('#undo'); // back to the player's turn before their last move
  await page.waitForFunction(() => window.tak.status().ply === 2);
  assert.equal(await page.evaluate((m) => window.tak.play(m), await free(['e3', 'd3', 'c3', 'b3', 'a3'])), null);
  await page.waitForFunction(() => window.tak.status().ply === 4, null, { timeout: 10000 });
  // The old line is kept, folded: "▸" and its first ply, not the whole line in parentheses.
  const fold = page.locator('#moves .line-action.fold');
  assert.equal(await fold.count(), 1);
  assert.equal(await fold.getAttribute('aria-expanded'), 'false');
  assert.equal(await fold.textContent(), '▸');
  await fold.click();
  assert.equal(await page.locator('#moves .line-action.fold').getAttribute('aria-expanded'), 'true');
  await shot(page, 'computer-folded-line');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a move taken back and played again the same is answered, as any other', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openGame(context, server.url);
  await newGame(page, {});
  assert.equal(await page.evaluate(() => window.tak.play('a1')), null);
  await page.waitForFunction(() => window.tak.status().ply === 2, null, { timeout: 10000 });
  // A square the computer's reply left empty (level 1 chooses at random among good moves).
  const move = await page.evaluate(() => ['c3', 'd4', 'b2'].find((m) => window.tak.play(m) === null));
  assert.ok(move, 'one of three squares is empty');
  await page.waitForFunction(() => window.tak.status().ply === 4, null, { timeout: 10000 });
  await page.click('#undo'); // the player's move and the computer's reply taken back
  await page.waitForFunction(() => window.tak.status().ply === 2);
  assert.equal((await status(page)).canRedo, true);
  // The same move again: the line goes on past it (the old reply), and the computer answers.
  assert.equal(await page.evaluate((m) => window.tak.play(m), move), null);
  await page.waitForFunction(() => window.tak.status().ply === 4, null, { timeout: 10000 });
  assert.equal((await status(page)).toMove, 'white', 'the player\'s turn again');
  // A step back is not a move: the computer does not answer it.
  await page.click('#prev');
  await page.waitForTimeout(1500); // kept: a reply must NOT come (level 1 answers well within this), and nothing shows that none will
  assert.equal((await status(page)).ply, 3, 'looking back, the computer waits');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a rematch against the computer says in the notice line that the colours changed', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openGame(context, server.url);
  await newGame(page, {});
  await openMenu(page);
  await page.click('#resign');
  await page.click('#confirm-yes');
  await page.waitForFunction(() => window.tak.status().result);
  await page.click('#result-rematch');
  // The computer (now White) opens at once; the line stays past its move.
  await page.waitForFunction(() => window.tak.status().ply >= 1, null, { timeout: 10000 });
  // Said once the new game is on the board, and still said past the computer's move.
  const said = await eventually(() => page.textContent('#notice'), 'Rematch: you play Black now.');
  assert.equal(said, 'Rematch: you play Black now.');
  assert.ok((await status(page)).ply >= 1);
  assert.equal(await page.isVisible('#notice'), true);
  assert.deepEqual(page.errors, []);
  await context.close();
});
