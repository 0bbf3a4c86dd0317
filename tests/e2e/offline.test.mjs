// Offline and static hosting: dist/ under a sub-path works, and after a first visit the game
// reloads and plays with the network off; a new release is offered, and taking it keeps games.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { launch, openMenu, skipWelcome } from './harness.mjs';
import { serveSite, SUBPATH } from './site.mjs';

let site, browser;
before(async () => { site = await serveSite(); browser = await launch(); });
after(async () => { await browser?.close(); site?.close(); });

test('the service worker caches every file of the page (not the one-file downloads)', () => {
  const dist = path.join(path.dirname(new URL(import.meta.url).pathname), '../../dist');
  const sw = readFileSync(path.join(dist, 'sw.js'), 'utf8');
  // Built by scripts/dist-sw.mjs: Workbox's manifest put in, and the version's name.
  assert.ok(!sw.includes('__WB_MANIFEST') && !sw.includes('__VERSION__'), 'a released service worker has its file list and version (not the source)');
  const entries = [...sw.matchAll(/\{"revision":("[0-9a-f]+"|null),"url":"([^"]*)"\}/g)];
  assert.ok(entries.every((m) => m[1] !== 'null'), 'every file has a revision (a release downloads what changed)');
  const listed = new Set(entries.map((m) => m[2]));
  const files = readdirSync(dist, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dist, path.join(e.parentPath ?? e.path, e.name)))
    .filter((f) => !['sw.js', '.nojekyll'].includes(f));
  // The one-file builds are downloads: cached when downloaded, not on every first visit.
  const downloads = ['tak.html', 'tak-embed.html'];
  assert.deepEqual(files.filter((f) => !listed.has(f) && !downloads.includes(f)), [], 'files the offline cache would miss');
  assert.deepEqual(downloads.filter((f) => listed.has(f)), [], 'the one-file builds are not fetched in the background');
});

test('dist/ served under a sub-path loads every asset and plays', async () => {
  const context = await browser.newContext();
  await skipWelcome(context); // the welcome is firstvisit.test.mjs's
  const page = await context.newPage();
  const failed = [];
  page.on('response', (r) => { if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`); });
  // A request cut short by moving on to the next page is not a missing asset.
  page.on('requestfailed', (r) => { if (r.failure()?.errorText !== 'net::ERR_ABORTED') failed.push(`failed ${r.url()} ${r.failure()?.errorText}`); });
  await page.goto(`${site.base}/`);
  await page.waitForFunction(() => typeof window.tak?.tps === 'function');
  assert.equal(await page.evaluate(() => window.tak.play('c3')), null);
  await page.goto(`${site.base}/www/embed-demo.html`);
  await page.waitForFunction(() => [...document.querySelectorAll('tak-board')].every((b) => b.ready));
  assert.equal(await page.evaluate(() => document.querySelectorAll('tak-board').length), 7);
  const frame = page.frameLocator('iframe');
  await frame.locator('canvas').waitFor();
  assert.deepEqual(failed, []);
  await context.close();
});

test('after a first visit the game reloads and plays offline, and an update keeps the saved game', async () => {
  const context = await browser.newContext();
  await skipWelcome(context); // the welcome is firstvisit.test.mjs's
  const page = await context.newPage();
  await page.goto(`${site.base}/index.html`);
  await page.waitForFunction(() => typeof window.tak?.tps === 'function');
  // Wait until the service worker has cached everything and controls the page.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
  });
  for (const m of ['a1', 'e5', 'c3']) assert.equal(await page.evaluate((m) => window.tak.play(m), m), null);
  const tps = await page.evaluate(() => window.tak.tps());

  await context.setOffline(true);
  await page.reload();
  await page.waitForFunction(() => typeof window.tak?.tps === 'function');
  assert.equal(await page.evaluate(() => window.tak.tps()), tps, 'the saved game came back offline');
  assert.equal(await page.evaluate(() => window.tak.play('d4')), null, 'and the game plays on');
  // The computer works offline too (its worker and wasm come from the cache).
  const thought = await page.evaluate(() => new Promise((resolve, reject) => {
    const worker = new Worker('./www/worker.js', { type: 'module' });
    worker.onmessage = (e) => { if (e.data?.beat) return; worker.terminate(); resolve(e.data); }; // past the heartbeats
    worker.onerror = (e) => reject(new Error(e.message));
    worker.postMessage({ id: 1, think: { spec: window.tak.searchSpec(), level: 2, seed: 1 } }); // src/web/wire.rs
  }));
  assert.ok(thought.think?.move, 'the computer answered offline');
  await page.goto(`${site.base}/embed.html?size=4`);
  await page.waitForFunction(() => typeof window.tak?.tps === 'function');
  assert.equal(await page.evaluate(() => window.tak.tps()), 'x4/x4/x4/x4 1 1');

  // A new release: a changed sw.js installs and waits; the page offers it, and Reload keeps
  // the game (two real builds: release.test.mjs).
  await context.setOffline(false);
  const swPath = path.join(site.dir, SUBPATH, 'sw.js');
  writeFileSync(swPath, `${readFileSync(swPath, 'utf8')}\n// a new release\n`);
  await page.goto(`${site.base}/index.html`);
  await page.waitForFunction(() => typeof window.tak?.tps === 'function');
  await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    await reg.update();
  });
  await page.waitForSelector('#update-reload', { timeout: 15000 });
  const reloaded = page.waitForEvent('load');
  await page.click('#update-reload');
  await reloaded;
  await page.waitForFunction(() => typeof window.tak?.tps === 'function');
  assert.match(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).active.scriptURL), /sw\.js$/);
  assert.equal(await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration()).waiting), false, 'the new release took over');
  assert.match(await page.evaluate(() => window.tak.tps()), /1S?,?/);
  assert.equal((await page.evaluate(() => window.tak.status())).ply, 4, 'the saved game survived the update');
  await context.close();
});

