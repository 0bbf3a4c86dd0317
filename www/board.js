// mount(element, options): one Tak board in `element`, returning a handle. The same API
// serves the game page, embedded boards and the tests. Glue only: the board's logic, input
// handling and drawing live in Rust (src/web/).
import init, { TakBoard, assembleApng, setCatalogue } from '../pkg/tak.js';
import { fromBase64 } from './spawn.js';

let engine;
/** Loads the wasm once per page. */
export function loadEngine() {
  // The one-file build carries the wasm inline (base64); otherwise it is fetched.
  const inline = globalThis.TAK_WASM;
  engine ??= init({ module_or_path: inline ? fromBase64(inline) : new URL('../pkg/tak_bg.wasm', import.meta.url) });
  return engine;
}

const catalogues = new Map();
/**
 * Loads the catalogue of `lang` (en, it, es, ca) into the wasm, once per page: the board's
 * messages and the names on its canvas. A one-file page carries them in
 * `globalThis.TAK_CATALOGUES` instead of fetching them.
 */
export function loadCatalogue(lang = 'en') {
  const code = ['en', 'it', 'es', 'ca'].includes(lang) ? lang : 'en';
  if (!catalogues.has(code)) {
    // The catalogue is fetched while the wasm loads, not after it.
    const inline = globalThis.TAK_CATALOGUES?.[code];
    const text = inline != null ? Promise.resolve(inline) : fetch(new URL(`./i18n/${code}.txt`, import.meta.url)).then((r) => {
      if (!r.ok) throw new Error(`the ${code} catalogue could not be loaded (${r.status})`);
      return r.text();
    });
    catalogues.set(code, Promise.all([loadEngine(), text]).then(([, t]) => { setCatalogue(code, t); }));
  }
  return catalogues.get(code);
}

const darkQuery = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;

/**
 * Creates a board in `element`.
 * options: size, komi, tps, ptn (start), interactive, animate, showTargets, showThreats,
 * coordinates, patterns, lang, theme ('light' | 'dark' | 'auto'), label (accessible name),
 * messages (default true: a refused action shows why over the board for a few seconds),
 * scoring ('Downings Middletown Tarway', any of them), tieRule (true: the ancient tie
 * rule), takeBacks ('court' or 'tavern').
 * Events (handle.on): 'move', 'navigate', 'load', 'change' (with the status), 'refuse'
 * ({message}: why the last action was refused, in the board's language) and 'hand'
 * ({count, from} while a stack is carried, null when not).
 */
