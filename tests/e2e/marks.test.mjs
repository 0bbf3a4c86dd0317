// For sites that explain Tak: marks from every route (pixel checks against an unmarked
// board), lessons with captions, exported SVG and PNG, share links, and hostile text shown
// as text.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openGame, openMenu, squareAt, status, shot, boardDrawn } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

/** The mean colour of the middle of `sq`'s upper half (where pieces are not drawn). */
async function colourAt(page, sq, root = 'window.tak') {
  return page.evaluate(({ sq, root }) => {
    const handle = eval(root); // eslint-disable-line no-eval
    const r = handle.squareRect(sq);
    const canvas = handle.canvas ?? document.querySelector('canvas');
    const b = canvas.getBoundingClientRect();
    const ratio = canvas.width / b.width;
    const d = canvas.getContext('2d').getImageData((r.x - b.x + r.width * 0.35) * ratio, (r.y - b.y + r.height * 0.1) * ratio, r.width * 0.3 * ratio, r.height * 0.2 * ratio).data;
    const sum = [0, 0, 0];
    for (let i = 0; i < d.length; i += 4) { sum[0] += d[i]; sum[1] += d[i + 1]; sum[2] += d[i + 2]; }
    const n = d.length / 4;
    return sum.map((v) => Math.round(v / n));
  }, { sq, root });
}
/** The colour at the very centre of `sq` (an arrow passes there). */
const centre = (page, sq) => page.evaluate((sq) => {
  const r = window.tak.squareRect(sq);
  const canvas = window.tak.canvas;
  const b = canvas.getBoundingClientRect();
  const ratio = canvas.width / b.width;
  const d = canvas.getContext('2d').getImageData((r.x - b.x + r.width / 2) * ratio, (r.y - b.y + r.height / 2) * ratio, 1, 1).data;
  return [d[0], d[1], d[2]];
}, sq);
const differs = (a, b) => Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) + Math.abs(a[2] - b[2]) > 30;

test('marks set from the handle appear, and survive navigation', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openGame(context, server.url);
  for (const m of ['a1', 'e5', 'c3']) await page.evaluate((m) => window.tak.play(m), m);
  await boardDrawn(page);
  const plain = { d4: await colourAt(page, 'd4'), b2: await colourAt(page, 'b2'), d3: await centre(page, 'd3') };
  const error = await page.evaluate(() => window.tak.set({ marks: [{ arrow: ['b3', 'e3'] }, { square: 'd4', color: 'green' }, { square: 'b2', label: '1' }] }));
  assert.equal(error, null);
  await boardDrawn(page);
  assert.ok(differs(await colourAt(page, 'd4'), plain.d4), 'highlight');
  assert.ok(differs(await centre(page, 'd3'), plain.d3), 'the arrow passes d3');
  assert.ok(differs(await colourAt(page, 'b2'), plain.b2), 'the label on b2');
  assert.deepEqual(await page.evaluate(() => window.tak.marks()), [
    { arrow: ['b3', 'e3'], color: 'green' }, { square: 'd4', color: 'green' }, { square: 'b2', label: '1' },
  ]);
  await page.click('#first');
  await boardDrawn(page);
  assert.ok(differs(await colourAt(page, 'd4'), plain.d4), 'still there after navigation');
  await shot(page, 'marks-handle');
  assert.match(await page.evaluate(() => window.tak.set({ marks: [{ square: 'z9' }] })), /not a square/);
  await context.close();
});

