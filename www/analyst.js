// The engine's worker for analysis and review, as seen from a page: live analysis that
// goes on until stopped, and a review of a line with progress, cancelled at once.
import { spawnWorker } from './spawn.js';
/** The engine's worker for analysis and review (separate from the computer player's). */
export class Analyst {
  constructor() {
    this.worker = null;
    this.nextId = 1;
    this.current = 0;
    this.onInsight = null;
    this.reviewing = null;
  }

  #start() {
    this.worker = spawnWorker();
    this.worker.onmessage = (event) => {
      const { id, insight, progress, review, error } = event.data || {};
      if (id !== this.current) return; // a stale answer
      if (insight) this.onInsight?.(insight);
      else if (progress) this.reviewing?.progress(...progress);
      else if (review) { const r = this.reviewing; this.reviewing = null; r?.resolve(review); }
      else if (error) {
        const r = this.reviewing;
        this.reviewing = null;
        if (r) r.reject(new Error(error)); else this.onInsight?.({ error });
      }
    };
    this.worker.onerror = (event) => {
      const r = this.reviewing;
      this.reviewing = null;
      r?.reject(new Error(event.message || 'the engine failed'));
      this.worker?.terminate();
      this.worker = null;
    };
  }

  /** Analyses `spec` (the board's searchSpec()) until stopped; insights go to onInsight. */
  analyse(spec) {
    if (this.reviewing) return;
    if (!this.worker) this.#start();
    this.current = this.nextId++;
    this.worker.postMessage({ id: this.current, analyze: spec });
  }

  stop() {
    this.current = this.nextId++;
    this.worker?.postMessage({ stop: true });
  }

  /** Reviews `moves` from `spec`; resolves to {startWhiteChance, plies}. */
  review(spec, moves, nodes, progress) {
    this.cancel();
    if (!this.worker) this.#start();
    this.current = this.nextId++;
    return new Promise((resolve, reject) => {
      this.reviewing = { resolve, reject, progress };
      this.worker.postMessage({ id: this.current, review: { spec, moves, nodes } });
    });
  }

  /** Stops a review at once (ending the worker: a running search cannot hear a message). */
  cancel() {
    if (!this.reviewing) return;
    const r = this.reviewing;
    this.reviewing = null;
    this.worker?.terminate();
    this.worker = null;
    const err = new Error('cancelled');
    err.cancelled = true;
    r.reject(err);
  }
}


export { evalWords } from './words.js';
