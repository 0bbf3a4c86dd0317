// The game clocks on the page: one big clock per player beside the board, the running one
// highlighted, a warning when time runs short, and a pause button between people. Glue
// only: the clocks' arithmetic, the flag and what a take-back does are the board's (Rust,
// src/clock.rs and src/web/clock.rs); this file gives it the time and shows its answer.
// Loaded only when a game has clocks.

import { addStyle } from './styles.js';

// This module's own styles (www/styles.js).
addStyle(`
/* Game clocks: white's over the left reserve and black's over the right one on a wide page,
   black's above the board and white's below it upright (beside each reserve row). */
.board-area.timed { display: grid; grid-template-columns: 1fr auto 1fr; grid-template-rows: auto minmax(0, 1fr) auto; grid-template-areas: "cw cp cb" "board board board" "graph graph graph"; }
.board-area.timed > .board { grid-area: board; }
.board-area.timed > .graph { grid-area: graph; }
.clock { grid-area: cw; justify-self: start; display: flex; align-items: baseline; gap: .5rem; margin: .3rem .6rem; padding: .15rem .7rem; border: 2px solid var(--line); border-radius: .4rem; background: var(--panel); color: var(--muted); }
#clock-black { grid-area: cb; justify-self: end; }
.clock-pause { grid-area: cp; align-self: center; justify-self: center; }
.clock-name { font-size: .9rem; max-width: 9rem; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.clock-time { font: 700 clamp(1.4rem, 4vmin, 2.2rem) / 1.15 ui-monospace, "SF Mono", Menlo, Consolas, monospace; font-variant-numeric: tabular-nums; color: var(--fg); }
.clock.turn { color: var(--fg); }
.clock.running { border-color: var(--accent); background: var(--accent); color: var(--accent-fg); }
.clock.running .clock-time { color: var(--accent-fg); }
.clock.low .clock-time, .clock.flagged .clock-time { color: var(--warn); }
.clock.running.low { background: var(--warn); border-color: var(--warn); }
.clock.running.low, .clock.running.low .clock-time { color: var(--accent-fg); }
.clock.recorded { border-style: dashed; }
@media (orientation: portrait) {
  /* Their two rows, on top of the board's height (www/style.css). */
  .game:has(.board-area.timed) { --clocks: 5.2rem; }
  .board-area.timed { grid-template-rows: auto minmax(0, 1fr) auto auto; grid-template-areas: "cp cb cb" "board board board" "cw cw cw" "graph graph graph"; }
  .board-area.timed .clock { justify-self: end; margin: .15rem .6rem; }
  .board-area.timed .clock-pause { justify-self: start; margin: .15rem .6rem; }
}
@media (max-height: 30rem) {
  .clock { margin: .1rem .4rem; padding: 0 .5rem; }
  .clock-time { font-size: 1.3rem; }
}
`);

/** @param {string} id */
const $ = (id) => /** @type {PageElement} */ (document.getElementById(id));
/** @typedef {import('../pkg/tak_study.js').ClockStatus} ClockStatus */
/**
 * What the page gives the clocks (www/app.js).
 * @typedef {object} ClockHooks
 * @property {() => import('./i18n.js').Translator} t the current translator
 * @property {(color: string) => string} playerName a side's name
 * @property {(color: 'white' | 'black') => void} [onLowTime] a side's time first runs short
 * @property {(color: string) => void} [onFlag] a flag fell
 * @property {() => boolean} canPause whether the reader may pause (between people)
 * @property {() => unknown} keep saves the game at once
 */
/** How often the clocks are read: often enough for tenths under ten seconds. */
const TICK_MS = 100;

/**
 * Sets up the clocks of `board` on the page. `t()` gives the current translator;
 * `playerName(color)` names a side; `onFlag(color)` hears a flag fall; `onLowTime(color)` hears when a side's time first runs
 * short; `canPause()` says whether the reader may pause (between people); `keep()` saves
 * the game at once (the tab is being hidden or left). Returns `{sync(status)}`: call it
 * with each new status.
 * @param {import('./board.js').Board} board
 * @param {ClockHooks} hooks
 */
