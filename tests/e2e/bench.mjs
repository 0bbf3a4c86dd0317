// Web benchmark (`make bench`): the cost of one frame while a stack is being spread on an 8x8
// board full of tall stacks, measured in headless Chromium, and the gzipped download.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { serve, launch, ROOT, center } from './harness.mjs';

const files = ['index.html', 'www/style.css', 'www/app.js', 'www/board.js', 'www/i18n.js', 'www/tutorial.js', 'www/computer.js', 'www/worker.js', 'pkg/tak.js', 'pkg/tak_bg.wasm'];
let total = 0;
console.log('gzipped download (level 9):');
for (const f of files) {
  const size = gzipSync(readFileSync(path.join(ROOT, f)), { level: 9 }).length;
  total += size;
  console.log(`  ${f.padEnd(18)} ${(size / 1024).toFixed(1).padStart(6)} KB`);
}
console.log(`  ${'total'.padEnd(18)} ${(total / 1024).toFixed(1).padStart(6)} KB`);

// Tall stacks everywhere: 8x8 with 2 capstones each and stacks up to 12 high.
const TALL = 'x,1212,x,21212121,x,121,x2/1212121212,x,2S,x,12,x,1S,x/x2,212121212121C,x2,2121,x,1/x,1,x,2,x,121212121212,x,2/2121,x,1,x,1212121212C,x2,1/x,21,x2,2C,x,121,x/12121212,x3,1S,x,2,x/x2,21,x,1,x,1C,x 1 40';
const server = await serve();
const browser = await launch();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 2 });
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
  console.log(`  median ${runs[2].toFixed(3)} ms, best ${runs[0].toFixed(3)} ms, worst ${runs[4].toFixed(3)} ms per frame (5 runs x 200 frames)`);
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
}
