// The rulebooks' options through the page: a 3-game match between two people with the
// score table after every game and after a reload, scoring variants in the result card,
// tavern rules refusing take-backs, resignation and draws recorded in the PTN.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openGame, openMenu, squareAt, status, shot, nextFrames } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

const clickSquare = async (page, sq) => { const p = await squareAt(page, sq); await page.mouse.click(p.x, p.y); };
// White's road along the c file on 3x3, by clicks (the first two plies place the other's flat).
const ROAD = ['a1', 'c3', 'b3', 'b1', 'c1', 'a3', 'a2', 'b2', 'c2'];

async function newGameDialog(page, { size, opponent = 'human', length = 'single', names, rules = {} }) {
  await page.click('#new-game');
  await page.selectOption('#new-form select[name=size]', String(size));
  await page.selectOption('#new-form select[name=opponent]', opponent);
  await page.selectOption('#new-form select[name=length]', length);
  if (names) {
    await page.fill('#new-form input[name=player1]', names[0]);
    await page.fill('#new-form input[name=player2]', names[1]);
  }
  const open = await page.evaluate(() => document.getElementById('rule-options').open);
  if (!open) await page.click('#rule-options summary');
  for (const v of ['downings', 'middletown', 'tarway']) await page.setChecked(`#new-form input[name=${v}]`, !!rules[v]);
  await page.setChecked('#new-form input[name=tierule]', !!rules.tieRule);
  await page.check(`#new-form input[name=takebacks][value=${rules.tavern ? 'tavern' : 'court'}]`);
  await page.click('#start-game');
  // The dialog's close event comes a moment later.
  await page.waitForFunction(() => !document.getElementById('new-dialog').open);
  // A match starts on the study build, which may still be on its way.
  if (length !== 'single') await page.waitForFunction(() => window.tak.status().series);
  await nextFrames(page);
}

async function table(page) {
  await page.click('#match-table-button');
  const rows = await page.$$eval('#match-table tr', (trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent.trim())));
  await page.keyboard.press('Escape');
  return rows;
}

