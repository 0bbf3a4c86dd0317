// What a newcomer is told (issue 38, "Words" and long input), in the page: prose pasted is
// not a game; a bad square names the board's own range; a damaged save or link in words, a
// link's in the link's; the move box and the Paste dialog handed megabytes answer at once
// (no task over 200 ms) with a bounded quote or the limit named; one game is "1 game".
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { deflateRawSync } from 'node:zlib';
import { serve, launch, openGame, openMenu, openExtras, kept } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

/**
 * Opens Paste and pastes `text` (or the text stashed in window.pasteText) as a reader would (a
 * paste event), then presses Load: the error shown.
 */
async function paste(page, text) {
  if (text != null) await page.evaluate((t) => { window.pasteText = t; }, text);
  await openMenu(page);
  await page.click('#paste');
  await page.waitForSelector('#paste-dialog[open] #paste-text');
  if (await page.isVisible('#paste-clear')) await page.click('#paste-clear'); // the last paste, held
  await page.$eval('#paste-text', (el) => {
    const data = new DataTransfer();
    data.setData('text/plain', window.pasteText);
    el.focus();
    if (el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))) {
      el.value = window.pasteText;
      el.dispatchEvent(new Event('input', { bubbles: true }));
    }
  });
  await page.$eval('#paste-error', (el) => { el.textContent = ''; }); // the last paste's
  await page.click('#load-game');
  // Past "Loading…", which the line shows while the reader of games loads.
  await page.waitForFunction(() => { const text = document.getElementById('paste-error').textContent; return text && !text.startsWith('Loading'); }, null, { timeout: 20000 });
  return page.textContent('#paste-error');
}

/** Long tasks (ms) the page's own observer sees from now on. */
const watch = (page) => page.evaluate(() => {
  window.longTasks = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.longTasks.push(Math.round(e.duration)); }).observe({ type: 'longtask' });
});
const longest = async (page) => {
  await page.waitForTimeout(300); // kept: a window; a long task that comes a little after the answer counts too
  return Math.max(0, ...await page.evaluate(() => window.longTasks));
};

test('prose pasted is not a game; a bad square names the board\'s own squares', async () => {
  const context = await browser.newContext();
  const page = await openGame(context, server.url);
  const prose = await paste(page, 'he said the game was fine, and then we played another');
  assert.match(prose, /^This is not a game/);
  assert.doesNotMatch(prose, /square/);
  await page.keyboard.press('Escape');
  const square = await paste(page, '[Size "5"]\n1. a1 e5 2. zz9');
  assert.match(square, /‘zz9’ is not a square \(a1 to e5\)/);
  await page.keyboard.press('Escape');
  // The move box: the board's range too.
  await openExtras(page);
  await page.fill('#move-input', 'c9');
  await page.press('#move-input', 'Enter');
  assert.match(await page.textContent('#move-error'), /‘c9’ is not a square \(a1 to e5\)/);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('5 MB in the move box: the page answers at once and quotes a bounded excerpt', async () => {
  const context = await browser.newContext();
  const page = await openGame(context, server.url);
  await openExtras(page);
  await watch(page);
  await page.$eval('#move-input', (el) => {
    const data = new DataTransfer();
    data.setData('text/plain', 'x'.repeat(5 << 20));
    el.focus();
    // As a paste does: the browser inserts the text, within the box's bounds.
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    document.execCommand('insertText', false, data.getData('text/plain'));
  });
  await page.press('#move-input', 'Enter');
  await page.waitForFunction(() => document.getElementById('move-error').textContent);
  const error = await page.textContent('#move-error');
  assert.ok(error.length < 200, `${error.length} characters: ${error.slice(0, 200)}`);
  assert.ok((await page.inputValue('#move-input')).length <= 64);
  const worst = await longest(page);
  assert.ok(worst <= 200, `a task of ${worst} ms`);
  await context.close();
});

test('a comment or tags of megabytes pasted are refused with the limit, with no task over 200 ms', async () => {
  const context = await browser.newContext();
  const page = await openGame(context, server.url);
  for (const [text, says] of [
    [`[Size "5"]\n1. a1 e5 {${'x'.repeat(5 << 20)}} 2. c3`, /a comment of more than 65536 characters/],
    [`[Size "5"]\n[Event "${'y'.repeat(4 << 20)}"]\n1. a1`, /tag Event: a value of more than 4096 characters/],
    [Array.from({ length: 300000 }, (_, i) => `[T${i} "v"]`).join('\n'), /more than 1000 tags/],
  ]) {
    await page.evaluate((t) => { window.pasteText = t; }, text);
    await watch(page);
    const error = await paste(page, null);
    assert.match(error, says);
    const worst = await longest(page);
    console.log(`${says}: longest task ${worst} ms`);
    assert.ok(worst <= 200, `${says}: a task of ${worst} ms`);
    await page.keyboard.press('Escape');
  }
  assert.equal(await page.evaluate(() => window.tak.plyCount()), 0, 'nothing changed');
  await context.close();
});

test('a damaged save and a bad link are told in words, a link\'s in its own', async () => {
  const context = await browser.newContext();
  const page = await openGame(context, server.url);
  // A save whose variation is not in its game: no list of indices.
  await page.evaluate(() => window.tak.study());
  const save = 'tak-save 3\nline 0,0,0,0,0\nply 5\nclock none\n[Size "5"]\n\n1. a1 e5';
  const error = await page.evaluate((s) => window.tak.restore(s), save);
  assert.match(error, /^The saved game is damaged: the ply it was showing is not in it\.$/);
  // The same save in a shared link: the link's words.
  const packed = deflateRawSync(Buffer.from(save)).toString('base64url');
  await page.goto(`${server.url}/index.html#g=${packed}`);
  await page.waitForFunction(() => /shared link/.test(document.getElementById('notice').textContent));
  const notice = await page.textContent('#notice');
  assert.doesNotMatch(notice, /saved game/i);
  assert.match(notice, /The shared link is damaged/);
  // A link whose game cannot be played says why, as the link's game.
  const bad = deflateRawSync(Buffer.from('tak-save 3\nline\nply 2\nclock none\n[Size "5"]\n\n1. a1 a1')).toString('base64url');
  await page.goto(`${server.url}/index.html#g=${bad}`);
  await page.waitForFunction(() => /shared link/.test(document.getElementById('notice').textContent));
  assert.match(await page.textContent('#notice'), /^The game in the shared link cannot be read \(.*a1 is not empty\)/);
  await context.close();
});

test('one game kept is "1 game"', async () => {
  const context = await browser.newContext();
  const page = await openGame(context, server.url);
  await page.evaluate(() => window.tak.play('a1'));
  await kept(page, '1. a1');
  await openMenu(page);
  await page.click('#my-games');
  await page.waitForFunction(() => /\d/.test(document.getElementById('games-count')?.textContent ?? ''));
  assert.equal(await page.textContent('#games-count'), '1 game');
  // Kept by the first visit's build (no summary yet): summed up when listed, its dates said
  // with it (issue 47: they went missing until the game was saved again).
  await page.waitForFunction(() => /1 ply/.test(document.querySelector('#games-list .facts')?.textContent ?? ''));
  assert.match(await page.textContent('#games-list .facts'), /^5×5 · 1 ply · Black to move · started .+, last opened .+$/);
  await context.close();
});
