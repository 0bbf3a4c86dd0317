// A review's rough edges: its units explained once under the summary (four languages), its
// evaluations kept out of the exported PTN unless asked for, its summary cleared with the
// game; and "Back to my game" still offered after a reload.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { serve, launch, openGame, openMenu, status, shot, kept } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

// White could finish rank 1 with 5. e1 but plays a3; black then completes rank 5.
const MISSED_ROAD = '[Size "5"]\n1. a5 a1 2. b1 b5 3. c1 c5 4. d1 {my own note} d5 5. a3 e5';

async function review(page) {
  await page.evaluate((ptn) => window.tak.load(ptn), MISSED_ROAD);
  await page.click('#result-review');
  await page.waitForFunction(() => !document.getElementById('review-summary').hidden, null, { timeout: 60000 });
}

test('the review explains its units once; its evaluations stay out of the PTN unless asked; it clears with the game', async () => {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    const context = await browser.newContext({ viewport, isMobile: viewport.width < 500, hasTouch: viewport.width < 500 });
    const page = await openGame(context, server.url);
    await review(page);
    assert.match(await page.textContent('#review-summary'), /marked/);
    assert.equal(await page.isVisible('#review-units'), true);
    assert.match(await page.textContent('#review-units'), /^Scores are in flats, from White’s side.*road in N moves” counts both players’ turns/);
    await page.evaluate(() => window.tak.goto(9));
    await shot(page, `review-units-${viewport.width}`);
    // Download PTN: the player's note and the marks, not the evaluations.
    await openMenu(page);
    assert.equal(await page.isVisible('#ptn-evaluations-row'), true, 'the menu asks');
    assert.equal(await page.isChecked('#ptn-evaluations'), false);
    await shot(page, `review-export-menu-${viewport.width}`);
    const [plain] = await Promise.all([page.waitForEvent('download'), page.click('#download-ptn')]);
    const text = readFileSync(await plain.path(), 'utf8');
    assert.match(text, /\{my own note\}/);
    assert.match(text, /5\. a3\?\? e5/, 'the judgement stays, its comment goes');
    assert.doesNotMatch(text, /best e1|\{[+-]\d|\{[+-]R/, text);
    // Asked for: the evaluations go too.
    await openMenu(page);
    await page.check('#ptn-evaluations');
    const [full] = await Promise.all([page.waitForEvent('download'), page.click('#download-ptn')]);
    assert.match(readFileSync(await full.path(), 'utf8'), /5\. a3\?\? \{-R1 · best e1\}/);
    // The board's game keeps them: the arrow and the graph read them.
    assert.match(await page.evaluate(() => window.tak.ptn()), /best e1/);
    // A new game: the summary and its units are gone, and so is the question.
    await page.evaluate(() => window.tak.newGame(5, '0'));
    await page.waitForFunction(() => document.getElementById('review-summary').hidden);
    assert.equal(await page.isVisible('#review-units'), false);
    await openMenu(page);
    assert.equal(await page.isVisible('#ptn-evaluations-row'), false);
    assert.deepEqual(page.errors, []);
    await context.close();
  }
});

test('the units are said in every language', async () => {
  const expected = { it: /punteggi sono in pietre piatte/, es: /puntuaciones están en piedras planas/, ca: /puntuacions són en pedres horitzontals/ };
  for (const [lang, text] of Object.entries(expected)) {
    const context = await browser.newContext({ locale: lang });
    const page = await openGame(context, server.url);
    await openMenu(page);
    await page.selectOption('#lang', lang);
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
    await page.evaluate(() => document.getElementById('menu').hidePopover());
    await review(page);
    assert.match(await page.textContent('#review-units'), text, lang);
    await context.close();
  }
});

test('loading another game clears the review summary', async () => {
  const context = await browser.newContext();
  const page = await openGame(context, server.url);
  await review(page);
  await page.evaluate(() => window.tak.load('[Size "6"]\n1. a1 f6'));
  await page.waitForFunction(() => window.tak.status().settings.size === 6);
  assert.equal(await page.isHidden('#review-summary'), true);
  assert.equal(await page.isHidden('#review-units'), true);
  await context.close();
});

async function paste(page, text) {
  await openMenu(page);
  await page.click('#paste');
  await page.fill('#paste-text', text);
  await page.click('#load-game');
}

test('after a paste and a reload, the game before is in My games and opens from there', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await openGame(context, server.url);
  for (const m of ['a1', 'e5', 'c3']) assert.equal(await page.evaluate((m) => window.tak.play(m), m), null);
  await paste(page, '[Size "6"]\n1. a1 f6 2. c3');
  await page.waitForFunction(() => window.tak.status().settings.size === 6);
  // Said once the game before is written (the keeper says so only then).
  await page.waitForFunction(() => /Your game from before is kept/.test(document.getElementById('notice').textContent));
  await kept(page, '1. a1 f6 2. c3'); // the pasted game too, kept in a task of its own
  await page.reload();
  await page.waitForFunction(() => typeof window.tak?.tps === 'function');
  assert.equal((await status(page)).settings.size, 6, 'the pasted game is the one on the board');
  await openMenu(page);
  await page.click('#my-games');
  const before = page.locator('#games-list li', { hasText: '5×5' });
  await before.getByRole('button', { name: 'Open' }).click();
  await page.waitForFunction(() => window.tak.status().settings.size === 5);
  assert.deepEqual((await status(page)).moves, ['a1', 'e5', 'c3']);
  await shot(page, 'my-games-opened-390');
  assert.deepEqual(page.errors, []);
  await context.close();
});
