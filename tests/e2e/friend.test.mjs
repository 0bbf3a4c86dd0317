// Playing a friend by link (www/friend.js, src/web/friend.rs): two browser contexts, two
// libraries, two players, pass each move in a `#f=` link through the test (as a chat would):
// a whole 6×6 game with a stale link, a forked link on both sides, a draw offer declined and a
// resignation, then a second game whose draw offer is accepted; both end with the same PTN,
// and a third context that opened the first link watches. Forged links are refused in words
// and change nothing kept. Screenshots of the Send dialog at 1280×800 and 390×844. Needs `make dist`.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import path from 'node:path';
import { ROOT, SHOTS, serve, launch, skipWelcome, keptGames, shot, openMenu, openExtras, newFriendGame } from './harness.mjs';

const DIST = path.join(ROOT, 'dist');
let site;
let browser;
before(async () => {
  if (!existsSync(path.join(DIST, 'index.html'))) throw new Error('run `make dist` first');
  site = await serve(DIST);
  browser = await launch();
});
after(async () => { await browser?.close(); site?.close(); });

async function player(viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ viewport });
  await skipWelcome(context);
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  return page;
}
const home = async (page) => {
  await page.goto(`${site.url}/index.html`);
  await page.waitForFunction(() => typeof window.tak?.tps === 'function');
};
const bar = (page) => page.evaluate(() => document.getElementById('friend-bar')?.textContent ?? '');
const notice = (page) => page.evaluate(() => document.getElementById('notice').textContent);
const plies = (page) => page.evaluate(async () => (await window.tak.summary()).plies);
/** The game's PTN, tags and main line (a player's own variations, never sent, left out). */
const mainPtn = (page) => page.evaluate(() => window.tak.ptnToExport(false)).then((ptn) => ptn.split('\n\n').slice(0, 2).join('\n\n').trim());

/** The link of the Send dialog, once made (it opens by itself after a ply here); closes it. */
async function sent(page, { offer = false } = {}) {
  await page.waitForSelector('#friend-dialog[open]', { timeout: 10000 }).catch(async (err) => {
    throw new Error(`${err.message}\nbar: ${await bar(page)}\nnotice: ${await notice(page)}\nerrors: ${page.errors.join('; ')}`);
  });
  await page.waitForFunction(() => document.getElementById('friend-link').value.includes('#f='));
  if (offer) {
    const before = await page.inputValue('#friend-link');
    await page.check('#friend-offer');
    await page.waitForFunction((b) => document.getElementById('friend-link').value !== b, before);
  }
  const link = await page.inputValue('#friend-link');
  // The PTN shown is the one the link carries (the main line: no variation of the sender's).
  const text = unpack(link);
  assert.equal(await page.inputValue('#friend-ptn'), text.slice(text.indexOf('\n\n') + 2));
  await page.click('#friend-dialog button[value=close]');
  return link;
}
/** Plays `ptn` on the page's board (as the move box would). */
async function play(page, ptn) {
  const error = await page.evaluate((p) => window.tak.play(p), ptn);
  assert.equal(error ?? null, null, `${ptn}: ${error}`);
}
/** Opens `link` in a page that shows the game already (a link typed or clicked into the tab). */
async function open(page, link, done) {
  await page.evaluate((h) => { location.hash = h; }, new URL(link).hash);
  await page.waitForFunction(() => !location.hash);
  if (done) {
    await page.waitForFunction(done, null, { timeout: 10000 }).catch(async (err) => {
      throw new Error(`${err.message}\nbar: ${await bar(page)}\nnotice: ${await notice(page)}\nerrors: ${page.errors.join('; ')}`);
    });
  }
}
/** The text a link carries (the test's own reading, as www/share.js reads it). */
const unpack = (link) => inflateRawSync(Buffer.from(new URL(link).hash.slice(3), 'base64url')).toString();
const pack = (text, like) => `${like.split('#')[0]}#f=${deflateRawSync(Buffer.from(text)).toString('base64url')}`;
/** The link's check, as src/web/friend.rs makes it (FNV-1a over id, size, plies, ending). */
function check(id, size, moves, result = '') {
  let h = 0x811c9dc5;
  const feed = (bytes) => { for (const b of bytes) { h ^= b; h = Math.imul(h, 0x01000193) >>> 0; } };
  feed(Buffer.from(id));
  feed([0x7c, size]);
  for (const m of moves) feed(Buffer.from(`${m} `));
  feed(Buffer.from(result));
  return h.toString(16).padStart(8, '0');
}

