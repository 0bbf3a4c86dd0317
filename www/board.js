// mount(element, options): one Tak board in `element`, returning a handle. The same API
// serves the game page, embedded boards and the tests. Glue only: the board's logic, input
// handling and drawing live in Rust (src/web/). This file puts a board together from
// modules with one job each: board-builds.js (the wasm's builds and catalogues, loaded once
// per page), board-guard.js (the wasm board rebuilt where it
// fails), board-events.js (what the board tells its host), board-input.js (pointer, wheel,
// keys), board-toast.js (why an action was refused); and, fetched when first wanted,
// board-upgrade.js (the move into the study build), board-slices.js (a long text read in
// slices), board-images.js (PNG and animated PNG).
//
// The wasm comes in two builds of the same board. A first visit gets the play build
// (pkg/tak*: rules, board, renderer, play, save). The study build (pkg/tak_study*: the same
// and games read from text, comments, reviews, marks, matches, images) is fetched when one of
// those is first wanted, and the board moves into it with its game and settings.
import { loadCatalogue, loadEngine } from './board-builds.js';
import { boardEvents } from './board-events.js';
import { guardBoard } from './board-guard.js';
import { listenForInput } from './board-input.js';
import { refusalToast } from './board-toast.js';

// Loading the builds is board-builds.js's; pages import it from here, with mount(), so that
// it comes in the same file of dist/ as the board.
export { loadCatalogue, loadEngine };

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
 * @typedef {number | number[]} Place
 */
/**
 * @param {Place} p
 * @returns {number | number[]}
 */
const place = (p) => (Number.isInteger(p) || Array.isArray(p) ? p : []);

/**
 * A pasted text longer than this (about 2,000 plies) is read a slice at a time, so that the
 * page never stops answering for long (www/board-slices.js).
 */
const LOAD_AT_ONCE = 16 * 1024;

const darkQuery = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;

/**
 * An image of the board: its size in CSS pixels, the theme, the ply (the one shown when left out).
 * @typedef {{width?: number, height?: number, dark?: boolean, ply?: number}} ImageOptions
 */
/**
 * What the board's modules (www/board-*.js) share: the build of the wasm and the board's
 * settings now.
 * @typedef {object} BoardCore
 * @property {Engine} wasm the build the board is on now
 * @property {HTMLCanvasElement} canvas
 * @property {Record<string, unknown>} options mount's options for the board in the wasm (its start)
 * @property {string | undefined} lang the board's language now (none given: English)
 * @property {Record<string, unknown>} settings the settings given since mounting (set()), replayed on a new board
 * @property {boolean} destroyed
 */
/**
 * What a board's set(config) changes (see there); what is not given stays.
 * @typedef {object} BoardConfig
 * @property {boolean} [interactive] the reader may play on the board
 * @property {boolean} [showTargets] where the piece in hand may go
 * @property {boolean} [showThreats] the squares that would complete a road ("Tak")
 * @property {boolean} [patterns] patterns on the pieces, not only colours
 * @property {boolean} [flip] seen from Black's side
 * @property {boolean} [thinking] the computer is thinking: a press says so instead of playing
 * @property {boolean} [preferPortrait] the reserves above and below the board unless it is clearly wide
 * @property {boolean} [playedLineIsMain] a ply played where the line went on differently becomes the main line
 * @property {string} [computer] the computer's colour: 'white', 'black' or 'none'
 * @property {number} [level] the computer's level, 1 to 6
 * @property {string} [site] the page's name or address, for the `Site` of the games it starts
 * @property {boolean} [clockHold] the page holds the game clocks (a dialog is open, the tab hidden)
 * @property {boolean} [clockPaused] the reader pauses the clocks (false: resumes them)
 * @property {string} [lang] the language of messages and of the canvas (its catalogue loads first)
 * @property {string} [theme] 'light', 'dark' or 'auto' (the system's)
 * @property {'flat' | 'wall' | 'cap'} [selected] the kind a click on an empty square places
 * @property {string | null} [hint] a suggested move (PTN) shown on the board; null clears it
 * @property {Mark[]} [marks] the marks drawn on the board ([] clears them)
 * @property {{arrows?: string, highlight?: string, labels?: string}} [marksText] the marks as the embed's attributes write them ('c3-e3', 'c3,d4:red', 'b2:1')
 * @property {string[] | null} [preview] the position after these plies (PTN) from the one shown, not played; null ends it
 */
