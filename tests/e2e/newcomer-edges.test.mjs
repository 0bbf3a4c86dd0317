// The rough edges of a newcomer's first hour that a fresh-eyes session found last (issue 38):
// the friend bar only under friend games, a pasted game studied (nobody is the computer),
// Resign while an earlier ply of a finished game is shown, the review re-translated, a
// friend game's waiting line, a puzzle hint's count, the notation explained, New game asked
// during a timed game, a friend game seen from Black's side. Needs `make dist`.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { serve, launch, openGame, status, ROOT, keptGames, openMenu, shot, newFriendGame } from './harness.mjs';

let dist, browser;
before(async () => { dist = await serve(path.join(ROOT, 'dist')); browser = await launch(); });
after(async () => { await browser?.close(); dist?.close(); });

const bar = (page) => page.evaluate(() => { const b = document.getElementById('friend-bar'); return !b || b.hidden ? '' : b.textContent; });
/** Plays `moves` on the board, each accepted. */
async function play(page, moves) {
  for (const m of moves) assert.equal(await page.evaluate((m) => window.tak.play(m), m), null, m);
}
// A 3×3 game that White wins by a road on the c file.
const ROAD = ['a1', 'c3', 'b3', 'b1', 'c1', 'a3', 'a2', 'b2', 'c2'];
/** Opens My games and there the game not on the board whose name has `name`. */
async function openListed(page, name = '') {
  await openMenu(page);
  await page.click('#my-games');
  await page.waitForSelector('#games-list li:nth-child(2)');
  await page.locator('#games-list li').filter({ hasNot: page.locator('.here') }).filter({ hasText: name }).first().locator('.actions button').first().click();
  await page.waitForSelector('#games-dialog:not([open])', { state: 'attached' });
}

