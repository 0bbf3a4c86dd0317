// Sounds, made in the page with the Web Audio API (no audio files, nothing downloaded):
// a placement, a spread, Tak, the end of the game and the low-time warning. Short and quiet.
// Loaded by the page only when sound is on and first wanted; the AudioContext is created on
// the first user gesture (`unlock`), as browsers require. A page without Web Audio stays
// silent, and nothing plays while the tab is hidden.

// Each sound: notes of [start (s), frequency (Hz), length (s), wave, volume, end frequency].
/** @typedef {[number, number, number, OscillatorType, number, number?]} Note */
/** @type {Record<string, Note[]>} */
const SOUNDS = {
  // A piece put down: one soft, low knock.
  place: [[0, 330, 0.09, 'triangle', 0.16, 220]],
  // A stack spread: quick knocks, one per step.
  spread: [[0, 392, 0.06, 'triangle', 0.12, 300], [0.06, 349, 0.06, 'triangle', 0.11, 270], [0.12, 311, 0.08, 'triangle', 0.1, 240]],
  // Tak (a road threatened): two rising notes, bell-like.
  tak: [[0, 660, 0.16, 'sine', 0.09], [0.12, 880, 0.24, 'sine', 0.09]],
  // The end of the game: a short falling-then-resolving phrase.
  end: [[0, 523, 0.18, 'sine', 0.09], [0.15, 659, 0.18, 'sine', 0.09], [0.3, 784, 0.4, 'sine', 0.1]],
  // Little time left: two short high beeps.
  lowTime: [[0, 988, 0.08, 'square', 0.035], [0.16, 988, 0.08, 'square', 0.035]],
};

/** @type {AudioContext | null} */
let context = null;
let enabled = false;
/**
 * What the page may find on `globalThis`: an older Safari's AudioContext, and the tests' log.
 * @typedef {typeof globalThis & {webkitAudioContext?: typeof AudioContext, __takSoundLog?: string[]}} SoundGlobals
 */

/** Sound on or off (the page's switch); off until the page says. @param {boolean} on */
export function setEnabled(on) {
  enabled = !!on;
}

/** Called on a user gesture: creates the AudioContext the first time, resumes it after. */
export function unlock() {
  if (context) {
    if (context.state === 'suspended') context.resume().catch(() => {});
    return;
  }
  const Context = globalThis.AudioContext || /** @type {SoundGlobals} */ (globalThis).webkitAudioContext;
  if (!Context) return; // no Web Audio: silence
  try { context = new Context(); } catch { context = null; }
}

/** A note at `at` (the context's time): the context is there (playSound). @param {number} at @param {Note} note */
function note(at, [start, from, length, wave, volume, to]) {
  const osc = /** @type {AudioContext} */ (context).createOscillator();
  const gain = /** @type {AudioContext} */ (context).createGain();
  const t0 = at + start;
  osc.type = wave;
  osc.frequency.setValueAtTime(from, t0);
  if (to) osc.frequency.exponentialRampToValueAtTime(to, t0 + length);
  // A quick attack and an exponential fall: no click at either end.
  gain.gain.setValueAtTime(0.0001, t0);
  gain.gain.exponentialRampToValueAtTime(volume, t0 + 0.008);
  gain.gain.exponentialRampToValueAtTime(0.0001, t0 + length);
  osc.connect(gain).connect(/** @type {AudioContext} */ (context).destination);
  osc.start(t0);
  osc.stop(t0 + length + 0.02);
}

/**
 * Plays `name` ('place', 'spread', 'tak', 'end', 'lowTime') if sound is on, the tab is shown
 * and a gesture has unlocked the audio. Returns whether it played. With
 * `window.__takSoundLog` an array (the tests), what plays is written into it.
 * @param {string} name
 */
export function playSound(name) {
  const notes = SOUNDS[name];
  if (!notes || !enabled || document.hidden || !context) return false;
  if (context.state === 'suspended') context.resume().catch(() => {});
  try {
    const at = context.currentTime + 0.01;
    for (const n of notes) note(at, n);
  } catch {
    return false; // a browser that refuses: silence, never an error for the game
  }
  if (Array.isArray(/** @type {SoundGlobals} */ (globalThis).__takSoundLog)) /** @type {string[]} */ (/** @type {SoundGlobals} */ (globalThis).__takSoundLog).push(name);
  return true;
}

/**
 * The sound of a ply just played (its PTN), given the status after it.
 * @param {string} ptn
 * @param {Pick<import('./board.js').Status, 'result' | 'tak'>} status
 * @param {{tak?: boolean}} [options]
 */
export function soundOfPly(ptn, status, { tak = true } = {}) {
  if (status.result) return 'end';
  if (tak && status.tak) return 'tak';
  return /[<>+-]/.test(ptn) ? 'spread' : 'place';
}
