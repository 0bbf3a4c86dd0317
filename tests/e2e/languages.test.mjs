// Every language complete on the built site (issue 47): in Italian, Spanish and Catalan, the
// screens a player meets — the game against the computer started in English, its analysis and
// review, New game, Share, Paste, Notes, My games, and a friend game's bar and Send dialog —
// show no English word of the catalogues, and every element the page translates shows its own
// language's words (dist/ fetches the long texts apart: an element translated before they came
// stayed English). Needs `make dist`.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, serve, launch, openGame, openMenu, skipWelcome, newFriendGame, visibleTexts, shot, eventually, boardDrawn, speaks } from './harness.mjs';

const DIST = path.join(ROOT, 'dist');
let site;
let browser;
before(async () => {
  if (!existsSync(path.join(DIST, 'index.html'))) throw new Error('run `make dist` first');
  site = await serve(DIST);
  browser = await launch();
});
after(async () => { await browser?.close(); site?.close(); });

/** A catalogue as the page reads it (www/i18n/<lang>.txt). */
function catalogue(lang) {
  const out = {};
  for (const line of readFileSync(path.join(ROOT, `www/i18n/${lang}.txt`), 'utf8').split('\n')) {
    const eq = line.indexOf('=');
    if (line.trim().startsWith('#') || eq < 0) continue;
    out[line.slice(0, eq).trim()] = line.slice(eq + 1).trim().replaceAll('\\n', '\n');
  }
  return out;
}
const EN = catalogue('en');
/** The page's own markup writes ' where the catalogue writes ’. */
const norm = (text) => text.replace(/[’']/g, "'").replace(/\s+/g, ' ').trim();

/**
 * The English words left on `page` in `lang`: shown texts that are an English text of the
 * catalogues (one the language words otherwise), whole or as a part of a longer text (a name
 * the page put in a sentence), and elements whose translation is not their language's.
 */
async function englishLeft(page, lang) {
  const own = catalogue(lang);
  const englishOnly = [...new Set(Object.entries(EN).filter(([k, v]) => own[k] !== v && !v.includes('{')).map(([, v]) => norm(v)))];
  // Parts: the English texts of two words or more, or of one long word ("Player"), as words
  // (Catalan's "Cancel·la" is not "Cancel").
  const parts = englishOnly.filter((v) => v.includes(' ') ? v.length > 8 : v.length >= 6);
  const shown = (await page.evaluate(visibleTexts, { shown: true })).map(norm);
  const left = shown.filter((t) => englishOnly.includes(t) || parts.some((p) => new RegExp(`(^|[^\\p{L}·'])${p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}·'])`, 'u').test(t)));
  const stale = await page.evaluate((own) => {
    const out = [];
    const later = '[hidden], dialog:not([open]), [popover]:not(:popover-open)';
    for (const [data, attr] of [['i18n', null], ['i18nLabel', 'aria-label'], ['i18nTitle', 'title'], ['i18nPlaceholder', 'placeholder']]) {
      const name = `data-${data.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
      for (const el of document.querySelectorAll(`[${name}]`)) {
        const key = el.getAttribute(name);
        if (el.closest(later) || !(key in own)) continue;
        const now = attr ? el.getAttribute(attr) : el.textContent;
        if ((now ?? '').trim() !== own[key].trim()) out.push(`${el.id || el.tagName} ${key}: ${now}`);
      }
    }
    return out;
  }, own);
  return [...left, ...stale];
}

/** Chooses `lang` in the page's menu. */
async function speak(page, lang) {
  await openMenu(page);
  await page.selectOption('#lang', lang);
  await page.waitForFunction((l) => document.documentElement.lang === l, lang);
  await page.keyboard.press('Escape');
}

test('each language says everything in its own words: the game, its analysis and review, the dialogs, My games, a friend game', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await openGame(context, site.url);
  // A game against the computer, started in English (its players are named in English then).
  await page.click('#new-game');
  await page.waitForSelector('#new-dialog[open]');
  await page.selectOption('#new-form select[name=opponent]', 'computer');
  await page.click('#start-game');
  await page.waitForFunction(() => document.body.dataset.opponent?.startsWith('computer'));
  await page.evaluate(() => window.tak.play('a1'));
  await page.waitForFunction(() => window.tak.status().ply === 2, null, { timeout: 20000 });
  // A friend's first link, for the friend game's screens (Ann plays White elsewhere).
  const friendContext = await browser.newContext();
  await skipWelcome(friendContext);
  const ann = await friendContext.newPage();
  await ann.goto(`${site.url}/index.html`);
  await ann.waitForFunction(() => typeof window.tak?.tps === 'function');
  await newFriendGame(ann, { size: '5', side: 'white', me: 'Ann', them: 'Bo' });
  await ann.evaluate(() => window.tak.play('a1'));
  await ann.waitForFunction(() => document.getElementById('friend-link')?.value.includes('#f='));
  const link = await ann.inputValue('#friend-link');
  const friend = await openGame(await browser.newContext({ viewport: { width: 1280, height: 900 } }), site.url);
  await friend.goto(link);
  await friend.waitForSelector('#friend-i-play');

  const seen = {};
  for (const lang of ['it', 'es', 'ca']) {
    const left = [];
    // What is left once the page has had its words (a language's long texts come a moment
    // after it is chosen): looked at again until nothing is, for a while.
    const look = async (p, where) => {
      const now = await eventually(() => englishLeft(p, lang), [], { timeout: 10000 });
      for (const text of now) left.push(`${where}: ${text}`);
    };
    await speak(page, lang);
    await look(page, 'the game');
    await page.click('#analysis-toggle');
    await page.waitForFunction(() => !document.getElementById('analysis').hidden && /\d/.test(document.getElementById('analysis-depth').textContent));
    await look(page, 'the analysis');
    await page.click('#analysis-toggle');
    await openMenu(page);
    await page.click('#review');
    await page.waitForFunction(() => !document.getElementById('graph').hidden && document.getElementById('review-progress').hidden, null, { timeout: 30000 });
    await look(page, 'the review');
    for (const [open, dialog] of [['#new-game', '#new-dialog'], ['#share', '#share-dialog'], ['#paste', '#paste-dialog'], ['#notes', '#notes-dialog'], ['#my-games', '#games-dialog']]) {
      if (['#share', '#paste', '#my-games'].includes(open)) await openMenu(page);
      await page.click(open);
      await page.waitForSelector(`${dialog}[open]`);
      if (open === '#my-games') await page.waitForFunction(() => /\d/.test(document.getElementById('games-count')?.textContent ?? '') && [...document.querySelectorAll('#games-list .facts')].every((f) => f.textContent));
      await look(page, dialog);
      await page.keyboard.press('Escape');
      await page.waitForFunction((d) => !document.querySelector(d).open, dialog);
    }
    await speak(friend, lang);
    await friend.waitForFunction((l) => document.getElementById('friend-bar').textContent && document.documentElement.lang === l, lang);
    await look(friend, 'a friend\'s first link');
    seen[lang] = [await friend.textContent('#friend-bar .say'), await friend.textContent('#friend-i-play')];
    await openMenu(friend);
    await friend.click('#my-games');
    await friend.waitForFunction(() => /\d/.test(document.getElementById('games-count')?.textContent ?? ''));
    await look(friend, 'My games with a friend game');
    await friend.keyboard.press('Escape');
    assert.deepEqual(left, [], `${lang}: English left`);
  }
  // The question and its answer say the colour alike (Catalan asked "Blanques?" over "Jugo amb blanques").
  assert.deepEqual(seen.ca, ['Ann t’ha enviat aquesta partida. Jugues amb negres?', 'Jugo amb negres']);
  assert.deepEqual(seen.es, ['Ann te ha enviado esta partida. ¿Juegas con negras?', 'Juego con negras']);
  // Then the friend game itself: the bar of one's move, and the Send dialog.
  await friend.click('#friend-i-play');
  await friend.waitForFunction(() => document.getElementById('friend-resign'));
  await friend.evaluate(() => window.tak.play('e5'));
  await friend.waitForSelector('#friend-dialog[open]');
  await friend.waitForFunction(() => document.getElementById('friend-link').value.includes('#f='));
  assert.deepEqual(await englishLeft(friend, 'ca'), [], 'ca: the Send dialog');
  assert.deepEqual([...page.errors, ...friend.errors], []);
  await friend.context().close();
  await friendContext.close();
  await context.close();
});

test('Catalan at 1200 px wide: the words under Black\'s reserve on the first turn ("per a les Blanques") stay off the board', async () => {
  const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
  await skipWelcome(context);
  const page = await openGame(context, site.url);
  await speak(page, 'ca');
  await speaks(page, 'ca');
  await boardDrawn(page); // the frame in Catalan
  await shot(page, 'ca-1200-first-turn');
  // The label's blue read from the canvas's pixels: beside the board, none on it.
  const { label, onBoard } = await page.evaluate(() => {
    const canvas = window.tak.canvas;
    const box = canvas.getBoundingClientRect();
    const scale = canvas.width / box.width;
    const [a5, e1] = [window.tak.squareRect('a5'), window.tak.squareRect('e1')];
    const pixels = (x0, y0, x1, y1) => canvas.getContext('2d').getImageData(Math.round((x0 - box.x) * scale), Math.round((y0 - box.y) * scale), Math.round((x1 - x0) * scale), Math.round((y1 - y0) * scale)).data;
    const blue = (data) => { let n = 0; for (let i = 0; i < data.length; i += 4) if (data[i + 2] > data[i] + 60) n++; return n; };
    return {
      // Right of the board, the label is drawn (its blue is seen there)...
      label: blue(pixels(e1.x + e1.width, a5.y, box.right, e1.y + e1.height)),
      // ...and none of it on the board.
      onBoard: blue(pixels(a5.x, a5.y, e1.x + e1.width, e1.y + e1.height)),
    };
  });
  assert.ok(label > 0, 'the first turn labels Black\'s pile');
  assert.equal(onBoard, 0, 'no blue of the label on the board');
  assert.deepEqual(page.errors, []);
  await context.close();
});
