// The game library: every game kept on the device, one entry per game (IndexedDB), safe
// across tabs, links, reloads, a full disk and the pages before it (localStorage saves).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { shareLink } from '../../www/share.js';
import { ROOT, serve, launch, openGame, openMenu, keptGames, status, shot, kept, keptForNewTabs } from './harness.mjs';

const DIST = path.join(ROOT, 'dist');
let server;
let browser;
before(async () => {
  if (!existsSync(path.join(DIST, 'index.html'))) throw new Error('run `make dist` first');
  server = await serve(DIST);
  browser = await launch();
});
after(async () => { await browser?.close(); server?.close(); });

const play = async (page, ...plies) => {
  for (const m of plies) assert.equal(await page.evaluate((m) => window.tak.play(m), m), null, m);
};
/**
 * Waits until the library holds a game whose save contains `text`, and until the page's note
 * in localStorage that games are kept has reached the browser's other tabs (Chromium carries
 * localStorage between renderers asynchronously): harness.mjs's keptForNewTabs.
 */
const keptWith = keptForNewTabs;
const reload = async (page) => {
  await page.reload();
  await page.waitForFunction(() => typeof window.tak?.tps === 'function');
};
async function paste(page, text) {
  await openMenu(page);
  await page.click('#paste');
  await page.fill('#paste-text', text);
  await page.click('#load-game');
  await page.waitForFunction(() => !document.getElementById('paste-dialog').open);
}
/** A save with its whitespace as one space: plies are written one move number a line. */
const flat = (save) => String(save ?? '').replace(/\s+/g, ' ');
const line = (page) => page.evaluate(() => window.tak.status().moves);

test('two tabs keep two games: a paste in one never replaces the game of the other', async () => {
  const context = await browser.newContext();
  const one = await openGame(context, server.url);
  await play(one, 'a1', 'e5', 'c3');
  await keptWith(one, '2. c3');
  // A new tab opens the game changed last, and follows the other tab's plies in it.
  const two = await openGame(context, server.url);
  assert.deepEqual(await line(two), ['a1', 'e5', 'c3']);
  await paste(two, '[Size "6"]\n1. a1 f6 2. c3');
  await play(one, 'c2');
  await keptWith(one, '2. c3 c2');
  await reload(two);
  assert.equal((await status(two)).settings.size, 6, 'tab two still shows its pasted game');
  await reload(one);
  assert.deepEqual(await line(one), ['a1', 'e5', 'c3', 'c2']);
  const games = await keptGames(one);
  assert.equal(games.length, 2);
  assert.ok(games.some((g) => g.save.includes('[Size "6"]')));
  assert.ok(games.some((g) => flat(g.save).includes('2. c3 c2')));
  // A third tab's New game is a third entry.
  const three = await openGame(context, server.url);
  await three.click('#new-game');
  await three.click('#start-game');
  await three.waitForFunction(() => !document.getElementById('new-dialog').open);
  await play(three, 'b2');
  await keptWith(three, '1. b2');
  assert.equal((await keptGames(three)).length, 3);
  await reload(one);
  assert.deepEqual(await line(one), ['a1', 'e5', 'c3', 'c2']);
  assert.deepEqual([...one.errors, ...two.errors, ...three.errors], []);
  await context.close();
});

