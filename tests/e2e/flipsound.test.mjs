// The board seen from Black's side (button, R key, the embed's `flip`, against the computer
// as Black) and the sounds (the menu's switch, kept; made in the page with Web Audio).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openGame, openMenu, squareAt, mouseDrag, status, shot, eventually } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

const rect = (page, sq) => page.evaluate((s) => window.tak.squareRect(s), sq);
const isFlipped = async (page) => {
  const [a1, e5] = [await rect(page, 'a1'), await rect(page, 'e5')];
  return a1.x > e5.x && a1.y < e5.y;
};
// White to move, its 2-stack on c3 (white on top), a black flat on e1.
const STACK = 'x5/x5/x2,21,x2/x5/x4,2 1 3';

test('R and the button flip the board; a drag on it spreads where the mouse goes', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openGame(context, server.url);
  assert.equal(await isFlipped(page), false);
  assert.equal(await page.getAttribute('#flip', 'aria-pressed'), 'false');
  await page.keyboard.press('r');
  assert.equal(await isFlipped(page), true, 'R turns the board');
  assert.equal(await page.getAttribute('#flip', 'aria-pressed'), 'true');
  await page.evaluate((t) => window.tak.load(t), STACK);
  // The screen reader reads the board as it is shown: rank 1 first, from the e-file.
  assert.equal((await page.evaluate(() => window.tak.describe()))[0], 'e1: black flat');
  // Up the screen from c3 is down the ranks: the whole stack, one on c2, one on c1.
  const [c3, c2, c1] = [await squareAt(page, 'c3'), await squareAt(page, 'c2'), await squareAt(page, 'c1')];
  assert.ok(c2.y < c3.y && c1.y < c2.y, 'c1 above c3 on screen');
  await mouseDrag(page, c3, [c2, c1]);
  assert.deepEqual((await status(page)).moves, ['2c3-11']);
  // The arrows move the cursor as they point on screen: to the top-left corner (e1 here),
  // one down (e2: up the ranks) and one right (d2: towards file a), and Enter places there.
  await page.evaluate(() => window.tak.focus());
  for (const key of ['ArrowLeft', 'ArrowUp']) for (let i = 0; i < 5; i++) await page.keyboard.press(key);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  assert.deepEqual((await status(page)).moves, ['2c3-11', 'd2']);
  assert.equal(await isFlipped(page), true, 'keys on the board do not flip it');
  await page.mouse.move(5, 5);
  await shot(page, 'flip-desktop');
  // A view only: the PTN does not say it.
  assert.doesNotMatch(await page.evaluate(() => window.tak.ptn()), /flip/i);
  // Kept for the tab's session, across a reload.
  await page.reload();
  await page.waitForFunction(() => typeof window.tak?.tps === 'function');
  assert.equal(await isFlipped(page), true, 'still flipped after a reload');
  // The button turns it back.
  await page.click('#flip');
  assert.equal(await isFlipped(page), false);
  assert.equal(await page.getAttribute('#flip', 'aria-pressed'), 'false');
  // R typed into a text box is text, not a flip.
  await page.evaluate(() => { document.getElementById('extras').open = true; });
  await page.fill('#move-input', '');
  await page.type('#move-input', 'r');
  assert.equal(await isFlipped(page), false);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a flipped board on a phone, both ways up, keeps its reserves on their sides', async () => {
  for (const [width, height, name] of [[390, 844, 'flip-phone-portrait'], [844, 390, 'flip-phone-landscape']]) {
    const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    const page = await openGame(context, server.url);
    await page.evaluate((t) => window.tak.load(t), 'x5/x5/x2,21,x2/x5/x4,2 1 3');
    await page.click('#flip');
    assert.equal(await isFlipped(page), true);
    // White to move: its piles are on the far side of the board now (top, or right).
    const pile = await page.evaluate(() => window.tak.reserveRect('flat'));
    const board = [await rect(page, 'a1'), await rect(page, 'e5')];
    if (height > width) assert.ok(pile.y + pile.height <= board[0].y + 1, `White's reserve above the board (${JSON.stringify(pile)})`);
    else assert.ok(pile.x >= board[0].x + board[0].width - 1, `White's reserve right of the board (${JSON.stringify(pile)})`);
    await shot(page, name);
    assert.deepEqual(page.errors, []);
    await context.close();
  }
});