test('a first visit loads the play build only; the study build comes when wanted and the game moves into it', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await skipWelcome(context); // the welcome is firstvisit.test.mjs's
  const page = await context.newPage();
  const requested = [];
  page.on('request', (r) => requested.push(new URL(r.url()).pathname));
  await page.goto(`${site.base}/index.html`);
  await page.waitForFunction(() => typeof window.tak?.tps === 'function');
  await page.waitForTimeout(500); // kept: a window in which the study build must NOT be fetched; anything loaded a little later counts too
  assert.equal(await page.evaluate(() => window.tak.build()), 'play');
  assert.ok(requested.some((f) => f.endsWith('/pkg/tak_bg.wasm')), 'the play build was loaded');
  assert.deepEqual(requested.filter((f) => /tak_study|tak_engine|\.more\.txt/.test(f)), [], 'nothing a first visit does not need');

  // A game on the play build, with settings given since the board was made.
  for (const m of ['a1', 'e5', 'c3', 'd3', 'c4']) assert.equal(await page.evaluate((m) => window.tak.play(m), m), null);
  await page.evaluate(() => { window.tak.undo(); window.tak.set({ patterns: true }); });
  const before = await page.evaluate(() => ({ tps: window.tak.tps(), ptn: window.tak.ptn(), ply: window.tak.status().ply }));
  assert.equal(before.ply, 4);

  // A note on the ply shown needs the study build: it is fetched, and the game goes over.
  await page.click('#notes');
  await page.fill('#notes-text', 'a quiet move');
  await page.click('#notes-save');
  await page.waitForFunction(() => window.tak.build() === 'study');
  assert.ok(requested.some((f) => f.endsWith('/pkg/tak_study_bg.wasm')));
  const after = await page.evaluate(() => ({ tps: window.tak.tps(), ptn: window.tak.ptn(), ply: window.tak.status().ply }));
  assert.equal(after.tps, before.tps);
  assert.equal(after.ply, 4, 'the ply shown stays');
  assert.match(after.ptn, /2\. c3 d3 \{a quiet move\}\s+3\. c4/, 'the undone ply and the note are both in the game');
  assert.equal(await page.isVisible('#notes-dialog'), false, 'the dialog closed once saved');
  // The board still plays, with its settings: the next ply redoes c4.
  assert.equal(await page.evaluate(() => window.tak.redo()), true);
  assert.equal((await page.evaluate(() => window.tak.status())).ply, 5);

  // The rules' text is fetched when they are first read.
  await page.click('#rules-wide');
  await page.waitForFunction(() => document.querySelector('[data-i18n="rules.p1"]')?.textContent.length > 40);
  assert.ok(requested.some((f) => f.endsWith('/www/i18n/en.more.txt')));
  await context.close();
});

