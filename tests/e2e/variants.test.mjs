// The opening and piece-count variants from the New game form, the PTN they give, refusals
// that keep what was typed, the embed's and <tak-board>'s parameters; the form on a phone.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openGame, openMenu, mouseDrag, squareAt, pileAt, tps, status, shot } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

/** Opens New game and fills in size, komi and the variant fieldset (left open). */
async function fillNewGame(page, { size, komi, opening, flats, caps }) {
  await page.click('#new-game');
  await page.selectOption('#new-form select[name=size]', String(size));
  await page.selectOption('#new-form select[name=komi]', komi);
  if (!(await page.evaluate(() => document.getElementById('variant-options').open))) await page.click('#variant-options summary');
  await page.selectOption('#new-form select[name=opening]', opening);
  await page.fill('#new-form input[name=flats]', flats);
  await page.fill('#new-form input[name=caps]', caps);
}

test('a no-swap game with custom pieces and negative komi from the New game form: own flats first, the tags in Copy PTN', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await openGame(context, server.url);
  await fillNewGame(page, { size: 5, komi: '-1.5', opening: 'no-swap', flats: '12', caps: '2' });
  // The standard for the size is said beside the counts.
  assert.equal(await page.textContent('#pieces-standard'), 'Empty: the standard for 5×5, 21 stones and 1 capstone.');
  await shot(page, 'variants-new-game-desktop');
  await page.click('#start-game');
  await page.waitForFunction(() => !document.getElementById('new-dialog').open);

  let s = await status(page);
  assert.equal(s.settings.opening, 'no-swap');
  assert.deepEqual([s.settings.flats, s.settings.caps], [12, 2]);
  assert.deepEqual(s.reserves, [[12, 2], [12, 2]]);
  assert.equal(s.settings.komi, '-1.5');
  assert.equal(s.placing, 'white', 'white places its own flat');
  assert.match(await page.textContent('#turn'), /no swap/i);
  // The options line's words come with the long texts, a moment after the game.
  await page.waitForFunction((re) => new RegExp(re).test(document.getElementById('options-line')?.textContent ?? ''), 'no-swap opening.*12 stones and 2 capstones');
  assert.match(await page.textContent('#options-line'), /no-swap opening.*12 stones and 2 capstones/);

  // Ply 1 from the highlighted pile: a white flat; ply 2: a black one.
  await mouseDrag(page, await pileAt(page, 'flat'), [await squareAt(page, 'c3')]);
  assert.equal(await tps(page), 'x5/x5/x2,1,x2/x5/x5 2 1');
  await mouseDrag(page, await pileAt(page, 'flat'), [await squareAt(page, 'e5')]);
  assert.equal(await tps(page), 'x4,2/x5/x2,1,x2/x5/x5 1 2');
  s = await status(page);
  assert.deepEqual(s.reserves, [[11, 2], [11, 2]], 'each took from its own reserve');
  await shot(page, 'variants-after-opening');
  // A reload keeps the game with its settings (the save is its PTN).
  await page.reload();
  await page.waitForFunction(() => typeof window.tak?.tps === 'function' && window.tak.plyCount() === 2);
  s = await status(page);
  assert.deepEqual([s.settings.opening, [s.settings.flats, s.settings.caps], s.settings.komi], ['no-swap', [12, 2], '-1.5']);

  await openMenu(page);
  await page.click('#copy-ptn');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  for (const tag of ['[Size "5"]', '[Komi "-1.5"]', '[Flats "12"]', '[Caps "2"]', '[Opening "no-swap"]']) {
    assert.ok(copied.includes(tag), `${tag} in\n${copied}`);
  }
  assert.match(copied, /1\. c3 e5/);
  // The form remembers the choice for the next game.
  await page.click('#new-game');
  assert.equal(await page.inputValue('#new-form select[name=opening]'), 'no-swap');
  assert.equal(await page.inputValue('#new-form input[name=flats]'), '12');
  await page.click('#new-form button[value=cancel]');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('the computer plays a no-swap game with few pieces: its first flat is its own, and it plays on', async () => {
  const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
  const page = await openGame(context, server.url);
  await fillNewGame(page, { size: 4, komi: '-1', opening: 'no-swap', flats: '6', caps: '1' });
  await page.selectOption('#new-form select[name=opponent]', 'computer');
  await page.selectOption('#new-form select[name=level]', '2');
  await page.selectOption('#new-form select[name=human]', 'black');
  await page.click('#start-game');
  await page.waitForFunction(() => window.tak.status().ply === 1, null, { timeout: 10000 });
  // The computer (white) placed a white flat: only a 1 on the board.
  const [board, ...rest] = (await tps(page)).split(' ');
  assert.equal(board.replace(/x\d*|[,/]/g, ''), '1', await tps(page));
  assert.deepEqual(rest, ['2', '1']);
  const first = (await status(page)).moves[0];
  await mouseDrag(page, await pileAt(page, 'flat'), [await squareAt(page, first === 'a4' ? 'd1' : 'a4')]);
  await page.waitForFunction(() => window.tak.status().ply === 3, null, { timeout: 10000 });
  const s = await status(page);
  const total = (color) => s.reserves[color][0] + s.reserves[color][1];
  assert.equal(total(1), 6, 'black placed its own flat, from its seven');
  assert.ok([5, 6].includes(total(0)), `white placed one of its own, then placed or moved: ${total(0)}`);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('pieces that make no game keep the form open with what was typed; a bad Opening tag in a paste names the tag', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openGame(context, server.url);
  await mouseDrag(page, await pileAt(page, 'flat'), [await squareAt(page, 'a1')]);
  const before = await tps(page);
  await fillNewGame(page, { size: 5, komi: '2', opening: 'no-swap', flats: '3', caps: '1' });
  await page.click('#start-game');
  await page.waitForSelector('#new-error:not([hidden])');
  assert.ok(await page.evaluate(() => document.getElementById('new-dialog').open), 'the dialog stays open');
  const error = await page.textContent('#new-error');
  // (No "1 capstones": the counts follow their nouns.)
  assert.match(error, /^Cannot start this game: flats and caps: stones 3, capstones 1: no game on 5x5/, error);
  assert.equal(await page.inputValue('#new-form input[name=flats]'), '3', 'what was typed is kept');
  assert.equal(await tps(page), before, 'the game is untouched');
  await shot(page, 'variants-new-game-refused');
  // More capstones than the board has rows: refused too; fixed, it starts.
  await page.fill('#new-form input[name=flats]', '20');
  await page.fill('#new-form input[name=caps]', '6');
  await page.click('#start-game');
  await page.waitForFunction(() => /at most/.test(document.getElementById('new-error').textContent));
  assert.match(await page.textContent('#new-error'), /at most 5 capstones/);
  await page.fill('#new-form input[name=caps]', '');
  await page.click('#start-game');
  await page.waitForFunction(() => !document.getElementById('new-dialog').open);
  const { settings } = await status(page);
  assert.deepEqual([settings.flats, settings.caps], [20, 1], 'an empty count is the standard');

  await openMenu(page);
  await page.click('#paste');
  const text = '[Size "5"]\n[Opening "sideways"]\n\n1. a1 e5';
  await page.fill('#paste-text', text);
  await page.click('#load-game');
  await page.waitForFunction(() => document.getElementById('paste-error').textContent !== '');
  assert.match(await page.textContent('#paste-error'), /tag Opening: opening 'sideways' is not 'swap' or 'no-swap'/);
  assert.equal(await page.inputValue('#paste-text'), text);
  await page.fill('#paste-text', '[Size "5"]\n[Flats1 "20"]\n[Flats2 "21"]\n\n1. a1 e5');
  await page.click('#load-game');
  await page.waitForFunction(() => /Flats1\/Flats2/.test(document.getElementById('paste-error').textContent));
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('the New game form with its variants fits a phone', async () => {
  for (const viewport of [{ width: 390, height: 844 }, { width: 844, height: 390 }]) {
    const context = await browser.newContext({ viewport, isMobile: true, hasTouch: true });
    const page = await openGame(context, server.url);
    await fillNewGame(page, { size: 6, komi: '-4.5', opening: 'no-swap', flats: '25', caps: '2' });
    const name = `variants-new-game-${viewport.width}x${viewport.height}`;
    await shot(page, name);
    const box = await page.evaluate(() => {
      const r = document.getElementById('new-dialog').getBoundingClientRect();
      const start = document.getElementById('start-game').getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, startBottom: start.bottom, startRight: start.right };
    });
    assert.ok(box.left >= 0 && box.right <= viewport.width, `${name}: ${JSON.stringify(box)}`);
    assert.ok(box.top >= 0 && box.bottom <= viewport.height, `${name}: ${JSON.stringify(box)}`);
    assert.ok(box.startBottom <= viewport.height && box.startRight <= viewport.width, `${name}: Start in view`);
    // The number fields are not wider than the dialog.
    const overflow = await page.evaluate(() => {
      const d = document.getElementById('new-dialog');
      return d.scrollWidth - d.clientWidth;
    });
    assert.ok(overflow <= 1, `${name}: scrolls sideways by ${overflow}px`);
    await page.click('#start-game');
    await page.waitForFunction(() => !document.getElementById('new-dialog').open);
    await page.waitForFunction(() => window.tak.status().settings.komi === '-4.5', null, { timeout: 10000 }).catch(() => {});
    assert.equal((await status(page)).settings.komi, '-4.5');
    await context.close();
  }
});

test('the embed and <tak-board> take opening, flats, caps and komi, and name a bad one', async () => {
  const context = await browser.newContext({ viewport: { width: 420, height: 360 } });
  const page = await context.newPage();
  await page.goto(`${server.url}/embed.html?size=4&opening=no-swap&flats=9&caps=1&komi=-0.5`);
  await page.waitForFunction(() => typeof window.tak?.tps === 'function');
  let s = await page.evaluate(() => window.tak.status());
  assert.deepEqual([s.settings.opening, [s.settings.flats, s.settings.caps], s.settings.komi, s.placing], ['no-swap', [9, 1], '-0.5', 'white']);
  for (const [query, said] of [
    ['opening=sideways', "opening 'sideways' is not 'swap' or 'no-swap'"],
    ['flats=%3Cb%3E', 'flats must be a whole number'],
    ['komi=9', "komi '9' is not a half step from -5 to 5"],
    ['size=5&flats=2&caps=1', 'flats and caps: stones 2, capstones 1: no game on 5x5'],
    ['ptn=1.%20a1&opening=no-swap', "opening cannot go with ptn: the PTN's own tags say it"],
  ]) {
    await page.goto(`${server.url}/embed.html?${query}`);
    await page.waitForSelector('.problem li');
    const items = await page.$$eval('.problem li', (lis) => lis.map((li) => li.textContent));
    assert.ok(items.some((i) => i.includes(said)), `${query}: ${items.join(' | ')}`);
    assert.equal(await page.$$eval('.problem b', (b) => b.length), 0, 'text, never HTML');
  }
  await page.setContent(`<!doctype html><script type="module" src="${server.url}/www/tak-board.js"></script>
    <tak-board id="ok" size="5" opening="no-swap" flats="15" caps="0" komi="-2" style="width:300px"></tak-board>
    <tak-board id="bad" size="5" caps="many" style="width:300px"></tak-board>`);
  await page.waitForFunction(() => document.getElementById('ok').status?.()?.settings.size === 5);
  s = await page.evaluate(() => document.getElementById('ok').status());
  assert.deepEqual([s.settings.opening, [s.settings.flats, s.settings.caps], s.settings.komi], ['no-swap', [15, 0], '-2']);
  await page.waitForFunction(() => document.getElementById('bad').shadowRoot?.querySelector('.problem'));
  assert.match(await page.evaluate(() => document.getElementById('bad').shadowRoot.querySelector('.problem').textContent),
    /caps must be a whole number/);
  await context.close();
});
