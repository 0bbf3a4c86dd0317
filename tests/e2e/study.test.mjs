// Studying a game in the page: variations through export, reload and import; notes; live
// analysis with its best line; the whole-game review marking a missed road.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openGame, openMenu, status, shot, squareAt, mouseDrag, pileAt, boardDrawn } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

// White could finish rank 1 with 5. e1 but plays a3; black then completes rank 5.
const MISSED_ROAD = '[Size "5"]\n1. a5 a1 2. b1 b5 3. c1 c5 4. d1 d5 5. a3 e5';

test('the review marks a missed road in one with ?? and names the winning ply', async () => {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    const context = await browser.newContext({ viewport, isMobile: viewport.width < 500, hasTouch: viewport.width < 500 });
    const page = await openGame(context, server.url);
    await page.evaluate((ptn) => window.tak.load(ptn), MISSED_ROAD);
    assert.equal((await status(page)).result?.ptn, '0-R');
    await page.click('#result-review');
    await page.waitForFunction(() => !document.getElementById('review-summary').hidden, null, { timeout: 60000 });
    // On the page: the ply is marked and its comment names the winning move.
    const plies = await page.$$eval('#moves button.ply', (bs) => bs.map((b) => b.textContent));
    assert.ok(plies.includes('a3??'), plies.join(' '));
    assert.match(await page.textContent('#moves'), /best e1/);
    assert.match(await page.textContent('#moves'), /Black forces a road in 1/, 'the road in words, not -R1');
    assert.match(await page.textContent('#review-summary'), /marked/);
    // In the game's PTN.
    const ptn = await page.evaluate(() => window.tak.ptn());
    assert.match(ptn, /5\. a3\?\? \{-R1 · best e1\}/);
    // The graph under the board, and a click on it goes to a ply.
    assert.equal(await page.isVisible('#graph'), true);
    const g = await page.locator('#graph-svg').boundingBox();
    await page.mouse.click(g.x + g.width * 0.5, g.y + g.height / 2);
    assert.equal((await status(page)).ply, 5);
    await page.evaluate(() => window.tak.goto(8));
    await shot(page, `review-marked-${viewport.width}`);
    // The marks survive a reload (they are part of the saved game).
    await page.reload();
    await page.waitForFunction(() => typeof window.tak?.tps === 'function');
    assert.match(await page.evaluate(() => window.tak.ptn()), /5\. a3\?\? \{-R1 · best e1\}/);
    assert.equal(await page.isVisible('#graph'), true);
    assert.deepEqual(page.errors, []);
    await context.close();
  }
});

test('a review can be cancelled and changes nothing', async () => {
  const context = await browser.newContext();
  const page = await openGame(context, server.url);
  // A longer game, so that the review is still running when cancelled.
  await page.evaluate(() => window.tak.newGame(6, '2'));
  const moves = ['a1', 'f6', 'c3', 'd4', 'c4', 'd3', 'c2', 'd2', 'c5', 'd5', 'b4', 'e4', 'b3', 'e3', 'b2', 'e2', 'Cc6', 'Cd6'];
  for (const m of moves) assert.equal(await page.evaluate((m) => window.tak.play(m), m), null);
  const before = await page.evaluate(() => window.tak.ptn());
  await openMenu(page);
  await page.click('#review');
  await page.waitForSelector('#review-progress:not([hidden])');
  await page.click('#review-cancel');
  assert.equal(await page.isVisible('#review-progress'), false);
  assert.equal(await page.evaluate(() => window.tak.ptn()), before);
  await context.close();
});

