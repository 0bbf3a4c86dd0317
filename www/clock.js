// The game clocks on the page: one big clock per player beside the board, the running one
// highlighted, a warning when time runs short, and a pause button between people. Glue
// only: the clocks' arithmetic, the flag and what a take-back does are the board's (Rust,
// src/clock.rs and src/web/clock.rs); this file gives it the time and shows its answer.
// Loaded only when a game has clocks.

const $ = (id) => document.getElementById(id);
/** How often the clocks are read: often enough for tenths under ten seconds. */
const TICK_MS = 100;

/**
 * Sets up the clocks of `board` on the page. `t()` gives the current translator;
 * `playerName(color)` names a side; `onFlag(color)` hears a flag fall; `onLowTime(color)` hears when a side's time first runs
 * short; `canPause()` says whether the reader may pause (between people); `keep()` saves
 * the game at once (the tab is being hidden or left). Returns `{sync(status)}`: call it
 * with each new status.
 */
export function setUpClocks(board, { t, playerName, onLowTime, onFlag, canPause, keep }) {
  const area = document.querySelector('.board-area');
  const clocks = { white: $('clock-white'), black: $('clock-black') };
  const pause = $('clock-pause');
  let timer = null;
  let held = null;
  let warned = { white: false, black: false };
  let shown = null; // the last clocks shown, to skip unchanged text

  const show = (clock) => {
    for (const [i, side] of ['white', 'black'].entries()) {
      const el = clocks[side];
      const text = clock.text[i];
      const time = el.querySelector('.clock-time');
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
  const start = () => { if (timer == null) timer = setInterval(tick, TICK_MS); };
  const stop = () => { if (timer != null) { clearInterval(timer); timer = null; } };

  pause.addEventListener('click', () => {
    board.pauseClock(!(shown?.paused));
    tick();
  });
  // Leaving or hiding the page: the clocks stop (held) and the game is saved as it stands,
  // so that a reload takes up the clocks where they were.
  document.addEventListener('visibilitychange', () => { tick(); if (document.hidden && shown) keep(); });
  addEventListener('pagehide', () => { if (shown) keep(); });

  return {
    sync(status) {
      const clock = status.clock;
      area.classList.toggle('timed', !!clock);
      for (const el of [...Object.values(clocks), pause]) el.hidden = !clock;
      if (!clock) { stop(); shown = null; warned = { white: false, black: false }; return; }
      pause.hidden = !canPause();
      for (const [i, side] of ['white', 'black'].entries()) {
        const el = clocks[side];
        const name = status.players?.[i] ?? playerName(side);
        const label = el.querySelector('.clock-name');
        if (label.textContent !== name) label.textContent = name;
        el.setAttribute('aria-label', t()('clock.of', { player: name, time: clock.text[i] }));
      }
      show(clock);
      if (clock.flagged || status.result) stop();
      else start();
    },
  };
}
