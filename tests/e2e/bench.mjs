// Web benchmark (`make bench`): the cost of one frame while a stack is being spread on an 8x8
// board full of tall stacks, measured in headless Chromium, and the gzipped download.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { serve, launch, ROOT, center, skipWelcome } from './harness.mjs';

const DIST = path.join(ROOT, 'dist');
const gz = (f) => gzipSync(readFileSync(path.join(DIST, f)), { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

/** Every file a fresh visitor's browser asks for, with its gzipped size. */
async function firstVisit(browser, url, ready, setup) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const files = new Set();
  page.on('request', (r) => { const u = new URL(r.url()); if (u.protocol.startsWith('http')) files.add(decodeURIComponent(u.pathname)); });
  if (setup) await setup(page); else await page.goto(url);
  await page.waitForFunction(ready);
  await page.waitForTimeout(1500); // anything loaded a little later counts too
  await context.close();
  let total = 0;
  const rows = [];
  for (const f of [...files].sort().filter((f) => !f.startsWith('/host/'))) {
    const rel = f.replace(/^\//, '').replace(/\/$/, '/index.html') || 'index.html';
    const size = gz(rel);
    total += size;
    rows.push(`    ${rel.padEnd(28)} ${kb(size).padStart(9)}`);
  }
  return { total, rows };
}

/** Milliseconds from navigation to the first drawn board: the median of `runs` fresh loads. */
async function firstBoard(browser, url, runs, throttle) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    if (throttle) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      // Lighthouse's mobile profile: 150 ms round trips, 1.6 Mbps down, 750 kbps up, 4x CPU.
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    }
    await page.goto(url);
    await page.waitForFunction(() => performance.getEntriesByName('tak:first-board').length, null, { timeout: 60000 });
    times.push(await page.evaluate(() => performance.getEntriesByName('tak:first-board')[0].startTime));
    await context.close();
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

// Tall stacks everywhere: 8x8 with 2 capstones each and stacks up to 12 high.
const TALL = 'x,1212,x,21212121,x,121,x2/1212121212,x,2S,x,12,x,1S,x/x2,212121212121C,x2,2121,x,1/x,1,x,2,x,121212121212,x,2/2121,x,1,x,1212121212C,x2,1/x,21,x2,2C,x,121,x/12121212,x3,1S,x,2,x/x2,21,x,1,x,1C,x 1 40';
const server = await serve();
const site = await serve(DIST);
const browser = await launch();
try {
  const hasBoard = () => typeof window.tak?.tps === 'function';
  const pageVisit = await firstVisit(browser, `${site.url}/index.html`, hasBoard);
  console.log(`first visit of the game page (gzipped, as requested by the browser): ${kb(pageVisit.total)}`);
  console.log(pageVisit.rows.join('\n'));
  // What comes later: on first use (the study build, the long texts, the computer's worker),
  // and what the service worker caches in the background for offline play.
  const later = ['pkg/tak_study_bg.wasm', 'www/i18n/en.more.txt', 'pkg/tak_engine_bg.wasm'];
  console.log(`fetched when first wanted: ${later.map((f) => `${f} ${kb(gz(f))}`).join(', ')}`);
  const offline = [...readFileSync(path.join(DIST, 'sw.js'), 'utf8').matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]);
  console.log(`everything the service worker keeps for offline play (${offline.length} files): ${kb(offline.reduce((n, f) => n + gz(f), 0))} gzipped`);
  const embedVisit = await firstVisit(browser, `${site.url}/embed.html?size=5`, hasBoard);
  console.log(`first visit of an embedded board (embed.html): ${kb(embedVisit.total)}`);
  console.log(embedVisit.rows.join('\n'));
  const elementVisit = await firstVisit(browser, null, () => document.querySelector('tak-board')?.ready, async (page) => {
    // A host page of someone else's (not counted), with one board on it.
    await page.route(`${site.url}/host/page.html`, (route) => route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>A post about Tak</title><script type="module" src="../www/tak-board.js"></script><tak-board size="5"></tak-board>',
    }));
    await page.goto(`${site.url}/host/page.html`);
  });
  console.log(`first visit of a <tak-board> on a host page: ${kb(elementVisit.total)}`);
  console.log(elementVisit.rows.join('\n'));
  for (const f of ['tak.html', 'tak-embed.html']) {
    console.log(`one file ${f}: ${kb(readFileSync(path.join(DIST, f)).length)}, ${kb(gz(f))} gzipped`);
  }
  const fast = await firstBoard(browser, `${site.url}/index.html`, 10, false);
  console.log(`navigation to the first drawn board, localhost: median of 10 fresh loads ${fast.toFixed(0)} ms`);
  const slow = await firstBoard(browser, `${site.url}/index.html`, 5, true);
  console.log(`the same under a slow network and 4x CPU throttling (Lighthouse mobile): median of 5 ${slow.toFixed(0)} ms`);

  const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 2 });
  await skipWelcome(page); // the frame is measured on a board the welcome does not cover
  await page.goto(`${server.url}/index.html`);
  await page.waitForFunction(() => typeof window.tak?.tps === 'function');
  const error = await page.evaluate((t) => window.tak.load(t), TALL);
  if (error) throw new Error(error);
  // Pick up white's 12-high stack on c6 from below its pieces (the whole carry of 8) and
  // spread it down the c file, then hold it mid-drag.
  const r = await page.evaluate(() => window.tak.squareRect('c6'));
  await page.mouse.move(r.x + r.width / 2, r.y + r.height - 2);
  await page.mouse.down();
  for (const sq of ['c5', 'c4', 'c3']) {
    const c = center(await page.evaluate((s) => window.tak.squareRect(s), sq));
    await page.mouse.move(c.x, c.y, { steps: 5 });
  }
  const pending = await page.evaluate(() => window.tak.status().pending);
  if (!pending) throw new Error('the stack was not picked up: nothing to measure');
  await page.evaluate(() => window.tak.benchFrame(30)); // warm up
  const runs = [];
  for (let i = 0; i < 5; i++) runs.push(await page.evaluate(() => window.tak.benchFrame(200)));
  runs.sort((a, b) => a - b);
  console.log(`frame while spreading ${pending} on an 8x8 board of tall stacks (device pixel ratio 2):`);
  console.log(`  the same picture again: median ${runs[2].toFixed(3)} ms, best ${runs[0].toFixed(3)} ms, worst ${runs[4].toFixed(3)} ms per frame (5 runs x 200 frames)`);
  // Frames that each follow a change: the pointer back over the stack's square and out to c3
  // again in turn, so that c6, c5, c4 and c3 change every frame and are painted again (the
  // rest of the board is kept).
  const turned = [];
  for (let i = 0; i < 5; i++) turned.push(await page.evaluate(() => window.tak.benchFrame(200, true)));
  turned.sort((a, b) => a - b);
  console.log(`  the spread taken back and made again before each: median ${turned[2].toFixed(3)} ms, best ${turned[0].toFixed(3)} ms, worst ${turned[4].toFixed(3)} ms per frame`);
  // The same, with the squares' kept pictures let go before each frame: what a frame costs
  // the first time the hand shows a spread (every changed square painted, none copied).
  const fresh = [];
  for (let i = 0; i < 5; i++) fresh.push(await page.evaluate(() => window.tak.benchFrame(200, true, true)));
  fresh.sort((a, b) => a - b);
  console.log(`  the same, each frame a picture never shown before: median ${fresh[2].toFixed(3)} ms, best ${fresh[0].toFixed(3)} ms, worst ${fresh[4].toFixed(3)} ms per frame`);
  await page.screenshot({ path: path.join(ROOT, 'tests/e2e/screenshots/bench-8x8-tall-stacks.png') });
  await page.mouse.up();

  // Search speed in the browser's wasm, in the Web Worker the game uses: the same positions
  // and node budget as `tak bench --nodes 200000`.
  const speed = await page.evaluate(async () => {
    const { Computer } = await import('./www/computer.js');
    const computer = new Computer();
    await computer.bench(20000); // warm up: compile and instantiate
    return computer.bench(200000);
  });
  console.log(`search in the browser (wasm, Web Worker): ${speed.nodes} nodes in ${(speed.timeMs / 1000).toFixed(2)} s: ${Math.round(speed.nps)} nodes/s`);

  // A whole-game review in the browser at the page's default depth: the first 60 plies of a
  // real 6x6 game (komi 2), every position searched in the worker.
  const real = JSON.parse(readFileSync(path.join(ROOT, 'tests/data/real-games.jsonl'), 'utf8').split('\n')[38]);
  const moves = real.moves.slice(0, 60);
  const review = await page.evaluate(async (moves) => {
    const { Analyst } = await import('./www/analyst.js');
    const { REVIEW_NODES } = await import('./www/study.js');
    window.tak.newGame(6, '2');
    const analyst = new Analyst();
    const start = performance.now();
    const result = await analyst.review(window.tak.startSpec(), moves, REVIEW_NODES, () => {});
    return { ms: performance.now() - start, marked: result.plies.filter((p) => p.judgement).length, nodes: REVIEW_NODES };
  }, moves);
  console.log(`review of a 60-ply 6x6 game in the browser (${review.nodes} nodes a position): ${(review.ms / 1000).toFixed(1)} s, ${review.marked} plies marked`);
} finally {
  await browser.close();
  server.close();
  site.close();
}
