// The page around the board: typed moves, undo/redo and navigation, saved games, pasting,
// themes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openGame, openExtras, openMenu, tps, status, shot, keptGames, settled } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

test('typed moves play, and a bad one keeps its text with a message', async () => {
  const context = await browser.newContext();
  const page = await openGame(context, server.url);
  await openExtras(page);
  await page.fill('#move-input', 'a1');
  await page.press('#move-input', 'Enter');
  assert.equal(await tps(page), 'x5/x5/x5/x5/2,x4 2 1');
  assert.equal(await page.inputValue('#move-input'), '');
  await page.fill('#move-input', 'Sb2');
  await page.click('#move-form button[type=submit]');
  assert.match(await page.textContent('#move-error'), /Cannot play Sb2: The first turn of each player places one flat/);
  assert.equal(await page.inputValue('#move-input'), 'Sb2', 'the typed text is kept');
  assert.equal(await tps(page), 'x5/x5/x5/x5/2,x4 2 1');
  await context.close();
});

test('undo, redo and the move list navigate the game', async () => {
  const context = await browser.newContext();
  const page = await openGame(context, server.url);
  for (const m of ['a1', 'e5', 'c3', 'c2']) assert.equal(await page.evaluate((m) => window.tak.play(m), m), null);
  await page.click('#undo');
  await page.click('#undo');
  assert.equal((await status(page)).ply, 2);
  assert.equal(await page.locator('#moves button').count(), 4, 'undone plies stay listed');
  await page.click('#moves button >> nth=3');
  assert.equal((await status(page)).ply, 4);
  await page.click('#first');
  assert.equal(await tps(page), 'x5/x5/x5/x5/x5 1 1');
  await page.click('#last');
  assert.equal((await status(page)).ply, 4);
  await page.keyboard.press('Control+z');
  assert.equal((await status(page)).ply, 3);
  await context.close();
});

test('a game in progress survives a reload', async () => {
  const context = await browser.newContext();
  const page = await openGame(context, server.url);
  for (const m of ['a1', 'e5', 'Cc3', 'c2']) await page.evaluate((m) => window.tak.play(m), m);
  await page.click('#undo');
  const before = await tps(page);
  // What a script sees at the moment the page publishes window.tak.
  await page.addInitScript(() => {
    let board;
    Object.defineProperty(window, 'tak', {
      configurable: true,
      get: () => board,
      set: (value) => { board = value; window.takFirstSeen ??= value.tps(); },
    });
  });
  await page.reload();
  await page.waitForFunction(() => typeof window.tak?.tps === 'function');
  assert.equal(await tps(page), before);
  assert.equal(await page.evaluate(() => window.takFirstSeen), before, 'published with the saved game already back');
  assert.equal((await status(page)).canRedo, true, 'the undone ply can still be redone');
  await context.close();
});

test('a corrupted saved game is reported and kept in My games as it was, and a new game starts', async () => {
  const context = await browser.newContext();
  await context.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('tak.savedGame', 'tak-save 1\nply 3\n[Size "5"]\n1. a1 a1');
      sessionStorage.setItem('seeded', '1');
    }
  });
  const page = await openGame(context, server.url);
  assert.equal(await tps(page), 'x5/x5/x5/x5/x5 1 1');
  await page.waitForFunction(() => /could not be read/.test(document.getElementById('notice').textContent));
  assert.match(await page.textContent('#notice'), /could not be read .*ply 2.*stays in My games/);
  const kept = await keptGames(page);
  assert.deepEqual(kept.map((g) => g.save), ['tak-save 1\nply 3\n[Size "5"]\n1. a1 a1']);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('pasting a bad PTN keeps the text and says why; a good one loads', async () => {
  const context = await browser.newContext();
  const page = await openGame(context, server.url);
  await openMenu(page);
  await page.click('#paste');
  await page.waitForFunction(() => window.tak.build() === 'study'); // fetched as the dialog opened
  await page.fill('#paste-text', '[Size "6"]\n1. a1 f6 2. Sa1');
  await page.click('#load-game');
  await page.waitForFunction(() => document.getElementById('paste-error').textContent);
  assert.match(await page.textContent('#paste-error'), /ply 3: a1 is not empty/);
  assert.equal(await page.inputValue('#paste-text'), '[Size "6"]\n1. a1 f6 2. Sa1');
  assert.ok(await page.locator('#paste-dialog[open]').count());
  await page.fill('#paste-text', '[Size "6"]\n1. a1 f6 2. Sb1');
  await page.click('#load-game');
  assert.equal(await tps(page), 'x5,1/x6/x6/x6/x6/2,1S,x4 2 2');
  await context.close();
});

test('new game dialog starts a game of the chosen size and komi', async () => {
  const context = await browser.newContext();
  const page = await openGame(context, server.url);
  await page.click('#new-game');
  await page.selectOption('#new-form select[name=size]', '7');
  await page.selectOption('#new-form select[name=komi]', '2.5');
  await page.click('#start-game');
  await page.waitForFunction(() => window.tak.status().settings.size === 7);
  const s = await status(page);
  assert.equal(s.settings.size, 7);
  assert.equal(s.settings.komi, '2.5');
  assert.equal(await tps(page), 'x7/x7/x7/x7/x7/x7/x7 1 1');
  await context.close();
});

test('dark theme follows the system and the page shows Tak', async () => {
  const context = await browser.newContext({ colorScheme: 'dark', viewport: { width: 1100, height: 700 } });
  const page = await openGame(context, server.url);
  await page.evaluate(() => window.tak.load('x5/x5/x5/2,2,2,2,x/1,1,1,x2 1 5'));
  assert.equal(await page.isVisible('#tak-line'), true);
  const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  assert.equal(bg, 'rgb(27, 26, 25)');
  await settled(page);
  await shot(page, 'page-dark-tak');
  // A theme chosen in the menu wins over the system's, both ways (every colour is one
  // light-dark pair: the root's colour scheme picks).
  const background = (theme) => page.evaluate((theme) => {
    document.documentElement.dataset.theme = theme;
    return [getComputedStyle(document.body).backgroundColor, getComputedStyle(document.body).color];
  }, theme);
  assert.deepEqual(await background('light'), ['rgb(244, 239, 230)', 'rgb(43, 34, 24)']);
  assert.deepEqual(await background('dark'), ['rgb(27, 26, 25)', 'rgb(238, 228, 212)']);
  await page.emulateMedia({ colorScheme: 'light' });
  assert.deepEqual(await background('dark'), ['rgb(27, 26, 25)', 'rgb(238, 228, 212)']);
  await context.close();
});
