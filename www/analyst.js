// The engine's worker for analysis and review, as seen from a page: live analysis that
// goes on until stopped, and a review of a line with progress, cancelled at once. Both go
// through the one client of the worker (engine-client.js), which starts a silent worker
// again and gives it the job again, once in a row (`onRestart(again)` hears it).
import { EngineClient } from './engine-client.js';
/** @typedef {import('../pkg/tak_engine.js').SearchSpec} SearchSpec */
/** @typedef {import('../pkg/tak_engine.js').Heard} Heard */
/** @typedef {import('../pkg/tak_engine.js').Insight} Insight */
/**
 * What onInsight hears: an insight; or, where the analysis failed, `error` alone (why) and
 * none of the rest (the hearer looks at `error` first).
 * @typedef {Insight & {error?: string}} InsightOrError
 */

/**
 * What tells one analysed position from another: the position and every setting of its
 * game (a rule changed is a new analysis).
 * @param {SearchSpec} spec
 */
export const analysisKey = (spec) => `${spec.tps} ${JSON.stringify(spec.settings)}`;
/** Nodes per position of a review: a 60-ply 6×6 game well within 20 s in the browser. An
 * answer to a puzzle of one's own mistake is judged with as many (www/mistakes.js). */
export const REVIEW_NODES = 60000;

/** The engine's worker for analysis and review (separate from the computer player's). */
export class Analyst {
  constructor() {
    this.client = new EngineClient();
    /** @type {((insight: InsightOrError) => void) | null} */
    this.onInsight = null;
    this.analysing = 0; // the id of the analysis in progress
    this.reviewing = false;
  }

  /** @param {((again: boolean) => void) | null} hear */
  set onRestart(hear) { this.client.onRestart = hear; }

  /**
   * Analyses `spec` (the board's searchSpec()) until stopped; insights go to onInsight.
   * @param {SearchSpec} spec
   */
  analyse(spec) {
    if (this.reviewing) return;
    this.client.forget(this.analysing);
    const asked = this.client.ask('analyze', spec, { hear: (/** @type {Heard} */ data) => { this.onInsight?.(/** @type {Insight} */ (data.analyze)); return false; } });
    asked.catch((err) => { if (!err.cancelled && !err.died) this.onInsight?.(/** @type {InsightOrError} */ ({ error: err.message })); });
    this.analysing = asked.id;
  }

  stop() {
    this.client.forget(this.analysing);
    this.client.tell({ stop: true });
  }

  /**
   * Reviews `moves` (PTN) from `spec` with `nodes` a position; resolves to {startWhiteChance,
   * plies}. `progress(done, total)` after each position.
   * @param {SearchSpec} spec
   * @param {string[]} moves
   * @param {number} nodes
   * @param {(done: number, total: number) => void} [progress]
   */
  async review(spec, moves, nodes, progress) {
    this.cancel();
    this.reviewing = true;
    try {
      /** @param {Heard} data */
      const hear = (data) => {
        if (data.progress) progress?.(data.progress[0], data.progress[1]);
        return !!data.review;
      };
      return await this.client.ask('review', { spec, moves, nodes }, { hear });
    } finally {
      this.reviewing = false;
    }
  }

  /**
   * The mistakes of both sides in a reviewed game (its PTN with the review's comments), as
   * puzzles due now (src/web/mistakes.rs).
   * @param {string} ptn
   */
  mistakes(ptn) {
    return this.client.ask('mistakes', { ptn, now: Date.now() });
  }

  /** Stops a review at once (ending the worker: a running search cannot hear a message). */
  cancel() {
    if (this.reviewing) this.client.cancel();
  }
}

export { evalWords } from './words.js';
