// Starts the engine's Web Worker: from its file, or (in the one-file build, opened from
// file://) from the source the page carries inline.
export function spawnWorker() {
  const source = globalThis.TAK_WORKER_SOURCE;
  if (source) return new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
  const url = new URL('./worker.js', import.meta.url);
  // A <tak-board> on another site: a worker must come from the page's own origin, so a
  // worker of the page's imports ours (its host must allow that: Access-Control-Allow-Origin).
  if (url.origin !== location.origin) {
    return new Worker(URL.createObjectURL(new Blob([`import ${JSON.stringify(url.href)};`], { type: 'text/javascript' })), { type: 'module' });
  }
  return new Worker(url, { type: 'module' });
}

/** Bytes from base64 (the one-file build carries its wasm so). */
export function fromBase64(text) {
  const bin = atob(text);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}