test('two tabs on one game: the second follows the first; moves made apart are kept apart, said in words', async () => {
  const context = await browser.newContext();
  const one = await openGame(context, server.url);
  await play(one, 'a1', 'e5');
  await keptWith(one, '1. a1 e5');
  const two = await openGame(context, server.url);
  await play(one, 'c3');
  await two.waitForFunction(() => window.tak.status().moves.length === 3);
  assert.deepEqual(await line(two), ['a1', 'e5', 'c3']);
  await play(two, 'c2');
  await one.waitForFunction(() => window.tak.status().moves.length === 4);
  // A tab that does not hear the other (its messages lost): its own ply is a conflict.
  const deaf = await context.newPage();
  await deaf.addInitScript(() => { delete window.BroadcastChannel; });
  await deaf.goto(`${server.url}/index.html`);
  await deaf.waitForFunction(() => typeof window.tak?.tps === 'function');
  assert.deepEqual(await line(deaf), ['a1', 'e5', 'c3', 'c2']);
  await play(one, 'd4');
  await keptWith(one, 'c2 3. d4');
  await play(deaf, 'b4');
  await deaf.waitForFunction(() => /separate game/.test(document.getElementById('notice').textContent));
  const games = await keptGames(one);
  assert.equal(games.length, 2, 'the game and the copy');
  assert.ok(games.some((g) => flat(g.save).includes('c2 3. d4')), 'the first tab\'s ply kept');
  assert.ok(games.some((g) => flat(g.save).includes('c2 3. b4')), 'the deaf tab\'s ply kept apart');
  await shot(deaf, 'library-kept-apart');
  // Listed as a copy of the game, not under the same name (issue 47).
  await openMenu(deaf);
  await deaf.click('#my-games');
  await deaf.waitForFunction(() => document.querySelectorAll('#games-list li').length === 2);
  const names = await deaf.$$eval('#games-list .name', (els) => els.map((e) => e.firstChild.textContent).sort());
  assert.deepEqual(names, ['White vs Black', 'White vs Black (copy)']);
  await context.close();
});

test('a chain of links, pastes and new games loses no game; a link opened and reloaded stays', async () => {
  const context = await browser.newContext();
  const page = await openGame(context, server.url);
  await play(page, 'a1', 'e5', 'c3');
  await keptWith(page, '2. c3');
  const link = (ptn) => shareLink(`tak-save 3\nline \nply 2\nclock none\n${ptn}`, `${server.url}/index.html`);
  const first = await link('[Size "5"]\n1. b2 d4');
  const second = await link('[Size "6"]\n1. f6 a1');
  await page.goto(first);
  await page.waitForFunction(() => window.tak?.status?.().settings.size === 5 && window.tak.status().moves[0] === 'b2');
  await reload(page); // opened and reloaded without a ply: still there
  assert.deepEqual(await line(page), ['b2', 'd4']);
  await play(page, 'c3');
  await page.goto(second);
  await page.waitForFunction(() => window.tak?.status?.().settings.size === 6);
  await page.waitForFunction(() => document.querySelector('#notice button'));
  await page.click('#notice button'); // Back to my game: the first link's, as played
  await page.waitForFunction(() => window.tak.status().moves.join(' ') === 'b2 d4 c3');
  const games = await keptGames(page);
  assert.equal(games.length, 3, games.map((g) => g.save).join('\n---\n'));
  assert.ok(games.some((g) => flat(g.save).includes('1. a1 e5 2. c3')), 'the game before both links');
  assert.ok(games.some((g) => flat(g.save).includes('1. f6 a1')));
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a full disk is said in words; the game stays on the board and nothing kept before is overwritten', async () => {
  const context = await browser.newContext();
  const page = await openGame(context, server.url);
  await play(page, 'a1', 'e5');
  await keptWith(page, '1. a1 e5');
  await page.evaluate(() => {
    window.realPut = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function put(value, key) {
      if (this.name === 'saves') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return window.realPut.call(this, value, key);
    };
  });
  await play(page, 'c3');
  await page.waitForFunction(() => /storage is full/.test(document.getElementById('notice').textContent));
  assert.deepEqual(await line(page), ['a1', 'e5', 'c3'], 'the game stays on the board');
  let games = await keptGames(page);
  assert.equal(games.length, 1);
  assert.match(games[0].save, /1\. a1 e5\s*$/, 'the kept moves are the ones kept before');
  assert.equal(games[0].summary?.plies ?? 2, 2, 'the entry is not half written');
  await page.evaluate(() => { IDBObjectStore.prototype.put = window.realPut; });
  await play(page, 'c2');
  await keptWith(page, '2. c3 c2');
  games = await keptGames(page);
  assert.equal(games.length, 1);
  // Kept again: the warning gives way to good news (issue 47: it stayed).
  await page.waitForFunction(() => /kept again/.test(document.getElementById('notice').textContent));
  assert.doesNotMatch(await page.textContent('#notice'), /storage is full/);
  await context.close();
});

