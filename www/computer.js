// The computer opponent as seen from the page: asks the worker, and cancels at once by
// ending the worker (a search cannot be interrupted from outside its thread otherwise).
// A worker that owes an answer and goes silent (crashed, killed for memory) is noticed by
// its missing heartbeat, started again and asked again, once; `onRestart` hears it. The
// worker's code (spawn.js) is fetched with the first question, not on a first visit.
let spawning = null;
export class Computer {
  constructor() {
    this.worker = null;
    this.pending = null;
    this.nextId = 1;
    this.onRestart = null;
    this.watch = null;
  }

  async #send(message) {
    if (!this.worker) {
      const { spawnWorker, watchdog } = await (spawning ??= import('./spawn.js'));
      if (this.pending?.message !== message) return; // cancelled meanwhile
      this.watch ??= watchdog(() => this.#silent());
      this.worker = spawnWorker();
      this.watch.started();
      this.worker.onmessage = (event) => {
        this.watch.heard();
        const { id, error, beat, ...answer } = event.data;
        if (beat || this.pending?.id !== id) return; // alive, or a stale answer
        this.#settle(error ? new Error(error) : null, answer);
      };
      // A worker that could not even start (its script failed) answers nothing more.
      this.worker.onerror = (event) => this.#settle(new Error(event.message || 'the computer player failed'), null, true);
    }
    this.worker.postMessage(message);
    this.watch.waiting(true);
  }

  #settle(error, answer, end) {
    const pending = this.pending;
    this.pending = null;
    this.watch?.waiting(false);
    if (end) { this.worker?.terminate(); this.worker = null; }
    if (error) pending?.reject(error); else pending?.resolve(answer);
  }

  /** The silence was too long: the worker is ended; the question is asked again once. */
  #silent() {
    this.worker?.terminate();
    this.worker = null;
    const pending = this.pending;
    if (pending?.restarted) {
      const err = new Error('stopped answering');
      err.died = true;
      this.#settle(err);
    } else if (pending) {
      pending.restarted = true;
      this.#send(pending.message);
      this.onRestart?.();
    }
  }

  #ask(message) {
    this.cancel();
    message.id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending = { id: message.id, resolve, reject, message };
      this.#send(message).catch((err) => this.#settle(err));
    });
  }

  /** Whether a search is running. */
  get busy() { return this.pending !== null; }

  /** Asks for a move; resolves to {move, score, depth, nodes, timeMs, pv, level}. */
  think(spec, level) {
    return this.#ask({ spec, level, seed: (Math.random() * 2 ** 32) >>> 0 });
  }

  /** What the engine thinks of `spec`'s position: resolves to {whiteChance, text, ...}. */
  evaluate(spec) {
    return this.#ask({ evaluate: spec });
  }

  /** Measures search speed in the worker. */
  bench(nodes) {
    return this.#ask({ bench: nodes });
  }

  /** Stops a search in progress; its promise rejects with `cancelled`. */
  cancel() {
    if (!this.pending) return;
    const err = new Error('cancelled');
    err.cancelled = true;
    this.#settle(err, null, true);
  }
}
