// The engine's worker for analysis and review, as seen from a page: live analysis that
// goes on until stopped, and a review of a line with progress, cancelled at once. Both go
// through the one client of the worker (engine-client.js), which starts a silent worker
// again and gives it the job again, once in a row (`onRestart(again)` hears it).
import { EngineClient } from './engine-client.js';
/** The engine's worker for analysis and review (separate from the computer player's). */
export class Analyst {
  constructor() {
    this.client = new EngineClient();
    this.onInsight = null;
    this.analysing = 0; // the id of the analysis in progress
    this.reviewing = false;
  }

  set onRestart(hear) { this.client.onRestart = hear; }

  /** Analyses `spec` (the board's searchSpec()) until stopped; insights go to onInsight. */
  analyse(spec) {
    if (this.reviewing) return;
    this.client.forget(this.analysing);
    const message = { analyze: spec };
    this.client.ask(message, { hear: (data) => { this.onInsight?.(data.insight); return false; } })
      .catch((err) => { if (!err.cancelled && !err.died) this.onInsight?.({ error: err.message }); });
    this.analysing = message.id;
  }

  stop() {
    this.client.forget(this.analysing);
    this.client.tell({ stop: true });
  }

  /** Reviews `moves` from `spec`; resolves to {startWhiteChance, plies}. */
  async review(spec, moves, nodes, progress) {
    this.cancel();
    this.reviewing = true;
    try {
      const hear = (data) => {
        if (data.progress) progress?.(...data.progress);
        return !!data.review;
      };
      return (await this.client.ask({ review: { spec, moves, nodes } }, { hear })).review;
    } finally {
      this.reviewing = false;
    }
  }

  /** Stops a review at once (ending the worker: a running search cannot hear a message). */
  cancel() {
    if (this.reviewing) this.client.cancel();
  }
}

export { evalWords } from './words.js';
