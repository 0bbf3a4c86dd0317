// The share link's decoder (www/share.js: base64url, then inflate, then UTF-8) on random and
// hostile fragments, in Node (no browser needed): every fragment gives a save text, nothing
// (not a game link) or a LinkError ('damaged' or 'too_large'), never another exception; and
// every text a link is made of comes back unchanged. What the text holds is then a save,
// whose reader is fuzzed natively (tests/decoders.rs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deflateRawSync } from 'node:zlib';
import { shareLink, readLink, LinkError, MAX_UNPACKED } from '../../www/share.js';

/** A small deterministic generator: a failing case is reproducible from its seed. */
function rng(seed) {
  let s = seed >>> 0 || 1;
  return (n) => {
    s ^= s << 13; s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5; s >>>= 0;
    return s % n;
  };
}

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const ANY = `${BASE64URL}+/=!#%~ é€😀\u0000\n`;

async function outcome(hash) {
  try {
    const text = await readLink(hash);
    assert.ok(text === null || typeof text === 'string');
    return text === null ? 'none' : 'text';
  } catch (err) {
    assert.ok(err instanceof LinkError, `${JSON.stringify(hash.slice(0, 60))} threw ${err}`);
    assert.ok(['damaged', 'too_large'].includes(err.code), err.code);
    return err.code;
  }
}

test('random fragments are read or refused as damaged, never thrown past the reader', async () => {
  const next = rng(22);
  const seen = new Set();
  for (let i = 0; i < 400; i++) {
    const alphabet = i % 2 ? BASE64URL : ANY;
    let body = '';
    for (let n = next(80); n > 0; n--) body += alphabet[next(alphabet.length)];
    seen.add(await outcome(`#g=${body}`));
  }
  assert.ok(seen.has('damaged'), 'random bytes are mostly not deflate');
  assert.equal(await outcome('#other'), 'none');
  assert.equal(await outcome(''), 'none');
});

test('valid deflate of random bytes, and packed saves cut short, are read or refused', async () => {
  const next = rng(7);
  for (let i = 0; i < 200; i++) {
    const bytes = Buffer.from(Array.from({ length: next(200) }, () => next(256)));
    // Random bytes are rarely UTF-8: refused as damaged, not thrown.
    const result = await outcome(`#g=${deflateRawSync(bytes).toString('base64url')}`);
    assert.ok(['text', 'damaged'].includes(result), result);
  }
  const link = await shareLink('tak-save 3\nline 0,1\nply 2\nclock none\n[Size "5"]\n\n1. a1 e5', 'https://x.test/');
  const fragment = link.slice(link.indexOf('#'));
  for (let cut = 4; cut < fragment.length; cut += 3) {
    const result = await outcome(fragment.slice(0, cut));
    assert.ok(['text', 'damaged'].includes(result), `${cut}: ${result}`);
  }
});

test('a link that would inflate past the limit is refused before it is all unpacked', async () => {
  const bomb = deflateRawSync(Buffer.alloc(MAX_UNPACKED + 1, 0x61), { level: 9 }).toString('base64url');
  assert.ok(bomb.length < 20_000, `${bomb.length}`);
  assert.equal(await outcome(`#g=${bomb}`), 'too_large');
  const atLimit = deflateRawSync(Buffer.alloc(MAX_UNPACKED, 0x61), { level: 9 }).toString('base64url');
  assert.equal(await outcome(`#g=${atLimit}`), 'text');
  assert.equal(await outcome(`#g=${'A'.repeat(MAX_UNPACKED + 1)}`), 'too_large');
});

test('every text a link is made of comes back unchanged', async () => {
  const next = rng(3);
  const pieces = ['tak-save 3\n', 'line 0\n', '{comment é€😀}', '[Size "6"]\n', '1. a1 f6 ', '\u0000', '\r\n', '"', '#', '%'];
  for (let i = 0; i < 100; i++) {
    let text = '';
    for (let n = next(40); n > 0; n--) text += pieces[next(pieces.length)];
    const link = await shareLink(text, 'https://example.test/tak/index.html#old');
    assert.ok(link.startsWith('https://example.test/tak/index.html#g='), link);
    assert.doesNotMatch(link.slice(link.indexOf('#g=') + 3), /[^A-Za-z0-9_-]/, 'the fragment is base64url');
    assert.equal(await readLink(link.slice(link.indexOf('#'))), text);
  }
});