/** Makes the page's disk full: every write of a game's save fails as a full disk's does. */
const fillDisk = (page) => page.evaluate(() => {
  window.realPut ??= IDBObjectStore.prototype.put;
  IDBObjectStore.prototype.put = function put(value, key) {
    if (this.name === 'saves') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    return window.realPut.call(this, value, key);
  };
});

test('a full disk, then New game or another game opened, then a reload: the moves not kept are kept, and the page asked before leaving', async () => {
  const context = await browser.newContext();
  const page = await openGame(context, server.url);
  const asked = [];
  page.on('dialog', (d) => { asked.push(d.type()); d.accept(); });
  await play(page, 'a1', 'e5');
  await keptWith(page, '1. a1 e5');
  await fillDisk(page);
  await play(page, 'c3', 'c2');
  await page.waitForFunction(() => /storage is full/.test(document.getElementById('notice').textContent));
  // New game sets the game aside while the disk is still full; the reload comes after.
  await page.click('#new-game');
  await page.click('#start-game');
  await page.waitForFunction(() => !document.getElementById('new-dialog').open);
  // Not said to be kept: it waits in the tab (one click away still).
  await page.waitForFunction(() => /not kept yet/.test(document.getElementById('notice').textContent));
  assert.doesNotMatch(await page.textContent('#notice'), /is kept/);
  assert.equal(await page.textContent('#notice button'), 'Back to my game');
  await reload(page);
  await kept(page, '1. a1 e5 2. c3 c2');
  assert.deepEqual(asked, ['beforeunload'], 'the browser asked before the page with moves not kept was left');
  // Again, the disk full: a ply on the new game, then another game opened from My games.
  await play(page, 'b2');
  await keptWith(page, '1. b2');
  await fillDisk(page);
  await play(page, 'd4');
  await page.waitForFunction(() => /storage is full/.test(document.getElementById('notice').textContent));
  await openMenu(page);
  await page.click('#my-games');
  await page.locator('#games-list li', { hasText: '4 plies' }).getByRole('button', { name: 'Open' }).click();
  await page.waitForFunction(() => !document.getElementById('games-dialog').open);
  assert.deepEqual(await line(page), ['a1', 'e5', 'c3', 'c2']);
  await reload(page);
  await kept(page, '1. b2 d4');
  assert.deepEqual(await line(page), ['a1', 'e5', 'c3', 'c2']);
  const games = await keptGames(page);
  assert.equal(games.length, 2, games.map((g) => g.save).join('\n---\n'));
  assert.deepEqual(page.errors.filter((e) => !/quota|could not be kept/i.test(e)), []);
  await context.close();
});

/** The whole disk full: every write to IndexedDB (put and add) and to localStorage fails as a full disk's does. */
const diskFull = (page) => page.evaluate(() => {
  const full = () => { throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); };
  window.realStore ??= { put: IDBObjectStore.prototype.put, add: IDBObjectStore.prototype.add, setItem: localStorage.setItem };
  IDBObjectStore.prototype.put = full;
  IDBObjectStore.prototype.add = full;
  localStorage.setItem = full;
});
/** Room again: the writes of `diskFull` succeed. */
const diskFreed = (page) => page.evaluate(() => {
  IDBObjectStore.prototype.put = window.realStore.put;
  IDBObjectStore.prototype.add = window.realStore.add;
  localStorage.setItem = window.realStore.setItem;
});
/** Opens the game of My games that is not this tab's and whose entry has `text`. */
async function openOther(page, text) {
  await openMenu(page);
  await page.click('#my-games');
  await page.waitForSelector('#games-list li:nth-child(2)');
  await page.locator('#games-list li').filter({ hasNot: page.locator('.here') }).filter({ hasText: text }).getByRole('button', { name: 'Open' }).click();
  await page.waitForFunction(() => !document.getElementById('games-dialog').open);
}
const notice = (page) => page.textContent('#notice');

