// mount(element, options): one Tak board in `element`, returning a handle. The same API
// serves the game page, embedded boards and the tests. Glue only: the board's logic, input
// handling and drawing live in Rust (src/web/).
//
// The wasm comes in two builds of the same board. A first visit gets the play build
// (pkg/tak*: rules, board, renderer, play, save). The study build (pkg/tak_study*: the same
// and games read from text, comments, reviews, marks, matches, images) is fetched when one of
// those is first wanted, and the board moves into it with its game and settings.
import { LANGUAGES } from './languages.js';
import initPlay, { TakBoard as PlayBoard, setCatalogue as setPlayCatalogue, catalogue as playCatalogue } from '../pkg/tak.js';

/**
 * The board in the wasm, as the study build declares it (pkg/tak_study.d.ts): the play
 * build's has the same methods less the study build's own, which board.js calls only once
 * the board has moved into the study build.
 * @typedef {import('../pkg/tak_study.js').TakBoard} WasmBoard
 * @typedef {import('../pkg/tak_study.js').Status} Status
 * @typedef {import('../pkg/tak_study.js').Hand} Hand
 * @typedef {import('../pkg/tak_study.js').BoardEvent} BoardEvent
 * @typedef {typeof import('../pkg/tak_study.js')} StudyLibrary
 */
/**
 * A build of the wasm, loaded. What only the study build has is there on 'study' only.
 * @typedef {object} Engine
 * @property {'play' | 'study'} name
 * @property {typeof import('../pkg/tak_study.js').TakBoard} TakBoard
 * @property {StudyLibrary['setCatalogue']} setCatalogue
 * @property {StudyLibrary['catalogue']} catalogue
 * @property {StudyLibrary['assembleApng']} [assembleApng]
 * @property {StudyLibrary} [library] the study build's module: games, friends, thumbnails
 * @property {StudyLibrary['TakEditor']} [TakEditor]
 * @property {StudyLibrary['TakLoading']} [TakLoading]
 * @property {StudyLibrary['TakRestoring']} [TakRestoring]
 */

/**
 * A place in the game tree from a caller: a move-list item's id, or a path array.
 * @param {number | number[]} p
 * @returns {number | number[]}
 */
const place = (p) => (Number.isInteger(p) || Array.isArray(p) ? p : []);

/**
 * A pasted text longer than this (about 2,000 plies) is read a slice at a time: slices of
 * about SLICE_MS, SLICE_TOKENS tokens between looks at the clock, so that the page never
 * stops answering for long (a 100,000-ply game takes the wasm about a second).
 */
const LOAD_AT_ONCE = 16 * 1024;
const SLICE_MS = 30;
const SLICE_TOKENS = 400;

/**
 * The play build's wasm: compiled already, where the game page's head started it while the
 * page's modules were still coming (`TAK_PLAY_WASM`, taken once), else fetched from here.
 */
function playWasm() {
  const url = new URL('../pkg/tak_bg.wasm', import.meta.url);
  const early = globalThis.TAK_PLAY_WASM;
  // Taken away, not set to undefined: on a host page (a <tak-board>) nothing is left behind.
  if (early) delete globalThis.TAK_PLAY_WASM;
  return early ? early.catch(() => url) : url;
}

/** @type {Map<string, Promise<Engine>>} */
const builds = new Map();
/**
 * Loads a build of the wasm ('play' or 'study') once per page.
 * @param {'play' | 'study'} [name]
 * @returns {Promise<Engine>}
 */
export function loadEngine(name = 'play') {
  // The one-file build carries the study build inline (base64) and uses it for everything.
  const inline = globalThis.TAK_WASM;
  if (inline) name = 'study';
  if (!builds.has(name)) {
    builds.set(name, name === 'play'
      // The play build's board is the study build's less what only the study build has.
      ? initPlay({ module_or_path: playWasm() }).then(() => /** @type {Engine} */ ({ name, TakBoard: PlayBoard, setCatalogue: setPlayCatalogue, catalogue: playCatalogue }))
      : import('../pkg/tak_study.js').then(async (m) => {
        await m.default({ module_or_path: inline ? Uint8Array.from(atob(inline), (c) => c.charCodeAt(0)) : new URL('../pkg/tak_study_bg.wasm', import.meta.url) });
        return /** @type {Engine} */ ({ name, TakBoard: m.TakBoard, setCatalogue: m.setCatalogue, catalogue: m.catalogue, assembleApng: m.assembleApng, library: m, TakEditor: m.TakEditor, TakLoading: m.TakLoading, TakRestoring: m.TakRestoring });
      }));
    // A failed fetch (offline before the first visit ended) is tried again next time.
    builds.get(name).catch(() => builds.delete(name));
  }
  return builds.get(name);
}

