// The first visit's download stays within 100 KB gzipped: every file the page asks for until
// its board is up, and a moment after (as `make bench` counts it; needs `make dist`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { serve, launch, ROOT, skipWelcome } from './harness.mjs';

const DIST = path.join(ROOT, 'dist');
const gz = (f) => gzipSync(readFileSync(path.join(DIST, f)), { level: 9 }).length;

test('a first visit downloads at most 100 KB gzipped', async () => {
  const site = await serve(DIST);
  const browser = await launch();
  try {
    for (const welcome of [true, false]) {
      const context = await browser.newContext();
      if (!welcome) await skipWelcome(context);
      const page = await context.newPage();
      const files = new Set();
      page.on('request', (r) => { const u = new URL(r.url()); if (u.protocol.startsWith('http')) files.add(decodeURIComponent(u.pathname)); });
      await page.goto(`${site.url}/index.html`);
      await page.waitForFunction(() => typeof window.tak?.tps === 'function');
      // Nothing test-only on the page's API in a release (the source tree's has failForTest).
      assert.equal(await page.evaluate(() => 'failForTest' in window.tak), false);
      await page.waitForTimeout(1500); // kept: it measures what a first visit downloads in a window; anything loaded a little later counts too
      await context.close();
      const sizes = [...files].map((f) => f.replace(/^\//, '').replace(/\/$/, '/index.html') || 'index.html').map((f) => [f, gz(f)]);
      const total = sizes.reduce((n, [, size]) => n + size, 0);
      assert.ok(total <= 100 * 1024, `${(total / 1024).toFixed(1)} KB: ${sizes.map(([f, n]) => `${f} ${n}`).join(', ')}`);
    }
  } finally {
    await browser.close();
    site.close();
  }
});
