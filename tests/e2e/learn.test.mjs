// Learning and access: every language with nothing left in English, a whole game by
// keyboard only, the tutorial completed, and an accessibility check with axe-core.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { axe, serve, launch, openGame, openExtras, openMenu, status, shot, visibleTexts, boardDrawn, speaks } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

test('each language leaves nothing in English, and the choice is remembered', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const page = await openGame(context, server.url);
  const english = await page.evaluate(async () => (await import('./pkg/tak.js')).catalogue('en'));
  for (const lang of ['it', 'es', 'ca']) {
    await openMenu(page);
    await page.selectOption('#lang', lang);
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
    const own = await page.evaluate(async (l) => (await import('./pkg/tak.js')).catalogue(l), lang);
    const englishOnly = new Set(Object.entries(english).filter(([k, v]) => own[k] !== v).map(([, v]) => v));
    const leftovers = (await page.evaluate(visibleTexts)).filter((text) => englishOnly.has(text));
    assert.deepEqual(leftovers, [], `${lang}: English left in the page`);
    assert.equal(await page.textContent('#new-game'), own['btn.new_game']);
    // The board's own messages and its description follow the language too.
    await page.evaluate(() => window.tak.play('a1'));
    assert.match(await page.evaluate(() => window.tak.play('a1')), new RegExp(own['illegal.occupied'].replace('{square}', 'a1').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    const line = await page.evaluate(() => window.tak.describe()[20]);
    assert.equal(line, own['sr.square'].replace('{square}', 'a1').replace('{pieces}', own['piece.black.flat']));
    await page.evaluate(() => window.tak.undo());
    await openMenu(page);
    await page.click('#rules');
    await shot(page, `language-${lang}-rules`);
    assert.equal(await page.textContent('#rules-title'), own['rules.title']);
    await page.keyboard.press('Escape');
    await shot(page, `language-${lang}`);
  }
  await page.reload();
  await page.waitForFunction(() => typeof window.tak?.tps === 'function');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'ca', 'remembered');
  await context.close();
});

test('a finished game\'s result follows a change of language at once', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const page = await openGame(context, server.url);
  assert.equal(await page.evaluate(() => window.tak.load('[Size "3"]\n1. a1 c3 2. b3 b1 3. c1 a3 4. a2 b2 5. c2')), null);
  await page.waitForFunction(() => document.querySelector('#result-text')?.textContent);
  const english = await page.textContent('#result-text');
  const englishScore = await page.textContent('#result-score');
  await openMenu(page);
  await page.selectOption('#lang', 'it');
  await page.waitForFunction(() => document.documentElement.lang === 'it');
  const italian = await page.textContent('#result-text');
  assert.notEqual(italian, english, 'the result headline is translated without another move');
  assert.notEqual(await page.textContent('#result-score'), englishScore, 'and the score line');
  await page.reload();
  await page.waitForFunction(() => typeof window.tak?.tps === 'function');
  assert.equal(await page.textContent('#result-text'), italian, 'the same as a fresh page in Italian');
  await context.close();
});

test('the browser language picks the first language', async () => {
  const context = await browser.newContext({ locale: 'es-AR' });
  const page = await openGame(context, server.url);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'es');
  assert.equal(await page.textContent('#new-game'), 'Nueva partida');
  await context.close();
});

test('a whole game by keyboard only', async () => {
  const context = await browser.newContext();
  const page = await openGame(context, server.url);
  const key = (k) => page.keyboard.press(k);
  // New 3x3 game through the dialog with keys.
  await page.focus('#new-game');
  await key('Enter');
  await page.waitForSelector('#new-dialog[open]');
  // The opponent first (a person, as it stands), then the size.
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute('name')), 'opponent');
  await key('Tab');
  await key('3');
  // Komi, clock, play (one game or a match), the rulebook options, the opening and pieces,
  // cancel, start.
  for (let i = 0; i < 7; i++) await key('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'start-game');
  await key('Enter');
  await page.waitForFunction(() => window.tak.status().settings.size === 3);
  // The board takes focus with Tab like any control.
  await page.focus('#new-game');
  await key('Shift+Tab');
  await key('Shift+Tab');
  const focused = await page.evaluate(() => document.activeElement?.tagName);
  if (focused !== 'CANVAS') await page.focus('canvas'); // (skip link order varies by platform)
  // The cursor appears on b2; a1 c3 b3 b1 c1 a3 a2 b2 c2: white's road up the c file.
  let at = [1, 1];
  // Reached by the keyboard, the board shows its cursor at once (else the first arrow does).
  if (!(await page.evaluate(() => window.tak.status().cursor))) await key('ArrowUp');
  const goTo = async (sq) => {
    const [f, r] = [sq.charCodeAt(0) - 97, Number(sq[1]) - 1];
    while (at[0] < f) { await key('ArrowRight'); at[0]++; }
    while (at[0] > f) { await key('ArrowLeft'); at[0]--; }
    while (at[1] < r) { await key('ArrowUp'); at[1]++; }
    while (at[1] > r) { await key('ArrowDown'); at[1]--; }
  };
  for (const sq of ['a1', 'c3', 'b3', 'b1', 'c1', 'a3', 'a2', 'b2', 'c2']) {
    await goTo(sq);
    await key('Enter');
  }
  const s = await status(page);
  assert.equal(s.result?.ptn, 'R-0');
  assert.match(await page.textContent('#announce'), /White played c2\. Game over: White wins by road/);
  await shot(page, 'keyboard-game');
  await context.close();
});

