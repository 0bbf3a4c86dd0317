// Puzzles: the shipped set stepped through on its own board, each move judged by the solver
// in the worker, the strongest defence played back, progress kept, the reader's game kept.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { serve, launch, openGame, openMenu, mouseDrag, center, shot, ROOT } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

const feedback = (page) => page.textContent('#puzzle-feedback');
const waitFeedback = (page, re) => page.waitForFunction((src) => new RegExp(src).test(document.getElementById('puzzle-feedback').textContent), re.source, { timeout: 20000 });
const puzzleSquare = (page, sq) => page.evaluate((s) => window.takPuzzle.squareRect(s), sq).then(center);

async function openPuzzles(page) {
  await openMenu(page);
  await page.click('#puzzles');
  await page.waitForFunction(() => window.takPuzzle && /to move and force a road/.test(document.getElementById('puzzle-feedback').textContent), null, { timeout: 20000 });
}

test('a puzzle solved by gestures, a wrong move refused with its defence, a hint, progress kept, the game kept', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openGame(context, server.url);
  // The reader's game, which the puzzles must leave alone.
  await page.evaluate(() => { window.tak.play('a1'); window.tak.play('e5'); });
  const game = await page.evaluate(() => window.tak.tps());
  await openPuzzles(page);
  assert.equal(await page.textContent('#puzzle-title'), 'Puzzle 1 of 56 · difficulty 1');
  // The first is a sparse position (issue 38): of the shortest, the fewest pieces on the board.
  assert.equal(await page.textContent('#puzzle-about'), 'a road in 3 moves (yours and theirs) · from AlphaTak bot vs geckoman414, move 6');
  assert.equal(await feedback(page), 'White to move and force a road.');
  assert.equal(await page.textContent('#puzzle-next'), 'Skip');
  // The hint: the stored solution's first move, marked on the board.
  await page.click('#puzzle-hint');
  assert.equal(await feedback(page), 'Hint: place your capstone on a4');
  await shot(page, 'puzzle-hint');
  // A wrong move: refused with the defence it allows, and taken back.
  assert.equal(await page.evaluate(() => window.takPuzzle.play('c1')), null);
  await waitFeedback(page, /^After c1, Black escapes with \S+\. Try another move\.$/);
  // The escape is drawn on the board in red: an arrow for a spread, its square for a placement.
  const escape = (await feedback(page)).match(/escapes with (\S+)\./)[1];
  const drawn = await page.evaluate(() => window.takPuzzle.marks());
  assert.equal(drawn.length, 1, JSON.stringify(drawn));
  assert.equal(drawn[0].color, 'red');
  const placed = escape.match(/^[SC]?([a-h][1-8])$/);
  if (placed) assert.equal(drawn[0].square, placed[1]);
  else assert.equal(drawn[0].arrow[0], escape.match(/[a-h][1-8]/)[0]);
  await shot(page, 'puzzle-wrong');
  await page.waitForFunction(() => window.takPuzzle.status().ply === 0);
  assert.equal((await page.evaluate(() => window.takPuzzle.marks())).length, 1, 'still drawn after the take-back');
  // The stored first move, by a drag from the capstone's pile: accepted, and the board answers with the defence.
  await mouseDrag(page, await page.evaluate(() => window.takPuzzle.reserveRect('cap')).then(center), [await puzzleSquare(page, 'a4')]);
  await page.waitForFunction(() => window.takPuzzle.status().ply === 2, null, { timeout: 20000 });
  await waitFeedback(page, /^Black’s best try: b4\. Go on and force the road\.$/);
  assert.deepEqual(await page.evaluate(() => window.takPuzzle.marks()), [], 'the next try clears it');
  await shot(page, 'puzzle-in-progress');
  await mouseDrag(page, await puzzleSquare(page, 'a4'), [await puzzleSquare(page, 'a5')]);
  await waitFeedback(page, /^Solved!/);
  assert.equal(await page.textContent('#puzzle-next'), 'Next puzzle');
  assert.equal(await page.textContent('#puzzle-solved'), '1 of 56 solved');
  await shot(page, 'puzzle-solved');
  // Back to the game: as it was.
  await page.click('#puzzle-close');
  await page.waitForFunction(() => window.takPuzzle === undefined);
  assert.equal(await page.evaluate(() => window.tak.tps()), game);
  // Progress survives a reload: the first unsolved puzzle opens.
  await page.reload();
  await page.waitForFunction(() => typeof window.tak?.tps === 'function');
  await openPuzzles(page);
  assert.equal(await page.textContent('#puzzle-title'), 'Puzzle 2 of 56 · difficulty 2');
  assert.equal(await page.textContent('#puzzle-solved'), '1 of 56 solved');
  await page.click('#puzzle-prev');
  assert.match(await page.textContent('#puzzle-about'), /solved before/);
  await page.click('#puzzle-next');
  await page.click('#puzzle-next'); // skip
  assert.equal(await page.textContent('#puzzle-title'), 'Puzzle 3 of 56 · difficulty 3');
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => window.takPuzzle === undefined);
  assert.equal(await page.evaluate(() => window.tak.tps()), game);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a puzzle on a phone', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await openGame(context, server.url);
  await openPuzzles(page);
  assert.equal(await page.evaluate(() => window.takPuzzle.play('Ca4')), null);
  await waitFeedback(page, /best try:/);
  await shot(page, 'puzzle-in-progress-phone');
  assert.equal(await page.evaluate(() => window.takPuzzle.play('a4+')), null);
  await waitFeedback(page, /^Solved!/);
  await shot(page, 'puzzle-solved-phone');
  // The dialog is accessible (axe-core, as learn.test.mjs checks the others).
  await page.addScriptTag({ path: path.join(ROOT, 'node_modules/axe-core/axe.min.js') });
  const result = await page.evaluate(() => window.axe.run(document.getElementById('puzzle-dialog'), { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }));
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`);
  assert.deepEqual(serious, []);
  assert.deepEqual(page.errors, []);
  await context.close();
});

const FIRST = (await import('node:fs')).readFileSync(new URL('../../www/puzzles/puzzles.ptn', import.meta.url), 'utf8')
  .split(/\n(?=\[Size)/).find((p) => p.includes('[Difficulty "1"]'));
const FIRST_TPS = FIRST.match(/\[TPS "([^"]+)"\]/)[1];
const caption = (page) => page.evaluate(() => document.querySelector('.puzzle-feedback')?.textContent ?? '');
const waitCaption = (page, re, root = 'document') => page.waitForFunction(([src, r]) => {
  const scope = r === 'document' ? document : document.querySelector(r).shadowRoot;
  return new RegExp(src).test(scope?.querySelector('.puzzle-feedback')?.textContent ?? '');
}, [re.source, root], { timeout: 20000 });

test('the embed with puzzle=1: a ptn or a tps, and clear messages for what is no puzzle', async () => {
  const context = await browser.newContext({ viewport: { width: 420, height: 480 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${server.url}/embed.html?puzzle=1&ptn=${encodeURIComponent(FIRST)}`);
  await waitCaption(page, /^White to move and force a road\.$/);
  assert.equal(await page.evaluate(() => window.tak.plyCount()), 0, 'the solution is not shown');
  assert.equal(await page.evaluate(() => window.tak.play('c1')), null);
  await waitCaption(page, /^After c1, Black escapes with/);
  await page.waitForFunction(() => window.tak.status().ply === 0);
  await page.click('text=Hint');
  assert.equal(await caption(page), 'Hint: place your capstone on a4');
  assert.equal(await page.evaluate(() => window.tak.play('Ca4')), null);
  await waitCaption(page, /best try: b4/);
  await shot(page, 'puzzle-embed');
  assert.equal(await page.evaluate(() => window.tak.play('a4+')), null);
  await waitCaption(page, /^Solved!/);
  // A position alone: the solver finds the proof, and the hint is its first move.
  await page.goto(`${server.url}/embed.html?puzzle=1&tps=${encodeURIComponent(FIRST_TPS)}`);
  await waitCaption(page, /^White to move and force a road\.$/);
  await page.click('text=Hint');
  assert.match(await caption(page), /^Hint: \D[^()]*$/);
  assert.deepEqual(errors, []);
  // What is no puzzle says why.
  const cases = [
    ['puzzle=1', /puzzle=1 needs the puzzle/],
    ['puzzle=1&ptn=1.%20a1%20e5', /the ptn: not a puzzle: no \[Puzzle "tinue"\] tag/],
    ['puzzle=1&tps=x5/x5/x5/x5/x5%201%201', /the tps: the position has no forced road within 7 plies/],
    [`puzzle=1&ai=3&ptn=${encodeURIComponent(FIRST)}`, /puzzle=1 cannot go with ai/],
  ];
  for (const [query, re] of cases) {
    await page.goto(`${server.url}/embed.html?${query}`);
    await page.waitForSelector('.problem', { timeout: 20000 });
    assert.match(await page.textContent('.problem'), re, query);
  }
  await context.close();
});