/** A mark on the board (pkg/tak_study.d.ts). @typedef {import('../pkg/tak_study.js').Mark} Mark */
/**
 * The board mount() makes: its methods and events. (A mapped type: the object literal's own
 * type would be open-ended in a JS file, and a misspelt method would pass.)
 * @typedef {{[K in keyof BoardHandle]: BoardHandle[K]}} Board
 * @typedef {Awaited<ReturnType<typeof mount>>} BoardHandle
 */
/** A game's settings, one value from the wasm's declarations (src/settings.rs): a new game, a
 * match, an embed, a rematch, the status and the worker's search all give and take it.
 * @typedef {import('../pkg/tak.js').GameSettings} GameSettings */
/**
 * What mount() takes (see there): the board's own options and the game's settings.
 * @typedef {BoardOptions & Partial<GameSettings>} MountOptions
 * @typedef {object} BoardOptions
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
 * @property {Record<string, string>} [params] a page's parameters (an embed's URL, an
 *   element's attributes without dashes): the game's settings among them, by their names in
 *   lower case (`takebacks`), read and checked as the others; the rest ignored
 */
/**
 * Creates a board in `element` and answers its API: set(config) (BoardConfig), commands
 * and questions, and events by on(name, fn) (BoardEventName).
 * options (MountOptions): the game's settings (GameSettings: those left out are their
 * defaults), tps, ptn (start), interactive, animate, showTargets, showThreats,
 * coordinates, patterns, flip (true: seen from Black's side), lang, theme ('light' | 'dark' |
 * 'auto'), label (accessible name),
 * site (the page's name or address, for the `Site` of the games it starts),
 * messages (default true: a refused action shows why over the board for a few seconds),
 * params (the game's settings as a page's parameters).
 * newGameWith and startMatch take GameSettings too.
 * @param {HTMLElement} element
 * @param {MountOptions} [options]
 */