export function setUpClocks(board, { t, playerName, onLowTime, onFlag, canPause, keep }) {
  const area = /** @type {Element} */ (document.querySelector('.board-area'));
  const clocks = { white: $('clock-white'), black: $('clock-black') };
  const pause = $('clock-pause');
  /** @type {ReturnType<typeof setInterval> | null} */
  let timer = null;
  /** @type {boolean | null} */
  let held = null;
  let warned = { white: false, black: false };
  /** @type {ClockStatus | null} */
  let shown = null; // the last clocks shown, to skip unchanged text

  /** @param {ClockStatus} clock */
  const show = (clock) => {
    for (const [i, side] of /** @type {('white' | 'black')[]} */ (['white', 'black']).entries()) {
      const el = clocks[side];
      const text = clock.text[i];
      const time = /** @type {Element} */ (el.querySelector('.clock-time'));
      if (time.textContent !== text) time.textContent = text;
      el.classList.toggle('running', clock.running === side);
      el.classList.toggle('turn', clock.turn === side);
      el.classList.toggle('low', clock.low[i]);
      el.classList.toggle('flagged', clock.flagged === side);
      el.classList.toggle('recorded', !clock.live);
      el.title = clock.live ? '' : t()('clock.looking_back');
      // Warned once each time a side's time falls short (an increment may lift it again).
      if (clock.low[i] && clock.running === side && !warned[side]) {
        warned[side] = true;
        onLowTime?.(side);
      } else if (!clock.low[i]) {
        warned[side] = false;
      }
    }
    // The flag falls once: heard as the game's end.
    if (clock.flagged && shown && !shown.flagged && clock.live) onFlag?.(clock.flagged);
    const paused = clock.paused;
    pause.textContent = t()(paused ? 'clock.resume' : 'clock.pause');
    pause.setAttribute('aria-pressed', String(paused));
    pause.disabled = !!clock.flagged || !clock.live;
    shown = clock;
  };

  // The page holds the clocks while a dialog is open or the tab is hidden.
  const tick = () => {
    const hold = document.hidden || !!document.querySelector('dialog[open]');
    if (hold !== held) { held = hold; board.set({ clockHold: hold }); }
    const clock = board.clockTick(Date.now());
    if (clock) show(clock);
  };
  // A dialog opened or closed holds or frees them at once, not at the next tick: a player's
  // 100 ms are not spent while New game's form opens.
  new MutationObserver(() => { if (timer != null) tick(); })
    .observe(document.body, { subtree: true, attributes: true, attributeFilter: ['open'] });
  const start = () => { if (timer == null) timer = setInterval(tick, TICK_MS); };
  const stop = () => { if (timer != null) { clearInterval(timer); timer = null; } };

  pause.addEventListener('click', () => {
    board.set({ clockPaused: !(shown?.paused) });
    tick();
  });
  // Leaving or hiding the page: the clocks stop (held) and the game is saved as it stands,
  // so that a reload takes up the clocks where they were.
  document.addEventListener('visibilitychange', () => { tick(); if (document.hidden && shown) keep(); });
  addEventListener('pagehide', () => { if (shown) keep(); });

  return {
    /** @param {import('./board.js').Status} status */
    sync(status) {
      const clock = status.clock;
      area.classList.toggle('timed', !!clock);
      for (const el of [...Object.values(clocks), pause]) el.hidden = !clock;
      if (!clock) { stop(); shown = null; warned = { white: false, black: false }; return; }
      pause.hidden = !canPause();
      for (const [i, side] of /** @type {('white' | 'black')[]} */ (['white', 'black']).entries()) {
        const el = clocks[side];
        const name = status.players?.[i] ?? playerName(side);
        const label = /** @type {Element} */ (el.querySelector('.clock-name'));
        if (label.textContent !== name) label.textContent = name;
        el.setAttribute('aria-label', t()('clock.of', { player: name, time: clock.text[i] }));
      }
      show(clock);
      if (clock.flagged || status.result) stop();
      else start();
    },
  };
}