test('<tak-board puzzle> on any page', async () => {
  const context = await browser.newContext({ viewport: { width: 600, height: 700 } });
  const page = await context.newPage();
  await page.goto(`${server.url}/www/embed-demo.html`);
  await page.evaluate(async (ptn) => {
    await import('./tak-board.js');
    document.body.innerHTML = '';
    const el = document.createElement('tak-board');
    el.id = 'p';
    el.setAttribute('puzzle', '');
    el.setAttribute('ptn', ptn);
    el.style.width = '500px';
    document.body.append(el);
  }, FIRST);
  await waitCaption(page, /^White to move and force a road\.$/, '#p');
  assert.equal(await page.evaluate(() => document.getElementById('p').play('Ca4')), null);
  await waitCaption(page, /best try: b4/, '#p');
  assert.equal(await page.evaluate(() => document.getElementById('p').play('a4+')), null);
  await waitCaption(page, /^Solved!/, '#p');
  await context.close();
});

test('puzzles from dist/ (fetched when opened) and from the one-file build with no network', async (t) => {
  const fs = await import('node:fs');
  const dist = new URL('../../dist/', import.meta.url);
  if (!fs.existsSync(new URL('tak.html', dist))) { t.skip('run `make dist` first'); return; }
  assert.ok(fs.existsSync(new URL('www/puzzles/puzzles.ptn', dist)), 'the set is in dist/');
  // From dist/: the set and the puzzle code are not part of the first visit.
  const site = await serve(new URL(dist).pathname);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openGame(context, site.url);
  const requested = [];
  page.on('request', (r) => requested.push(r.url()));
  await openPuzzles(page);
  assert.ok(requested.some((u) => u.endsWith('/www/puzzles/puzzles.ptn')), 'fetched when opened');
  assert.equal(await page.textContent('#puzzle-title'), 'Puzzle 1 of 56 · difficulty 1');
  assert.equal(await page.evaluate(() => window.takPuzzle.play('Ca4')), null);
  await waitFeedback(page, /best try: b4/);
  await context.close();
  site.close();
  // The one file, from file://, with every request refused.
  const offline = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const asked = [];
  await offline.route('**/*', (route) => {
    const url = route.request().url();
    if (/^(file|data|blob):/.test(url)) return route.continue();
    asked.push(url);
    return route.abort();
  });
  const one = await offline.newPage();
  await one.addInitScript(() => localStorage.setItem('tak.welcome', 'seen-by-test'));
  await one.goto(new URL('tak.html', dist).href);
  await one.waitForFunction(() => typeof window.tak?.tps === 'function');
  await openPuzzles(one);
  assert.equal(await one.evaluate(() => window.takPuzzle.play('Ca4')), null);
  await waitFeedback(one, /best try: b4/);
  assert.equal(await one.evaluate(() => window.takPuzzle.play('a4+')), null);
  await waitFeedback(one, /^Solved!/);
  assert.deepEqual(asked, []);
  await offline.close();
});
