// What a newcomer met in their first hour (issue 38): the questions asked in the page rather
// than with the browser's confirm(), in the reader's language; "1 capstone"; the Italian Undo
// and Cancel told apart; the computer's name over its reserve in full on a phone in Catalan;
// the welcome at WCAG AA contrast in both themes. (The analysis lines' spaces: study.test.mjs.)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { serve, launch, openGame, openMenu, status, shot, ROOT } from './harness.mjs';

let server, dist, browser;
before(async () => { server = await serve(); dist = await serve(path.join(ROOT, 'dist')); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); dist?.close(); });

/** The browser's own dialogs (alert, confirm) that the page opened: none is wanted. */
const nativeDialogs = (page) => {
  const seen = [];
  page.on('dialog', (d) => { seen.push(d.message()); d.dismiss(); });
  return seen;
};
const questionOpen = (page) => page.evaluate(() => !!document.getElementById('confirm-dialog')?.open);

test('resigning asks in the page, in Italian, with the long texts fetched later (make dist)', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'it-IT' });
  const page = await openGame(context, dist.url);
  const native = nativeDialogs(page);
  for (const m of ['a1', 'e5', 'c3']) assert.equal(await page.evaluate((m) => window.tak.play(m), m), null);
  await openMenu(page);
  await page.click('#resign');
  await page.waitForSelector('#confirm-dialog[open]');
  // The words, not their keys: they come with the catalogue's second part (www/i18n.js).
  assert.equal(await page.textContent('#confirm-question'), 'Abbandonare questa partita (Nero)?');
  assert.equal(await page.textContent('#confirm-yes'), 'Abbandona');
  assert.equal(await page.textContent('#confirm-no'), 'Annulla');
  // The safe answer has the focus: Enter by mistake gives nothing up.
  assert.equal(await page.evaluate(() => document.activeElement.id), 'confirm-no');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => !document.getElementById('confirm-dialog').open);
  assert.ok(!(await status(page)).result, 'Enter on Cancel does not resign');
  await openMenu(page);
  await page.click('#resign');
  await shot(page, 'confirm-resign-it');
  await page.click('#confirm-yes');
  await page.waitForFunction(() => window.tak.status().result);
  assert.equal((await status(page)).result.ptn, '1-0');
  // Italian Undo is not Cancel.
  assert.notEqual(await page.getAttribute('#undo', 'aria-label'), await page.textContent('#confirm-no'));
  assert.equal(await page.textContent('#undo .label'), 'Indietro');
  // The word fits the toolbar on one line down to the narrowest width that shows words (40rem).
  await page.setViewportSize({ width: 641, height: 800 });
  const heights = await page.evaluate(() => ['undo', 'new-game'].map((id) => document.getElementById(id).getBoundingClientRect().height));
  assert.equal(heights[0], heights[1], 'Undo on one line');
  assert.deepEqual(native, []);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('deleting a variation with a comment, and leaving a match, ask in the page', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openGame(context, server.url);
  const native = nativeDialogs(page);
  await page.evaluate(() => window.tak.load('[Size "5"]\n\n1. a1 e5\n2. c3 c2\n3. d3\n\n{b2}\n2. b2!? {a quieter start}\n'));
  // The variation's first ply's menu (www/plymenu.js): Delete from this ply on.
  const deleteFromMenu = async () => {
    await page.click('#moves li.variation button.ply >> nth=0', { button: 'right' });
    await page.click('#ply-menu [data-action=delete]');
  };
  await page.waitForSelector('#moves li.variation button.ply');
  await deleteFromMenu();
  await page.waitForSelector('#confirm-dialog[open]');
  assert.match(await page.textContent('#confirm-question'), /^Delete 2\. b2!\? and the plies after it/);
  assert.equal(await page.textContent('#confirm-yes'), 'Delete');
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.getElementById('confirm-dialog').open);
  assert.equal((await status(page)).tree[2].variations.length, 1, 'Escape keeps the variation');
  await deleteFromMenu();
  await page.click('#confirm-yes');
  await page.waitForFunction(() => window.tak.status().tree[2].variations.length === 0);

  // A match: "Leave the match" in its score table asks on top of the table.
  await page.click('#new-game');
  await page.selectOption('#new-form select[name=size]', '3');
  await page.selectOption('#new-form select[name=opponent]', 'human');
  await page.selectOption('#new-form select[name=length]', 'games-3');
  await page.click('#start-game');
  await page.waitForFunction(() => window.tak.status().series);
  await page.waitForSelector('#match-table-button', { state: 'visible' });
  await page.click('#match-table-button');
  await page.click('#match-leave');
  await page.waitForSelector('#confirm-dialog[open]');
  assert.match(await page.textContent('#confirm-question'), /^Leave the match\?/);
  await page.click('#confirm-no');
  assert.ok((await status(page)).series, 'Cancel stays in the match');
  assert.ok(await page.evaluate(() => document.getElementById('match-dialog').open), 'the score table is still open');
  await page.click('#match-leave');
  await page.click('#confirm-yes');
  await page.waitForFunction(() => !window.tak.status().series);
  assert.equal(await questionOpen(page), false);
  assert.deepEqual(native, []);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('one capstone is "1 capstone", in the New game form and in the options line', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openGame(context, server.url);
  await page.click('#new-game');
  await page.selectOption('#new-form select[name=size]', '5');
  assert.equal(await page.textContent('#pieces-standard'), 'Empty: the standard for 5×5, 21 stones and 1 capstone.');
  await page.selectOption('#new-form select[name=size]', '4');
  assert.equal(await page.textContent('#pieces-standard'), 'Empty: the standard for 4×4, 15 stones and 0 capstones.');
  await page.keyboard.press('Escape');
  await page.evaluate(() => window.tak.newGameWith({ size: 5, flats: 20, caps: 1 }));
  await page.waitForFunction(() => /capstone/.test(document.getElementById('options-line').textContent));
  assert.match(await page.textContent('#options-line'), /(^|· )20 stones and 1 capstone each$/);
  await context.close();
  // And in Spanish.
  const es = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'es-ES' });
  const other = await openGame(es, server.url);
  await other.evaluate(() => window.tak.newGameWith({ size: 3, flats: 1, caps: 2 }));
  await other.waitForFunction(() => /angular/.test(document.getElementById('options-line').textContent));
  assert.match(await other.textContent('#options-line'), /1 piedra y 2 piedras angulares cada uno$/);
  await es.close();
});