/** @type {Map<string, Promise<string>>} */
const catalogueTexts = new Map();
/** @type {Map<string, Promise<void>>} */
const cataloguesSet = new Map();
/**
 * Loads the catalogue of `lang` (one of www/languages.js) into a build of the wasm, once per page and
 * build: the board's messages and the names on its canvas. A one-file page carries them in
 * `globalThis.TAK_CATALOGUES` instead of fetching them.
 * @param {string} [lang]
 * @param {'play' | 'study'} [build]
 * @returns {Promise<void>}
 */
export function loadCatalogue(lang = 'en', build = 'play') {
  const code = LANGUAGES.includes(lang) ? lang : 'en';
  if (!catalogueTexts.has(code)) {
    // The catalogue is fetched while the wasm loads, not after it.
    const inline = globalThis.TAK_CATALOGUES?.[code];
    catalogueTexts.set(code, inline != null ? Promise.resolve(inline) : fetch(new URL(`./i18n/${code}.txt`, import.meta.url)).then((r) => {
      if (!r.ok) throw new Error(`the ${code} catalogue could not be loaded (${r.status})`);
      return r.text();
    }));
  }
  const key = `${build}:${code}`;
  if (!cataloguesSet.has(key)) {
    const texts = catalogueTexts.get(code).then((t) => (build === 'study' ? withMore(code, t) : t));
    cataloguesSet.set(key, Promise.all([loadEngine(build), texts]).then(([wasm, t]) => { wasm.setCatalogue(code, t); }));
  }
  return cataloguesSet.get(key);
}

/**
 * The study build's catalogue: `text` and, where it was split off (dist/), the long texts of
 * `www/i18n/<lang>.more.txt`, for the study build's Rust says some of them (the position
 * editor's refusals). The source tree and the one-file page have them all in `text` already.
 * @param {string} code
 * @param {string} text
 * @returns {Promise<string>}
 */
async function withMore(code, text) {
  if (/^rules\./m.test(text)) return text;
  try {
    const r = await fetch(new URL(`./i18n/${code}.more.txt`, import.meta.url));
    return r.ok ? `${text}\n${await r.text()}` : text;
  } catch {
    return text;
  }
}

const darkQuery = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;

/**
 * An image of the board: its size in CSS pixels, the theme, the ply (the one shown when left out).
 * @typedef {{width?: number, height?: number, dark?: boolean, ply?: number}} ImageOptions
 */
/** The board mount() makes: its methods and events. @typedef {Awaited<ReturnType<typeof mount>>} Board */
/**
 * What mount() takes (see there).
 * @typedef {object} MountOptions
 * @property {number} [size]
 * @property {string | number} [komi]
 * @property {string} [tps] a position to start from
 * @property {string} [ptn] a game to start from
 * @property {boolean} [study] start on the study build
 * @property {boolean} [interactive]
 * @property {boolean} [animate]
 * @property {boolean} [showTargets]
 * @property {boolean} [showThreats]
 * @property {boolean} [coordinates]
 * @property {boolean} [patterns]
 * @property {boolean} [flip]
 * @property {boolean} [drawMarks] the right button draws marks (default true)
 * @property {string} [lang]
 * @property {string} [theme] 'light', 'dark' or 'auto' (the system's)
 * @property {string} [label]
 * @property {string} [site]
 * @property {boolean} [messages]
 * @property {string} [scoring]
 * @property {boolean} [tieRule]
 * @property {string} [takeBacks]
 * @property {string} [opening]
 * @property {number} [flats]
 * @property {number} [caps]
 */