export async function mount(element, options = {}) {
  // A game given as text needs the study build from the start; so does a host that asks.
  const first = await loadEngine(options.study || options.ptn || options.tps ? 'study' : 'play');
  await loadCatalogue(options.lang, first.name);
  const canvas = document.createElement('canvas');
  canvas.className = 'tak-canvas';
  canvas.tabIndex = 0;
  canvas.setAttribute('role', 'application');
  canvas.setAttribute('aria-label', options.label || 'Tak board');
  canvas.style.cssText = 'display:block;width:100%;height:100%;touch-action:none;outline-offset:-2px;';
  /** @type {BoardCore} */
  const core = {
    wasm: first,
    canvas,
    // The wasm reads what it knows; a page's parameters are texts, their digits numbers.
    options: { ...options, params: options.params && Object.fromEntries(Object.entries(options.params).map(([k, v]) => [k, /^\d+$/.test(v) ? Number(v) : v])) },
    lang: options.lang,
    settings: {},
    destroyed: false,
  };
  // The board in the wasm, reached only through `board`, which rebuilds it where the wasm
  // fails, says so over the board, and the page goes on (www/board-guard.js).
  const guarded = guardBoard(core, new first.TakBoard(canvas, core.options), (error) => {
    events.stale();
    events.emit('recover', { error });
  });
  const { board } = guarded;
  /** @type {Record<string, unknown>} */
  const applied = {}; // the settings last given without an error
  /** @param {Record<string, unknown>} given */
  const setting = (given) => { Object.assign(core.settings, given); return board.set(given) ?? null; };
  element.appendChild(canvas);
  const toast = refusalToast(element);

  let frame = 0;
  let drawnOnce = false;
  /** @param {number} now */
  const draw = (now) => {
    frame = 0;
    if (core.destroyed) return;
    if (board.render(now)) schedule();
    if (!drawnOnce) {
      drawnOnce = true;
      // For measuring how soon a visitor sees the board (make bench).
      performance.mark?.('tak:first-board');
    }
  };
  const schedule = () => { if (!frame && !core.destroyed) frame = requestAnimationFrame(draw); };
  // After anything that may change the board: pass on its events and refusals, redraw if
  // needed (www/board-events.js).
  const events = boardEvents(board, {
    changed: () => { toast.hide(); guarded.noteGood(); },
    refused: (message) => { if (options.messages !== false) toast.show(message); },
    frame: schedule,
  });
  const { after, status } = events;

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
    toast.theme(dark);
    after();
  };
  darkQuery?.addEventListener('change', applyTheme);
  applyTheme();

  /** Whether the board is on the study build (else the play build: see loadEngine). */
  const onStudy = () => core.wasm.name === 'study';
  // The reader's pointer, wheel and keys (www/board-input.js); marks wait for the study build.
  const whenReleased = listenForInput(canvas, board, { after, study: () => upgrade(), drawMarks: options.drawMarks });
  // The move into the study build (www/board-upgrade.js, fetched with the study build: a
  // first visit does without it), once no press is on the board: a drag is not cut short.
  /** @type {Promise<void> | null} */
  let moving = null;
  const upgrade = () => {
    if (onStudy()) return Promise.resolve();
    moving ??= Promise.all([import('./board-upgrade.js'), loadEngine('study'), loadCatalogue(core.lang, 'study')])
      .then(async ([{ moveIntoStudy }, study]) => {
        await whenReleased();
        if (moveIntoStudy(core, board, study, guarded.replace)) { events.resync(); fit(); }
      });
    moving.catch(() => { moving = null; });
    return moving;
  };

  /**
   * `fn`, then the board's events and redraw (after): for what changes the board.
   * @template {any[]} A
   * @template R
   * @param {(...args: A) => R} fn
   * @returns {(...args: A) => NonNullable<R> | null}
   */
  const act = (fn) => (...args) => { const out = fn(...args); after(); return out ?? null; };
  /**
   * What only the study build has: at once on it, after the move otherwise (a Promise).
   * @template {any[]} A
   * @template R
   * @param {(...args: A) => R} fn
   * @returns {(...args: A) => R | Promise<Awaited<R>>}
   */
  const study = (fn) => (...args) => (onStudy() ? fn(...args) : /** @type {Promise<Awaited<R>>} */ (upgrade().then(() => fn(...args))));
  /**
   * @template {any[]} A
   * @template R
   * @param {(...args: A) => R} fn
   */
  const studyAct = (fn) => study(act(fn));
  /**
   * Reads a long text a slice at a time (www/board-slices.js), letting the page answer
   * between slices: a Promise of an error message, or null.
   * @param {string} text
   * @param {{restore?: boolean, link?: boolean, onProgress?: (fraction: number) => void}} how
   */
  const readInSlices = (text, how) => import('./board-slices.js').then((m) => m.readInSlices(core, board, text, { ...how, after }));
  /** The images' module (www/board-images.js), once the board is on the study build. */
  const images = () => upgrade().then(() => import('./board-images.js'));
  const handle = {
    // The board's API, as chessground's (docs/contributing.md): one set(config) for every
    // state a host sets; commands that play, edit or show the game, and questions that read
    // it; events by on(name, fn).
    /**
     * Changes what may change after mounting: the keys given (BoardConfig), what is not
     * given stays. Returns an error message (the first) or null; a Promise of it where a key
     * needs what is not loaded yet (`lang`: its catalogue; marks and a preview: the study
     * build).
     * @param {BoardConfig} [config]
     * @returns {string | null | Promise<string | null>}
     */
    set(config = {}) {
      const { lang: code, theme: look, marks, marksText, preview, hint, clockPaused, selected, ...rest } = config ?? {};
      if (look != null) { theme = String(look); applyTheme(); }
      // The same settings again (the page says who plays after every change) change nothing:
      // the status worked out for the change still holds (a long game's takes a while).
      const same = Object.keys(rest).every((k) => Object.is(applied[k], /** @type {Record<string, unknown>} */ (rest)[k]));
      /** @type {(string | null | Promise<string | null>)[]} */
      const errors = [same ? null : act(() => setting(rest))()];
      if (!errors[0]) Object.assign(applied, rest);
      if (selected) act(() => board.select(selected))();
      if (clockPaused != null && onStudy()) act(() => board.pauseClock(!!clockPaused))();
      if (hint !== undefined) errors.push(act(() => board.setHint(hint ?? undefined))());
      // Marks and previews are the study build's, but none can be on a board of the play
      // build: clearing them needs no study build.
      if (marks && (onStudy() || marks.length)) errors.push(studyAct(() => board.setMarks(marks))());
      const { arrows, highlight, labels } = marksText ?? {};
      if (marksText && (onStudy() || arrows || highlight || labels)) errors.push(studyAct(() => board.setMarksText(arrows ?? '', highlight ?? '', labels ?? ''))());
      if (preview !== undefined && (onStudy() || preview?.length)) errors.push(studyAct(() => board.setPreview(preview?.length ? preview : undefined))());
      if (code) {
        errors.push(loadCatalogue(code, core.wasm.name).then(() => {
          const wrong = setting({ lang: code });
          if (!wrong) core.lang = code;
          after();
          return wrong;
        }));
      }
      /** @template T @param {T[]} list */
      const first = (list) => list.find((e) => e) ?? null;
      return errors.some((e) => e instanceof Promise) ? Promise.all(errors).then(first) : first(errors);
    },
    // Commands and questions.
    tps: () => board.tps(),
    ptn: () => board.ptn(),
    /** The PTN to copy or download: a review's evaluations only if `evaluations` (only the
     * study build reviews: the play build's PTN has none). */
    ptnToExport: (/** @type {boolean | undefined} */ evaluations) => (onStudy() ? board.ptnToExport(!!evaluations) : board.ptn()),
    /** A file name for the game's PTN, from its players and date (a Promise on the play build). */
    ptnFileName: study(() => board.ptnFileName()),
    play: act((/** @type {string} */ move) => board.play(String(move))),
    /** A ply the reader typed: refused, in words, where the board takes no move from them now. */
    playTyped: act((/** @type {string} */ move) => board.play(String(move), true)),
    undo: act(() => board.undo()),
    redo: act(() => board.redo()),
    goto: act((/** @type {number | 'last'} */ ply) => board.goto(ply === 'last' ? board.plyCount() : Math.max(0, Math.min(Number(ply) || 0, 1e6)))),
    gotoPath: act((/** @type {Place} */ path) => board.gotoPath(place(path))),
    // Editing the tree is the study build's (a Promise on the play build).
    promote: studyAct((/** @type {Place} */ path) => board.promote(place(path))),
    deleteLine: studyAct((/** @type {Place} */ path) => board.deleteLine(place(path))),
    setComment: studyAct((/** @type {Place} */ path, /** @type {string} */ text) => board.setComment(place(path), String(text ?? ''))),
    setAnnotation: studyAct((/** @type {Place} */ path, /** @type {string} */ text) => board.setAnnotation(place(path), String(text ?? ''))),
    marks: () => (!onStudy() ? [] : board.marks()),
    /** Draws a ply of the position shown (an arrow, or a highlighted square) as the marks. */
    showMove: studyAct(/** @param {string} ply @param {string} [color] */ (ply, color) => board.showMove(String(ply), String(color ?? 'red'))),
    /** The board as SVG text: {width, height, dark, ply} (a Promise while the study build loads). */
    toSVG: study((/** @type {ImageOptions} */ { width = 640, height = 480, dark = false, ply } = {}) => board.toSvg(width, height, !!dark, ply ?? undefined)),
    /**
     * The board as a PNG Blob: {width, height, dark, ply, ratio} (www/board-images.js).
     * @param {ImageOptions & {ratio?: number}} [options]
     */
    toPNG: (options) => images().then((m) => m.toPNG(board, options)),
    /**
     * An animated PNG (Blob) of plies `from` to `to` of the current line.
     * @param {{from?: number, to?: number, width?: number, height?: number, dark?: boolean, delay?: number}} [options]
     */
    toAnimation: (options) => images().then((m) => m.toAnimation(board, core.wasm, options)),
    applyReview: studyAct((verdicts) => board.applyReview(Array.isArray(verdicts) ? verdicts : [])),
    /**
     * Loads a pasted PTN game or TPS position: an error message, or null. A long text is read
     * a slice at a time (a Promise), letting the page answer between slices;
     * `onProgress(fraction)` hears how far it got.
     */
    load: study(/** @param {string} text @param {(fraction: number) => void} [onProgress] */ (text, onProgress) => {
      const s = String(text);
      return s.length > LOAD_AT_ONCE ? readInSlices(s, { onProgress }) : act(() => board.load(s))();
    }),
    newGame: act(/** @param {number} size @param {string | number} [komi] */ (size, komi) => board.newGame(Number(size) | 0, String(komi ?? '0'))),
    // A game on the clock is the study build's (a Promise on the play build).
    newGameWith: (/** @type {Partial<GameSettings> | undefined} */ options) => (options?.clock && options.clock !== 'none' ? studyAct : act)((o) => board.newGameWith(o ?? {}))(options),
    /** What newGameWith(options) would refuse (a message naming the option), or null. */
    checkNewGame: (/** @type {Partial<GameSettings> | undefined} */ options) => board.newGameWith(options ?? {}, true) ?? null,
    /** The settings of a standard game on a board of side `size` (null for no such size). */
    standardSettings: (/** @type {number | undefined} */ size) => board.standardSettings(Number(size) | 0),
    startMatch: studyAct((/** @type {Partial<GameSettings> & {players?: string[], games?: number, points?: number}} */ options) => board.startMatch(options ?? {})),
    // A board of the play build is never in a match.
    nextGame: studyAct(() => board.nextGame()),
    endMatch: () => (!onStudy() ? undefined : act(() => board.endMatch())()),
    matchSave: () => (!onStudy() ? null : board.matchSave() ?? null),
    matchRestore: studyAct((text) => board.matchRestore(String(text))),
    /** Shows finished game `number` (from 1) of the match; the game being played waits. */
    viewMatchGame: studyAct((/** @type {number} */ number) => board.viewMatchGame(Number(number) | 0)),
    /** Back to the game being played from a finished game of the match. */
    backToMatch: () => (!onStudy() ? false : act(() => board.backToMatch())()),
    matchPtn: () => (!onStudy() ? null : board.matchPtn() ?? null),
    matchGamePtn: (/** @type {number} */ index) => (!onStudy() ? null : board.matchGamePtn(Number(index) | 0) ?? null),
    resign: act((/** @type {'white' | 'black'} */ color) => board.resign(String(color))),
    /** The game clocks at `now` (ms, `Date.now()`): ends the game when a flag falls; the clocks or null. */
    // (Clocks are the study build's: a game with clocks moves there; the play build has none.)
    clockTick: (/** @type {number} */ now) => (!onStudy() ? null : act(() => board.clockTick(Number(now)))()),
    /** For the tests of the recovery: fails inside the wasm as a bug would. */
    // For the tests of the page's recovery only: a failure as a bug would make one. Not in a
    // release: scripts/dist.mjs defines TAK_RELEASE, and the bundler drops this.
    ...(typeof TAK_RELEASE === 'undefined' && { failForTest: act(() => board.failForTest()) }),
    agreeDraw: act(() => board.agreeDraw()),
    save: () => board.save(),
    /** The save to keep across visits: the game being played, also while a finished game of its match is shown. */
    saveToKeep: () => (!onStudy() ? board.save() : board.saveToKeep()),
    /** What the game library lists for the game kept (the study build's; null on the play build). */
    summary: () => (!onStudy() ? null : board.summary()),
    /**
     * Restores a save (from save()): an error message, or null. A long one (a game of
     * thousands of plies) is read a slice at a time, as load() reads a paste (a Promise).
     * With `link` (a save from a shared link), the message speaks of the link.
     */
    restore: study(/** @param {string} text @param {(fraction: number) => void} [onProgress] @param {boolean} [link] */ (text, onProgress, link) => {
      const s = String(text);
      return s.length > LOAD_AT_ONCE ? readInSlices(s, { restore: true, onProgress, link }) : act(() => board.restore(s, link))();
    }),
    status,
    // A game of the play build was never read from text: its tags are its settings only.
    tags: () => (!onStudy() ? [] : board.tags()),
    /** Which build of the wasm the board runs on: 'play' or 'study'. */
    build: () => core.wasm.name,
    /** Moves the board into the study build (for what the play build lacks); resolves when done. */
    study: () => upgrade(),
    describe: () => board.describe(),
    plyCount: () => board.plyCount(),
    size: () => board.size(),
    searchSpec: () => board.searchSpec(),
    startSpec: () => board.startSpec(),
    squareRect: (/** @type {string} */ square) => board.squareRect(String(square)),
    reserveRect: (/** @type {'flat' | 'wall' | 'cap'} */ kind) => board.reserveRect(String(kind)),
    benchFrame: study((frames, moving, fresh) => board.benchFrame(frames, !!moving, !!fresh)),
    focus: () => canvas.focus(),
    showMessage: toast.show,
    hideMessage: toast.hide,
    canvas,
    // Events: see BoardEventName (www/board-events.js).
    on: events.on,
    destroy() {
      if (core.destroyed) return;
      core.destroyed = true;
      if (frame) cancelAnimationFrame(frame);
      resizeObserver.disconnect();
      darkQuery?.removeEventListener('change', applyTheme);
      events.clear();
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
