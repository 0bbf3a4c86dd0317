// The page's one client of the engine's worker (www/worker.js), under the computer player
// (computer.js), the analysis and review (analyst.js) and the puzzles' solver (puzzle.js).
// Every question goes with an id and its answer comes back with it; a question may hear
// several messages (progress, insights) before its answer, or go on until forgotten. Ending
// the worker is how a search in progress is cancelled: it cannot hear a message while it
// searches. A worker that owes an answer and goes silent (crashed, killed for memory: it
// beats every second, and twice a second inside a move's search) is ended, started again
// and asked again, once in a row; `onRestart(again)` hears it. The worker's code (spawn.js)
// is fetched with the first question, not on a first visit.
// The messages are defined once, in Rust (src/web/wire.rs; see worker.js), and typed here
// from pkg/tak_engine.d.ts: a question's kind and fields are checked by `make test-types`.
/** @typedef {import('../pkg/tak_engine.js').Kind} Kind */
/** @typedef {import('../pkg/tak_engine.js').Asked} Asked */
/** @typedef {import('../pkg/tak_engine.js').Heard} Heard */
/**
 * @template {Kind} K
 * @typedef {import('../pkg/tak_engine.js').Question<K>} Question
 */
/**
 * @template {Kind} K
 * @typedef {import('../pkg/tak_engine.js').Answer<K & keyof Heard>} Answer
 */
/**
 * A question not yet answered: the message as sent (asked again after a restart), how its
 * answers are heard, and its promise's ends.
 * @typedef {object} Job
 * @property {Asked} message
 * @property {Kind & keyof Heard} kind
 * @property {(data: Heard) => boolean} hear
 * @property {(answer: any) => void} resolve the answer, of the kind asked (see `ask`)
 * @property {(err: Error) => void} reject
 * @property {boolean} patient
 */
/** @typedef {ReturnType<typeof import('./spawn.js').watchdog>} Watchdog */
/** @type {Promise<typeof import('./spawn.js')> | null} */
let spawning = null;

export class EngineClient {
  constructor() {
    /** @type {Worker | null} */
    this.worker = null;
    this.nextId = 1;
    /** id → {message, hear, resolve, reject, patient}: the questions not yet answered. @type {Map<number, Job>} */
    this.jobs = new Map();
    /** @type {Watchdog | null} */
    this.watch = null;
    this.restarts = 0;
    /** @type {((again: boolean) => void) | null} */
    this.onRestart = null;
  }

  /**
   * Asks `question`, of `kind` (`ask('think', {spec, level, seed})`). `hear(data)` gets each
   * message for it and says whether it is the answer (by default the first is); the promise
   * resolves to the answer's `kind` (`data.think`) or rejects with the worker's error.
   * `patient`: a long question without a heartbeat (the solver's), never taken for a silent
   * worker. Returns the promise, with the question's id as its `id`.
   * @template {Kind} K
   * @param {K} kind
   * @param {Question<K>} question
   * @param {{hear?: (data: Heard) => boolean, patient?: boolean}} [options]
   * @returns {Promise<Answer<K>> & {id: number}}
   */
  ask(kind, question, { hear = () => true, patient = false } = {}) {
    const id = this.nextId++;
    const message = /** @type {Asked} */ ({ [kind]: question, id });
    const answer = new Promise((resolve, reject) => {
      this.jobs.set(id, { message, kind: /** @type {Kind & keyof Heard} */ (kind), hear, resolve, reject, patient });
      this.#post(message).catch((err) => this.#end(id, err));
    });
    return Object.assign(answer, { id });
  }

  /**
   * Stops waiting for question `id`: what the worker still says of it is dropped.
   * @param {number} id
   */
  forget(id) {
    this.jobs.delete(id);
    this.#watch();
  }

  /**
   * Sends a word that needs no answer (analysis's `stop`), if a worker is running.
   * @param {Asked} message
   */
  tell(message) {
    this.worker?.postMessage(message);
  }

  /** Whether a question waits for its answer. */
  get busy() { return this.jobs.size > 0; }

  /** Ends a search in progress: every question waiting rejects with `cancelled`. */
  cancel() {
    if (this.jobs.size) this.close();
  }

  /** Ends the worker (freeing its memory), rejecting any question with `cancelled`. */
  close() {
    this.#fail(Object.assign(new Error('cancelled'), { cancelled: true }));
  }

  /** @param {Asked} message */
  async #post(message) {
    if (!this.worker) {
      // A failed fetch (offline before the first visit cached it) is tried again next time.
      const { spawnWorker, watchdog } = await (spawning ??= import('./spawn.js').catch((err) => { spawning = null; throw err; }));
      if (!this.jobs.has(/** @type {number} */ (message.id))) return; // cancelled meanwhile
      if (!this.worker) this.#start(spawnWorker, watchdog);
    }
    /** @type {Worker} */ (this.worker).postMessage(message);
    this.#watch();
  }

  /**
   * @param {typeof import('./spawn.js').spawnWorker} spawnWorker
   * @param {typeof import('./spawn.js').watchdog} watchdog
   */
  #start(spawnWorker, watchdog) {
    this.watch ??= watchdog(() => this.#silent());
    this.worker = spawnWorker();
    this.watch.started();
    this.worker.onmessage = (event) => {
      /** @type {Watchdog} */ (this.watch).heard();
      /** @type {Heard} */
      const data = event.data || {};
      const job = this.jobs.get(/** @type {number} */ (data.id));
      if (!job) return; // a heartbeat, or of a question nobody waits for any more
      this.restarts = 0;
      if (data.error) this.#end(/** @type {number} */ (data.id), new Error(data.error));
      else if (job.hear(data)) {
        this.forget(/** @type {number} */ (data.id));
        job.resolve(data[job.kind]);
      }
    };
    // A worker that could not even start (its script failed) answers nothing more.
    this.worker.onerror = (event) => this.#fail(new Error(event.message || 'the engine failed'));
  }

  #watch() {
    this.watch?.waiting([...this.jobs.values()].some((job) => !job.patient));
  }

  /** @param {number} id @param {Error} err */
  #end(id, err) {
    const job = this.jobs.get(id);
    this.forget(id);
    job?.reject(err);
  }

  /** @param {Error} err */
  #fail(err) {
    this.worker?.terminate();
    this.worker = null;
    const jobs = [...this.jobs.values()];
    this.jobs.clear();
    this.#watch();
    for (const job of jobs) job.reject(err);
  }

  /** The worker owes an answer and said nothing for too long. */
  #silent() {
    this.worker?.terminate();
    this.worker = null;
    if (this.restarts++ > 0) {
      this.#fail(Object.assign(new Error('stopped answering'), { died: true }));
      this.onRestart?.(true);
      return;
    }
    for (const job of this.jobs.values()) this.#post(job.message).catch((err) => this.#end(/** @type {number} */ (job.message.id), err));
    this.onRestart?.(false);
  }
}
