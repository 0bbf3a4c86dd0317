// The tinue puzzles' questions to the engine's worker (engine-client.js), apart from the
// puzzles' page (puzzle.js) so that `make test-types` checks each question against the
// worker's messages (src/web/wire.rs, declared in pkg/tak_engine.d.ts).
import { EngineClient } from './engine-client.js';

/** @typedef {import('../pkg/tak_engine.js').SearchSpec} SearchSpec */
/** Nodes the solver may spend on one question. */
const NODES = 1_000_000;

/** @typedef {import('../pkg/tak_engine.js').Kind} Kind */
/**
 * @template {Kind} K
 * @typedef {import('./engine-client.js').Question<K>} Question
 */

/** The worker, asked questions (engine-client.js): ask(kind, question) resolves to the answer. */
export class Solver {
  constructor() {
    this.client = new EngineClient();
  }

  /**
   * The solver's searches beat no heart: a long proof is not taken for a silent worker.
   * @template {Kind} K
   * @param {K} kind
   * @param {Question<K>} question
   */
  ask(kind, question) {
    return this.client.ask(kind, question, { patient: true });
  }

  stop() {
    this.client.close();
  }
}

/** Reads a puzzle set's text (a PTN of puzzles) in the worker: [{tps, size, attacker, ...}]. */
/** @param {Solver} solver @param {string} text */
export const readSet = (solver, text) => solver.ask('puzzles', { text });
/** Reads one puzzle's PTN in the worker (its errors name no number): {tps, size, ...}. */
/** @param {Solver} solver @param {string} text */
export const readOne = (solver, text) => solver.ask('puzzles', { text, one: true }).then((set) => set[0]);

/**
 * A puzzle from a position alone (an embed given only a TPS): its solution is the solver's
 * proof. Rejects with a message when there is no forced road within `plies`.
 * @param {Solver} solver
 * @param {SearchSpec} spec
 * @param {number} [plies]
 */
export async function puzzleFromTps(solver, spec, plies = 7) {
  const proof = await solver.ask('tinue', { spec, plies, nodes: NODES * 2 });
  if (proof.answer !== 'tinue') throw new Error(`the position has no forced road within ${plies} plies for the player to move (${proof.answer})`);
  return { tps: spec.tps, solution: proof.line, plies: proof.line.length, source: '', difficulty: 0, attacker: /** @type {string | null} */ (null) }; // the side to move
}

/**
 * Whether the attacker's `move` (PTN) in `spec` keeps a forced road within `plies`: resolves
 * to {verdict: 'keeps' | 'refuted' | 'unknown', move, defence, line}.
 * @param {Solver} solver
 * @param {SearchSpec} spec
 * @param {string} move
 * @param {number} plies
 */
export const judgeMove = (solver, spec, move, plies) => solver.ask('keepsTinue', { spec, move, plies, nodes: NODES });

/**
 * The defender's strongest reply in `spec` against a forced road within `plies`: resolves to
 * {line}, from the defence to the road (empty: none found).
 * @param {Solver} solver
 * @param {SearchSpec} spec
 * @param {number} plies
 */
export const defend = (solver, spec, plies) => solver.ask('strongestDefence', { spec, plies, nodes: NODES });