test('against the computer as Black the game starts flipped; the embed takes flip=1', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openGame(context, server.url);
  await page.click('#new-game');
  await page.selectOption('#new-form select[name=opponent]', 'computer');
  await page.selectOption('#new-form select[name=human]', 'black');
  await page.click('#start-game');
  await page.waitForFunction(() => window.tak.status().moves.length >= 1, null, { timeout: 20000 });
  assert.equal(await isFlipped(page), true, 'seen from Black\'s side');
  // As White again: seen from White's.
  await page.click('#new-game');
  await page.selectOption('#new-form select[name=human]', 'white');
  await page.click('#start-game');
  await page.waitForFunction(() => window.tak.status().moves.length === 0);
  assert.equal(await isFlipped(page), false);
  assert.deepEqual(page.errors, []);

  const embed = await context.newPage();
  await embed.goto(`${server.url}/embed.html?size=5&flip=1`);
  await embed.waitForFunction(() => typeof window.tak?.tps === 'function');
  assert.equal(await isFlipped(embed), true);
  await embed.goto(`${server.url}/embed.html?size=5&flip=maybe`);
  await embed.waitForSelector('.problem');
  assert.match(await embed.textContent('.problem'), /flip must be 0 or 1/);
  await context.close();
});

/** Opens the game with the sound log the page fills in for tests. */
async function soundPage(context, init = () => {}) {
  await context.addInitScript(() => { window.__takSoundLog = []; });
  await context.addInitScript(init);
  return openGame(context, server.url);
}
const log = (page) => page.evaluate(() => window.__takSoundLog);
const click = async (page, sq) => { const p = await squareAt(page, sq); await page.mouse.click(p.x, p.y); };

test('sounds: off under automation by default; the switch turns them on, kept; a move, Tak and the end', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await soundPage(context);
  await openMenu(page);
  assert.equal(await page.isChecked('#sound'), false, 'off by default in tests');
  await page.keyboard.press('Escape');
  await click(page, 'a5');
  assert.deepEqual(await log(page), [], 'nothing plays while off');
  await openMenu(page);
  await page.check('#sound');
  await shot(page, 'sound-menu');
  await page.keyboard.press('Escape');
  await click(page, 'e1');
  await page.waitForFunction(() => window.__takSoundLog.length > 0);
  assert.deepEqual(await log(page), ['place']);
  // Kept across a reload.
  await page.reload();
  await page.waitForFunction(() => typeof window.tak?.tps === 'function');
  await openMenu(page);
  assert.equal(await page.isChecked('#sound'), true, 'the switch survives a reload');
  await page.keyboard.press('Escape');
  // White threatens a road on row 1 (Tak), then completes it (the end).
  await page.evaluate(() => window.tak.load('x5/x5/x5/2,2,2,x2/1,1,1,x2 1 4'));
  await click(page, 'd1');
  await page.waitForFunction(() => window.__takSoundLog.length >= 1);
  await click(page, 'e5');
  await page.waitForFunction(() => window.__takSoundLog.length >= 2);
  await click(page, 'e1');
  await page.waitForFunction(() => window.__takSoundLog.length >= 3);
  assert.deepEqual(await log(page), ['tak', 'place', 'end']);
  // A spread.
  await page.evaluate(() => window.tak.load('x5/x5/x2,21,x2/x5/x4,2 1 3'));
  await mouseDrag(page, await squareAt(page, 'c3'), [await squareAt(page, 'd3'), await squareAt(page, 'e3')]);
  await page.waitForFunction(() => window.__takSoundLog.length >= 4);
  assert.equal((await log(page))[3], 'spread');
  // Off again: nothing more plays.
  await openMenu(page);
  await page.uncheck('#sound');
  await page.keyboard.press('Escape');
  await click(page, 'a1');
  await page.waitForFunction(() => window.tak.status().moves.at(-1) === 'a1'); // the ply played
  await page.waitForTimeout(300); // kept: a sound must NOT come, and nothing shows that none will
  assert.equal((await log(page)).length, 4);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('sounds: a page without Web Audio plays on silently; a hidden tab stays silent', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await soundPage(context, () => {
    delete window.AudioContext;
    delete window.webkitAudioContext;
    localStorage.setItem('tak.settings', JSON.stringify({ sound: true }));
  });
  await click(page, 'a5');
  await click(page, 'e1');
  const moves = await eventually(async () => (await status(page)).moves.length, 2);
  assert.equal(moves, 2, 'the game goes on');
  await page.waitForTimeout(300); // kept: a sound must NOT be logged, and nothing shows that none will
  assert.deepEqual(await log(page), [], 'no Web Audio: nothing played, nothing broken');
  assert.deepEqual(page.errors, []);
  await context.close();

  const hidden = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page2 = await soundPage(hidden, () => {
    localStorage.setItem('tak.settings', JSON.stringify({ sound: true }));
    Object.defineProperty(document, 'hidden', { get: () => window.__hideTab === true });
  });
  await click(page2, 'a5');
  await page2.waitForFunction(() => window.__takSoundLog.length === 1);
  await page2.evaluate(() => { window.__hideTab = true; });
  await page2.evaluate(() => window.tak.play('e1'));
  await page2.waitForTimeout(300); // kept: a sound must NOT come, and nothing shows that none will
  assert.deepEqual(await log(page2), ['place'], 'nothing while the tab is hidden');
  await hidden.close();
});