test('when the study build cannot be fetched, Paste says so and keeps the text and the game', async () => {
  // No service worker: it would have cached the study build in the background already.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  await skipWelcome(context); // the welcome is firstvisit.test.mjs's
  const page = await context.newPage();
  await page.route(/tak_study/, (route) => route.abort());
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${site.base}/index.html`);
  await page.waitForFunction(() => typeof window.tak?.tps === 'function');
  assert.equal(await page.evaluate(() => window.tak.play('a1')), null);
  const before = await page.evaluate(() => window.tak.tps());
  await openMenu(page);
  await page.click('#paste');
  await page.fill('#paste-text', '[Size "5"]\n1. a1 e5 2. c3');
  await page.click('#load-game');
  await page.waitForFunction(() => /could not be loaded/.test(document.getElementById('paste-error').textContent));
  assert.ok(await page.locator('#paste-dialog[open]').count(), 'the dialog stays open');
  assert.equal(await page.inputValue('#paste-text'), '[Size "5"]\n1. a1 e5 2. c3', 'the pasted text is kept');
  assert.equal(await page.evaluate(() => window.tak.tps()), before, 'the game is unchanged');
  assert.equal(await page.evaluate(() => window.tak.build()), 'play');
  assert.deepEqual(errors, []);
  await context.close();
});

test('while the study build is on its way, marks keep their order and a drag in progress is not cut short', async () => {
  // No service worker (it would have the build already), and the build held back 1.5 s.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  await skipWelcome(context); // the welcome is firstvisit.test.mjs's
  const page = await context.newPage();
  await page.route(/tak_study_bg\.wasm/, async (route) => { await new Promise((r) => setTimeout(r, 1500)); await route.continue(); }); // kept: a slow network, simulated (not a wait of the test's)
  const arrived = page.waitForEvent('requestfinished', { predicate: (r) => /tak_study_bg\.wasm/.test(r.url()), timeout: 30000 });
  await page.goto(`${site.base}/index.html`);
  await page.waitForFunction(() => typeof window.tak?.tps === 'function');
  assert.equal(await page.evaluate(() => window.tak.play('a1')), null);
  const at = async (sq) => { const r = await page.evaluate((s) => window.tak.squareRect(s), sq); return { x: r.x + r.width / 2, y: r.y + r.height / 2 }; };
  // Two right-clicks: two highlights, not one arrow between them.
  for (const sq of ['d4', 'b2']) { const p = await at(sq); await page.mouse.click(p.x, p.y, { button: 'right' }); }
  // A drag from the reserve, still held when the build arrives.
  const pile = await page.evaluate(() => window.tak.reserveRect('flat'));
  const c3 = await at('c3');
  await page.mouse.move(pile.x + pile.width / 2, pile.y + pile.height / 2);
  await page.mouse.down();
  await page.mouse.move(c3.x, c3.y, { steps: 5 });
  await arrived; // the build has come, while the drag is held
  await page.waitForTimeout(1000); // kept: the move into it must NOT come before the release, and nothing shows that it waits
  assert.equal(await page.evaluate(() => window.tak.build()), 'play', 'the move waits for the release');
  await page.mouse.up();
  await page.waitForFunction(() => window.tak.build() === 'study');
  await page.waitForFunction(() => window.tak.marks().length === 2);
  assert.deepEqual((await page.evaluate(() => window.tak.marks())).map((m) => m.square).sort(), ['b2', 'd4']);
  assert.equal(await page.evaluate(() => window.tak.tps()), 'x5/x5/x2,1,x2/x5/2,x4 1 2', 'the dragged flat was placed');
  await context.close();
});
