// Share links: a link of compressed zeros is refused while it is being inflated.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { ROOT, serve, launch } from './harness.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test('a link of compressed zeros is refused while it is being inflated, not after', async () => {
  // 1.1 GB of zeros packs into a 1.5 MB link. Fed whole, the browser inflated all of it before
  // the page could count a byte; fed a piece at a time, it stops near the 8 MB limit.
  const { createDeflateRaw } = await import('node:zlib');
  const deflate = createDeflateRaw({ level: 9 });
  const parts = [];
  deflate.on('data', (c) => parts.push(c));
  const zeros = Buffer.alloc(1 << 20);
  for (let i = 0; i < 1100; i++) deflate.write(zeros);
  await new Promise((resolve) => deflate.end(resolve));
  const packed = Buffer.concat(parts);
  const source = await serve(ROOT); // the modules as written (dist/ bundles them)
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${source.url}/tests/e2e/harness.mjs`);
  const result = await page.evaluate(async (hash) => {
    let fed = 0;
    const write = WritableStreamDefaultWriter.prototype.write;
    WritableStreamDefaultWriter.prototype.write = function counted(chunk) { fed += chunk?.byteLength ?? 0; return write.call(this, chunk); };
    const { readLink } = await import('/www/share.js');
    let code = 'read';
    try { await readLink(hash); } catch (err) { code = err.code; }
    WritableStreamDefaultWriter.prototype.write = write;
    return { code, fed };
  }, `#g=${packed.toString('base64url')}`);
  assert.equal(result.code, 'too_large');
  assert.ok(result.fed > 0 && result.fed < packed.length / 20, `fed ${result.fed} of ${packed.length} bytes before the refusal`);
  await context.close();
  source.close();
});