export async function mount(element, options = {}) {
  await loadCatalogue(options.lang);
  const canvas = document.createElement('canvas');
  canvas.className = 'tak-canvas';
  canvas.tabIndex = 0;
  canvas.setAttribute('role', 'application');
  canvas.setAttribute('aria-label', options.label || 'Tak board');
  canvas.style.cssText = 'display:block;width:100%;height:100%;touch-action:none;outline-offset:-2px;';
  const board = new TakBoard(canvas, {
    size: options.size, komi: options.komi, tps: options.tps, ptn: options.ptn,
    interactive: options.interactive, animate: options.animate,
    showTargets: options.showTargets, coordinates: options.coordinates,
    patterns: options.patterns, showThreats: options.showThreats, lang: options.lang,
    scoring: options.scoring, tieRule: options.tieRule, takeBacks: options.takeBacks,
  });
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
  const after = () => {
    const events = board.takeEvents();
    // A ply played or a step through the game: an earlier refusal no longer applies.
    if (events.length) hideMessage();
    for (const e of events) emit(e.type, e);
    if (events.length) emit('change', board.status());
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

  const applyTheme = () => {
    const theme = options.theme || 'auto';
    const dark = theme === 'dark' || (theme === 'auto' && !!darkQuery?.matches);
    board.setDark(dark);
    toast.style.background = dark ? 'rgb(250 240 225 / .95)' : 'rgb(40 30 20 / .92)';
    toast.style.color = dark ? '#1b1a19' : '#fff';
    after();
  };
  darkQuery?.addEventListener('change', applyTheme);
  applyTheme();

  const local = (e) => {
    const r = canvas.getBoundingClientRect();
    return [e.clientX - r.left, e.clientY - r.top];
  };
  const on = (type, fn, opts) => canvas.addEventListener(type, fn, opts);
  // The right button draws marks: a click highlights a square, a drag draws an arrow (with
  // Shift red, Ctrl blue, Alt yellow; green otherwise), kept with the ply shown.
  let marking = false;
  const markColor = (e) => (e.shiftKey ? 'red' : e.ctrlKey || e.metaKey ? 'blue' : e.altKey ? 'yellow' : 'green');
  on('pointerdown', (e) => {
    if (e.pointerType === 'mouse' && e.button === 2 && options.drawMarks !== false) {
      marking = true;
      canvas.setPointerCapture?.(e.pointerId);
      board.markDown(...local(e));
      e.preventDefault();
      return;
    }
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    canvas.setPointerCapture?.(e.pointerId);
    canvas.focus({ preventScroll: true, focusVisible: false });
    board.pointerDown(...local(e));
    e.preventDefault();
    after();
  });
  on('pointermove', (e) => { board.pointerMove(...local(e)); after(); });
  on('pointerup', (e) => {
    if (marking && e.button === 2) {
      marking = false;
      board.markUp(...local(e), markColor(e));
      after();
      return;
    }
    board.pointerUp(...local(e));
    if (e.pointerType !== 'mouse') board.pointerLeave();
    after();
  });
  on('pointercancel', () => { board.pointerCancel(); board.pointerLeave(); after(); });
  on('pointerleave', (e) => { if (e.pointerType === 'mouse') { board.pointerLeave(); after(); } });
  on('wheel', (e) => { if (board.wheel(e.deltaY)) { e.preventDefault(); after(); } }, { passive: false });
  on('keydown', (e) => { if (board.key(e.key)) { e.preventDefault(); after(); } });
  // Reached by the keyboard: show the cursor at once, so the first Enter acts.
  on('focus', () => { if (canvas.matches(':focus-visible')) { board.showCursor(); after(); } });
  on('contextmenu', (e) => e.preventDefault());

  const act = (fn) => (...args) => { const out = fn(...args); after(); return out ?? null; };
  const handle = {
    tps: () => board.tps(),
    ptn: () => board.ptn(),
    play: act((move) => board.play(String(move))),
    undo: act(() => board.undo()),
    redo: act(() => board.redo()),
    goto: act((ply) => board.goto(ply === 'last' ? board.plyCount() : Math.max(0, Math.min(Number(ply) || 0, 1e6)))),
    gotoPath: act((path) => board.gotoPath(Array.isArray(path) ? path : [])),
    promote: act((path) => board.promote(Array.isArray(path) ? path : [])),
    deleteLine: act((path) => board.deleteLine(Array.isArray(path) ? path : [])),
    setComment: act((path, text) => board.setComment(Array.isArray(path) ? path : [], String(text ?? ''))),
    setAnnotation: act((path, text) => board.setAnnotation(Array.isArray(path) ? path : [], String(text ?? ''))),
    setPlayedLineIsMain: (on) => board.setPlayedLineIsMain(!!on),
    setMarks: act((list) => board.setMarks(Array.isArray(list) ? list : [])),
    setMarksText: act((arrows, highlight, labels) => board.setMarksText(String(arrows ?? ''), String(highlight ?? ''), String(labels ?? ''))),
    marks: () => board.marks(),
    /** The board as SVG text: {width, height, dark, ply}. */
    toSVG: ({ width = 640, height = 480, dark = false, ply } = {}) => board.toSvg(width, height, !!dark, ply ?? undefined),
    /** The board as a PNG Blob: {width, height, dark, ply, ratio}. */
    toPNG: ({ width = 640, height = 480, dark = false, ply, ratio = 2 } = {}) => {
      const c = document.createElement('canvas');
      board.drawInto(c, width, height, ratio, !!dark, ply ?? undefined);
      return new Promise((resolve, reject) => c.toBlob((b) => (b ? resolve(b) : reject(new Error('no PNG'))), 'image/png'));
    },
    /** An animated PNG (Blob) of plies `from` to `to` of the current line. */
    async toAnimation({ from = 0, to, width = 480, height = 360, dark = false, delay = 800 } = {}) {
      const last = Math.min(to ?? board.plyCount(), board.plyCount());
      const frames = [];
      for (let ply = Math.max(0, from); ply <= last; ply++) {
        const blob = await handle.toPNG({ width, height, dark, ply, ratio: 1 });
        frames.push(new Uint8Array(await blob.arrayBuffer()));
      }
      return new Blob([assembleApng(frames, delay)], { type: 'image/apng' });
    },
    setPreferPortrait: act((on) => board.setPreferPortrait(!!on)),
    setPreview: act((plies) => board.setPreview(Array.isArray(plies) && plies.length ? plies.map(String) : undefined)),
    applyReview: act((verdicts) => board.applyReview(Array.isArray(verdicts) ? verdicts : [])),
    load: act((text) => board.load(String(text))),
    newGame: act((size, komi) => board.newGame(Number(size) | 0, String(komi ?? '0'))),
    newGameWith: act((options) => board.newGameWith(options ?? {})),
    startMatch: act((options) => board.startMatch(options ?? {})),
    nextGame: act(() => board.nextGame()),
    endMatch: act(() => board.endMatch()),
    matchSave: () => board.matchSave() ?? null,
    matchRestore: act((text) => board.matchRestore(String(text))),
    matchPtn: () => board.matchPtn() ?? null,
    matchGamePtn: (index) => board.matchGamePtn(Number(index) | 0) ?? null,
    resign: act((color) => board.resign(String(color))),
    agreeDraw: act(() => board.agreeDraw()),
    save: () => board.save(),
    restore: act((text) => board.restore(String(text))),
    select: act((kind) => board.select(String(kind))),
    status: () => board.status(),
    tags: () => board.tags(),
    describe: () => board.describe(),
    setLanguage: async (code) => { await loadCatalogue(String(code)); const ok = board.setLanguage(String(code)); after(); return ok; },
    setShowTargets: act((on) => board.setShowTargets(!!on)),
    setPatterns: act((on) => board.setPatterns(!!on)),
    setShowThreats: act((on) => board.setShowThreats(!!on)),
    setThinking: act((on) => board.setThinking(!!on)),
    plyCount: () => board.plyCount(),
    size: () => board.size(),
    searchSpec: () => board.searchSpec(),
    startSpec: () => board.startSpec(),
    setInteractive: act((on) => board.setInteractive(!!on)),
    setHint: act((move) => board.setHint(move == null ? undefined : String(move))),
    squareRect: (square) => board.squareRect(String(square)),
    reserveRect: (kind) => board.reserveRect(String(kind)),
    benchFrame: (frames) => board.benchFrame(frames),
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
  return handle;
}