test('going back and playing another ply makes a variation; it survives export, reload and import', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openGame(context, server.url);
  for (const m of ['a1', 'e5', 'c3', 'c2', 'd3']) await page.evaluate((m) => window.tak.play(m), m);
  // Back to ply 2 through the move list, then a different third ply, by mouse.
  await page.click('#moves button.ply >> nth=1');
  assert.equal((await status(page)).ply, 2);
  await mouseDrag(page, await pileAt(page, 'flat'), [await squareAt(page, 'b2')]);
  let s = await status(page);
  assert.deepEqual(s.moves, ['a1', 'e5', 'b2']);
  assert.equal(await page.locator('#moves li.variation').count(), 1, 'the variation is listed');
  // A comment and an annotation through the notes dialog.
  await page.click('#notes');
  await page.waitForFunction(() => window.tak.build() === 'study'); // fetched as the dialog opened
  await page.check('#notes-dialog input[name=judgement][value="!?"]');
  await page.fill('#notes-text', 'a quieter start');
  await page.click('#notes-save');
  assert.match(await page.textContent('#moves'), /b2!\?/);
  assert.match(await page.textContent('#moves'), /a quieter start/);
  // Undo and redo follow this line.
  await page.click('#undo');
  await page.click('#redo');
  assert.deepEqual((await status(page)).moves, ['a1', 'e5', 'b2']);
  await shot(page, 'variation');
  const exported = await page.evaluate(() => window.tak.ptn());
  // The main line, then the variation as PTN Ninja writes a branch.
  assert.match(exported, /\n2\. c3 c2\n3\. d3\n\n\{b2\}\n2\. b2!\? \{a quieter start\}\n/);
  // Reload: all of it is back, on the same line.
  await page.reload();
  await page.waitForFunction(() => typeof window.tak?.tps === 'function');
  assert.equal(await page.evaluate(() => window.tak.ptn()), exported);
  assert.deepEqual((await status(page)).moves, ['a1', 'e5', 'b2']);
  // Import into a fresh page: main line and variation with its comment.
  const fresh = await browser.newContext();
  const other = await openGame(fresh, server.url);
  await openMenu(other);
  await other.click('#paste');
  await other.waitForFunction(() => window.tak.build() === 'study'); // fetched as the dialog opened
  await other.fill('#paste-text', exported);
  await other.click('#load-game');
  await other.waitForFunction(() => !document.getElementById('paste-dialog').open);
  assert.equal(await other.evaluate(() => window.tak.ptn()), exported);
  const tree = (await status(other)).tree;
  assert.deepEqual(tree.map((i) => i.ptn), ['a1', 'e5', 'c3', 'c2', 'd3']);
  assert.equal(tree[2].variations[0][0].ptn, 'b2');
  assert.deepEqual(tree[2].variations[0][0].comments, ['a quieter start']);
  // Promote the variation, then delete what was the main line's continuation.
  await other.click('#moves li.variation button.ply >> nth=0', { button: 'right' });
  await other.click('#ply-menu [data-action=promote]');
  assert.deepEqual((await status(other)).tree.map((i) => i.ptn), ['a1', 'e5', 'b2']);
  await fresh.close();
  await context.close();
});

test('analysis says a forced road in words', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openGame(context, server.url);
  await page.evaluate(() => window.tak.load('[Size "5"]\n1. a5 a1 2. b1 b5 3. c1 c5 4. d1 d5'));
  await page.click('#analysis-toggle');
  await page.waitForFunction(() => /road/.test(document.querySelector('#analysis-score').textContent), null, { timeout: 20000 });
  assert.match(await page.textContent('#analysis-score'), /^White forces a road in 1 move · White 100%$/);
  assert.match(await page.getAttribute('#analysis-score', 'title'), /in flats/);
  await context.close();
});

