// Share links and exported images. A shared game travels in the link's fragment (after
// '#'), compressed: it is never sent to any server, and any static host serves the page.

const PREFIX = '#g=';

const toBase64Url = (bytes) => {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};
const fromBase64Url = (text) => {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
};

async function pipe(bytes, stream) {
  const out = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

/** The link to this page that opens `saved` (a board's save text): game, variations, ply. */
export async function shareLink(saved, base = location.href) {
  const packed = await pipe(new TextEncoder().encode(saved), new CompressionStream('deflate-raw'));
  return `${base.split('#')[0]}${PREFIX}${toBase64Url(packed)}`;
}

/** The most a link may unpack to (a save's limit): a small link cannot inflate past it. */
export const MAX_UNPACKED = 8 * 1024 * 1024;

/** Why a link could not be read: `code` is 'damaged' or 'too_large'. */
export class LinkError extends Error {
  constructor(code) {
    super(code);
    this.code = code;
  }
}

/**
 * The save text a link's fragment carries, or null if it carries none. Throws a LinkError
 * for a damaged link, or one that would unpack past MAX_UNPACKED (checked while unpacking:
 * nothing past the limit is ever held).
 */
export async function readLink(hash = location.hash) {
  if (!hash.startsWith(PREFIX)) return null;
  const text = hash.slice(PREFIX.length);
  if (text.length > MAX_UNPACKED) throw new LinkError('too_large');
  let bytes;
  try { bytes = fromBase64Url(text); } catch { throw new LinkError('damaged'); }
  const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw')).getReader();
  const chunks = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > MAX_UNPACKED) {
        reader.cancel().catch(() => {});
        throw new LinkError('too_large');
      }
      chunks.push(value);
    }
    const all = new Uint8Array(size);
    let at = 0;
    for (const c of chunks) { all.set(c, at); at += c.length; }
    return new TextDecoder('utf-8', { fatal: true }).decode(all);
  } catch (err) {
    throw err instanceof LinkError ? err : new LinkError('damaged');
  }
}

/** Offers `blob` as a download named `name`. */
export function download(blob, name) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
}