test('a full disk, then another game opened from My games: said as New game says it; the game reopened warns until kept, then says so', async () => {
  const context = await browser.newContext();
  const page = await openGame(context, server.url);
  await play(page, 'b2');
  await keptWith(page, '1. b2');
  await page.click('#new-game');
  await page.click('#start-game');
  await page.waitForFunction(() => !document.getElementById('new-dialog').open);
  await play(page, 'a1', 'e5');
  await keptWith(page, '1. a1 e5');
  await diskFull(page);
  await play(page, 'c3', 'c2');
  await page.waitForFunction(() => /storage is full/.test(document.getElementById('notice').textContent));
  // Another game opened: the moves not kept wait in this tab, said so (as after New game).
  await openOther(page, '1 ply');
  assert.deepEqual(await line(page), ['b2']);
  await page.waitForFunction(() => /not kept yet/.test(document.getElementById('notice').textContent));
  assert.match(await notice(page), /wait in this tab/);
  // The first game reopened (listed as kept: 2 plies): its 4 plies, and the warning while they are not kept.
  await openOther(page, '2 plies');
  assert.deepEqual(await line(page), ['a1', 'e5', 'c3', 'c2']);
  await page.waitForFunction(() => /storage is full/.test(document.getElementById('notice').textContent));
  // Room again: the next move keeps them all, and the warning gives way to good news.
  await diskFreed(page);
  await play(page, 'd4');
  await kept(page, '1. a1 e5 2. c3 c2 3. d4');
  await page.waitForFunction(() => /kept again/.test(document.getElementById('notice').textContent));
  assert.equal((await keptGames(page)).length, 2);
  assert.deepEqual(page.errors.filter((e) => !/quota|could not be kept/i.test(e)), []);
  await context.close();
});

test('a full disk, New game, then Back to my game: the warning is of the game back on the board, not of the empty new one', async () => {
  const context = await browser.newContext();
  const page = await openGame(context, server.url);
  await play(page, 'a1', 'e5');
  await keptWith(page, '1. a1 e5');
  await diskFull(page);
  await play(page, 'c3', 'c2');
  await page.waitForFunction(() => /storage is full/.test(document.getElementById('notice').textContent));
  await page.click('#new-game');
  await page.click('#start-game');
  await page.waitForFunction(() => !document.getElementById('new-dialog').open);
  await page.waitForFunction(() => /wait in this tab/.test(document.getElementById('notice').textContent));
  await page.click('#notice button'); // Back to my game
  await page.waitForFunction(() => window.tak.status().moves.length === 4);
  await page.waitForFunction(() => /this game’s latest moves are not kept/.test(document.getElementById('notice').textContent));
  await page.waitForTimeout(300); // kept: the notice must NOT turn to the new game's, and nothing shows that it will not
  assert.doesNotMatch(await notice(page), /wait in this tab/, 'the new game had no move to keep');
  await diskFreed(page);
  await play(page, 'd4');
  await kept(page, '1. a1 e5 2. c3 c2 3. d4');
  await page.waitForFunction(() => /kept again/.test(document.getElementById('notice').textContent));
  assert.deepEqual(page.errors.filter((e) => !/quota|could not be kept/i.test(e)), []);
  await context.close();
});