test('the friend bar shows under friend games only: a finished game opened from My games after a friend game was started, and back', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openGame(context, dist.url);
  await page.evaluate(() => window.tak.newGameWith({ size: 3, komi: '0' }));
  await play(page, ROAD);
  assert.equal((await status(page)).result.ptn, 'R-0');
  await newFriendGame(page, { side: 'white', size: '5' });
  await play(page, ['a1']);
  await page.waitForSelector('#friend-dialog[open]');
  await page.click('#friend-dialog button[value=close]');
  assert.match(await bar(page), /Waiting for Black/);
  // My games says how the finished game ended in words, and what plies are.
  await openMenu(page);
  await page.click('#my-games');
  await page.waitForSelector('#games-list li:nth-child(2)');
  const facts = await page.$$eval('#games-list .facts', (n) => n.map((x) => [x.textContent, x.title]));
  assert.ok(facts.some(([text]) => /White won by a road \(R-0\)/.test(text)), JSON.stringify(facts));
  assert.match(facts[0][1], /A ply is one player’s turn/);
  await page.keyboard.press('Escape');
  // The finished game, from My games: no friend bar, and its own Resign (disabled: it is over).
  await openListed(page);
  await page.waitForFunction(() => window.tak.status().settings.size === 3);
  await page.waitForTimeout(300); // kept: a friend bar must NOT come (friend.js would say after the game is shown), and nothing shows that none will
  assert.equal(await bar(page), '', 'no friend bar under a game against nobody');
  assert.equal(await page.evaluate(() => document.getElementById('resign').hidden), false);
  // Back to the friend game: its bar again; reloaded on the finished game: none.
  await openListed(page);
  await page.waitForFunction(() => window.tak.status().settings.size === 5);
  await page.waitForFunction(() => /Waiting for Black/.test(document.getElementById('friend-bar')?.textContent ?? ''));
  await openListed(page);
  await page.waitForFunction(() => window.tak.status().settings.size === 3);
  await page.reload();
  await page.waitForFunction(() => typeof window.tak?.tps === 'function' && window.tak.status().settings.size === 3);
  await page.waitForTimeout(300); // kept: a friend bar must NOT come, and nothing shows that none will
  assert.equal(await bar(page), '');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a game pasted while playing the computer is studied: the computer does not move in it, and My games names its players', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(() => { if (!localStorage.getItem('tak.settings')) localStorage.setItem('tak.settings', JSON.stringify({ opponent: 'computer', level: 1, human: 'white' })); });
  const page = await openGame(context, dist.url);
  await play(page, ['a1']);
  await page.waitForFunction(() => window.tak.status().ply === 2, null, { timeout: 30000 }); // the computer's reply
  await openMenu(page);
  await page.click('#paste');
  await page.waitForSelector('#paste-dialog[open]');
  await page.fill('#paste-text', '[Size "5"]\n[Player1 "Alice"]\n[Player2 "Bob"]\n\n1. a1 e5 2. c3\n');
  await page.click('#load-game');
  await page.waitForSelector('#paste-dialog:not([open])', { state: 'attached' });
  await page.waitForTimeout(2000); // kept: time for a computer's reply, which must NOT come (nothing shows that none will)
  const s = await status(page);
  assert.equal(s.settings.size, 5);
  assert.equal(s.ply, 3, 'nobody replied in the pasted game');
  assert.equal(s.toMove, 'black');
  assert.equal(await page.evaluate(() => document.body.dataset.opponent), 'human');
  const kept = await keptGames(page);
  assert.equal(kept[0].sides.opponent, 'human');
  await openMenu(page);
  await page.click('#my-games');
  await page.waitForSelector('#games-list li:nth-child(2)');
  const names = await page.$$eval('#games-list .name', (n) => n.map((x) => x.textContent));
  assert.match(names[0], /^Alice vs Bob/);
  assert.match(names[1], /^You vs Computer/, 'the game against the computer names its sides as players');
  await page.keyboard.press('Escape');
  // A shared link opened while playing the computer: studied too.
  await openListed(page);
  await page.waitForFunction(() => document.body.dataset.opponent !== 'human');
  const save = 'tak-save 3\nline 0,0,0\nply 3\nclock none\n[Size "6"]\n[Player1 "Cy"]\n\n1. a1 f6 2. c3';
  await page.evaluate((h) => { location.hash = h; }, `#g=${deflateRawSync(Buffer.from(save)).toString('base64url')}`);
  await page.waitForFunction(() => !location.hash && window.tak.status().settings.size === 6);
  await page.waitForTimeout(2000); // kept: time for a computer's reply, which must NOT come (nothing shows that none will)
  assert.equal((await status(page)).ply, 3, 'nobody replied in the linked game');
  assert.equal(await page.evaluate(() => document.body.dataset.opponent), 'human');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a shared link of a long game (90,000 plies, read in slices that tell their progress) opens', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openGame(context, dist.url);
  // 90,004 plies (a game holds at most 100,000): two flats stepping to and fro (long enough to be read over several slices,
  // each telling its progress), and a note at the start.
  const steps = ['c3>', 'd4<', 'd3<', 'c4>'];
  let moves = '1. a1 f6 2. c3 d4 {a long game}';
  for (let i = 0; i < 45000; i++) moves += ` ${i + 3}. ${steps[(2 * i) % 4]} ${steps[(2 * i + 1) % 4]}`;
  const plies = 90004;
  const save = `tak-save 3\nline ${Array(plies).fill(0).join(',')}\nply ${plies}\nclock none\n[Size "6"]\n[Player1 "Di"]\n\n${moves}`;
  assert.ok(save.length > 16 * 1024);
  await page.evaluate((h) => { location.hash = h; }, `#g=${deflateRawSync(Buffer.from(save)).toString('base64url')}`);
  await page.waitForFunction((n) => !location.hash && window.tak.status().settings.size === 6 && window.tak.status().ply === n, plies, { timeout: 60000 });
  assert.match(await page.evaluate(() => window.tak.ptn()), /a long game/);
  assert.doesNotMatch(await page.textContent('#notice'), /link/i, 'no refusal said');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('Resign and Offer a draw stay disabled while an earlier ply of a finished game is shown; R-0 and komi explained; the review\'s summary follows the language', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openGame(context, dist.url);
  await page.evaluate(() => window.tak.newGameWith({ size: 3, komi: '0' }));
  await play(page, ROAD);
  const disabled = () => page.evaluate(() => [document.getElementById('resign').disabled, document.getElementById('offer-draw').disabled]);
  assert.deepEqual(await disabled(), [true, true]);
  // R-0 said in words beside the result, and in the rules; komi explained where it is shown.
  await page.waitForFunction(() => /R-0: how tournaments write it.*R a road, F flats/.test(document.getElementById('result-text')?.title));
  await page.click('#rules-wide');
  await page.waitForFunction(() => /R-0 or 0-R: a road.*Komi is/.test(document.querySelector('[data-i18n="rules.p12"]')?.textContent));
  await page.keyboard.press('Escape');
  await shot(page, 'newcomer-result-notation-1280');
  await page.evaluate(() => window.tak.goto(4));
  assert.equal((await status(page)).result, null, 'the ply shown has no result');
  assert.deepEqual(await disabled(), [true, true], 'the game has one');
  // The review, then another language: its summary and units said in it.
  await page.evaluate(() => window.tak.goto('last'));
  await page.click('#result-review');
  await page.waitForSelector('#review-summary:not([hidden])', { timeout: 60000 });
  assert.match(await page.textContent('#review-summary'), /Moves marked as mistakes|No mistakes/);
  // The graph's marks are whole, at a certain win too (they were cut at its top and bottom).
  await page.waitForSelector('#graph:not([hidden]) circle');
  const cut = await page.evaluate(() => {
    const svg = document.getElementById('graph-svg');
    const [, y, , h] = svg.getAttribute('viewBox').split(' ').map(Number);
    return [...svg.querySelectorAll('circle')].filter((c) => c.cy.baseVal.value - c.r.baseVal.value < y || c.cy.baseVal.value + c.r.baseVal.value > y + h).length;
  });
  assert.equal(cut, 0, 'no mark cut by the graph\'s edge');
  await openMenu(page);
  await page.selectOption('#lang', 'es');
  await page.waitForFunction(() => /Jugadas marcadas|No se han encontrado/.test(document.getElementById('review-summary').textContent));
  assert.match(await page.textContent('#review-units'), /puntuaciones/);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('New game during a game on the clock asks first, in the page; No keeps the game', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openGame(context, dist.url);
  await page.click('#new-game');
  await page.waitForSelector('#new-dialog[open]');
  await page.selectOption('#new-form select[name=size]', '5');
  await page.selectOption('#new-form select[name=opponent]', 'human');
  await page.selectOption('#new-form select[name=clock]', '3:0 +2');
  await page.click('#start-game');
  await page.waitForFunction(() => window.tak.status().clock?.running);
  await play(page, ['a1', 'e5']);
  assert.equal((await status(page)).settings.komi, '0');
  assert.doesNotMatch(await page.getAttribute('#turn', 'title'), /Komi/);
  let asked = false;
  page.on('dialog', (d) => { asked = true; d.dismiss(); }); // no native confirm()
  await page.click('#new-game');
  await page.waitForSelector('#confirm-dialog[open]');
  assert.match(await page.textContent('#confirm-question'), /clock is running.*My games/);
  assert.equal(await page.evaluate(() => document.getElementById('new-dialog').open), false);
  await shot(page, 'newcomer-new-game-asked');
  await page.click('#confirm-no');
  assert.equal((await status(page)).ply, 2, 'the game goes on');
  await page.waitForSelector('#confirm-dialog:not([open])', { state: 'attached' });
  await page.click('#new-game');
  await page.waitForSelector('#confirm-dialog[open]');
  await page.click('#confirm-yes');
  await page.waitForSelector('#new-dialog[open]');
  assert.equal(asked, false);
  // With komi, the turn line's "(komi 2)" says what komi is.
  await page.selectOption('#new-form select[name=clock]', 'none');
  await page.selectOption('#new-form select[name=komi]', '2');
  await page.click('#start-game');
  await page.waitForFunction(() => window.tak.status().settings.komi === '2' && window.tak.status().ply === 0);
  await play(page, ['a1', 'e5']);
  await page.waitForFunction(() => /Komi: flats added to Black/.test(document.getElementById('turn').title));
  assert.match(await page.textContent('#turn'), /komi 2/);
  assert.deepEqual(page.errors, []);
  await context.close();
});

for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
  test(`a friend game at ${viewport.width}×${viewport.height}: Black sees the board from Black's side; the friend's turn is said as a wait, with no pile to place from`, async () => {
    const context = await browser.newContext({ viewport });
    const page = await openGame(context, dist.url);
    const flipped = () => page.evaluate(() => document.getElementById('flip').getAttribute('aria-pressed'));
    const turn = () => page.textContent('#turn');
    await newFriendGame(page, { side: 'black', size: '5', me: 'Bo', them: 'Ann' });
    await page.waitForSelector('#friend-dialog[open]'); // Black's first link starts the game
    await page.click('#friend-dialog button[value=close]');
    assert.equal(await flipped(), 'true');
    assert.match(await turn(), /Ann \(White\) to move: waiting for their link/);
    assert.doesNotMatch(await turn(), /highlighted/);
    await shot(page, `newcomer-friend-black-${viewport.width}`);
    // A game between people on this device: White's side again.
    await page.click('#new-game');
    await page.waitForSelector('#new-dialog[open]');
    await page.selectOption('#new-form select[name=opponent]', 'human');
    await page.click('#start-game');
    await page.waitForFunction(() => document.getElementById('friend-bar')?.hidden);
    assert.equal(await flipped(), 'false');
    // A game as White: seen from White's side; its first turn is this device's (the pile is there).
    await newFriendGame(page, { side: 'white', size: '5', me: 'Ann', them: 'Bo' });
    assert.equal(await flipped(), 'false');
    assert.match(await turn(), /first turn/);
    await play(page, ['a1']);
    await page.waitForSelector('#friend-dialog[open]');
    await page.click('#friend-dialog button[value=close]');
    assert.match(await turn(), /Bo \(Black\) to move: waiting for their link/);
    // An earlier ply looked at: the line says whose turn it was there.
    await page.evaluate(() => window.tak.goto(0));
    assert.doesNotMatch(await turn(), /waiting/);
    assert.deepEqual(page.errors, []);
    await context.close();
  });
}

