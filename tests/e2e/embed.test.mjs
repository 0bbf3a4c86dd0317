// Embedded boards: URL parameters, bad parameters, text never HTML, several independent
// boards on a page with nothing leaking, and postMessage driving an iframe.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, shot } from './harness.mjs';
import { serveSite, SUBPATH } from './site.mjs';

const HOST_TWO_BOARDS = `<!doctype html><html><head><meta charset="utf-8">
<style>canvas { display: none !important; } button { color: red; } div { border: 9px solid lime; }</style>
<script type="module" src="${SUBPATH}/www/tak-board.js"></script></head>
<body><script>window.before = Object.getOwnPropertyNames(window);</script>
<tak-board id="one" size="5" interactive style="width:400px"></tak-board>
<tak-board id="two" size="5" interactive controls style="width:400px"></tak-board>
</body></html>`;

const HOST_IFRAME = `<!doctype html><html><head><meta charset="utf-8"></head><body>
<iframe id="frame" src="${SUBPATH}/embed.html?size=4" width="400" height="320"></iframe>
<script>
  window.received = [];
  addEventListener('message', (e) => { if (e.source === document.getElementById('frame').contentWindow) window.received.push(e.data); });
</script></body></html>`;

let site, browser;
before(async () => {
  site = await serveSite({ 'two.html': HOST_TWO_BOARDS, 'host.html': HOST_IFRAME });
  browser = await launch();
});
after(async () => { await browser?.close(); site?.close(); });