test('a right-click highlights a square and a right-drag draws an arrow, kept with the ply', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openGame(context, server.url);
  for (const m of ['a1', 'e5']) await page.evaluate((m) => window.tak.play(m), m);
  await boardDrawn(page);
  const plain = await colourAt(page, 'c3');
  const c3 = await squareAt(page, 'c3');
  await page.mouse.click(c3.x, c3.y, { button: 'right' });
  // A first visit's board has no marks: the first one waits for the study build.
  await page.waitForFunction(() => window.tak.build() === 'study' && window.tak.marks().length === 1);
  await boardDrawn(page);
  assert.ok(differs(await colourAt(page, 'c3'), plain));
  const e3 = await squareAt(page, 'e3');
  await page.mouse.move(c3.x, c3.y);
  await page.mouse.down({ button: 'right' });
  await page.mouse.move(e3.x, e3.y, { steps: 5 });
  await page.mouse.up({ button: 'right' });
  await page.waitForFunction(() => window.tak.marks().length === 2);
  assert.match(await page.evaluate(() => window.tak.ptn()), /e5 \{\[arrows c3-e3\] \[highlight c3\]\}/);
  await page.click('#prev');
  assert.deepEqual(await page.evaluate(() => window.tak.marks()), []);
  await page.click('#next');
  assert.equal((await page.evaluate(() => window.tak.marks())).length, 2, 'back with the ply');
  assert.equal(await page.evaluate(() => window.tak.tps()), 'x4,1/x5/x5/x5/2,x4 1 2', 'no ply was played');
  await context.close();
});