test('a puzzle\'s hint that takes fewer than the stack says how many to take, and where they go', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await openGame(context, dist.url);
  await openMenu(page);
  await page.click('#puzzles');
  await page.waitForFunction(() => window.takPuzzle && /to move and force a road/.test(document.getElementById('puzzle-feedback').textContent), null, { timeout: 20000 });
  // Puzzle 6: 3a3-12 from a stack of 6 (the board picks up more).
  for (let i = 1; i < 6; i++) await page.click('#puzzle-next');
  await page.waitForFunction(() => /^Puzzle 6 of/.test(document.getElementById('puzzle-title').textContent));
  await page.click('#puzzle-hint');
  assert.equal(await page.textContent('#puzzle-feedback'), 'Hint: take 3 from a3 and carry them down, dropping 1, 2.');
  // Picked up: the hand's count, and no height left on a3 that would say otherwise.
  const a3 = await page.evaluate(() => window.takPuzzle.squareRect('a3'));
  await page.mouse.click(a3.x + a3.width / 2, a3.y + a3.height / 2);
  assert.ok((await page.evaluate(() => window.takPuzzle.status())).inHand > 3, 'more than the hint takes');
  await shot(page, 'newcomer-puzzle-hint-hand-390');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a phone held sideways: the move box opens over the side panel, leaving the board and both reserves in sight', async () => {
  const context = await browser.newContext({ viewport: { width: 844, height: 390 }, hasTouch: true, isMobile: true });
  const page = await openGame(context, dist.url);
  await page.click('#extras summary');
  await page.click('#move-input');
  const [extras, board] = await page.evaluate(() => [document.getElementById('extras'), window.tak.canvas].map((e) => e.getBoundingClientRect().toJSON()));
  assert.ok(extras.left >= board.right - 1, `the box (from x ${extras.left}) leaves the board's canvas (to x ${board.right}) uncovered`);
  await shot(page, 'newcomer-landscape-move-box');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a phone in portrait: the help line of a stack in hand covers neither the board nor a reserve', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await openGame(context, dist.url);
  await play(page, ['a1', 'e5', 'c3', 'c4', 'c3+', 'b4']);
  const c4 = await page.evaluate(() => window.tak.squareRect('c4'));
  await page.touchscreen.tap(c4.x + c4.width / 2, c4.y + c4.height / 2);
  await page.waitForFunction(() => /in hand/.test(document.getElementById('info').textContent));
  const [info, board] = await page.evaluate(() => [document.getElementById('info'), window.tak.canvas].map((e) => e.getBoundingClientRect().toJSON()));
  assert.ok(info.top >= board.bottom - 1 || info.bottom <= board.top + 1, `the help line (${info.top}–${info.bottom}) clears the canvas (${board.top}–${board.bottom})`);
  assert.ok(info.bottom <= 844 + 1, 'on screen');
  await shot(page, 'newcomer-portrait-hand-help');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a phone in portrait: the board stays put as the turn line changes (the first turns\' longer lines, the computer thinking)', async () => {
  for (const [lang, opponent] of [['ca', 'human'], ['es', 'human'], ['en', 'computer']]) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    await context.addInitScript(([l, o]) => { if (!localStorage.getItem('tak.settings')) localStorage.setItem('tak.settings', JSON.stringify({ lang: l, opponent: o, level: 1, human: 'black' })); }, [lang, opponent]);
    const page = await openGame(context, dist.url);
    const top = () => page.evaluate(() => window.tak.canvas.getBoundingClientRect().top);
    const first = await top();
    if (opponent === 'computer') {
      // The computer's first turn: its thinking line, then the reader's turn line.
      await page.waitForFunction(() => window.tak.status().ply === 1, null, { timeout: 30000 });
      assert.equal(await top(), first, `${lang}: after the computer's first ply`);
    } else {
      await play(page, ['a1', 'e5']);
      assert.equal(await top(), first, `${lang}: after the first turns`);
    }
    assert.deepEqual(page.errors, []);
    await context.close();
  }
});