test('two friends play a 6×6 game by links: stale, forked, offered, resigned; a third watches', async () => {
  const ann = await player();
  const bo = await player();
  const cy = await player({ width: 390, height: 844 });
  await home(ann);
  await newFriendGame(ann, { size: '6', side: 'white', me: 'Ann', them: 'Bo', days: '3' });
  assert.match(await bar(ann), /play your first move/);
  await play(ann, 'a1');
  const l1 = await sent(ann);
  assert.match(await ann.textContent('#friend-what'), /Bo/);
  assert.equal(unpack(l1).split('\n')[2], 'ply 1');

  // Bo's first visit is the link itself: the game is added, and Bo says which side he plays.
  await bo.goto(l1);
  await bo.waitForSelector('#friend-i-play');
  assert.match(await bar(bo), /Ann sent you this game\. Do you play Black\?/);
  await bo.click('#friend-i-play');
  await bo.waitForFunction(() => /Your move/.test(document.getElementById('friend-bar').textContent));
  // Bo's move waits for him: counted in the title.
  await bo.waitForFunction(() => document.title.startsWith('(1) '));
  // My games marks it: his move, and when Ann's came.
  await openMenu(bo);
  await bo.click('#my-games');
  await bo.waitForFunction(() => /Your move \(last move/.test(document.querySelector('#games-list li.your-move')?.textContent ?? ''));
  await bo.click('#games-dialog button[value=close]');
  await play(bo, 'f6');
  const l2 = await sent(bo);

  // Cy opens the first link too, and only watches: the board takes no move from him.
  await cy.goto(l1);
  await cy.waitForSelector('#friend-watch');
  await cy.click('#friend-watch');
  await cy.waitForFunction(() => /watching/.test(document.getElementById('friend-bar').textContent));
  const cyBefore = await cy.evaluate(() => window.tak.tps());
  const square = await cy.evaluate(() => window.tak.squareRect('c3'));
  await cy.mouse.click(square.x + square.width / 2, square.y + square.height / 2);
  assert.equal(await cy.evaluate(() => window.tak.tps()), cyBefore, 'a watcher cannot move');
  // Nor type one (issue 47): the move box is refused in words that say why, and the game kept is unchanged.
  await openExtras(cy);
  await cy.fill('#move-input', 'c3');
  await cy.press('#move-input', 'Enter');
  await cy.waitForFunction(() => /^Cannot play c3: You are watching this game/.test(document.getElementById('move-error').textContent));
  assert.equal(await cy.evaluate(() => window.tak.tps()), cyBefore, 'a watcher cannot type a move');
  assert.equal(await plies(cy), 1);
  assert.equal(await cy.inputValue('#move-input'), 'c3', 'the typed text stays, as for any refused move');

  // Ann continues her game from Bo's link: his ply is played, her move.
  await open(ann, l2, () => /Your move/.test(document.getElementById('friend-bar').textContent));
  assert.equal(await plies(ann), 2);
  await play(ann, 'c3');
  const l3 = await sent(ann);
  await open(bo, l3, () => /Your move/.test(document.getElementById('friend-bar').textContent));
  await play(bo, 'd4');
  const l4 = await sent(bo);
  await open(ann, l4, () => /Your move/.test(document.getElementById('friend-bar').textContent));
  await play(ann, 'e5');
  const l5 = await sent(ann);

  // A stale link (Bo's ply 2, again): nothing changes, and Ann is told so.
  const annKept = (await keptGames(ann)).map((g) => g.save).join();
  await open(ann, l2, () => /older/.test(document.getElementById('notice').textContent));
  assert.equal(await plies(ann), 5);
  assert.equal((await keptGames(ann)).map((g) => g.save).join(), annKept, 'nothing kept changed');

  // A reload (a returning visitor) brings the game back with its bar; a link too large to
  // unpack is refused before it is all unpacked, and changes nothing.
  await ann.reload();
  await ann.waitForFunction(() => /Waiting for Bo’s move/.test(document.getElementById('friend-bar')?.textContent));
  await open(ann, pack('a'.repeat(9 * 1024 * 1024), l2), () => /unpacked/.test(document.getElementById('notice').textContent));
  assert.equal((await keptGames(ann)).map((g) => g.save).join(), annKept, 'nothing kept changed');

  // Bo takes his ply back and plays another before seeing Ann's: a fork.
  await bo.evaluate(() => window.tak.undo());
  await play(bo, 'd3');
  const l4b = await sent(bo);
  assert.equal(unpack(l4b).split('\n')[2], 'ply 4');
  // Ann: never overwritten; shown as a variation, and she keeps hers.
  await open(ann, l4b, () => !!document.getElementById('friend-mine'));
  assert.match(await bar(ann), /disagrees with your game from move 2/);
  await ann.click('#friend-mine');
  await ann.waitForFunction(() => !document.getElementById('friend-mine'));
  assert.equal(await plies(ann), 5);
  assert.doesNotMatch(await mainPtn(ann), /d3/);
  // Bo gets Ann's e5 (after his d4): a fork for him too; he goes on with hers.
  await open(bo, l5, () => !!document.getElementById('friend-theirs'));
  await bo.click('#friend-theirs');
  await bo.waitForFunction(() => /Your move/.test(document.getElementById('friend-bar').textContent));
  assert.equal(await plies(bo), 5);

  // Bo plays and offers a draw with it; Ann declines and plays on.
  await play(bo, 'b2');
  const l6 = await sent(bo, { offer: true });
  assert.match(unpack(l6), /\noffer draw\n/);
  await open(ann, l6, () => !!document.getElementById('friend-decline'));
  assert.match(await bar(ann), /Bo offers a draw/);
  await ann.click('#friend-decline');
  await ann.waitForFunction(() => /Your move/.test(document.getElementById('friend-bar').textContent));
  await play(ann, 'a2');
  const l7 = await sent(ann);

  // Forged links: a ply changed on the way, an illegal ply, the same game at another size.
  const annBefore = (await keptGames(ann)).map((g) => `${g.id}:${g.rev}:${g.save}`).join();
  const text = unpack(l7);
  const id = /\ngame (\S+)\n/.exec(text)[1];
  await open(ann, pack(text.replace(' e5', ' e4'), l7), () => /check/.test(document.getElementById('notice').textContent));
  await open(ann, pack(text.replace('2. c3', '2. a1'), l7), () => /cannot be played/.test(document.getElementById('notice').textContent));
  // The board's reason in parentheses, without its own full stop (issue 47: "…not empty.).").
  assert.match(await notice(ann), /\(PTN, ply 3: a1 is not empty\)\. Nothing was changed\.$/);
  const five = `tak-friend 1\ngame ${id}\nply 2\ncheck ${check(id, 5, ['a1', 'e5'])}\nfrom black\n\n[Size "5"]\n\n1. a1 e5\n`;
  await open(ann, pack(five, l7), () => /not its size/.test(document.getElementById('notice').textContent));
  assert.equal((await keptGames(ann)).map((g) => `${g.id}:${g.rev}:${g.save}`).join(), annBefore, 'a refused link changes nothing kept');
  assert.equal(await plies(ann), 7);

  // Bo resigns: his resignation travels like a ply.
  await open(bo, l7, () => /Your move/.test(document.getElementById('friend-bar').textContent));
  await bo.click('#friend-resign');
  await bo.click('#confirm-yes');
  const l8 = await sent(bo);
  await open(ann, l8, () => /over/.test(document.getElementById('notice').textContent + document.getElementById('friend-bar').textContent));
  assert.equal((await ann.evaluate(() => window.tak.summary())).result, '1-0');
  assert.equal(await mainPtn(ann), await mainPtn(bo), 'both end with the same PTN');
  // Cy, watching, follows with the last link alone.
  await open(cy, l8, () => /ended/.test(document.getElementById('friend-bar').textContent));
  assert.equal(await mainPtn(cy), await mainPtn(ann));

  // My games: the game listed with its state; Ann's title counts nothing waiting.
  assert.equal(await ann.evaluate(() => document.title.startsWith('(')), false);
  for (const p of [ann, bo, cy]) assert.deepEqual(p.errors, []);

  // A second game, Ann playing Black: her first link asks Bo to move first; he offers a
  // draw with his first ply and she accepts.
  await newFriendGame(ann, { size: '6', side: 'black', me: 'Ann', them: 'Bo' });
  // The link that starts the game offers no draw: there is no move yet (issue 47).
  await ann.waitForFunction(() => document.getElementById('friend-dialog')?.open && document.getElementById('friend-link').value.includes('#f='));
  assert.equal(await ann.isVisible('#friend-offer'), false, 'no draw offered before any move');
  assert.equal(await ann.textContent('#friend-title'), 'Send the new game', 'no move was made: titled for the start');
  const g0 = await sent(ann);
  assert.match(unpack(g0), /\nply 0\n/);
  assert.doesNotMatch(unpack(g0), /offer draw/);
  await open(bo, g0, () => !!document.getElementById('friend-i-play'));
  assert.match(await bar(bo), /Do you play White\?/);
  assert.equal(await bo.evaluate(() => document.getElementById('friend-dialog').open), false, 'a game received is no move to send');
  // Not joined yet: My games says it asks for a side (not "Watching"), and it did not start
  // after its last move.
  await openMenu(bo);
  await bo.click('#my-games');
  await bo.waitForFunction(() => /Choose your side/.test(document.querySelector('#games-list li')?.textContent ?? ''));
  // No move made yet: no last move said (issue 47: "(ultima mossa …)" for a game of 0 plies).
  assert.doesNotMatch(await bo.textContent('#games-list li'), /last move/);
  await bo.click('#games-dialog button[value=close]');
  const joining = (await keptGames(bo)).find((g) => g.friend?.from);
  assert.ok(joining.created <= joining.friend.at, `started ${joining.created}, last move ${joining.friend.at}`);
  await bo.click('#friend-i-play');
  await play(bo, 'f6');
  const g1 = await sent(bo, { offer: true });
  await open(ann, g1, () => !!document.getElementById('friend-accept'));
  await ann.click('#friend-accept');
  const g2 = await sent(ann);
  await open(bo, g2, () => /over/.test(document.getElementById('notice').textContent + document.getElementById('friend-bar').textContent));
  assert.equal((await bo.evaluate(() => window.tak.summary())).result, '1/2-1/2');
  assert.equal(await mainPtn(ann), await mainPtn(bo));
  // Both games are in each library, as friend games.
  for (const p of [ann, bo]) {
    const friends = (await keptGames(p)).filter((g) => g.friend);
    assert.equal(friends.length, 2);
  }

  // The Send dialog, for the players' guide: at 1280×800 and at 390×844.
  await newFriendGame(ann, { size: '6', side: 'white', me: 'Ann', them: 'Bo', days: '3' });
  await play(ann, 'c3');
  await ann.waitForSelector('#friend-dialog[open]');
  await ann.waitForFunction(() => document.querySelector('#friend-qr svg'));
  await shot(ann, 'friend-send-1280');
  // The dialog alone, for the players' guide (docs/friend-send.png).
  await ann.locator('#friend-dialog').screenshot({ path: path.join(SHOTS, 'friend-send-dialog.png') });
  // Every control of the Send dialog and the bar is named and readable (axe-core).
  await ann.addScriptTag({ path: path.join(ROOT, 'node_modules/axe-core/axe.min.js') });
  for (const id of ['friend-dialog', 'friend-bar']) {
    const result = await ann.evaluate((el) => window.axe.run(document.getElementById(el), { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }), id);
    const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`);
    assert.deepEqual(serious, [], id);
  }
  await ann.click('#friend-dialog button[value=close]');
  // Three days per move, and four days pass: Bo's time ran out, Ann may claim the win.
  assert.match(await bar(ann), /Waiting for Bo’s move \(2 d 23 h left\)/);
  await ann.evaluate(() => { const now = Date.now.bind(Date); Date.now = () => now() + 4 * 24 * 3600 * 1000; window.tak.goto(0); window.tak.goto('last'); });
  await ann.waitForSelector('#friend-claim');
  assert.match(await bar(ann), /Bo’s time for this move ran out/);
  await ann.click('#friend-claim');
  await sent(ann);
  assert.equal((await ann.evaluate(() => window.tak.summary())).result, '1-0');
  await newFriendGame(cy, { size: '6', side: 'white', me: 'Cy', them: 'Di' });
  await play(cy, 'c3');
  await cy.waitForSelector('#friend-dialog[open]');
  await cy.waitForFunction(() => document.querySelector('#friend-qr svg'));
  await shot(cy, 'friend-send-390');
  for (const p of [ann, bo, cy]) assert.deepEqual(p.errors, []);
});

test('a fork waits for its answer through a reload and older links; no ply is played or sent until then; its draw offer stays', async () => {
  const ann = await player();
  const bo = await player();
  await home(ann);
  await newFriendGame(ann, { size: '5', side: 'white', me: 'Ann', them: 'Bo' });
  await play(ann, 'a1');
  const l1 = await sent(ann);
  await bo.goto(l1);
  await bo.waitForSelector('#friend-i-play');
  await bo.click('#friend-i-play');
  await play(bo, 'e5');
  const l2 = await sent(bo);
  await open(ann, l2, () => /Your move/.test(document.getElementById('friend-bar').textContent));
  await play(ann, 'c3');
  const l3 = await sent(ann);
  await open(bo, l3, () => /Your move/.test(document.getElementById('friend-bar').textContent));
  await play(bo, 'c4');
  const l4 = await sent(bo);
  // Bo takes his c4 back and plays d4 instead, offering a draw with it.
  await bo.evaluate(() => window.tak.undo());
  await play(bo, 'd4');
  const l4b = await sent(bo, { offer: true });
  // Ann gets c4 first and answers it; then d4 comes: a fork, with Bo's draw offer said.
  await open(ann, l4, () => /Your move/.test(document.getElementById('friend-bar').textContent));
  await play(ann, 'd3');
  const l5 = await sent(ann);
  await open(ann, l4b, () => !!document.getElementById('friend-theirs'));
  assert.match(await bar(ann), /disagrees with your game from move 2.*Bo offers a draw with it/);
  // A reload: the question is asked again (it was kept with the game), the board is Bo's line.
  await ann.reload();
  await ann.waitForFunction(() => !!document.getElementById('friend-theirs'), null, { timeout: 10000 });
  assert.match(await bar(ann), /disagrees with your game from move 2.*Bo offers a draw with it/);
  const kept = (await keptGames(ann)).find((g) => g.friend);
  assert.deepEqual([kept.friend.fork?.path?.length, kept.friend.fork?.offer], [4, 'black']);
  // No ply until it is answered: typed, or on the board; and no link to send.
  const before = await ann.evaluate(() => window.tak.ptn());
  await openExtras(ann);
  await ann.fill('#move-input', 'e1');
  await ann.press('#move-input', 'Enter');
  await ann.waitForFunction(() => document.getElementById('move-error').textContent === 'Cannot play e1: First choose above: “Go on with theirs” or “Keep mine”.');
  const e1 = await ann.evaluate(() => window.tak.squareRect('e1'));
  await ann.mouse.click(e1.x + e1.width / 2, e1.y + e1.height / 2);
  await ann.waitForFunction(() => document.activeElement?.id === 'friend-theirs');
  assert.equal(await ann.evaluate(() => window.tak.ptn()), before, 'nothing played');
  assert.equal(await ann.evaluate(() => !!document.getElementById('friend-send')), false);
  // An older link, the same game again (her own last link) and the forked link again change
  // nothing, and the question stays.
  await open(ann, l2, () => /older/.test(document.getElementById('notice').textContent));
  await open(ann, l5, () => /already have/.test(document.getElementById('notice').textContent));
  assert.equal(await ann.evaluate(() => !!document.getElementById('friend-theirs')), true);
  await open(ann, l4b, () => !!document.getElementById('friend-theirs') && !document.getElementById('notice').textContent);
  assert.match(await bar(ann), /disagrees with your game from move 2.*Bo offers a draw with it/);
  assert.equal(await plies(ann), 5);
  // Answered: Bo's line goes on, with his draw offer; Ann accepts it.
  await ann.click('#friend-theirs');
  await ann.waitForSelector('#friend-accept');
  assert.match(await bar(ann), /Bo offers a draw/);
  assert.match(await mainPtn(ann), /1\. a1 e5\s+2\. c3 d4\s*$/);
  await ann.click('#friend-accept');
  const end = await sent(ann);
  await open(bo, end, () => /over/.test(document.getElementById('notice').textContent + document.getElementById('friend-bar').textContent));
  assert.equal((await bo.evaluate(() => window.tak.summary())).result, '1/2-1/2');
  assert.equal(await mainPtn(ann), await mainPtn(bo));
  for (const p of [ann, bo]) assert.deepEqual(p.errors, []);
  for (const p of [ann, bo]) await p.context().close();
});

test('a fork answered "Keep mine" after an older link: the older link\'s line goes with the question', async () => {
  const ann = await player();
  const bo = await player();
  await home(ann);
  await newFriendGame(ann, { size: '5', side: 'white', me: 'Ann', them: 'Bo' });
  await play(ann, 'a1');
  const l1 = await sent(ann);
  await bo.goto(l1);
  await bo.waitForSelector('#friend-i-play');
  await bo.click('#friend-i-play');
  await play(bo, 'e5');
  const l2 = await sent(bo);
  await open(ann, l2, () => /Your move/.test(document.getElementById('friend-bar').textContent));
  await play(ann, 'c3');
  const l3 = await sent(ann);
  await open(bo, l3, () => /Your move/.test(document.getElementById('friend-bar').textContent));
  await play(bo, 'c4');
  const l4 = await sent(bo);
  await bo.evaluate(() => window.tak.undo());
  await play(bo, 'd4');
  const l4b = await sent(bo);
  await open(ann, l4, () => /Your move/.test(document.getElementById('friend-bar').textContent));
  await play(ann, 'd3');
  await sent(ann);
  await open(ann, l4b, () => !!document.getElementById('friend-mine'));
  await open(ann, l2, () => /older/.test(document.getElementById('notice').textContent));
  await ann.click('#friend-mine');
  await ann.waitForFunction(() => !document.getElementById('friend-mine'));
  assert.doesNotMatch(await notice(ann), /older/, 'not left until a reload');
  assert.match(await mainPtn(ann), /1\. a1 e5\s+2\. c3 c4\s+3\. d3\s*$/);
  for (const p of [ann, bo]) assert.deepEqual(p.errors, []);
  for (const p of [ann, bo]) await p.context().close();
});

test('a friend game exported from My games and imported on another device goes on with the next link', async () => {
  const ann = await (await browser.newContext({ acceptDownloads: true })).newPage();
  await skipWelcome(ann.context());
  ann.errors = [];
  ann.on('pageerror', (e) => ann.errors.push(e.message));
  const bo = await player();
  await home(ann);
  await newFriendGame(ann, { size: '5', side: 'white', me: 'Ann', them: 'Bo', days: '3' });
  await play(ann, 'a1');
  const l1 = await sent(ann);
  await bo.goto(l1);
  await bo.waitForSelector('#friend-i-play');
  await bo.click('#friend-i-play');
  await play(bo, 'e5');
  const l2 = await sent(bo);
  // Ann keeps her games as a file, and opens it on another device.
  await openMenu(ann);
  await ann.click('#my-games');
  await ann.waitForFunction(() => document.querySelectorAll('#games-list li').length === 1);
  const [download] = await Promise.all([ann.waitForEvent('download'), ann.click('#games-export-all')]);
  const file = await download.path();
  assert.match(await (await import('node:fs/promises')).readFile(file, 'utf8'), /\[LibraryFriend "side white; days 3; at [^;]+; got 0; seen 1::/);
  const other = await player();
  await home(other);
  await openMenu(other);
  await other.click('#my-games');
  await other.setInputFiles('#games-file', file);
  await other.waitForFunction(() => /1 game added/.test(document.getElementById('games-status').textContent));
  assert.match(await other.textContent('#games-list'), /Bo’s move/);
  await other.click('#games-dialog button[value=close]');
  // Bo's next link: the game goes on there as Ann's, White (not watched, not a new game).
  await open(other, l2, () => /Your move/.test(document.getElementById('friend-bar')?.textContent ?? ''));
  assert.equal(await plies(other), 2);
  await play(other, 'c3');
  const l3 = await sent(other);
  await open(bo, l3, () => /Your move/.test(document.getElementById('friend-bar').textContent));
  assert.equal(await plies(bo), 3);
  assert.equal((await keptGames(other)).length, 1);
  for (const p of [ann, bo, other]) assert.deepEqual(p.errors, []);
  for (const p of [ann, bo, other]) await p.context().close();
});

test('from tak.html opened as a file, offline: a friend game starts, its link and QR code are made and open the game', async () => {
  const pages = [];
  const requested = [];
  for (let i = 0; i < 2; i++) {
    const context = await browser.newContext();
    await context.setOffline(true);
    await skipWelcome(context);
    context.on('request', (r) => { if (!/^(data|blob|file):/.test(r.url())) requested.push(r.url()); });
    const page = await context.newPage();
    page.errors = [];
    page.on('pageerror', (e) => page.errors.push(e.message));
    pages.push(page);
  }
  const [ann, bo] = pages;
  await ann.goto(`file://${path.join(DIST, 'tak.html')}`);
  await ann.waitForFunction(() => typeof window.tak?.tps === 'function');
  await newFriendGame(ann, { size: '6', side: 'white', me: 'Ann', them: 'Bo' });
  await play(ann, 'a1');
  await ann.waitForSelector('#friend-dialog[open]');
  await ann.waitForFunction(() => document.querySelector('#friend-qr svg'));
  const link = await sent(ann);
  assert.ok(link.startsWith('file://') && link.includes('tak.html#f='), link);
  // Bo's own tak.html lies elsewhere: he pastes the link into Paste, which opens it.
  await bo.goto(`file://${path.join(DIST, 'tak.html')}`);
  await bo.waitForFunction(() => typeof window.tak?.tps === 'function');
  await openMenu(bo);
  await bo.click('#paste');
  await bo.waitForSelector('#paste-dialog[open]');
  await bo.fill('#paste-text', link.replace(/^file:\/\/[^#]*/, 'file:///elsewhere/tak.html'));
  await bo.click('#load-game');
  await bo.waitForSelector('#friend-i-play');
  await bo.click('#friend-i-play');
  await bo.waitForFunction(() => /Your move/.test(document.getElementById('friend-bar').textContent));
  assert.equal(await plies(bo), 1);
  assert.deepEqual(requested, []);
  for (const p of pages) assert.deepEqual(p.errors, []);
  for (const p of pages) await p.context().close();
});
