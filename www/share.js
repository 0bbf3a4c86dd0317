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

/** The save text a link's fragment carries, or null if it carries none. Throws on damage. */
export async function readLink(hash = location.hash) {
  if (!hash.startsWith(PREFIX)) return null;
  const bytes = fromBase64Url(hash.slice(PREFIX.length));
  if (bytes.length > 2_000_000) throw new Error('the link is too long');
  return new TextDecoder().decode(await pipe(bytes, new DecompressionStream('deflate-raw')));
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