/**
 * Creates a board in `element`.
 * options: size, komi, tps, ptn (start), interactive, animate, showTargets, showThreats,
 * coordinates, patterns, flip (true: seen from Black's side), lang, theme ('light' | 'dark' |
 * 'auto'), label (accessible name),
 * site (the page's name or address, for the `Site` of the games it starts),
 * messages (default true: a refused action shows why over the board for a few seconds),
 * scoring ('Downings Middletown Tarway', any of them), tieRule (true: the ancient tie
 * rule), takeBacks ('court' or 'tavern'), opening ('swap' or 'no-swap'), flats and caps
 * (stones and capstones per player; the size's standard when left out);
 * newGameWith also takes clock (a time control as the PTN `Clock` tag writes it, '10:0 +15').
 * Events (handle.on): 'move', 'navigate', 'load', 'change' (with the status), 'refuse'
 * ({message}: why the last action was refused, in the board's language) and 'hand'
 * ({count, from} while a stack is carried, null when not).
 * @param {HTMLElement} element
 * @param {MountOptions} [options]
 */
export async function mount(element, options = {}) {
  // A game given as text needs the study build from the start; so does a host that asks.
  let wasm = await loadEngine(options.study || options.ptn || options.tps ? 'study' : 'play');
  let lang = options.lang;
  await loadCatalogue(lang, wasm.name);
  const canvas = document.createElement('canvas');
  canvas.className = 'tak-canvas';
  canvas.tabIndex = 0;
  canvas.setAttribute('role', 'application');
  canvas.setAttribute('aria-label', options.label || 'Tak board');
  canvas.style.cssText = 'display:block;width:100%;height:100%;touch-action:none;outline-offset:-2px;';
  const boardOptions = {
    size: options.size, komi: options.komi, tps: options.tps, ptn: options.ptn,
    interactive: options.interactive, animate: options.animate,
    showTargets: options.showTargets, coordinates: options.coordinates,
    patterns: options.patterns, showThreats: options.showThreats, flip: options.flip, lang,
    scoring: options.scoring, tieRule: options.tieRule, takeBacks: options.takeBacks,
    site: options.site, opening: options.opening, flats: options.flats, caps: options.caps,
  };
  // The board in the wasm, reached only through `board`, which guards every call: a failure
  // inside (a bug; a panic traps the wasm and leaves the object unusable, so that every later
  // call would throw "recursive use of an object") rebuilds it from the last good save
  // instead, says so over the board, and the page goes on. The failed call answers null.
  /** @type {WasmBoard} */
  let raw = new wasm.TakBoard(canvas, boardOptions);
  /** @type {(Status & {moves: string[]}) | null} */
  let statusNow = null; // the status, worked out once per change (see `status` below)
  /** @type {{save: string} | {moves: string[], ply: number} | null} */
  let lastGood = null; // the game after the last change ({save} or {moves, ply}), kept in a task of its own
  let goodTimer = null;
  let recovering = false;
  const broken = (err) => err instanceof WebAssembly.RuntimeError
    || /recursive use of an object|null pointer passed to rust/.test(String(err?.message));
  const recover = (err) => {
    recovering = true;
    try {
      console.warn('The board failed and is rebuilt from its last good save:', err);
      const start = lastGood != null ? { ...boardOptions, tps: undefined, ptn: undefined, lang } : { ...boardOptions, lang };
      const fresh = new wasm.TakBoard(canvas, start);
      // If even that fails: the start position. The play build reads no saves: its game
      // (never read from text, so one line) is played again.
      if (lastGood && 'save' in lastGood) fresh.restore(lastGood.save);
      else if (lastGood && 'moves' in lastGood) {
        for (const m of lastGood.moves) fresh.play(m);
        fresh.goto(lastGood.ply);
      }
      fresh.set(settings);
      raw = fresh; // the failed object is left alone: freeing it could fail the same way
      statusNow = null;
      const r = canvas.getBoundingClientRect();
      if (r.width > 0 && r.height > 0) raw.resize(r.width, r.height, window.devicePixelRatio || 1);
      raw.noteRecovered();
    } finally {
      recovering = false;
    }
    emit('recover', { error: String(err?.message ?? err) });
  };
  const board = /** @type {WasmBoard} */ (new Proxy({}, {
    get(_, name) {
      const value = raw[name];
      if (typeof value !== 'function') return value;
      return (...args) => {
        try {
          return value.apply(raw, args);
        } catch (err) {
          if (recovering || !broken(err)) throw err;
          recover(err);
          return null;
        }
      };
    },
  }));
  const noteGood = () => {
    goodTimer ??= setTimeout(() => {
      goodTimer = null;
      try {
        if (wasm.name === 'study') lastGood = { save: raw.save() };
        else lastGood = { moves: raw.moves(), ply: raw.status().ply };
      } catch { /* kept: the one before */ }
    }, 50);
  };
  // The settings given since (set(options)), replayed on the study build's board when the
  // board moves.
  const settings = {};
  const applied = {}; // the settings last given without an error
  const setting = (options) => { Object.assign(settings, options); return board.set(options) ?? null; };
  element.appendChild(canvas);
  // Why an action was refused: a short message over the top of the board that fades, read
  // out by screen readers. Every board has it, in the page or embedded.
  if (getComputedStyle(element).position === 'static') element.style.position = 'relative';
  const toast = document.createElement('p');
  toast.className = 'tak-toast';
  toast.setAttribute('role', 'alert');
  toast.setAttribute('aria-atomic', 'true');
  toast.hidden = true;
  toast.style.cssText = 'position:absolute;z-index:2;top:6px;left:50%;transform:translateX(-50%);'
    + 'width:max-content;max-width:min(30em,92%);margin:0;padding:.45em .8em;border-radius:.5em;'
    + 'font:15px/1.3 system-ui,-apple-system,"Segoe UI",sans-serif;text-align:center;pointer-events:none;'
    + 'box-shadow:0 3px 12px rgb(0 0 0 / .3);transition:opacity .4s;';
  element.appendChild(toast);
  const toastTimers = [];
  const hideMessage = () => { toastTimers.splice(0).forEach(clearTimeout); toast.hidden = true; };
  const showMessage = (text, ms = 4000) => {
    hideMessage();
    if (!text) return;
    toast.style.opacity = '1';
    // A new text node each time, so that a screen reader announces a repeat too.
    toast.replaceChildren(document.createTextNode(String(text)));
    toast.hidden = false;
    toastTimers.push(setTimeout(() => { toast.style.opacity = '0'; }, ms));
    toastTimers.push(setTimeout(() => { toast.hidden = true; }, ms + 450));
  };

  const listeners = new Map();
  const emit = (type, detail) => {
    for (const fn of listeners.get(type) || []) {
      try { fn(detail); } catch (err) { console.error(err); }
    }
  };
  let frame = 0;
  let destroyed = false;
  let drawnOnce = false;
  const draw = (now) => {
    frame = 0;
    if (destroyed) return;
    if (board.render(now)) schedule();
    if (!drawnOnce) {
      drawnOnce = true;
      // For measuring how soon a visitor sees the board (make bench).
      performance.mark?.('tak:first-board');
    }
  };
  const schedule = () => { if (!frame && !destroyed) frame = requestAnimationFrame(draw); };
  // After anything that may change the board: pass on its events and refusals, redraw if
  // needed.
  let refusals = board.messageSerial();
  let lastHand = '';
  // The status is worked out once per change, however often it is read. Its `moves` (every
  // ply of the line as PTN, as the line is when first read) only when read: a 100,000-ply
  // game's take a while, and the page itself shows only the plies near the one shown.
  const status = () => {
    if (statusNow == null) {
      const s = board.status();
      if (s == null) return null; // the board failed and was rebuilt: asked again next time
      let moves = null;
      Object.defineProperty(s, 'moves', { enumerable: true, get: () => (moves ??= board.moves()) });
      statusNow = /** @type {Status & {moves: string[]}} */ (s);
    }
    return statusNow;
  };
  const after = () => {
    statusNow = null;
    const events = board.takeEvents() ?? [];
    // A ply played or a step through the game: an earlier refusal no longer applies.
    if (events.length) { hideMessage(); noteGood(); }
    for (const e of events) emit(e.type, e);
    if (events.length) emit('change', status());
    // Pieces picked up, dropped or put back: hosts can guide the player.
    const hand = board.hand();
    const handKey = hand ? `${hand.from}:${hand.count}` : '';
    if (handKey !== lastHand) { lastHand = handKey; emit('hand', hand); }
    const serial = board.messageSerial();
    if (serial !== refusals) {
      refusals = serial;
      const message = board.message();
      if (options.messages !== false) showMessage(message);
      emit('refuse', { message });
    }
    if (board.needsFrame()) schedule();
  };

  const fit = () => {
    const r = canvas.getBoundingClientRect();
    if (r.width > 0 && r.height > 0) board.resize(r.width, r.height, window.devicePixelRatio || 1);
    after();
  };
  const resizeObserver = new ResizeObserver(fit);
  resizeObserver.observe(canvas);

  /** @type {string} 'light', 'dark' or 'auto' (the system's) */
  let theme = options.theme || 'auto';
  const applyTheme = () => {
    const dark = theme === 'dark' || (theme === 'auto' && !!darkQuery?.matches);
    setting({ dark });
    toast.style.background = dark ? 'rgb(250 240 225 / .95)' : 'rgb(40 30 20 / .92)';
    toast.style.color = dark ? '#1b1a19' : '#fff';
    after();
  };
  darkQuery?.addEventListener('change', applyTheme);
  applyTheme();

  /** @param {PointerEvent} e @returns {[number, number]} where on the canvas */
  const local = (e) => {
    const r = canvas.getBoundingClientRect();
    return [e.clientX - r.left, e.clientY - r.top];
  };
  const on = (type, fn, opts) => canvas.addEventListener(type, fn, opts);
  // The right button draws marks: a click highlights a square, a drag draws an arrow (with
  // Shift red, Ctrl blue, Alt yellow; green otherwise), kept with the ply shown.
  // Mark gestures run in order, after the study build has come (the first may wait for it).
  let marks = Promise.resolve();
  let marking = false;
  const queueMark = (fn) => { marks = marks.then(() => upgrade()).then(fn).catch(() => {}); };
  // A press on the board in progress (a stack in hand): the move into the study build waits
  // for its release, so that no drag is cut short.
  let pressed = false;
  let released = null;
  const whenReleased = () => (pressed ? new Promise((resolve) => { released = resolve; }) : Promise.resolve());
  const release = () => { pressed = false; released?.(); released = null; };
  const markColor = (e) => (e.shiftKey ? 'red' : e.ctrlKey || e.metaKey ? 'blue' : e.altKey ? 'yellow' : 'green');
  on('pointerdown', (e) => {
    if (e.pointerType === 'mouse' && e.button === 2 && options.drawMarks !== false) {
      // Marks are the study build's: the first one waits for it.
      const at = local(e);
      marking = true;
      queueMark(() => board.markDown(...at));
      canvas.setPointerCapture?.(e.pointerId);
      e.preventDefault();
      return;
    }
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    canvas.setPointerCapture?.(e.pointerId);
    canvas.focus(/** @type {FocusOptions} */ ({ preventScroll: true, focusVisible: false }));
    pressed = true;
    board.pointerDown(...local(e));
    e.preventDefault();
    after();
  });
  on('pointermove', (e) => { board.pointerMove(...local(e)); after(); });
  on('pointerup', (e) => {
    if (marking && e.button === 2) {
      const at = local(e);
      const color = markColor(e);
      queueMark(() => { board.markUp(...at, color); after(); });
      marking = false;
      return;
    }
    board.pointerUp(...local(e));
    if (e.pointerType !== 'mouse') board.pointerLeave();
    after();
    release();
  });
  on('pointercancel', () => { board.pointerCancel(); board.pointerLeave(); after(); release(); });
  on('pointerleave', (e) => { if (e.pointerType === 'mouse') { board.pointerLeave(); after(); } });
  on('wheel', (e) => { if (board.wheel(e.deltaY)) { e.preventDefault(); after(); } }, { passive: false });
  on('keydown', (e) => { if (board.key(e.key)) { e.preventDefault(); after(); } });
  // Reached by the keyboard: show the cursor at once, so the first Enter acts.
  on('focus', () => { if (canvas.matches(':focus-visible')) { board.showCursor(); after(); } });
  on('contextmenu', (e) => e.preventDefault());

  /**
   * `fn`, then the board's events and redraw (after): for what changes the board.
   * @template {any[]} A
   * @template R
   * @param {(...args: A) => R} fn
   * @returns {(...args: A) => R | null}
   */
  const act = (fn) => (...args) => { const out = fn(...args); after(); return out ?? null; };

  // Moving into the study build: the game (with its lines, comments and ply) goes over as a
  // save, the settings given since are replayed, and the old board is freed.
  let moving = null;
  const upgrade = () => {
    if (wasm.name === 'study') return Promise.resolve();
    moving ??= (async () => {
      const next = await loadEngine('study');
      await loadCatalogue(lang, 'study');
      await whenReleased();
      if (destroyed || wasm === next) return;
      const moved = new next.TakBoard(canvas, { ...boardOptions, tps: undefined, ptn: undefined, lang });
      const error = moved.restore(board.save());
      if (error) { moved.free(); throw new Error(error); }
      moved.set(settings);
      moved.takeEvents(); // the same game: nothing new for the listeners
      const old = raw;
      raw = moved;
      wasm = next;
      old.free();
      refusals = board.messageSerial();
      fit();
    })();
    moving.catch(() => { moving = null; });
    return moving;
  };
  /**
   * What only the study build has: at once on it, after the move otherwise (a Promise).
   * @template {any[]} A
   * @template R
   * @param {(...args: A) => R} fn
   * @returns {(...args: A) => R | Promise<Awaited<R>>}
   */
  const study = (fn) => (...args) => (wasm.name === 'study' ? fn(...args) : upgrade().then(() => fn(...args)));
  /**
   * @template {any[]} A
   * @template R
   * @param {(...args: A) => R} fn
   */
  const studyAct = (fn) => study(act(fn));
  /**
   * Reads a long text (`reading`: a TakLoading or a TakRestoring) with `step(reading)` in
   * slices of about SLICE_MS each, yielding to the page between them: an error message, or
   * null once the game is on the board.
   */
  const readInSlices = async (reading, step, onProgress) => {
    try {
      for (;;) {
        const until = performance.now() + SLICE_MS;
        do {
          const error = step(reading);
          if (error) return error;
          if (reading.progress() >= 1) {
            // The page's answer to the new game (its status, the move list) in a task of its own.
            await new Promise((resolve) => { setTimeout(resolve, 0); });
            after();
            return null;
          }
        } while (performance.now() < until);
        onProgress?.(reading.progress());
        await new Promise((resolve) => { setTimeout(resolve, 0); });
        if (destroyed) return null;
      }
    } finally {
      reading.free();
    }
  };
  const loadInSlices = (text, onProgress) => readInSlices(new wasm.TakLoading(text), (r) => board.loadStep(r, SLICE_TOKENS), onProgress);
  const restoreInSlices = (text, onProgress, link) => readInSlices(new wasm.TakRestoring(text, link), (r) => board.restoreStep(r, SLICE_TOKENS), onProgress);
  const handle = {
    tps: () => board.tps(),
    ptn: () => board.ptn(),
    /** The PTN to copy or download: a review's evaluations only if `evaluations` (only the
     * study build reviews: the play build's PTN has none). */
    ptnToExport: (evaluations) => (wasm.name === 'study' ? board.ptnToExport(!!evaluations) : board.ptn()),
    /** A file name for the game's PTN, from its players and date (a Promise on the play build). */
    ptnFileName: study(() => board.ptnFileName()),
    play: act((move) => board.play(String(move))),
    undo: act(() => board.undo()),
    redo: act(() => board.redo()),
    goto: act((ply) => board.goto(ply === 'last' ? board.plyCount() : Math.max(0, Math.min(Number(ply) || 0, 1e6)))),
    gotoPath: act((path) => board.gotoPath(place(path))),
    // Editing the tree is the study build's (a Promise on the play build).
    promote: studyAct((path) => board.promote(place(path))),
    deleteLine: studyAct((path) => board.deleteLine(place(path))),
    setComment: studyAct((path, text) => board.setComment(place(path), String(text ?? ''))),
    setAnnotation: studyAct((path, text) => board.setAnnotation(place(path), String(text ?? ''))),
    // Marks: none can be on a board of the play build, so clearing them needs no study build.
    setMarks: (list) => (wasm.name === 'play' && !(Array.isArray(list) && list.length) ? null
      : studyAct(() => board.setMarks(Array.isArray(list) ? list : []))()),
    setMarksText: (arrows, highlight, labels) => (wasm.name === 'play' && !arrows && !highlight && !labels ? null
      : studyAct(() => board.setMarksText(String(arrows ?? ''), String(highlight ?? ''), String(labels ?? '')))()),
    marks: () => (wasm.name === 'play' ? [] : board.marks()),
    /** Draws a ply of the position shown (an arrow, or a highlighted square) as the marks. */
    showMove: studyAct((ply, color) => board.showMove(String(ply), String(color ?? 'red'))),
    /** The board as SVG text: {width, height, dark, ply} (a Promise while the study build loads). */
    toSVG: study((/** @type {ImageOptions} */ { width = 640, height = 480, dark = false, ply } = {}) => board.toSvg(width, height, !!dark, ply ?? undefined)),
    /**
     * The board as a PNG Blob: {width, height, dark, ply, ratio}.
     * @param {ImageOptions & {ratio?: number}} [options]
     * @returns {Promise<Blob>}
     */
    toPNG: async ({ width = 640, height = 480, dark = false, ply, ratio = 2 } = {}) => {
      await upgrade();
      const c = document.createElement('canvas');
      board.drawInto(c, width, height, ratio, !!dark, ply ?? undefined);
      return new Promise((resolve, reject) => c.toBlob((b) => (b ? resolve(b) : reject(new Error('no PNG'))), 'image/png'));
    },
    /**
     * An animated PNG (Blob) of plies `from` to `to` of the current line.
     * @param {{from?: number, to?: number, width?: number, height?: number, dark?: boolean, delay?: number}} [options]
     */
    async toAnimation({ from = 0, to, width = 480, height = 360, dark = false, delay = 800 } = {}) {
      await upgrade();
      const last = Math.min(to ?? board.plyCount(), board.plyCount());
      const frames = [];
      for (let ply = Math.max(0, from); ply <= last; ply++) {
        const blob = await handle.toPNG({ width, height, dark, ply, ratio: 1 });
        frames.push(new Uint8Array(await blob.arrayBuffer()));
      }
      return new Blob([/** @type {Uint8Array<ArrayBuffer>} */ (wasm.assembleApng(frames, delay))], { type: 'image/apng' });
    },
    setPreview: (plies) => (wasm.name === 'play' && !(Array.isArray(plies) && plies.length) ? null
      : studyAct(() => board.setPreview(Array.isArray(plies) && plies.length ? plies.map(String) : undefined))()),
    applyReview: studyAct((verdicts) => board.applyReview(Array.isArray(verdicts) ? verdicts : [])),
    /**
     * Loads a pasted PTN game or TPS position: an error message, or null. A long text is read
     * a slice at a time (a Promise), letting the page answer between slices;
     * `onProgress(fraction)` hears how far it got.
     */
    load: study((text, onProgress) => {
      const s = String(text);
      return s.length > LOAD_AT_ONCE ? loadInSlices(s, onProgress) : act(() => board.load(s))();
    }),
    newGame: act((size, komi) => board.newGame(Number(size) | 0, String(komi ?? '0'))),
    // A game on the clock is the study build's (a Promise on the play build).
    newGameWith: (options) => (options?.clock && options.clock !== 'none' ? studyAct : act)((o) => board.newGameWith(o ?? {}))(options),
    /** What newGameWith(options) would refuse (a message naming the option), or null. */
    checkNewGame: (options) => board.newGameWith(options ?? {}, true) ?? null,
    /** [stones, capstones] per player on a board of side `size` by the rules. */
    standardPieces: (size) => {
      const packed = board.standardPieces(Number(size) | 0);
      return [packed >> 8, packed & 255];
    },
    startMatch: studyAct((options) => board.startMatch(options ?? {})),
    // A board of the play build is never in a match.
    nextGame: studyAct(() => board.nextGame()),
    endMatch: () => (wasm.name === 'play' ? undefined : act(() => board.endMatch())()),
    matchSave: () => (wasm.name === 'play' ? null : board.matchSave() ?? null),
    matchRestore: studyAct((text) => board.matchRestore(String(text))),
    /** Shows finished game `number` (from 1) of the match; the game being played waits. */
    viewMatchGame: studyAct((number) => board.viewMatchGame(Number(number) | 0)),
    /** Back to the game being played from a finished game of the match. */
    backToMatch: () => (wasm.name === 'play' ? false : act(() => board.backToMatch())()),
    matchPtn: () => (wasm.name === 'play' ? null : board.matchPtn() ?? null),
    matchGamePtn: (index) => (wasm.name === 'play' ? null : board.matchGamePtn(Number(index) | 0) ?? null),
    resign: act((color) => board.resign(String(color))),
    /** The game clocks at `now` (ms, `Date.now()`): ends the game when a flag falls; the clocks or null. */
    clockTick: act((now) => board.clockTick(Number(now))),
    /** The reader pauses (true) or resumes (false) the clocks. */
    pauseClock: act((paused) => board.pauseClock(!!paused)),
    /** For the tests of the recovery: fails inside the wasm as a bug would. */
    failForTest: act(() => board.failForTest()),
    agreeDraw: act(() => board.agreeDraw()),
    save: () => board.save(),
    /** The save to keep across visits: the game being played, also while a finished game of its match is shown. */
    saveToKeep: () => (wasm.name === 'play' ? board.save() : board.saveToKeep()),
    /** What the game library lists for the game kept (the study build's; null on the play build). */
    summary: () => (wasm.name === 'play' ? null : board.summary()),
    /**
     * Restores a save (from save()): an error message, or null. A long one (a game of
     * thousands of plies) is read a slice at a time, as load() reads a paste (a Promise).
     * With `link` (a save from a shared link), the message speaks of the link.
     */
    restore: study((text, onProgress, link) => {
      const s = String(text);
      return s.length > LOAD_AT_ONCE ? restoreInSlices(s, onProgress, link) : act(() => board.restore(s, link))();
    }),
    select: act((kind) => board.select(String(kind))),
    status,
    // A game of the play build was never read from text: its tags are its settings only.
    tags: () => (wasm.name === 'play' ? [] : board.tags()),
    /** Which build of the wasm the board runs on: 'play' or 'study'. */
    build: () => wasm.name,
    /** Moves the board into the study build (for what the play build lacks); resolves when done. */
    study: () => upgrade(),
    describe: () => board.describe(),
    /**
     * Changes what may change after mounting; what is not given stays: {interactive,
     * showTargets, showThreats, patterns, flip, thinking, preferPortrait, playedLineIsMain, lang,
     * theme ('light' | 'dark' | 'auto'), computer ('white' | 'black' | 'none'), level, site}.
     * Returns an error message or null; with `lang`, a Promise of it (the language's
     * catalogue loads first).
     */
    set(options = {}) {
      const { lang: code, theme: look, ...rest } = options ?? {};
      if (look != null) { theme = String(look); applyTheme(); }
      // The same settings again (the page says who plays after every change) change nothing:
      // the status worked out for the change still holds (a long game's takes a while).
      const same = Object.keys(rest).every((k) => Object.is(applied[k], rest[k]));
      const error = same ? null : act(() => setting(rest))();
      if (!error) Object.assign(applied, rest);
      if (code == null) return error;
      return loadCatalogue(String(code), wasm.name).then(() => {
        const wrong = setting({ lang: String(code) });
        if (!wrong) lang = String(code);
        after();
        return error ?? wrong;
      });
    },
    plyCount: () => board.plyCount(),
    size: () => board.size(),
    searchSpec: () => board.searchSpec(),
    startSpec: () => board.startSpec(),
    setHint: act((move) => board.setHint(move == null ? undefined : String(move))),
    squareRect: (square) => board.squareRect(String(square)),
    reserveRect: (kind) => board.reserveRect(String(kind)),
    benchFrame: study((frames, moving, fresh) => board.benchFrame(frames, !!moving, !!fresh)),
    focus: () => canvas.focus(),
    showMessage,
    hideMessage,
    canvas,
    on(type, fn) {
      if (!listeners.has(type)) listeners.set(type, new Set());
      listeners.get(type).add(fn);
      return () => listeners.get(type)?.delete(fn);
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      if (frame) cancelAnimationFrame(frame);
      resizeObserver.disconnect();
      darkQuery?.removeEventListener('change', applyTheme);
      listeners.clear();
      canvas.remove();
      board.free();
    },
  };
  fit();
  // The first frame now, not a frame later: the board is what a visitor waits for.
  if (frame && board.needsFrame()) {
    cancelAnimationFrame(frame);
    draw(performance.now());
  }
  return handle;
}