test('a 3-game match on 3x3 between two people: players alternate, the table adds up, a reload keeps it', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openGame(context, server.url);
  await newGameDialog(page, { size: 3, length: 'games-3', names: ['Ann', 'Ben'], rules: { middletown: true } });
  let s = await status(page);
  assert.equal(s.series.players.join(), 'Ann,Ben');
  assert.match(await page.textContent('#match-line'), /Match \(3 games\), game 1: Ann 0 – Ben 0/);
  // The options line's words come with the long texts, a moment after the game.
  await page.waitForFunction((re) => new RegExp(re).test(document.getElementById('options-line')?.textContent ?? ''), 'Middletown');
  assert.match(await page.textContent('#options-line'), /Middletown/);

  // Game 1: Ann has white and builds the road.
  for (const sq of ROAD) await clickSquare(page, sq);
  s = await status(page);
  assert.equal(s.result.ptn, 'R-0');
  // 9 squares + 5 pieces in hand × 2 (no capstone) = 19.
  assert.equal(await page.textContent('#result-score'), 'Score: 9 squares + 5 pieces in hand × 2 (no capstone) = 19');
  assert.match(await page.textContent('#result-text'), /^Ann \(White\) wins by road$/);
  assert.equal(await page.isVisible('#result-rematch'), false, 'in a match: the next game, not a rematch');
  await shot(page, 'match-result-card');
  // The finished game counts at once, before "Next game".
  assert.match(await page.textContent('#match-line'), /Ann 19 – Ben 0/);
  let early = await table(page);
  assert.deepEqual(early.at(-1).slice(4, 6), ['19', '0'], 'the total adds the game just finished');
  await page.click('#result-next');
  let rows = await table(page);
  assert.deepEqual(rows[1].slice(0, 6), ['1', 'Ann', 'Ben', 'R-0 · road', '19', '0']);
  assert.deepEqual(rows[2].slice(0, 4), ['2', 'Ben', 'Ann', 'in progress']);

  // Game 2: Ben has white now, and wins the same way.
  for (const sq of ROAD) await clickSquare(page, sq);
  await page.click('#result-next');
  rows = await table(page);
  assert.deepEqual(rows[2].slice(0, 6), ['2', 'Ben', 'Ann', 'R-0 · road', '0', '19']);
  assert.deepEqual(rows.at(-1).slice(4, 6), ['19', '19']);

  // A reload keeps the match and the game on the board.
  await clickSquare(page, 'a1');
  await page.reload();
  await page.waitForFunction(() => typeof window.tak?.tps === 'function');
  assert.match(await page.textContent('#match-line'), /game 3: Ann 19 – Ben 19/);
  assert.equal((await status(page)).ply, 1);
  rows = await table(page);
  assert.deepEqual(rows[1].slice(0, 6), ['1', 'Ann', 'Ben', 'R-0 · road', '19', '0']);
  assert.deepEqual(rows[2].slice(0, 6), ['2', 'Ben', 'Ann', 'R-0 · road', '0', '19']);

  // Game 3 (Ann white): a draw by agreement scores nothing; the match ends level.
  await openMenu(page);
  await page.click('#offer-draw');
  // Asked in the page (www/confirm.js), in words of the game.
  assert.match(await page.textContent('#confirm-question'), /^A draw is offered\. (White|Black), do you accept\?$/);
  assert.equal(await page.textContent('#confirm-yes'), 'Accept the draw');
  await page.click('#confirm-yes');
  await page.waitForFunction(() => window.tak.status().result); // the answer comes with the dialog's close event
  s = await status(page);
  assert.equal(s.result.ptn, '1/2-1/2');
  assert.match(await page.evaluate(() => window.tak.ptn()), /1\/2-1\/2/);
  // The last game ends the match at once: no "Next game", the winner said.
  assert.equal(await page.isVisible('#result-next'), false, 'no next game after the last one');
  assert.match(await page.textContent('#match-line'), /Match over: Ann 19 – Ben 19\. Winner: nobody, a tie\./);
  // Each game can be looked at again, then back to the match.
  await page.click('#match-table-button');
  await page.click('#match-table button >> nth=0');
  assert.match(await page.textContent('#match-line'), /Looking at game 1/);
  assert.equal((await status(page)).moves.length, 9);
  await page.click('#match-back');
  await shot(page, 'match-over');
  // The whole match as PTN, with tags that say which match and which game.
  const text = await page.evaluate(() => window.tak.matchPtn());
  assert.equal((text.match(/\[MatchGame "/g) || []).length, 3);
  assert.match(text, /\[Player1 "Ben"\]\n\[Player2 "Ann"\]/);
  assert.match(text, /\[Scoring "Middletown"\]/);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('the score table and a result card with variants, on a phone and in the dark', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, colorScheme: 'dark' });
  const page = await openGame(context, server.url);
  // A straight low road of single pieces with every variant on, through the API.
  await page.evaluate(() => window.tak.newGameWith({ size: 5, scoring: 'Downings Middletown Tarway' }));
  for (const m of ['a5', 'a1', 'b1', 'b5', 'c1', 'c5', 'd1', 'd5', 'e1']) await page.evaluate((m) => window.tak.play(m), m);
  const s = await status(page);
  // White placed five stones (one of them placed by black on the first ply): 16 + the capstone.
  assert.equal(s.result.scoreText, '25 squares + 17 pieces in hand × 2 (straight line) × 2 (low road) × 2 (no capstone) = 161');
  await shot(page, 'variants-result-phone-dark');
  await context.close();
});

test('tavern rules refuse take-backs; resignation is recorded', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openGame(context, server.url);
  const native = [];
  page.on('dialog', (d) => { native.push(d.message()); d.dismiss(); });
  await newGameDialog(page, { size: 5, rules: { tavern: true } });
  // The options line's words come with the long texts, a moment after the game.
  await page.waitForFunction((re) => new RegExp(re).test(document.getElementById('options-line')?.textContent ?? ''), 'Tavern rules');
  assert.match(await page.textContent('#options-line'), /Tavern rules/);
  for (const sq of ['a1', 'e5', 'c3']) await clickSquare(page, sq);
  assert.equal(await page.isDisabled('#undo'), true);
  await page.keyboard.press('Control+z');
  assert.equal((await status(page)).ply, 3, 'no take-back');
  // Looking back is allowed, playing from there is not.
  await page.click('#prev');
  await clickSquare(page, 'b2');
  assert.equal((await status(page)).ply, 2);
  assert.match(await page.textContent('#board .tak-toast'), /Tavern rules/);
  await page.click('#last');
  // Black resigns (black is to move).
  await openMenu(page);
  await page.click('#resign');
  // Asked in the page, not with the browser's confirm(): the safe answer has the focus, and
  // Escape (or Cancel) gives nothing up.
  await page.waitForSelector('#confirm-dialog[open]');
  assert.equal(await page.textContent('#confirm-question'), 'Resign this game (Black)?');
  assert.deepEqual(await page.evaluate(() => [document.activeElement.id, document.activeElement.textContent]), ['confirm-no', 'Cancel']);
  assert.equal(await page.textContent('#confirm-yes'), 'Resign');
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.getElementById('confirm-dialog').open);
  assert.ok(!(await status(page)).result, 'Escape does not resign');
  await openMenu(page);
  await page.click('#resign');
  await page.click('#confirm-no');
  assert.ok(!(await status(page)).result, 'Cancel does not resign');
  await openMenu(page);
  await page.click('#resign');
  await page.click('#confirm-yes');
  await page.waitForFunction(() => window.tak.status().result); // the answer comes with the dialog's close event
  assert.deepEqual(native, [], 'no confirm() of the browser');
  const s = await status(page);
  assert.equal(s.result.ptn, '1-0');
  assert.match(await page.evaluate(() => window.tak.ptn()), /1-0\s*$/);
  assert.match(await page.evaluate(() => window.tak.ptn()), /\[TakeBacks "tavern"\]/);
  // After the end the result stands: a step back (Undo, ‹) only looks back, and the
  // resignation is still there at the end.
  assert.equal(await page.isDisabled('#undo'), false);
  await page.click('#undo');
  assert.equal((await status(page)).ply, 2);
  await page.click('#last');
  assert.equal((await status(page)).result?.ptn, '1-0');
  await context.close();
});