test('the tutorial is completed step by step, and a wrong try is explained and taken back', async () => {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await openGame(context, server.url);
  await openMenu(page);
  await page.click('#learn');
  await page.waitForFunction(() => window.takTutorial);
  const moves = ['a1', 'a1', 'Sa1', 'c3+', '3c3>12', '3b2+', 'b3>', 'e2', 'c1'];
  for (let i = 0; i < moves.length; i++) {
    assert.equal(await page.textContent('#tutorial-step'), `Step ${i + 1} of 9`);
    if (i === 1) {
      // Asked for a flat, the learner places a wall: explained, then taken back.
      assert.equal(await page.evaluate(() => window.takTutorial.play('Sb1')), null);
      assert.match(await page.textContent('#tutorial-feedback'), /Place a flat stone this time/);
      await page.waitForFunction(() => window.takTutorial.status().ply === 0);
      await shot(page, 'tutorial-wrong-try');
    }
    assert.equal(await page.evaluate((m) => window.takTutorial.play(m), moves[i]), null, `step ${i + 1}: ${moves[i]}`);
    await page.waitForFunction(() => document.getElementById('tutorial-feedback').classList.contains('good'));
    if (i < moves.length - 1) await page.click('#tutorial-next');
  }
  assert.match(await page.textContent('#tutorial-feedback'), /You know the rules of Tak/);
  await shot(page, 'tutorial-finished');
  await page.click('#tutorial-close');
  await page.waitForFunction(() => window.takTutorial === undefined);
  await context.close();
});

test('"Learn to play" and Puzzles clicked twice before they open show one board each', async () => {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await openGame(context, server.url);
  // Two clicks in one go, before the tutorial's module has come (a quick double click).
  await page.evaluate(() => { const b = document.getElementById('learn-wide'); b.click(); b.click(); });
  await page.waitForFunction(() => window.takTutorial);
  await page.waitForTimeout(500); // kept: a second board must NOT come, and nothing shows that none will
  assert.equal(await page.locator('#tutorial-board canvas.tak-canvas').count(), 1);
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.getElementById('tutorial-dialog').open);
  await page.evaluate(() => { const b = document.getElementById('puzzles'); b.click(); b.click(); });
  await page.waitForSelector('#puzzle-board canvas.tak-canvas');
  await page.waitForTimeout(500); // kept: a second board must NOT come, and nothing shows that none will
  assert.equal(await page.locator('#puzzle-board canvas.tak-canvas').count(), 1);
  await context.close();
});


test('no serious accessibility violations (axe-core), light and dark, with dialogs open', async () => {
  for (const colorScheme of ['light', 'dark']) {
    const context = await browser.newContext({ colorScheme });
    const page = await openGame(context, server.url);
    for (const m of ['a1', 'e5', 'c3']) await page.evaluate((m) => window.tak.play(m), m);
    await page.click('#undo');
    assert.deepEqual(await axe(page), [], `${colorScheme} page`);
    await openMenu(page);
    assert.deepEqual(await axe(page), [], `${colorScheme} menu`);
    await page.click('#rules');
    assert.deepEqual(await axe(page), [], `${colorScheme} rules`);
    await page.keyboard.press('Escape');
    await page.click('#new-game');
    assert.deepEqual(await axe(page), [], `${colorScheme} new game`);
    await page.keyboard.press('Escape');
    await openMenu(page);
    await page.click('#learn');
    await page.waitForFunction(() => window.takTutorial);
    assert.deepEqual(await axe(page), [], `${colorScheme} tutorial`);
    await context.close();
  }
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${server.url}/embed.html?size=5&controls=1`);
  await page.waitForFunction(() => typeof window.tak?.tps === 'function');
  assert.deepEqual(await axe(page), [], 'embed');
  await context.close();
});

test('the colour-blind-safe option marks black pieces', async () => {
  const context = await browser.newContext();
  const page = await openGame(context, server.url);
  await page.evaluate(() => window.tak.load('x5/x5/x2,1,x2/x5/2,x4 1 2'));
  await openExtras(page);
  await page.check('#opt-patterns');
  await boardDrawn(page); // drawn with the patterns
  await shot(page, 'patterns');
  // A light mark is drawn at the centre of black's flat on a1.
  const r = await page.evaluate(() => window.tak.squareRect('a1'));
  const lit = await page.evaluate(({ x, y, width, height }) => {
    const canvas = document.querySelector('canvas');
    const ctx = canvas.getContext('2d');
    const b = canvas.getBoundingClientRect();
    const ratio = canvas.width / b.width;
    let light = 0;
    const data = ctx.getImageData((x - b.x) * ratio, (y - b.y + height * 0.55) * ratio, width * ratio, height * 0.4 * ratio).data;
    for (let i = 0; i < data.length; i += 4) if (data[i] > 230 && data[i + 1] > 220) light++;
    return light;
  }, r);
  assert.ok(lit > 0, 'a light mark on the black piece');
  await page.uncheck('#opt-patterns');
  await context.close();
});

test('the move list\'s buttons stay inside the panel in every language at 1024 px', async () => {
  const context = await browser.newContext({ viewport: { width: 1024, height: 700 } });
  const page = await openGame(context, server.url);
  for (const lang of ['en', 'it', 'es', 'ca']) {
    await openMenu(page);
    await page.selectOption('#lang', lang);
    await page.keyboard.press('Escape'); // the menu closed again
    await speaks(page, lang); // the page's texts and the board's, translated
    const out = await page.evaluate(() => {
      const box = document.getElementById('moves-box').getBoundingClientRect();
      return [...document.querySelectorAll('.moves-head button')]
        .filter((b) => { const r = b.getBoundingClientRect(); return r.left < box.left - 0.5 || r.right > box.right + 0.5; })
        .map((b) => b.id || b.textContent);
    });
    assert.deepEqual(out, [], `${lang}: buttons outside the panel`);
  }
  await context.close();
});
