// The computer opponent as seen from the page: a move, a judgement of a position or a speed
// measure asked of the engine's worker through its client (engine-client.js: cancelled at
// once by ending the worker; a silent worker started again and asked again, said through
// `onRestart`). The client's code is fetched with the first question, not on a first visit.
/** @type {Promise<typeof import('./engine-client.js').EngineClient> | null} */
let loading = null;
// A failed fetch (offline before the first visit cached it) is tried again next time.
/** @typedef {import('../pkg/tak_engine.js').SearchSpec} SearchSpec */
/** @typedef {import('../pkg/tak_engine.js').Kind} Kind */
/**
 * @template {Kind} K
 * @typedef {import('./engine-client.js').Question<K>} Question
 */
const engineClient = () => (loading ??= import('./engine-client.js').then((m) => m.EngineClient, (err) => { loading = null; throw err; }));

export class Computer {
  constructor() {
    /** @type {import('./engine-client.js').EngineClient | null} */
    this.client = null;
    /** @type {Promise<unknown> | null} */
    this.waiting = null; // the first question, while the client's code loads
    /** @type {((again: boolean) => void) | null} */
    this.hear = null;
  }

  /**
   * `onRestart(again)`: the worker went silent and was started again (`again`: twice, given up).
   * @param {((again: boolean) => void) | null} hear
   */
  set onRestart(hear) {
    this.hear = hear;
    if (this.client) this.client.onRestart = hear;
  }

  /** Whether a search is running. */
  get busy() { return !!this.waiting || !!this.client?.busy; }

  /**
   * @template {Kind} K
   * @param {K} kind
   * @param {Question<K>} question
   */
  #ask(kind, question) {
    this.cancel();
    if (this.client) return this.client.ask(kind, question);
    const waiting = engineClient().then((EngineClient) => {
      if (this.waiting !== waiting) throw Object.assign(new Error('cancelled'), { cancelled: true });
      this.waiting = null;
      this.client ??= new EngineClient();
      this.client.onRestart = this.hear;
      return this.client.ask(kind, question);
    });
    this.waiting = waiting;
    return waiting;
  }

  /**
   * Asks for a move at `level` (1-6); resolves to {move, score, depth, nodes, timeMs, pv, level}.
   * @param {SearchSpec} spec
   * @param {number} level
   */
  think(spec, level) {
    return this.#ask('think', { spec, level, seed: (Math.random() * 2 ** 32) >>> 0 });
  }

  /**
   * What the engine thinks of `spec`'s position: resolves to {whiteChance, text, ...}.
   * @param {SearchSpec} spec
   */
  evaluate(spec) {
    return this.#ask('evaluate', spec);
  }

  /**
   * Measures search speed in the worker, `nodes` a position: resolves to {nodes, timeMs, nps}.
   * @param {number} nodes
   */
  bench(nodes) {
    return this.#ask('bench', nodes);
  }

  /** Stops a search in progress (a question still waiting for the client is dropped); its
   *  promise rejects with `cancelled`. */
  cancel() {
    this.waiting = null;
    this.client?.cancel();
  }
}