test('the saves of the pages before the library move into it once, and only then leave localStorage', async () => {
  // A save as the page before wrote it, from a page of today.
  const context = await browser.newContext();
  const maker = await openGame(context, server.url);
  await play(maker, 'a1', 'e5', 'c3');
  const save = await maker.evaluate(() => window.tak.save());
  await maker.close();
  const old = await browser.newContext();
  await old.addInitScript((save) => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    localStorage.setItem('tak.welcome', 'computer');
    localStorage.setItem('tak.savedGame', save);
    localStorage.setItem('tak.savedGame.before-link', 'tak-save 1\nply 2\n[Size "4"]\n1. a1 d4');
    localStorage.setItem('tak.savedGame.unreadable.1700000000000', 'tak-save 1\nply 3\n[Size "5"]\n1. a1 a1');
  }, save);
  const page = await old.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${server.url}/index.html`);
  await page.waitForFunction(() => typeof window.tak?.tps === 'function');
  assert.deepEqual(await line(page), ['a1', 'e5', 'c3'], 'the saved game is on the board');
  const games = await keptGames(page);
  assert.equal(games.length, 3);
  assert.equal(games.filter((g) => g.damaged).length, 1, 'the unreadable save, kept as found');
  assert.ok(games.some((g) => g.save.includes('[Size "4"]')), 'the game set aside by a link');
  const left = await page.evaluate(() => Object.keys(localStorage).filter((k) => /^tak\.(savedGame|match)/.test(k)));
  assert.deepEqual(left, []);
  await reload(page);
  assert.equal((await keptGames(page)).length, 3, 'moved once');
  assert.deepEqual(errors, []);
  await old.close();
  await context.close();
});

test('duplicating a game another tab deleted meanwhile says it is gone, in words', async () => {
  const context = await browser.newContext();
  const page = await openGame(context, server.url);
  await paste(page, '[Player1 "Ann"]\n[Player2 "Bo"]\n[Size "5"]\n1. a1 e5 2. c3');
  await keptWith(page, '[Player1 "Ann"]');
  await myGames(page, 1);
  // Its game taken out of the library behind the list's back (as another tab's delete is,
  // between its message and this tab's list).
  await page.evaluate(() => new Promise((done, fail) => {
    const open = indexedDB.open('tak-library');
    open.onsuccess = () => {
      const tx = open.result.transaction('saves', 'readwrite');
      tx.objectStore('saves').clear();
      tx.oncomplete = () => { open.result.close(); done(null); };
      tx.onerror = () => fail(tx.error);
    };
  }));
  await row(page, 'Ann vs Bo').getByRole('button', { name: 'Duplicate' }).click();
  await page.waitForFunction(() => /no longer in My games/.test(document.getElementById('games-status').textContent ?? ''));
  assert.deepEqual(page.errors ?? [], []);
  await context.close();
});

test('My games: list, search, rename, duplicate, delete with Undo, export, import, open', async () => {
  const context = await browser.newContext({ acceptDownloads: true });
  const page = await openGame(context, server.url);
  await paste(page, '[Player1 "Ann"]\n[Player2 "Bo"]\n[Event "Club night"]\n[Size "5"]\n1. a1 e5 2. c3');
  await keptWith(page, '[Player1 "Ann"]');
  await page.click('#new-game');
  await page.click('#start-game');
  await page.waitForFunction(() => !document.getElementById('new-dialog').open);
  await play(page, 'a1', 'e5');
  await keptWith(page, '1. a1 e5');
  await openMenu(page);
  await page.click('#my-games');
  await page.waitForFunction(() => document.querySelectorAll('#games-list li').length === 2);
  const names = await page.$$eval('#games-list .name', (els) => els.map((e) => e.textContent));
  assert.ok(names.some((n) => n.startsWith('Ann vs Bo')), names.join(' | '));
  assert.ok(names.some((n) => /on the board here/.test(n)), 'the tab\'s own game is marked');
  await page.waitForFunction(() => [...document.querySelectorAll('#games-list img')].every((i) => i.src.startsWith('data:image/svg')));
  await shot(page, 'my-games-1280');
  // Search by a tag.
  await page.fill('#games-search', 'club');
  await page.waitForFunction(() => document.querySelectorAll('#games-list li').length === 1);
  await page.fill('#games-search', '');
  // Rename.
  const ann = page.locator('#games-list li', { hasText: 'Ann vs Bo' });
  await ann.getByRole('button', { name: 'Rename' }).click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('Final');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => [...document.querySelectorAll('#games-list .name')].some((e) => e.textContent === 'Final'));
  // Duplicate, then delete the copy and undo.
  const final = page.locator('#games-list li', { hasText: 'Final' }).first();
  await final.getByRole('button', { name: 'Duplicate' }).click();
  await page.waitForFunction(() => document.querySelectorAll('#games-list li').length === 3);
  const copy = page.locator('#games-list li', { hasText: 'Final (copy)' });
  await copy.getByRole('button', { name: 'Delete' }).click();
  await page.waitForFunction(() => document.querySelectorAll('#games-list li').length === 2);
  await page.click('#games-status button');
  await page.waitForFunction(() => document.querySelectorAll('#games-list li').length === 3);
  // Export one.
  const [download] = await Promise.all([page.waitForEvent('download'), final.getByRole('button', { name: 'Export' }).click()]);
  assert.equal(download.suggestedFilename(), 'Ann-vs-Bo.ptn');
  const text = await (await import('node:fs/promises')).readFile(await download.path(), 'utf8');
  assert.match(text, /\[Player1 "Ann"\][\s\S]*1\. a1 e5\s+2\. c3/);
  // Import a file of two games: two entries.
  await page.setInputFiles('#games-file', { name: 'two.ptn', mimeType: 'text/plain', buffer: Buffer.from('[Size "4"]\n[Player1 "Cy"]\n1. a1 d4\n\n[Size "6"]\n[Player1 "Di"]\n1. f6 a1 2. c3\n') });
  await page.waitForFunction(() => document.querySelectorAll('#games-list li').length === 5);
  assert.match(await page.textContent('#games-status'), /2 games added/);
  // A file with bad games among good ones: the good ones are added, each bad one is named
  // with why (issue 47: one bad game added none).
  const mixed = '[Size "5"]\n[Player1 "Ed"]\n1. a1 e5\n\n[Size "5"]\n1. a1 zz9\n\n[Size "6"]\n1. a1 a1\n\n[Size "6"]\n[Player1 "Flo"]\n1. f6 a1\n';
  await page.setInputFiles('#games-file', { name: 'mixed.ptn', mimeType: 'text/plain', buffer: Buffer.from(mixed) });
  await page.waitForFunction(() => /2 games could not be imported/.test(document.getElementById('games-refused').textContent));
  assert.equal(await page.textContent('#games-status'), '2 games added to My games.');
  assert.equal(await page.textContent('#games-refused p'), '2 games could not be imported:');
  assert.deepEqual(await page.$$eval('#games-refused li', (els) => els.map((e) => e.textContent)), [
    'mixed.ptn, game 2: PTN, ply 2: ‘zz9’ is not a square (a1 to e5).',
    'mixed.ptn, game 3: PTN, ply 2: a1 is not empty.',
  ]);
  assert.equal((await keptGames(page)).length, 7);
  assert.ok((await keptGames(page)).some((g) => g.save.includes('[Player1 "Flo"]')), 'the good game after the bad ones');
  // A file with nothing to read adds nothing, said so.
  await page.setInputFiles('#games-file', { name: 'empty.ptn', mimeType: 'text/plain', buffer: Buffer.from('  \n') });
  await page.waitForFunction(() => /empty\.ptn could not be imported/.test(document.getElementById('games-status').textContent));
  assert.equal(await page.isVisible('#games-refused'), false, 'the last import\'s list is not left under another');
  for (const name of ['Ed vs Black', 'Flo vs Black']) await page.locator('#games-list li', { hasText: name }).getByRole('button', { name: 'Delete' }).click();
  await page.waitForFunction(() => document.querySelectorAll('#games-list li').length === 5);
  assert.equal((await keptGames(page)).length, 5);
  assert.match(await page.textContent('#games-space'), /used on this device/);
  // Open: the board shows it, the dialog closes.
  await page.locator('#games-list li', { hasText: 'Di vs' }).getByRole('button', { name: 'Open' }).click();
  await page.waitForFunction(() => !document.getElementById('games-dialog').open);
  assert.equal((await status(page)).settings.size, 6);
  assert.deepEqual(await line(page), ['f6', 'a1', 'c3']);
  // Deleting the game on the board: it stays on the board, kept again when it changes.
  await openMenu(page);
  await page.click('#my-games');
  await page.locator('#games-list li', { hasText: 'on the board here' }).getByRole('button', { name: 'Delete' }).click();
  await page.waitForFunction(() => document.querySelectorAll('#games-list li').length === 4);
  await page.keyboard.press('Escape');
  await play(page, 'd4');
  await keptWith(page, '2. c3 d4');
  assert.equal((await keptGames(page)).length, 5);
  assert.deepEqual(page.errors, []);
  await context.close();
});


/** Opens My games and waits for its list of `count` games. */
async function myGames(page, count) {
  await openMenu(page);
  await page.click('#my-games');
  await page.waitForFunction((n) => document.querySelectorAll('#games-list li').length === n, count);
}
const row = (page, text) => page.locator('#games-list li', { hasText: text });
/** Imports a file of `text` into My games (open). */
const importFile = (page, text, name = 'games.ptn') => page.setInputFiles('#games-file', { name, mimeType: 'text/plain', buffer: Buffer.from(text) });

test('My games round trip: an export keeps names, dates and who plays; the same file again adds nothing unless asked', async () => {
  const context = await browser.newContext({ acceptDownloads: true });
  const page = await openGame(context, server.url);
  await paste(page, '[Player1 "Ann"]\n[Player2 "Bo"]\n[Size "5"]\n1. a1 e5 2. c3');
  await keptWith(page, '[Player1 "Ann"]');
  await page.click('#new-game');
  await page.click('#start-game');
  await page.waitForFunction(() => !document.getElementById('new-dialog').open);
  await play(page, 'a1', 'e5');
  await keptWith(page, '1. a1 e5');
  await myGames(page, 2);
  await row(page, 'Ann vs Bo').getByRole('button', { name: 'Rename' }).click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('Final');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => [...document.querySelectorAll('#games-list .name')].some((e) => e.textContent === 'Final'));
  const before = await keptGames(page);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#games-export-all')]);
  const text = await (await import('node:fs/promises')).readFile(await download.path(), 'utf8');
  for (const e of before) assert.ok(text.includes(`[LibraryId "${e.id}"]`), text);
  assert.match(text, /\[LibraryName "Final"\]/);
  assert.match(text, /\[LibraryCreated "\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z"\]/);
  // The same file again: recognised, said so, nothing added unless asked.
  await importFile(page, text);
  await page.waitForFunction(() => /already in My games/.test(document.getElementById('games-status').textContent));
  assert.equal(await page.textContent('#games-status'), '0 games added to My games. 2 games were already in My games: not added again. Add them as copies');
  assert.equal((await keptGames(page)).length, 2);
  // Asked: copies, named as copies, numbered (not "(copy) (copy)").
  await page.click('#games-status button');
  await page.waitForFunction(() => document.querySelectorAll('#games-list li').length === 4);
  await row(page, 'Final (copy)').getByRole('button', { name: 'Duplicate' }).click();
  await page.waitForFunction(() => document.querySelectorAll('#games-list li').length === 5);
  const names = await page.$$eval('#games-list .name', (els) => els.map((e) => e.firstChild.textContent).sort());
  assert.deepEqual(names, ['Final', 'Final (copy 2)', 'Final (copy)', 'White vs Black', 'White vs Black (copy)']);
  // Another device (a fresh browser): the file brings back each game as it was kept.
  const elsewhere = await browser.newContext();
  const other = await openGame(elsewhere, server.url);
  await myGames(other, 0);
  await importFile(other, text);
  await other.waitForFunction(() => document.querySelectorAll('#games-list li').length === 2);
  const after = await keptGames(other);
  const fields = (e) => ({ id: e.id, name: e.name, created: e.created, opened: e.opened, updated: e.updated, sides: e.sides, plies: e.summary?.plies, tps: e.summary?.tps });
  assert.deepEqual(after.map(fields).sort((a, b) => a.id.localeCompare(b.id)), before.map(fields).sort((a, b) => a.id.localeCompare(b.id)));
  assert.match(await other.textContent('#games-list'), /Final/);
  // And again there: nothing added.
  await importFile(other, text);
  await other.waitForFunction(() => /already in My games/.test(document.getElementById('games-status').textContent));
  assert.equal((await keptGames(other)).length, 2);
  // A file of games without their ids (another page's, or exported before): recognised by the games themselves.
  const bare = text.split('\n').filter((l) => !l.startsWith('[Library')).join('\n');
  await importFile(other, bare);
  await other.waitForFunction(() => /0 games added/.test(document.getElementById('games-status').textContent));
  assert.match(await other.textContent('#games-status'), /2 games were already in My games/);
  assert.deepEqual([...page.errors, ...other.errors], []);
  await elsewhere.close();
  await context.close();
});

test('My games says what is true now: the count, a search, an Undo done; on a phone the search box waits', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await openGame(context, server.url);
  await paste(page, '[Player1 "Ann"]\n[Player2 "Bo"]\n[Size "5"]\n1. a1 e5 2. c3');
  await keptWith(page, '[Player1 "Ann"]');
  await paste(page, '[Player1 "Cy"]\n[Player2 "Di"]\n[Size "6"]\n1. a1 f6');
  await keptWith(page, '[Player1 "Cy"]');
  await myGames(page, 2);
  // On a touch screen the dialog opens without its keyboard over the list.
  assert.notEqual(await page.evaluate(() => document.activeElement?.id), 'games-search');
  assert.equal(await page.textContent('#games-count'), '2 games');
  await page.fill('#games-search', 'zzz');
  await page.waitForFunction(() => document.getElementById('games-count').textContent === 'No game matches “zzz”.');
  await page.fill('#games-search', '');
  await page.waitForFunction(() => document.getElementById('games-count').textContent === '2 games');
  await row(page, 'Cy vs Di').getByRole('button', { name: 'Delete' }).click();
  await page.waitForFunction(() => document.getElementById('games-count').textContent === '1 game');
  assert.equal(await page.textContent('#games-status'), '“Cy vs Di” deleted. Undo');
  await page.click('#games-status button');
  await page.waitForFunction(() => document.getElementById('games-count').textContent === '2 games');
  // The Undo done is said, and not offered again.
  assert.equal(await page.textContent('#games-status'), '“Cy vs Di” is back.');
  assert.equal(await page.locator('#games-status button').count(), 0);
  await shot(page, 'my-games-390');
  await page.click('#games-dialog button[value=close]');
  await myGames(page, 2);
  assert.equal(await page.textContent('#games-count'), '2 games');
  assert.equal(await page.textContent('#games-status'), '');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('against the computer, a tab in the background follows the game and leaves the reply to the tab that moved', async () => {
  const context = await browser.newContext();
  const one = await openGame(context, server.url);
  await one.click('#new-game');
  await one.selectOption('#new-form select[name=size]', '5');
  await one.selectOption('#new-form select[name=opponent]', 'computer');
  await one.selectOption('#new-form select[name=level]', '1');
  await one.selectOption('#new-form select[name=human]', 'white');
  await one.click('#start-game');
  await one.waitForFunction(() => document.body.dataset.opponent === 'computer-1-black');
  await play(one, 'a1');
  await one.waitForFunction(() => window.tak.status().moves.length === 2, null, { timeout: 20000 });
  // A second tab on the game, then put in the background (as a tab behind another is).
  const two = await openGame(context, server.url);
  await two.waitForFunction(() => window.tak.status().moves.length === 2);
  await two.evaluate(() => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  for (let ply = 3; ply <= 7; ply += 2) {
    assert.ok(await one.evaluate((list) => list.some((sq) => window.tak.play(sq) === null), ['b2', 'c3', 'd4', 'b4', 'd2', 'c2', 'e1', 'a5']));
    await one.waitForFunction((n) => window.tak.status().moves.length === n, ply + 1, { timeout: 20000 });
    await two.waitForFunction((n) => window.tak.status().moves.length === n, ply + 1, { timeout: 20000 });
  }
  assert.deepEqual(await line(two), await line(one));
  // One game, never kept apart: only the tab that moved answered.
  const games = await keptGames(one);
  assert.equal(games.length, 1, games.map((g) => g.save.slice(-80)).join('\n'));
  for (const page of [one, two]) {
    assert.doesNotMatch(await page.evaluate(() => document.getElementById('notice').textContent), /another tab/);
  }
  assert.deepEqual([...one.errors, ...two.errors], []);
  await context.close();
});
