// The engine's worker for analysis and review, as seen from a page: live analysis that
// goes on until stopped, and a review of a line with progress, cancelled at once. A worker
// that goes silent mid-job (crashed, killed for memory) is started again and given the job
// again, once in a row; `onRestart` hears it (`onRestart(true)`: it failed again).
import { spawnWorker, watchdog } from './spawn.js';
/** The engine's worker for analysis and review (separate from the computer player's). */
export class Analyst {
  constructor() {
    this.worker = null;
    this.nextId = 1;
    this.current = 0;
    this.onInsight = null;
    this.reviewing = null;
    this.onRestart = null;
    /** The job in hand (the message that asked for it), given again to a new worker. */
    this.job = null;
    this.restarts = 0;
    this.watch = watchdog(() => this.#silent());
  }

  #silent() {
    this.worker?.terminate();
    this.worker = null;
    const job = this.job;
    if (!job) return;
    if (this.restarts++ > 0) {
      this.job = null;
      const r = this.reviewing;
      this.reviewing = null;
      const err = new Error('stopped answering');
      err.died = true;
      r?.reject(err);
      this.onRestart?.(true);
      return;
    }
    this.#send(job);
    this.onRestart?.(false);
  }

  #send(message) {
    if (!this.worker) this.#start();
    this.job = message;
    this.worker.postMessage(message);
    this.watch.waiting(true);
  }

  #start() {
    this.worker = spawnWorker();
    this.watch.started();
    this.worker.onmessage = (event) => {
      this.watch.heard();
      const { id, insight, progress, review, error } = event.data || {};
      if (id !== this.current) return; // a stale answer, or a heartbeat
      if (insight || progress) this.restarts = 0;
      if (insight) this.onInsight?.(insight);
      else if (progress) this.reviewing?.progress(...progress);
      else if (review) { const r = this.reviewing; this.reviewing = null; this.#done(); r?.resolve(review); }
      else if (error) {
        const r = this.reviewing;
        this.reviewing = null;
        if (r) r.reject(new Error(error)); else this.onInsight?.({ error });
      }
    };
    this.worker.onerror = (event) => {
      const r = this.reviewing;
      this.reviewing = null;
      this.#done();
      r?.reject(new Error(event.message || 'the engine failed'));
      this.worker?.terminate();
      this.worker = null;
    };
  }

  #done() {
    this.job = null;
    this.watch.waiting(false);
  }

  /** Analyses `spec` (the board's searchSpec()) until stopped; insights go to onInsight. */
  analyse(spec) {
    if (this.reviewing) return;
    this.current = this.nextId++;
    this.#send({ id: this.current, analyze: spec });
  }

  stop() {
    this.current = this.nextId++;
    this.#done();
    this.worker?.postMessage({ stop: true });
  }

  /** Reviews `moves` from `spec`; resolves to {startWhiteChance, plies}. */
  review(spec, moves, nodes, progress) {
    this.cancel();
    this.current = this.nextId++;
    return new Promise((resolve, reject) => {
      this.reviewing = { resolve, reject, progress };
      this.#send({ id: this.current, review: { spec, moves, nodes } });
    });
  }

  /** Stops a review at once (ending the worker: a running search cannot hear a message). */
  cancel() {
    if (!this.reviewing) return;
    const r = this.reviewing;
    this.reviewing = null;
    this.#done();
    this.worker?.terminate();
    this.worker = null;
    const err = new Error('cancelled');
    err.cancelled = true;
    r.reject(err);
  }
}


export { evalWords } from './words.js';