async function embed(query, viewport = { width: 420, height: 360 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.goto(`${site.base}/embed.html?${query}`);
  return { context, page };
}

test('parameters set the position: size, tps, ptn and ply', async () => {
  const cases = [
    ['size=6', 'x6/x6/x6/x6/x6/x6 1 1'],
    [`tps=${encodeURIComponent('x3/x,1,x/2,x2 2 2')}`, 'x3/x,1,x/2,x2 2 2'],
    [`ptn=${encodeURIComponent('[Size "5"] 1. a1 e5 2. c3 c2')}`, 'x4,1/x5/x2,1,x2/x2,2,x2/2,x4 1 3'],
    [`ptn=${encodeURIComponent('[Size "5"] 1. a1 e5 2. c3 c2')}&ply=2`, 'x4,1/x5/x5/x5/2,x4 1 2'],
    [`ptn=${encodeURIComponent('[Size "5"] 1. a1 e5 2. c3 c2')}&ply=last&interactive=0&controls=1&theme=dark&lang=it`, 'x4,1/x5/x2,1,x2/x2,2,x2/2,x4 1 3'],
  ];
  for (const [query, expected] of cases) {
    const { context, page } = await embed(query);
    await page.waitForFunction(() => typeof window.tak?.tps === 'function');
    assert.equal(await page.evaluate(() => window.tak.tps()), expected, query);
    // Sized to its frame: no scrollbars.
    const overflow = await page.evaluate(() => document.documentElement.scrollHeight > innerHeight || document.documentElement.scrollWidth > innerWidth);
    assert.equal(overflow, false, `${query}: scrollbars`);
    if (query.includes('controls=1')) {
      assert.equal(await page.textContent('.tak-where'), 'Semimossa 4 di 4');
      await page.click('.tak-steps button >> nth=0');
      assert.equal(await page.evaluate(() => window.tak.status().ply), 0);
      await shot(page, 'embed-controls-dark-it');
    }
    assert.deepEqual(page.errors, []);
    await context.close();
  }
});

test('bad parameters show a readable message, not a blank box', async () => {
  const cases = [
    ['size=12', /size must be a board size from 3 to 8, not '12'/],
    ['ply=banana', /ply must be a number or 'last'/],
    [`ptn=${encodeURIComponent('[Size "5"] 1. a1 a1')}`, /ply 2: a1 is not empty/],
    [`tps=${encodeURIComponent('x5/x5 1 1')}`, /TPS/],
    [`ptn=${encodeURIComponent('[Size "5"] 1. a1')}&ply=9`, /ply 9 is past the end of the game \(1 plies\)/],
    ['interactive=maybe&ai=99', /interactive must be 0 or 1[\s\S]*ai must be a level from 1 to 6/],
  ];
  for (const [query, message] of cases) {
    const { context, page } = await embed(query);
    await page.waitForSelector('.problem');
    assert.match(await page.textContent('.problem'), message, query);
    assert.match(await page.textContent('.problem h1'), /could not be shown/);
    if (query === 'size=12') await shot(page, 'embed-bad-parameter');
    await context.close();
  }
});

test('random parameters are read or refused by name, never thrown; each refused one names itself', async () => {
  const { context, page } = await embed('size=4');
  await page.waitForFunction(() => window.tak);
  const report = await page.evaluate(async () => {
    const { readParams } = await import('./www/embed.js');
    const keys = ['size', 'tps', 'ptn', 'ply', 'interactive', 'controls', 'analysis', 'lesson', 'puzzle', 'flip', 'editor',
      'autoplay', 'arrows', 'highlight', 'labels', 'scoring', 'tierule', 'takebacks', 'komi', 'opening', 'flats', 'caps',
      'ai', 'theme', 'lang'];
    const values = ['', '0', '1', '5', '-1', '99999', '1e3', '2.5', 'last', 'NaN', 'swap', 'true', '%', '&', '=', '\u0000', 'é😀', '<b>x</b>'];
    let s = 22;
    const next = (n) => { s = (s * 1103515245 + 12345) % 2147483648; return s % n; };
    const problems = [];
    for (let i = 0; i < 500; i++) {
      const p = new URLSearchParams();
      for (let n = next(5); n >= 0; n--) p.append(keys[next(keys.length)], values[next(values.length)] + (next(3) ? '' : values[next(values.length)]));
      try {
        const { options, errors } = readParams(`?${p}`);
        if (typeof options !== 'object' || !Array.isArray(errors)) problems.push(`${p}: no options`);
        for (const e of errors) if (typeof e !== 'string' || !keys.some((k) => e.includes(k))) problems.push(`${p}: ${e}`);
      } catch (err) {
        problems.push(`${p}: threw ${err}`);
      }
    }
    return problems;
  });
  assert.deepEqual(report, []);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('markup in a PTN tag or the URL is shown as text, never run', async () => {
  const evil = '<img src=x onerror=window.pwned=1><b>bold</b>';
  const ptn = `[Size "5"]\n[Player1 "${evil}"]\n[Player2 "Bob"]\n1. a1 e5`;
  const { context, page } = await embed(`ptn=${encodeURIComponent(ptn)}`);
  await page.waitForFunction(() => typeof window.tak?.tps === 'function');
  assert.equal(await page.textContent('#caption'), `${evil} vs Bob`);
  assert.equal(await page.locator('img, b').count(), 0);
  assert.equal(await page.evaluate(() => window.pwned), undefined);
  await context.close();
  const bad = await embed(`size=${encodeURIComponent('<img src=x onerror="window.pwned=1">')}`);
  await bad.page.waitForSelector('.problem');
  assert.equal(await bad.page.locator('.problem img').count(), 0);
  assert.match(await bad.page.textContent('.problem'), /<img src=x/);
  await bad.context.close();
});

test('two boards on one page stay independent, and nothing leaks into the host page', async () => {
  const context = await browser.newContext({ viewport: { width: 900, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${site.url}/two.html`);
  await page.waitForFunction(() => document.getElementById('one').ready && document.getElementById('two').ready);
  assert.equal(await page.evaluate(() => document.getElementById('one').play('a1')), null);
  assert.equal(await page.evaluate(() => document.getElementById('one').tps()), 'x5/x5/x5/x5/2,x4 2 1');
  assert.equal(await page.evaluate(() => document.getElementById('two').tps()), 'x5/x5/x5/x5/x5 1 1');
  // A click on the second board plays there only (its canvas is visible despite the host's CSS).
  const r = await page.evaluate(() => document.getElementById('two').squareRect('c3'));
  await page.mouse.click(r.x + r.width / 2, r.y + r.height / 2);
  assert.equal(await page.evaluate(() => document.getElementById('two').tps()), 'x5/x5/x2,2,x2/x5/x5 2 1');
  assert.equal(await page.evaluate(() => document.getElementById('one').tps()), 'x5/x5/x5/x5/2,x4 2 1');
  // Moving a board in the page restarts it cleanly.
  await page.evaluate(() => document.body.append(document.getElementById('one')));
  await page.waitForFunction(() => document.getElementById('one').ready);
  assert.equal(await page.evaluate(() => document.getElementById('one').tps()), 'x5/x5/x5/x5/x5 1 1');
  const leaked = await page.evaluate(() => Object.getOwnPropertyNames(window).filter((k) => k !== 'before' && !window.before.includes(k)));
  assert.deepEqual(leaked, []);
  await shot(page, 'embed-two-boards');
  await context.close();
});

test('a <tak-board> taken out of the page while its board is on its way says nothing to nobody', async () => {
  const context = await browser.newContext({ viewport: { width: 900, height: 800 } });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.goto(`${site.url}/two.html`);
  await page.waitForFunction(() => document.getElementById('one').ready);
  // A puzzle without its position fails once its board is there: its element is gone by then.
  await page.evaluate(() => {
    for (const attrs of [{ size: '5' }, { puzzle: '' }]) {
      const b = document.createElement('tak-board');
      for (const [k, v] of Object.entries(attrs)) b.setAttribute(k, v);
      document.body.append(b);
      b.remove();
    }
  });
  // Kept: nothing must happen (an error thrown for a board nobody sees) within the time its
  // boards take to arrive.
  await page.waitForTimeout(1500);
  assert.deepEqual(page.errors, []);
  // Taken out and put back at once: one board, the second one, playable.
  await page.evaluate(() => { const b = document.createElement('tak-board'); b.id = 'three'; b.setAttribute('size', '4'); document.body.append(b); b.remove(); document.body.append(b); });
  await page.waitForFunction(() => document.getElementById('three').ready);
  assert.equal(await page.evaluate(() => document.getElementById('three').shadowRoot.querySelectorAll('canvas').length), 1);
  assert.equal(await page.evaluate(() => document.getElementById('three').play('a1')), null);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('postMessage drives an iframe board and hears its moves', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${site.url}/host.html`);
  await page.waitForFunction(() => window.received.some((m) => m.type === 'tak:ready'));
  const send = (msg) => page.evaluate((m) => document.getElementById('frame').contentWindow.postMessage(m, '*'), msg);
  await send({ type: 'tak:play', move: 'a1', id: 1 });
  await send({ type: 'tak:play', move: 'a1', id: 2 });
  await send({ type: 'tak:load', ptn: '[Size "4"] 1. a1 d4 2. b2', id: 3 });
  await send({ type: 'tak:goto', ply: 1, id: 4 });
  await send({ type: 'tak:get', id: 5 });
  await page.waitForFunction(() => window.received.some((m) => m.id === 5));
  const got = await page.evaluate(() => window.received);
  const by = (id) => got.find((m) => m.id === id);
  assert.equal(by(1).error, null);
  assert.match(by(2).error, /a1 is not empty/);
  assert.deepEqual(got.find((m) => m.type === 'tak:move'), { type: 'tak:move', ptn: 'a1', ply: 1, tps: 'x4/x4/x4/2,x3 2 1' });
  assert.equal(by(3).error, null);
  assert.equal(by(4).tps, 'x4/x4/x4/2,x3 2 1');
  assert.equal(by(5).ply, 1);
  assert.match(by(5).ptn, /1\. a1 d4/);
  await context.close();
});

test('ai=N lets the reader play the computer from the given position', async () => {
  const { context, page } = await embed(`tps=${encodeURIComponent('x5/x5/x2,1,x2/x5/2,x4 1 2')}&ai=1`);
  await page.waitForFunction(() => typeof window.tak?.tps === 'function');
  // The reader plays white (to move); the computer answers for black.
  assert.equal(await page.evaluate(() => window.tak.play('b2')), null);
  await page.waitForFunction(() => window.tak.status().ply === 2, null, { timeout: 10000 });
  assert.equal((await page.evaluate(() => window.tak.status())).toMove, 'white');
  assert.deepEqual(page.errors, []);
  await context.close();
});
