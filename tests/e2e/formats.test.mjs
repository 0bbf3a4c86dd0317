// The formats players paste from the tools they already use: a game copied from playtak.com
// in its server notation, and a PTN Ninja game with branches.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openGame, openMenu, status } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

async function paste(page, text) {
  await openMenu(page);
  await page.click('#paste');
  await page.waitForFunction(() => window.tak.build() === 'study');
  await page.fill('#paste-text', text);
  await page.click('#load-game');
}

// A real 5x5 game from playtak.com (the data set's 859486), as its server writes the moves.
const SERVER_GAME = 'P E5\nP B2\nP C2\nP D2\nP C1\nP D1\nP C3\nP D3 C\nP C4 C\nM D3 C3 1\nP B3\nP B4\n'
  + 'P A4\nP A3\nP D3\nM B4 B3 1\nP B4\nP E3\nM B2 B3 1\nP E4\nM D3 D2 1\nP E2\nM D2 E2 2\nP D3\n'
  + 'P D2\nM C3 B3 2\nP C3';

test('a game in playtak server notation pastes, replays to its road, and copies as PTN', async () => {
  const context = await browser.newContext();
  const page = await openGame(context, server.url);
  // A wrong move first: the line is named and the text kept.
  const broken = SERVER_GAME.replace('M D3 C3 1', 'M D3 A3 1');
  await paste(page, broken);
  await page.waitForFunction(() => document.getElementById('paste-error').textContent);
  assert.match(await page.textContent('#paste-error'), /line 10.*'M D3 A3 1': 1 drop for 3 squares/);
  assert.equal(await page.inputValue('#paste-text'), broken);
  await page.fill('#paste-text', SERVER_GAME);
  await page.click('#load-game');
  await page.waitForFunction(() => !document.getElementById('paste-dialog').open);
  const st = await status(page);
  assert.equal(st.result?.ptn, 'R-0', 'white completes the road as recorded');
  assert.equal(await page.evaluate(() => window.tak.tps()), 'x4,2/1,1,1C,x,2/2,12112C,1,2,2/x2,1,1,221/x2,1,2,x 2 14');
  const ptn = await page.evaluate(() => window.tak.ptn());
  assert.match(ptn, /\[Size "5"\]/);
  assert.match(ptn, /^14\. c3 R-0$/m);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a PTN Ninja game with branches keeps them as variations', async () => {
  const context = await browser.newContext();
  const page = await openGame(context, server.url);
  const text = '[Size "5"]\r\n[Opening "swap"]\r\n[Clock "10:0 +5"]\r\n\r\n1. a1 e5\r\n2. c3 c4\r\n3. d3\r\n\r\n'
    + '{sharp}\r\n2. Sc3 d4\r\n';
  await paste(page, text);
  await page.waitForFunction(() => !document.getElementById('paste-dialog').open);
  const ptn = await page.evaluate(() => window.tak.ptn());
  assert.match(ptn, /\[Clock "10:0 \+5"\]/, 'tags the page does not use are kept');
  assert.match(ptn, /\n\{Sc3\}\n2\. Sc3 d4\n/, 'the branch is written back as PTN Ninja reads it');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('where the clipboard is refused, Copy PTN shows the game selected to copy by hand, with no Load', async () => {
  const context = await browser.newContext();
  await context.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) } });
  });
  const page = await openGame(context, server.url);
  assert.equal(await page.evaluate(() => window.tak.play('a1')), null);
  await openMenu(page);
  await page.click('#copy-ptn');
  await page.waitForSelector('#paste-dialog[open] #paste-text');
  assert.match(await page.inputValue('#paste-text'), /1\. a1/);
  assert.equal(await page.textContent('#paste-title'), 'Copy the PTN below.');
  assert.equal(await page.isHidden('#load-game'), true);
  const selected = await page.$eval('#paste-text', (el) => el.selectionEnd - el.selectionStart === el.value.length);
  assert.ok(selected, 'the text is selected');
  // Paste afterwards is Paste again: Load is back.
  await page.keyboard.press('Escape');
  await openMenu(page);
  await page.click('#paste');
  await page.waitForSelector('#paste-dialog[open]');
  assert.equal(await page.isVisible('#load-game'), true);
  assert.equal(await page.textContent('#paste-title'), 'Load a game or position');
  await context.close();
});
