// The first visit's download, gzipped, file by file: `node tests/e2e/firstvisit-size.mjs`
// (after `make dist`). The same count as `make bench`'s, on its own.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { serve, launch, ROOT } from './harness.mjs';

const DIST = path.join(ROOT, 'dist');
const gz = (f) => gzipSync(readFileSync(path.join(DIST, f)), { level: 9 }).length;
const site = await serve(DIST);
const browser = await launch();
try {
  const context = await browser.newContext();
  const page = await context.newPage();
  const files = new Set();
  page.on('request', (r) => { const u = new URL(r.url()); if (u.protocol.startsWith('http')) files.add(decodeURIComponent(u.pathname)); });
  await page.goto(`${site.url}/index.html`);
  await page.waitForFunction(() => typeof window.tak?.tps === 'function');
  await page.waitForTimeout(1500);
  await context.close();
  let total = 0;
  for (const f of [...files].sort()) {
    const rel = f.replace(/^\//, '').replace(/\/$/, '/index.html') || 'index.html';
    total += gz(rel);
    console.log(`${rel.padEnd(32)} ${(gz(rel) / 1024).toFixed(1)} KB`);
  }
  console.log(`first visit: ${(total / 1024).toFixed(1)} KB gzipped`);
} finally {
  await browser.close();
  site.close?.();
}
