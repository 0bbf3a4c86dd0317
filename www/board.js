// mount(element, options): one Tak board in `element`, returning a handle. The same API
// serves the game page, embedded boards and the tests. Glue only: the board's logic, input
// handling and drawing live in Rust (src/web/).
import init, { TakBoard } from '../pkg/tak.js';

let engine;
/** Loads the wasm once per page. */
export function loadEngine() {
  engine ??= init({ module_or_path: new URL('../pkg/tak_bg.wasm', import.meta.url) });
  return engine;
}

const darkQuery = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;

/**
 * Creates a board in `element`.
 * options: size, komi, tps, ptn (start), interactive, animate, showTargets, coordinates,
 * theme ('light' | 'dark' | 'auto'), label (accessible name).
 */
export async function mount(element, options = {}) {
  await loadEngine();
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
    patterns: options.patterns, lang: options.lang,
  });
  element.appendChild(canvas);

  const listeners = new Map();
  const emit = (type, detail) => {
    for (const fn of listeners.get(type) || []) {
      try { fn(detail); } catch (err) { console.error(err); }
    }
  };
  let frame = 0;
  let destroyed = false;
  const draw = (now) => {
    frame = 0;
    if (destroyed) return;
    if (board.render(now)) schedule();
  };
  const schedule = () => { if (!frame && !destroyed) frame = requestAnimationFrame(draw); };
  // After anything that may change the board: pass on its events, redraw if needed.
  const after = () => {
    const events = board.takeEvents();
    for (const e of events) emit(e.type, e);
    if (events.length) emit('change', board.status());
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
    board.setDark(theme === 'dark' || (theme === 'auto' && !!darkQuery?.matches));
    after();
  };
  darkQuery?.addEventListener('change', applyTheme);
  applyTheme();

  const local = (e) => {
    const r = canvas.getBoundingClientRect();
    return [e.clientX - r.left, e.clientY - r.top];
  };
  const on = (type, fn, opts) => canvas.addEventListener(type, fn, opts);
  on('pointerdown', (e) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    canvas.setPointerCapture?.(e.pointerId);
    canvas.focus({ preventScroll: true, focusVisible: false });
    board.pointerDown(...local(e));
    e.preventDefault();
    after();
  });
  on('pointermove', (e) => { board.pointerMove(...local(e)); after(); });
  on('pointerup', (e) => {
    board.pointerUp(...local(e));
    if (e.pointerType !== 'mouse') board.pointerLeave();
    after();
  });
  on('pointercancel', () => { board.pointerCancel(); board.pointerLeave(); after(); });
  on('pointerleave', (e) => { if (e.pointerType === 'mouse') { board.pointerLeave(); after(); } });
  on('wheel', (e) => { if (board.wheel(e.deltaY)) { e.preventDefault(); after(); } }, { passive: false });
  on('keydown', (e) => { if (board.key(e.key)) { e.preventDefault(); after(); } });
  on('contextmenu', (e) => e.preventDefault());

  const act = (fn) => (...args) => { const out = fn(...args); after(); return out ?? null; };
  const handle = {
    tps: () => board.tps(),
    ptn: () => board.ptn(),
    play: act((move) => board.play(String(move))),
    undo: act(() => board.undo()),
    redo: act(() => board.redo()),
    goto: act((ply) => board.goto(ply === 'last' ? board.plyCount() : Math.max(0, Math.min(Number(ply) || 0, 1e6)))),
    load: act((text) => board.load(String(text))),
    newGame: act((size, komi) => board.newGame(Number(size) | 0, String(komi ?? '0'))),
    save: () => board.save(),
    restore: act((text) => board.restore(String(text))),
    select: act((kind) => board.select(String(kind))),
    status: () => board.status(),
    tags: () => board.tags(),
    describe: () => board.describe(),
    setLanguage: act((code) => board.setLanguage(String(code))),
    setShowTargets: act((on) => board.setShowTargets(!!on)),
    setPatterns: act((on) => board.setPatterns(!!on)),
    plyCount: () => board.plyCount(),
    searchSpec: () => board.searchSpec(),
    setInteractive: act((on) => board.setInteractive(!!on)),
    setHint: act((move) => board.setHint(move == null ? undefined : String(move))),
    squareRect: (square) => board.squareRect(String(square)),
    reserveRect: (kind) => board.reserveRect(String(kind)),
    benchFrame: (frames) => board.benchFrame(frames),
    focus: () => canvas.focus(),
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