test('live analysis shows a bar, a score and a best line that previews and plays as a variation', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openGame(context, server.url);
  await page.evaluate(() => window.tak.load('[Size "5"]\n1. a5 a1 2. b1 b5 3. c1 c5 4. d1'));
  await page.click('#analysis-toggle');
  await page.waitForFunction(() => document.querySelectorAll('#analysis-line button').length > 0, null, { timeout: 20000 });
  const valueNow = Number(await page.getAttribute('#evalbar', 'aria-valuenow'));
  assert.ok(valueNow >= 0 && valueNow <= 100);
  assert.match(await page.textContent('#analysis-score'), /White \d+%/);
  assert.match(await page.textContent('#analysis-depth'), /depth \d+/);
  // Black must block e1: the best line starts there.
  const first = await page.textContent('#analysis-line button >> nth=0');
  assert.match(first, /e1/);
  // Input is never blocked while it thinks: a typed move plays at once.
  const tps = await page.evaluate(() => window.tak.tps());
  await page.hover('#analysis-line button >> nth=0');
  await boardDrawn(page); // the preview drawn: shown, not played
  assert.equal(await page.evaluate(() => window.tak.tps()), tps, 'a preview does not play');
  await shot(page, 'analysis-preview');
  await page.click('#analysis-line button >> nth=0');
  assert.equal((await status(page)).ply, 8);
  assert.match((await status(page)).moves[7], /e1/);
  // It follows navigation.
  await page.click('#prev');
  await page.waitForFunction(() => /depth \d+/.test(document.getElementById('analysis-depth').textContent));
  // Off: hidden, and the engine stops.
  await page.click('#analysis-toggle');
  assert.equal(await page.isVisible('#analysis'), false);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('analysis shows the three best lines, each starting with another move, and each plays', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openGame(context, server.url);
  await page.evaluate(() => window.tak.load('[Size "6"]\n[Komi "2"]\n1. a6 a1 2. c3 d4 3. c4 d3'));
  await page.click('#analysis-toggle');
  await page.waitForFunction(() => document.querySelectorAll('#analysis-more li').length === 2
    && [...document.querySelectorAll('#analysis-more li')].every((li) => li.querySelector('button')), null, { timeout: 30000 });
  const firsts = await page.evaluate(() => [
    document.querySelector('#analysis-line button').textContent,
    ...[...document.querySelectorAll('#analysis-more li')].map((li) => li.querySelector('button').textContent),
  ]);
  assert.equal(new Set(firsts).size, 3, `three different first moves: ${firsts}`);
  // Each alternative says its score.
  for (const text of await page.$$eval('#analysis-more .line-score', (els) => els.map((e) => e.textContent))) {
    assert.match(text, /[+-]?\d|even|road/i, text);
  }
  // Text and screen readers read the plies apart, "+1.1 a1 c4 b1", not "+1.1 a1c4b1" (the
  // plies are buttons side by side: a space between them, which the flex line does not show).
  await page.waitForFunction(() => document.querySelectorAll('#analysis-line button').length > 1, null, { timeout: 30000 });
  const lines = await page.evaluate(() => [document.getElementById('analysis-line'), ...document.querySelectorAll('#analysis-more li')]
    .map((el) => ({ text: el.textContent, plies: [...el.querySelectorAll('button')].map((b) => b.textContent) })));
  for (const { text, plies } of lines) assert.ok(text.endsWith(plies.join(' ')), `plies apart: ${JSON.stringify(text)}`);
  assert.match(lines[0].text, /^\S+( \S+)+$/, lines[0].text);
  await shot(page, 'analysis-three-lines');
  // The second line's first ply plays as a variation. The lines may deepen until the pointer
  // rests on one (then they hold still), so the move is read after hovering.
  // Hovered twice: should the list be redrawn just as the pointer arrives, the second hover
  // rests on the new button, and from then on the list holds still.
  await page.hover('#analysis-more li >> nth=0 >> button >> nth=0');
  await page.mouse.move(0, 0);
  await page.hover('#analysis-more li >> nth=0 >> button >> nth=0');
  const second = await page.textContent('#analysis-more li >> nth=0 >> button >> nth=0');
  await page.click('#analysis-more li >> nth=0 >> button >> nth=0');
  assert.equal((await status(page)).ply, 7);
  assert.equal((await status(page)).moves[6], second);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('turning analysis on with the pointer at rest: the lines that appear under it still deepen', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openGame(context, server.url);
  await page.evaluate(() => window.tak.load('[Size "6"]\n[Komi "2"]\n1. a6 a1 2. c3 d4 3. c4 d3'));
  const toggle = await page.locator('#analysis-toggle').boundingBox();
  await page.click('#analysis-toggle');
  // The toggle moved down; the best line took its place under the resting pointer.
  await page.waitForFunction(() => document.querySelectorAll('#analysis-line button').length > 0);
  const [x, y] = [toggle.x + toggle.width / 2, toggle.y + toggle.height / 2];
  const under = await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.closest('#analysis-line, #analysis-more')?.id, [x, y]);
  assert.equal(under, 'analysis-line', 'the pointer rests on the best line');
  // Chromium tells the page what is under a resting pointer after a layout change, with a
  // move event of no movement; a move to the same point does the same, without waiting on it.
  await page.mouse.move(x, y);
  // A line that appears under a pointer that did not move is not a preview: the lines go on
  // deepening (before, they could freeze at depth 1 with no next lines).
  await page.evaluate(() => {
    window.linesShown = () => [...document.querySelectorAll('#analysis-line, #analysis-more li')].map((l) => l.textContent).join('|');
  });
  const shown = await page.evaluate(() => window.linesShown());
  await page.waitForFunction((shown) => window.linesShown() !== shown, shown, { timeout: 20000 });
  await page.waitForFunction(() => document.querySelectorAll('#analysis-more li button').length >= 2, null, { timeout: 20000 });
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('analysis on a phone: the bar and line fit above the board', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await openGame(context, server.url);
  await page.evaluate(() => window.tak.load('[Size "6"]\n1. a6 a1 2. c3 d4 3. c4 d3'));
  await page.tap('#analysis-toggle');
  await page.waitForFunction(() => document.querySelectorAll('#analysis-line button').length > 0, null, { timeout: 20000 });
  // A tap previews, a second tap plays.
  await page.tap('#analysis-line button >> nth=0');
  assert.equal((await status(page)).ply, 6);
  await page.tap('#analysis-line button >> nth=0');
  assert.equal((await status(page)).ply, 7);
  const bar = await page.locator('#evalbar').boundingBox();
  const a1 = await page.evaluate(() => window.tak.squareRect('a1'));
  assert.ok(bar.y >= 0 && a1.y + a1.height <= 844);
  await shot(page, 'analysis-phone');
  await context.close();
});

test('embeds show analysis and a reviewed game’s marks', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const reviewed = '[Size "5"]\n1. a5 a1 2. b1 b5 3. c1 c5 4. d1 d5?? {+R1 · best Se1} 5. a3?? {-R1 · best e1} 5... e5';
  await page.goto(`${server.url}/embed.html?analysis=1&controls=1&interactive=0&ply=9&ptn=${encodeURIComponent(reviewed)}`);
  await page.waitForFunction(() => typeof window.tak?.tps === 'function');
  await page.waitForFunction(() => document.getElementById('notes').textContent);
  assert.equal(await page.textContent('#notes'), '5. a3?? · Black forces a road in 1 move · best e1');
  await page.waitForFunction(() => /depth \d+/.test(document.querySelector('.tak-analysis p')?.textContent || ''), null, { timeout: 20000 });
  assert.match(await page.textContent('.tak-analysis p'), /White \d+%/);
  await shot(page, 'embed-analysis');
  // The custom element, on a host page.
  await page.setContent(`<script type="module" src="${server.url}/www/tak-board.js"></script>
    <tak-board analysis controls size="5" style="width:420px" tps="x5/x5/x5/2,2,2,2,x/1,1,1,x2 1 5"></tak-board>`);
  await page.waitForFunction(() => document.querySelector('tak-board')?.ready);
  await page.waitForFunction(() => /depth \d+/.test(document.querySelector('tak-board').shadowRoot.querySelector('.tak-analysis p')?.textContent || ''), null, { timeout: 20000 });
  const text = await page.evaluate(() => document.querySelector('tak-board').shadowRoot.querySelector('.tak-analysis p').textContent);
  // White must stop black's road on rank 2 (by e2, or by taking a2): a line is shown.
  assert.match(text, /White \d+% · depth \d+ · [a-e1-8SC+<>-]+/, text);
  await context.close();
});
