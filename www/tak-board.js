// <tak-board size="5" ptn="..." ply="last" interactive="0" controls analysis lesson autoplay="4"
// puzzle (with a ptn of one puzzle, or a tps: the reader solves it, the solver answers)
// arrows="c3-e3" highlight="d4:red" labels="b2:1" flip theme="dark">: a board for
// any page, in a shadow root so that nothing leaks into the host page's styles, and no
// globals. Methods: tps(), ptn(), play(move), goto(ply), on(event, fn); events: `move`,
// `ready` (DOM events on the element too).
import { mount } from './board.js';
import { stepControls } from './controls.js';
import { chooseLanguage, translator } from './i18n.js';

const STYLE = `
  :host { display: block; position: relative; width: 100%; aspect-ratio: 4 / 3; min-height: 180px; contain: content; }
  .frame { position: absolute; inset: 0; display: flex; flex-direction: column; }
  .board { flex: 1; position: relative; min-height: 0; }
  .tak-steps { flex: none; display: flex; align-items: center; justify-content: center; gap: 4px; height: 2.4em; font: 14px system-ui, sans-serif; }
  .tak-steps button { font: inherit; min-width: 2.2em; min-height: 2em; border: 1px solid #b9a583; border-radius: 4px; background: #fffaf0; color: #2b2218; cursor: pointer; }
  .tak-steps button:disabled { opacity: .4; }
  @media (prefers-color-scheme: dark) {
    :host(:not([theme=light])) .tak-steps button { background: #2b2926; color: #eee4d4; border-color: #5e4f3b; }
  }
  :host([theme=dark]) .tak-steps button { background: #2b2926; color: #eee4d4; border-color: #5e4f3b; }
  .tak-where { min-width: 8em; text-align: center; color: inherit; }
  .tak-caption { color: inherit; }
  .problem { padding: 8px; border: 2px solid #b3261e; border-radius: 6px; color: #5c1310; background: #fff4f2; font: 14px system-ui, sans-serif; }
`;

/** @typedef {import('./board-events.js').BoardEventName} BoardEventName */
/** @typedef {(detail: any) => void} Listener an event's listener (its detail: see BoardEventName) */

class TakBoardElement extends HTMLElement {
  /** @type {import('./board.js').Board | null} */
  #handle = null;
  /** @type {ShadowRoot | null} */
  #root = null;
  /** @type {{destroy(): void} | null} */
  #analysis = null;
  /** @type {{destroy(): void} | null} the lesson's controls, or the puzzle */
  #lesson = null;
  /** @type {[BoardEventName, Listener][]} what on() was given before the board was ready */
  #pending = [];
  // Which time the element was put in the page (0: not in it now): a board that arrives
  // after its element left, or was moved, is not the one shown.
  #connections = 0;
  #connection = 0;
  #ready = false; // true once the board is all set up (its marks, lesson, analysis): the `ready` event