test('the second newcomer: a draw offered to the computer is asked first; a win on time reads "wins on time"', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openGame(context, dist.url);
  await page.evaluate((key) => localStorage.setItem(key, JSON.stringify({ opponent: 'computer', human: 'white', level: 1 })), 'tak.settings');
  await page.reload();
  await page.waitForFunction(() => typeof window.tak?.tps === 'function');
  await openMenu(page);
  await page.click('#offer-draw');
  await page.waitForSelector('#confirm-dialog[open]');
  assert.match(await page.textContent('#confirm-question'), /Offer the computer a draw\?/);
  await page.click('#confirm-no');
  await page.waitForSelector('#confirm-dialog:not([open])', { state: 'attached' });
  assert.equal((await status(page)).result, null, 'declining the question changes nothing');
  // A win on time against the computer, in the page's words (a 3x3 game on a one-second clock).
  await page.evaluate(() => window.tak.newGameWith({ size: 3, clock: '0:1 +0' }));
  await page.evaluate(() => window.tak.play('a1'));
  await page.waitForFunction(() => window.tak.status().result?.reason === 'time', null, { timeout: 20000 });
  const text = await page.textContent('#result-text');
  assert.match(text, /on time/);
  assert.doesNotMatch(text, /by on time/);
  await context.close();
});

test('a phone in portrait: a hint shown at the screen\'s foot leaves the "Type a move" toggle in sight and working', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await openGame(context, dist.url);
  await play(page, ['a1', 'e5', 'c3', 'c4', 'c3+', 'b4']);
  await page.tap('#hint');
  await page.waitForFunction(() => /^Hint/.test(document.getElementById('info').textContent), null, { timeout: 60000 });
  const [info, toggle] = await page.evaluate(() => [document.getElementById('info'), document.querySelector('#extras > summary')].map((e) => e.getBoundingClientRect().toJSON()));
  assert.ok(info.bottom <= toggle.top + 1, `the hint (${info.top}–${info.bottom}) sits above the toggle (${toggle.top}–${toggle.bottom})`);
  await shot(page, 'newcomer-portrait-hint');
  await page.tap('#extras > summary');
  await page.waitForFunction(() => document.getElementById('extras').open);
  assert.deepEqual(page.errors, []);
  await context.close();
});