test('embeds and <tak-board> take the same options', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${server.url}/embed.html?size=3&tierule=ancient&takebacks=tavern&scoring=Middletown`);
  await page.waitForFunction(() => typeof window.tak?.tps === 'function');
  const s = await page.evaluate(() => window.tak.status());
  assert.deepEqual([s.settings.tieRule, s.settings.takeBacks, s.settings.scoring], ['ancient', 'tavern', 'Middletown']);
  await page.goto(`${server.url}/embed.html?size=3&tierule=sometimes`);
  await page.waitForSelector('.problem');
  assert.match(await page.textContent('.problem'), /tie rule must be ancient or standard, not 'sometimes'/);
  await page.setContent(`<script type="module" src="${server.url}/www/tak-board.js"></script>
    <tak-board size="3" tie-rule="ancient" take-backs="tavern"></tak-board>`);
  await page.waitForFunction(() => document.querySelector('tak-board')?.ready);
  const t = await page.evaluate(() => document.querySelector('tak-board').status());
  assert.deepEqual([t.settings.tieRule, t.settings.takeBacks], ['ancient', 'tavern']);
  await context.close();
});

test('a match against the computer: after "Next game" the computer, now White, plays its first ply', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openGame(context, server.url);
  await newGameDialog(page, { size: 4, opponent: 'computer', length: 'games-3' });
  // Game 1: the reader has White; one ply, then resigns.
  await clickSquare(page, 'a1');
  await page.waitForFunction(() => window.tak.status().ply >= 2, null, { timeout: 30000 });
  await page.evaluate(() => window.tak.resign('white'));
  await page.waitForFunction(() => window.tak.status().finalResult);
  await page.click('#result-next');
  await page.waitForFunction(() => window.tak.status().series?.current?.number === 2);
  // The computer has White in game 2: it moves without a click of the reader's.
  await page.waitForFunction(() => window.tak.status().ply >= 1, null, { timeout: 30000 });
  assert.equal((await status(page)).ply, 1);
  await context.close();
});
