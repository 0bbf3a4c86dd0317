// The computer player's thread: the same wasm as the page, searching off the main thread.
// Messages in: {id, spec: {tps, stones, caps, halfKomi}, level, seed} or {id, bench: nodes}.
// Messages out: {id, move, score, depth, nodes, timeMs, pv, level} or {id, error}.
import init, { Engine } from '../pkg/tak.js';

const ready = init({ module_or_path: new URL('../pkg/tak_bg.wasm', import.meta.url) }).then(() => new Engine());

self.onmessage = async (event) => {
  const { id, spec, level, seed, bench } = event.data || {};
  try {
    const engine = await ready;
    if (bench) {
      self.postMessage({ id, ...engine.bench(bench) });
      return;
    }
    const thought = engine.think(spec.tps, spec.stones, spec.caps, spec.halfKomi, level, seed >>> 0);
    self.postMessage({ id, ...thought });
  } catch (err) {
    self.postMessage({ id, error: String(err?.message || err) });
  }
};