test('URL parameters, attributes and PTN comments mark embedded boards; lessons step with captions', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${server.url}/embed.html?size=5`);
  await page.waitForFunction(() => typeof window.tak?.tps === 'function');
  await boardDrawn(page);
  const plain = await colourAt(page, 'c3');
  await page.goto(`${server.url}/embed.html?size=5&highlight=c3:red,d4&arrows=a1-a3&labels=b2:1`);
  await page.waitForFunction(() => typeof window.tak?.tps === 'function');
  await boardDrawn(page);
  assert.ok(differs(await colourAt(page, 'c3'), plain), 'URL parameters');
  assert.equal((await page.evaluate(() => window.tak.marks())).length, 4);
  // A bad parameter is reported, not half shown.
  await page.goto(`${server.url}/embed.html?size=5&highlight=c9`);
  await page.waitForSelector('.problem');
  assert.match(await page.textContent('.problem'), /'c9' is not a square/);
  // A lesson: the start's caption, then each ply's, with its marks.
  const lesson = '[Size "5"]\n{Welcome}\n1. a1 {[highlight a1] White places a black flat.} e5 {[arrows e5-c5] Black answers.}';
  await page.goto(`${server.url}/embed.html?lesson=1&ptn=${encodeURIComponent(lesson)}`);
  await page.waitForFunction(() => document.querySelector('.tak-caption')?.textContent);
  assert.equal(await page.textContent('.tak-caption'), 'Welcome');
  assert.equal((await page.evaluate(() => window.tak.status())).ply, 0);
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.textContent('.tak-caption'), 'White places a black flat.');
  assert.deepEqual(await page.evaluate(() => window.tak.marks()), [{ square: 'a1', color: 'green' }]);
  await page.click('text=Next ›');
  assert.equal(await page.textContent('.tak-caption'), 'Black answers.');
  await shot(page, 'lesson-embed');
  await page.click('text=‹ Previous');
  assert.equal(await page.textContent('.tak-caption'), 'White places a black flat.');
  // The custom element, with attributes and a lesson.
  await page.setContent(`<script type="module" src="${server.url}/www/tak-board.js"></script>
    <tak-board size="5" style="width:480px" highlight="c3" arrows="c3-e3" labels="d4:A"></tak-board>
    <tak-board lesson style="width:480px" ptn='${lesson}'></tak-board>`);
  await page.waitForFunction(() => [...document.querySelectorAll('tak-board')].every((b) => b.ready));
  assert.equal((await page.evaluate(() => document.querySelector('tak-board').marks())).length, 3);
  const caption = () => page.evaluate(() => document.querySelectorAll('tak-board')[1].shadowRoot.querySelector('.tak-caption').textContent);
  assert.equal(await caption(), 'Welcome');
  await page.evaluate(() => document.querySelectorAll('tak-board')[1].shadowRoot.querySelectorAll('.tak-steps button')[1].click());
  assert.equal(await caption(), 'White places a black flat.');
  await context.close();
});

test('exported SVG parses and shows the pieces and the marks; a PNG downloads; an animation too', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  const page = await openGame(context, server.url);
  for (const m of ['a1', 'e5', 'c3']) await page.evaluate((m) => window.tak.play(m), m);
  await page.evaluate(() => window.tak.set({ marks: [{ square: 'c3', color: 'red' }, { arrow: ['a1', 'a3'] }] }));
  const check = await page.evaluate(() => {
    const text = window.tak.toSVG({ width: 600, height: 450, dark: true });
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    return {
      ok: !doc.querySelector('parsererror') && doc.documentElement.nodeName === 'svg',
      rects: doc.querySelectorAll('rect').length,
      red: text.includes('#d55e00'),
      arrow: doc.querySelectorAll('polygon').length,
      dark: text.includes('#1b1a19'),
    };
  });
  assert.ok(check.ok, 'well-formed SVG');
  assert.ok(check.rects > 25 && check.red && check.arrow >= 1 && check.dark, JSON.stringify(check));
  // Through the Share and export dialog.
  await openMenu(page);
  await page.click('#share');
  const [png] = await Promise.all([page.waitForEvent('download'), page.click('#export-png')]);
  assert.equal(png.suggestedFilename(), 'tak.png');
  const bytes = await (await import('node:fs/promises')).readFile(await png.path());
  assert.deepEqual([...bytes.subarray(1, 4)].map((c) => String.fromCharCode(c)).join(''), 'PNG');
  const [svg] = await Promise.all([page.waitForEvent('download'), page.click('#export-svg')]);
  assert.equal(svg.suggestedFilename(), 'tak.svg');
  const [anim] = await Promise.all([page.waitForEvent('download'), page.click('#export-animation')]);
  const apng = await (await import('node:fs/promises')).readFile(await anim.path());
  assert.ok(apng.includes(Buffer.from('acTL')), 'an animated PNG');
  await shot(page, 'share-dialog');
  await context.close();
});

test('a share link opens the same game, variations and ply in a fresh browser', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openGame(context, server.url);
  for (const m of ['a1', 'e5', 'c3', 'c2']) await page.evaluate((m) => window.tak.play(m), m);
  await page.evaluate(() => { window.tak.goto(2); window.tak.play('d3'); window.tak.goto(2); });
  await page.evaluate(() => window.tak.setComment([0, 0], 'a note <script>window.hacked=1</script>'));
  await openMenu(page);
  await page.click('#share');
  // The Share dialog's form comes with its module: the link box appears once it has loaded.
  await page.waitForFunction(() => document.getElementById('share-link')?.value.includes('#g='));
  const link = await page.inputValue('#share-link');
  const ptn = await page.evaluate(() => window.tak.ptn());
  await context.close();
  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await other.goto(link);
  await other.waitForFunction(() => typeof window.tak?.tps === 'function');
  await other.waitForFunction((p) => window.tak.ptn() === p, ptn);
  assert.equal((await status(other)).ply, 2);
  assert.match(await other.textContent('#moves'), /a note <script>/, 'shown as text');
  assert.equal(await other.evaluate(() => window.hacked), undefined, 'never run');
  assert.doesNotMatch(other.url(), /#g=/, 'the link is consumed');
  await fresh.close();
});

test('hostile text in labels and comments is shown as text, never run', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const evil = encodeURIComponent('[Size "3"]\n{<img src=x onerror="window.hacked=1">}\n1. a1 {[labels b2:<b>] <svg onload="window.hacked=2">}');
  await page.goto(`${server.url}/embed.html?lesson=1&ptn=${evil}`);
  await page.waitForFunction(() => document.querySelector('.tak-caption')?.textContent);
  assert.match(await page.textContent('.tak-caption'), /<img src=x/);
  await page.keyboard.press('ArrowRight');
  assert.match(await page.textContent('.tak-caption'), /<svg onload/);
  const svg = await page.evaluate(() => window.tak.toSVG());
  assert.doesNotMatch(svg, /<b>/);
  assert.match(svg, /&lt;b&gt;/);
  assert.equal(await page.evaluate(() => window.hacked), undefined);
  await context.close();
});