  connectedCallback() {
    if (this.#root) return;
    // Moved in the page: the shadow root stays with the element; start it afresh.
    const root = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
    this.#root = root;
    const connection = ++this.#connections;
    this.#connection = connection;
    root.replaceChildren();
    const style = document.createElement('style');
    style.textContent = STYLE;
    const frame = document.createElement('div');
    frame.className = 'frame';
    const container = document.createElement('div');
    container.className = 'board';
    frame.append(container);
    root.append(style, frame);
    /** @param {string} name */
    const attr = (name) => this.getAttribute(name) ?? undefined;
    /** @param {string} name */
    const flag = (name) => this.hasAttribute(name) && this.getAttribute(name) !== 'false' && this.getAttribute(name) !== '0';
    // Playable unless told otherwise (`interactive="0"`), as the embed's frame is.
    const interactive = !this.hasAttribute('interactive') || flag('interactive');
    const lang = chooseLanguage(attr('lang'));
    mount(container, {
      lang,
      // A puzzle's PTN is read as a puzzle (below): the board starts from its position.
      tps: attr('tps'), ptn: flag('puzzle') ? undefined : attr('ptn'),
      study: ['arrows', 'highlight', 'labels', 'analysis', 'lesson', 'puzzle'].some((a) => this.hasAttribute(a)),
      interactive, flip: flag('flip'), theme: attr('theme') || 'auto',
      // The game's settings, read and checked by the board among all the attributes (by
      // their names without dashes: src/web/bindings/options.rs, `params`).
      params: Object.fromEntries([...this.attributes].map((a) => [a.name.replace(/-/g, ''), a.value])),
      label: this.getAttribute('aria-label') || 'Tak board',
    }).then(async (handle) => {
      if (this.#connection !== connection) {
        handle.destroy(); // the element left the page while its board was on its way
        return;
      }
      this.#handle = handle;
      const t = await translator(lang);
      if (flag('puzzle')) {
        // One puzzle: the reader moves for the attacker, the solver answers (www/puzzle.js).
        if (attr('ptn') === undefined && attr('tps') === undefined) throw new Error('puzzle needs the puzzle: a ptn (its solution the main line) or a tps');
        const { onePuzzle } = await import('./puzzle.js');
        this.#lesson = await onePuzzle(frame, handle, t, attr('ptn') !== undefined ? { ptn: attr('ptn') } : { tps: attr('tps') });
        handle.on('move', (detail) => this.dispatchEvent(new CustomEvent('move', { detail })));
        for (const [type, fn] of this.#pending) handle.on(type, fn);
        this.#pending = [];
        this.#ready = true;
        this.dispatchEvent(new CustomEvent('ready'));
        return;
      }
      const ply = attr('ply');
      const lesson = flag('lesson');
      handle.goto(ply === undefined ? (lesson ? 0 : 'last') : ply === 'last' ? 'last' : Number(ply) || 0);
      const markError = await handle.set({ marksText: { arrows: attr('arrows') ?? '', highlight: attr('highlight') ?? '', labels: attr('labels') ?? '' } });
      if (markError) {
        this.#problem(markError);
        return;
      }
      // The analysis' and the lessons' words come with the long texts (MORE_KEYS).
      if (flag('analysis') || lesson) await t.more();
      if (flag('analysis')) {
        const { analysisWidget } = await import('./analysis-widget.js');
        this.#analysis = analysisWidget(frame, handle, t);
      }
      if (lesson) {
        const { lessonControls } = await import('./lesson.js');
        const seconds = Number(attr('autoplay'));
        this.#lesson = lessonControls(frame, handle, t, { keys: this, autoplay: Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 99) : 0 });
        if (!this.hasAttribute('tabindex')) this.tabIndex = 0; // the arrow keys step the lesson
      } else if (flag('controls')) {
        await t.more(); // the controls' words come with the long texts
        stepControls(frame, handle, t);
      }
      handle.on('move', (detail) => this.dispatchEvent(new CustomEvent('move', { detail })));
      for (const [type, fn] of this.#pending) handle.on(type, fn);
      this.#pending = [];
      this.#ready = true;
      this.dispatchEvent(new CustomEvent('ready'));
    }).catch((/** @type {unknown} */ err) => this.#connection === connection && this.#problem(String(/** @type {Error} */ (err)?.message || err)));
  }

  disconnectedCallback() {
    this.#lesson?.destroy();
    this.#lesson = null;
    this.#analysis?.destroy();
    this.#analysis = null;
    this.#handle?.destroy();
    this.#handle = null;
    this.#ready = false;
    this.#root?.replaceChildren();
    this.#root = null;
    this.#connection = 0;
  }

  /** @param {string} text */
  #problem(text) {
    const box = document.createElement('div');
    box.className = 'problem';
    box.setAttribute('role', 'alert');
    box.textContent = `This board could not be shown: ${text}`;
    // Nobody to tell when the element left the page while its board was on its way.
    this.#root?.querySelector('.board')?.replaceChildren(box);
  }

  get ready() { return this.#ready; }
  tps() { return this.#handle?.tps() ?? null; }
  ptn() { return this.#handle?.ptn() ?? null; }
  /** @param {string} move */
  play(move) { return this.#handle ? this.#handle.play(move) : 'the board is not ready'; }
  /** @param {number | 'last'} ply */
  goto(ply) { return this.#handle?.goto(ply) ?? false; }
  status() { return this.#handle?.status() ?? null; }
  /** @param {string} square */
  squareRect(square) { return this.#handle?.squareRect(square) ?? null; }
  /** @param {import('./board.js').BoardConfig} config */
  set(config) { return this.#handle ? this.#handle.set(config) : 'the board is not ready'; }
  marks() { return this.#handle?.marks() ?? []; }
  /** @param {import('./board.js').ImageOptions} [options] */
  toSVG(options) { return this.#handle?.toSVG(options) ?? null; }
  /** @param {import('./board.js').ImageOptions & {ratio?: number}} [options] */
  toPNG(options) { return this.#handle ? this.#handle.toPNG(options) : Promise.reject(new Error('the board is not ready')); }
  /** @param {BoardEventName} type @param {Listener} fn */
  on(type, fn) {
    if (this.#handle) return this.#handle.on(type, fn);
    this.#pending.push([type, fn]);
    return () => {};
  }
}

if (!customElements.get('tak-board')) customElements.define('tak-board', TakBoardElement);
