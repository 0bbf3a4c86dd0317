// The one-file builds, opened from file:// with the network blocked: the board appears,
// plies play, the computer answers, a reload keeps the game, and nothing is requested.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { launch, LAUNCH_OPTIONS, ROOT, skipWelcome, squareAt, status, kept } from './harness.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const DIST = path.join(ROOT, 'dist');

/**
 * A page with the network off, whose every request outside data: and blob: is kept. Offline
 * rather than intercepted: with every request routed through the test, Chromium now and then
 * dropped the file:// page's storage across a reload (every key gone), which no player meets.
 */
async function offlinePage(context) {
  const requested = [];
  await context.setOffline(true);
  context.on('request', (r) => { if (!/^(data|blob):/.test(r.url())) requested.push(r.url()); });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { page, requested, errors };
}

/** Chromium gave the reloaded file:// page an empty storage: the browser's doing, not the page's. */
class StorageLost extends Error {}

/** Plays from dist/tak.html on a profile of its own and reloads it (see the test below). */
async function playFromFile() {
  // A profile on disk, as a player's browser has.
  const profile = mkdtempSync(path.join(os.tmpdir(), 'tak-onefile-'));
  const context = await chromium.launchPersistentContext(profile, { ...LAUNCH_OPTIONS, viewport: { width: 1280, height: 800 } });
  // Closed whatever happens: a browser left open keeps node from ending the run.
  try {
    await skipWelcome(context); // the welcome is firstvisit.test.mjs's
    const { page, requested, errors } = await offlinePage(context);
    const file = `file://${path.join(DIST, 'tak.html')}`;
    await page.goto(file);
    await page.waitForFunction(() => typeof window.tak?.tps === 'function');
    // Plies by the hand.
    for (const sq of ['a1', 'e5', 'c3']) { const p = await squareAt(page, sq); await page.mouse.click(p.x, p.y); }
    assert.equal((await status(page)).ply, 3);
    // The computer answers (its worker started from the page's own source).
    await page.click('#new-game');
    await page.selectOption('#new-form select[name=opponent]', 'computer');
    await page.selectOption('#new-form select[name=level]', '2');
    await page.click('#start-game');
    await page.waitForFunction(() => !document.getElementById('new-dialog').open);
    const c3 = await squareAt(page, 'c3');
    await page.mouse.click(c3.x, c3.y);
    await page.waitForFunction(() => window.tak.status().ply === 2, null, { timeout: 30000 });
    // Languages, the rules and the tutorial work from the file.
    await page.click('#menu-button');
    await page.selectOption('#lang', 'it');
    await page.waitForFunction(() => document.getElementById('new-game').textContent === 'Nuova partita');
    await page.click('#learn');
    await page.waitForFunction(() => window.takTutorial);
    await page.keyboard.press('Escape');
    // A reload keeps the game. The save is written in a task of its own (and again when the page
    // is hidden): wait until it holds both plies, so that what the reload tests is the storage.
    const tps = await page.evaluate(() => window.tak.tps());
    await kept(page, /\b1\. c3 \S+/);
    await page.reload();
    await page.waitForFunction(() => typeof window.tak?.tps === 'function');
    const after = await page.evaluate(() => ({ tps: window.tak.tps(), keys: Object.keys(localStorage) }));
    // Now and then (about 1 run in 6 here, with or without the network routed through the test,
    // with a wait before the reload or without) Chromium gives the reloaded file:// page an
    // empty storage: no key but the one the test's own init script writes at every load (the
    // language, set a moment before, is gone too), and a new tab on the same file sometimes
    // finds the game and sometimes not. That is the browser's, and is tried again on a new
    // profile; a save that is there and not restored fails at once.
    if (!after.keys.includes('tak.settings')) throw new StorageLost(JSON.stringify(after.keys));
    assert.equal(after.tps, tps);
    assert.equal(await page.isVisible('#download-offline'), false, 'no link to itself');
    assert.deepEqual(requested.filter((u) => u !== file), [], 'nothing requested from anywhere');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

test('dist/tak.html plays the whole game from file:// with no network', async () => {
  assert.ok(existsSync(path.join(DIST, 'tak.html')), 'make dist writes dist/tak.html');
  for (let attempt = 1; ; attempt += 1) {
    try {
      await playFromFile();
      return;
    } catch (err) {
      if (!(err instanceof StorageLost) || attempt === 4) throw err;
      console.log(`Chromium lost the file:// storage across the reload (try ${attempt}): ${err.message}`);
    }
  }
});

test('dist/tak-embed.html takes the same URL parameters from file://', async () => {
  const context = await browser.newContext();
  await skipWelcome(context); // the welcome is firstvisit.test.mjs's
  const { page, requested, errors } = await offlinePage(context);
  const base = `file://${path.join(DIST, 'tak-embed.html')}`;
  const ptn = encodeURIComponent('[Size "4"]\n1. a1 d4 {[highlight d4] a note} 2. b2');
  await page.goto(`${base}?ptn=${ptn}&ply=2&lesson=1&lang=es`);
  await page.waitForFunction(() => typeof window.tak?.tps === 'function');
  await page.waitForFunction(() => document.querySelector('.tak-caption')?.textContent === 'a note');
  assert.equal((await page.evaluate(() => window.tak.status())).ply, 2);
  assert.equal(await page.textContent('.tak-steps button >> nth=1'), 'Siguiente ›');
  // The computer from the embed.
  await page.goto(`${base}?size=4&ai=1`);
  await page.waitForFunction(() => typeof window.tak?.tps === 'function');
  await page.evaluate(() => window.tak.play('a1'));
  await page.waitForFunction(() => window.tak.status().ply === 2, null, { timeout: 30000 });
  assert.deepEqual(requested.filter((u) => !u.startsWith(base)), []);
  assert.deepEqual(errors, []);
  await context.close();
});
