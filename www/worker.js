// The engine's thread: the same wasm as the page, searching off the main thread.
// Messages in:
//   {id, spec: {tps, stones, caps, halfKomi, opening}, level, seed}   choose a move
//   {id, bench: nodes}                                       measure search speed
//   {id, analyze: spec}                                      analyse until told otherwise
//   {stop: true}                                             stop analysing
//   {id, review: {spec, moves, nodes}}                       review a line of plies
//   {id, evaluate: spec}                                     judge a position once
//   {id, tinue: {spec, plies, nodes}}                        prove a forced road (or not)
//   {id, keepsTinue: {spec, move, plies, nodes}}             judge a puzzle move
//   {id, strongestDefence: {spec, plies, nodes}}             the defence that lasts longest
//   {id, puzzles: text, one}                                 read a puzzle set (one: a single puzzle)
// Messages out: {id, move, score, depth, nodes, timeMs, pv, level}, {id, insight},
// {id, progress: [done, total]}, {id, review}, {id, tinue: {answer, line, plies, nodes}},
// {id, keepsTinue: {verdict, move, defence, line}}, {id, strongestDefence: {line}},
// {id, puzzles: [{tps, size, attacker, source, difficulty, plies, solution}]}, or {id, error};
// and {beat: true} every second while idle and twice a second in a move's search, so that the
// page can tell a long search from a worker that died (spawn.js, `watchdog`).
import init, { Engine } from '../pkg/tak_engine.js';

// The worker's own wasm build: the search, fast (the page's build is the small one). The
// one-file build carries it inline.
const inline = /** @type {{TAK_ENGINE_WASM?: string}} */ (/** @type {unknown} */ (self)).TAK_ENGINE_WASM;
const wasm = inline
  ? Uint8Array.from(atob(inline), (c) => c.charCodeAt(0))
  : new URL('../pkg/tak_engine_bg.wasm', import.meta.url);
const ready = init({ module_or_path: wasm }).then(() => new Engine());

const beat = () => self.postMessage({ beat: true });
setInterval(beat, 1000);

/** Nodes per slice of analysis: small enough that a new position or "stop" is heard at once. */
const SLICE = 20000;
let analysing = null; // {id, spec}

async function analyse(job) {
  const engine = await ready;
  if (analysing !== job) return;
  try {
    const insight = engine.analyze(job.spec, SLICE);
    self.postMessage({ id: job.id, insight });
    // Yield to the message queue between slices, so a new request or "stop" is heard.
    if (!insight.finished) setTimeout(() => analyse(job), 0);
  } catch (err) {
    self.postMessage({ id: job.id, error: String(err?.message || err) });
  }
}

self.onmessage = async (event) => {
  const { id, spec, level, seed, bench, analyze, stop, review, evaluate, tinue, keepsTinue, strongestDefence, puzzles, one } = event.data || {};
  if (stop) { analysing = null; return; }
  if (analyze) {
    analysing = { id, spec: analyze };
    analyse(analysing);
    return;
  }
  analysing = null;
  try {
    const engine = await ready;
    if (bench) {
      self.postMessage({ id, ...engine.bench(bench) });
      return;
    }
    if (tinue) {
      self.postMessage({ id, tinue: engine.tinue(tinue.spec, tinue.plies ?? 7, tinue.nodes ?? 1000000) });
      return;
    }
    if (keepsTinue) {
      const k = keepsTinue;
      self.postMessage({ id, keepsTinue: engine.keepsTinue(k.spec, String(k.move), k.plies ?? 7, k.nodes ?? 1000000) });
      return;
    }
    if (strongestDefence) {
      const d = strongestDefence;
      self.postMessage({ id, strongestDefence: engine.strongestDefence(d.spec, d.plies ?? 7, d.nodes ?? 1000000) });
      return;
    }
    if (puzzles != null) {
      self.postMessage({ id, puzzles: engine.puzzles(String(puzzles), !!one) });
      return;
    }
    if (evaluate) {
      self.postMessage({ id, ...engine.analyze(evaluate, 60000) });
      return;
    }
    if (review) {
      const progress = (done, total) => self.postMessage({ id, progress: [done, total] });
      self.postMessage({ id, review: engine.review(review.spec, review.moves, review.nodes, progress) });
      return;
    }
    const thought = engine.think(spec, level, seed >>> 0, beat);
    self.postMessage({ id, ...thought });
  } catch (err) {
    self.postMessage({ id, error: String(err?.message || err) });
  }
};
