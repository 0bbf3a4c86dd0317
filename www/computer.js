// The computer opponent as seen from the page: asks the worker, and cancels at once by
// ending the worker (a search cannot be interrupted from outside its thread otherwise).
import { spawnWorker } from './spawn.js';
export class Computer {
  constructor() {
    this.worker = null;
    this.pending = null;
    this.nextId = 1;
  }

  #start() {
    this.worker = spawnWorker();
    this.worker.onmessage = (event) => {
      const { id, error, ...answer } = event.data;
      if (!this.pending || this.pending.id !== id) return; // a stale answer
      const { resolve, reject } = this.pending;
      this.pending = null;
      if (error) reject(new Error(error));
      else resolve(answer);
    };
    this.worker.onerror = (event) => {
      const pending = this.pending;
      this.pending = null;
      pending?.reject(new Error(event.message || 'the computer player failed'));
      this.worker?.terminate();
      this.worker = null;
    };
  }

  /** Whether a search is running. */
  get busy() { return this.pending !== null; }

  /** Asks for a move; resolves to {move, score, depth, nodes, timeMs, pv, level}. */
  think(spec, level) {
    this.cancel();
    if (!this.worker) this.#start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending = { id, resolve, reject };
      this.worker.postMessage({ id, spec, level, seed: (Math.random() * 2 ** 32) >>> 0 });
    });
  }

  /** What the engine thinks of `spec`'s position: resolves to {whiteChance, text, ...}. */
  evaluate(spec) {
    this.cancel();
    if (!this.worker) this.#start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending = { id, resolve, reject };
      this.worker.postMessage({ id, evaluate: spec });
    });
  }

  /** Measures search speed in the worker. */
  bench(nodes) {
    this.cancel();
    if (!this.worker) this.#start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending = { id, resolve, reject };
      this.worker.postMessage({ id, bench: nodes });
    });
  }

  /** Stops a search in progress; its promise rejects with `cancelled`. */
  cancel() {
    if (!this.pending) return;
    const { reject } = this.pending;
    this.pending = null;
    this.worker?.terminate();
    this.worker = null;
    const err = new Error('cancelled');
    err.cancelled = true;
    reject(err);
  }
}