test('on a small phone held sideways, in Catalan, the computer is named in full over its reserve', async () => {
  // 560×320: room for "Computer" (8 letters), where "Ordinador" was cut to "Ordinad…".
  const context = await browser.newContext({ viewport: { width: 560, height: 320 }, isMobile: true, hasTouch: true, locale: 'ca-ES' });
  // Every text drawn on the board's canvas.
  await context.addInitScript(() => {
    const fill = CanvasRenderingContext2D.prototype.fillText;
    window.drawnTexts = [];
    CanvasRenderingContext2D.prototype.fillText = function (text, ...rest) { window.drawnTexts.push(String(text)); return fill.call(this, text, ...rest); };
  });
  const page = await openGame(context, server.url, { welcome: true });
  await page.click('#welcome-computer');
  await page.waitForFunction(() => document.body.dataset.opponent?.startsWith('computer'));
  await page.waitForFunction(() => window.drawnTexts.includes('Màquina'), null, { timeout: 5000 }).catch(() => {});
  const texts = await page.evaluate(() => window.drawnTexts);
  assert.ok(texts.includes('Màquina'), `the short name drawn: ${[...new Set(texts)].join(' | ')}`);
  assert.ok(!texts.some((t) => /^(Ordin|Màqu)/.test(t) && t.endsWith('…')), 'the name not cut');
  await shot(page, 'computer-label-ca-phone');
  await context.close();
});

test('the welcome reads at WCAG AA contrast, light and dark (axe-core)', async () => {
  for (const colorScheme of ['light', 'dark']) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme });
    const page = await openGame(context, server.url, { welcome: true });
    await page.waitForSelector('#welcome-dialog[open]');
    await page.waitForFunction(() => document.getElementById('welcome-computer-note').textContent !== '');
    // The board's canvas under the modal dialog makes axe leave every text over it undecided
    // ("incomplete"); hidden, each text is judged against its own background, as Lighthouse does.
    await page.evaluate(() => { for (const c of document.querySelectorAll('canvas')) c.style.visibility = 'hidden'; });
    await page.addScriptTag({ path: path.join(ROOT, 'node_modules/axe-core/axe.min.js') });
    const result = await page.evaluate(() => window.axe.run(document.getElementById('welcome-dialog'), { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }));
    const found = [...result.violations, ...result.incomplete.filter((v) => v.id === 'color-contrast')]
      .map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${JSON.stringify(n.any[0]?.data ?? '')}`).join(', ')}`);
    assert.deepEqual(found, [], `${colorScheme} welcome`);
    await context.close();
  }
});
