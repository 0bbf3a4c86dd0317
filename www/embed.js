// embed.html: one board sized to its frame, configured by URL parameters, driven by
// postMessage from the page that embeds it. Everything from the URL or a PTN is shown as
// text, never as HTML.
import { mount } from './board.js';
import { stepControls } from './controls.js';
import { LANGUAGES, translator } from './i18n.js';
import { currentItem } from './lesson.js';
import { commentWords } from './words.js';

/**
 * What an embed's parameters ask for (readParams).
 * @typedef {object} EmbedOptions
 * @property {number | undefined} size
 * @property {string | undefined} tps
 * @property {string | undefined} ptn
 * @property {number | 'last' | null} ply
 * @property {boolean} interactive
 * @property {number} ai the computer's level (0: none)
 * @property {boolean} controls
 * @property {boolean} analysis
 * @property {boolean} lesson
 * @property {boolean} [puzzle]
 * @property {boolean} [flip]
 * @property {boolean} [editor]
 * @property {number} autoplay
 * @property {string} theme
 * @property {string} lang
 * @property {string} [arrows]
 * @property {string} [highlight]
 * @property {string} [labels]
 * @property {Record<string, string>} [params] every parameter, for the board to read the game's settings from
 */
/**
 * Reads and checks the parameters; returns {options, errors}.
 * @param {string} search
 */
export function readParams(search) {
  const p = new URLSearchParams(search);
  /** @type {string[]} */
  const errors = [];
  /** @type {EmbedOptions} */
  const options = { size: undefined, tps: undefined, ptn: undefined, ply: null, interactive: true, ai: 0, controls: false, analysis: false, lesson: false, autoplay: 0, theme: 'auto', lang: 'en' };
  /** @param {string} name @param {boolean} fallback */
  const flag = (name, fallback) => {
    if (!p.has(name)) return fallback;
    const v = p.get(name);
    if (v === '1' || v === 'true' || v === '') return true;
    if (v === '0' || v === 'false') return false;
    errors.push(`${name} must be 0 or 1, not '${v}'`);
    return fallback;
  };
  if (p.has('size')) {
    const v = /** @type {string} */ (p.get('size'));
    if (/^[3-8]$/.test(v)) options.size = Number(v);
    else errors.push(`size must be a board size from 3 to 8, not '${v}'`);
  }
  if (p.has('tps')) options.tps = /** @type {string} */ (p.get('tps'));
  if (p.has('ptn')) options.ptn = /** @type {string} */ (p.get('ptn'));
  if (options.tps && options.ptn) errors.push('give either tps or ptn, not both');
  if (p.has('ply')) {
    const v = /** @type {string} */ (p.get('ply'));
    if (v === 'last') options.ply = 'last';
    else if (/^\d{1,6}$/.test(v)) options.ply = Number(v);
    else errors.push(`ply must be a number or 'last', not '${v}'`);
  }
  options.interactive = flag('interactive', true);
  options.controls = flag('controls', false);
  options.analysis = flag('analysis', false);
  options.lesson = flag('lesson', false);
  options.puzzle = flag('puzzle', false);
  options.flip = flag('flip', false);
  if (options.puzzle) {
    if (!options.tps && !options.ptn) errors.push('puzzle=1 needs the puzzle: a ptn (its solution the main line) or a tps');
    for (const other of ['ai', 'lesson', 'analysis', 'ply']) {
      if (p.has(other)) errors.push(`puzzle=1 cannot go with ${other}`);
    }
  }
  // The position editor first: the reader sets up a position, Done shows it on the board.
  options.editor = flag('editor', false);
  if (options.editor && options.puzzle) errors.push('editor=1 cannot go with puzzle=1');
  if (p.has('autoplay')) {
    const v = /** @type {string} */ (p.get('autoplay'));
    if (/^\d{1,2}$/.test(v) && Number(v) >= 1) options.autoplay = Number(v);
    else errors.push(`autoplay must be a number of seconds from 1 to 99, not '${v}'`);
  }
  options.arrows = p.get('arrows') || '';
  options.highlight = p.get('highlight') || '';
  options.labels = p.get('labels') || '';
  // The game's settings are read and checked by the board (src/web/bindings/options.rs,
  // `params`): every parameter is passed on, and the board takes those it knows.
  options.params = Object.fromEntries(p);
  for (const name of ['komi', 'opening', 'flats', 'caps']) {
    if (p.has(name) && options.ptn) errors.push(`${name} cannot go with ptn: the PTN's own tags say it`);
  }
  if (p.has('ai')) {
    const v = /** @type {string} */ (p.get('ai'));
    if (/^[1-6]$/.test(v)) options.ai = Number(v);
    else errors.push(`ai must be a level from 1 to 6, not '${v}'`);
  }
  if (p.has('theme')) {
    const v = /** @type {string} */ (p.get('theme'));
    if (['light', 'dark', 'auto'].includes(v)) options.theme = v;
    else errors.push(`theme must be light, dark or auto, not '${v}'`);
  }
  const lang = p.get('lang') || (navigator.language || 'en').slice(0, 2).toLowerCase();
  if (LANGUAGES.includes(lang)) options.lang = lang;
  else if (p.has('lang')) errors.push(`lang must be one of ${LANGUAGES.join(', ')}, not '${p.get('lang')}'`);
  return { options, errors };
}

/** @param {import('./i18n.js').Translator} t @param {string[]} errors */
function showProblem(t, errors) {
  const board = /** @type {HTMLElement} */ (document.getElementById('board'));
  board.replaceChildren();
  const box = document.createElement('div');
  box.className = 'problem';
  box.setAttribute('role', 'alert');
  const h = document.createElement('h1');
  h.textContent = t('embed.problem');
  const list = document.createElement('ul');
  for (const e of errors) {
    const li = document.createElement('li');
    li.textContent = e;
    list.append(li);
  }
  box.append(h, list);
  board.style.display = 'flex';
  board.append(box);
}

async function main() {
  const { options, errors } = readParams(location.search);
  const t = await translator(options.lang);
  document.documentElement.lang = options.lang;
  document.documentElement.dataset.theme = options.theme;
  if (errors.length) {
    showProblem(t, errors);
    return;
  }
  /** @type {import('./board.js').Board} */
  let handle;
  try {
    handle = await mount(/** @type {HTMLElement} */ (document.getElementById('board')), {
      // A puzzle's PTN is read as a puzzle (below): the board starts from its position.
      size: options.size, tps: options.tps, ptn: options.puzzle ? undefined : options.ptn,
      // Marks, analysis, lessons and puzzles are the study build's: fetched at once when asked for.
      study: !!(options.arrows || options.highlight || options.labels || options.analysis || options.lesson || options.puzzle),
      interactive: options.interactive, flip: options.flip, theme: options.theme, label: t('board.label'), lang: options.lang,
      params: options.params,
    });
  } catch (err) {
    showProblem(t, [String(/** @type {Error} */ (err)?.message || err)]);
    return;
  }
  if (options.editor) {
    // The position editor over the board (www/editor.js): Done loads the position, Cancel
    // leaves the board as it was.
    window.tak = handle;
    const { editPosition } = await import('./editor.js');
    const overlay = document.createElement('div');
    overlay.className = 'tak-editor editor';
    document.body.append(overlay);
    const position = await editPosition(overlay, { t, lang: options.lang, theme: options.theme, start: handle.searchSpec() });
    overlay.remove();
    if (position) await handle.load(position.ptn);
  }
  if (options.puzzle) {
    // One puzzle: the reader moves for the attacker, the solver answers (www/puzzle.js).
    const { onePuzzle } = await import('./puzzle.js');
    try {
      await onePuzzle(/** @type {HTMLElement} */ (document.getElementById('below')), handle, t, options.ptn != null ? { ptn: options.ptn } : { tps: options.tps });
    } catch (err) {
      handle.destroy();
      showProblem(t, [String(/** @type {Error} */ (err)?.message || err)]);
      return;
    }
    window.tak = handle;
    return;
  }
  const total = handle.plyCount();
  if (typeof options.ply === 'number' && options.ply > total) {
    showProblem(t, [`ply ${options.ply} is past the end of the game (${total} plies)`]);
    handle.destroy();
    return;
  }
  // A lesson starts at its beginning; a game at its end, unless the host says otherwise.
  handle.goto(options.ply ?? (options.lesson ? 0 : 'last'));
  const markError = await handle.set({ marksText: { arrows: options.arrows, highlight: options.highlight, labels: options.labels } });
  if (markError) {
    showProblem(t, [markError]);
    handle.destroy();
    return;
  }

  // Player names from the PTN, as text.
  const tags = Object.fromEntries(handle.tags().map(([k, v]) => [k.toLowerCase(), v]));
  if (tags.player1 || tags.player2) {
    /** @type {HTMLElement} */ (document.getElementById('caption')).textContent = `${tags.player1 || '?'} ${t('embed.vs')} ${tags.player2 || '?'}`;
  }
  // The analysis' and the lessons' words come with the long texts (MORE_KEYS), and a
  // review's roads in its comments (+R3) in words.
  if (options.analysis || options.lesson || /[+-]R\d/.test(options.ptn ?? '')) await t.more();
  if (options.analysis) {
    const { analysisWidget } = await import('./analysis-widget.js');
    analysisWidget(/** @type {HTMLElement} */ (document.getElementById('below')), handle, t);
  }
  if (options.lesson) {
    const { lessonControls } = await import('./lesson.js');
    lessonControls(/** @type {HTMLElement} */ (document.getElementById('below')), handle, t, { keys: window, autoplay: options.autoplay });
  } else if (options.controls) {
    await t.more(); // the controls' words come with the long texts
    stepControls(/** @type {HTMLElement} */ (document.getElementById('below')), handle, t);
  }
  // The notes of the ply shown (a review's marks and comments, or an author's).
  const notes = /** @type {HTMLElement} */ (document.getElementById('notes'));
  const showNotes = () => {
    if (options.lesson) { notes.textContent = ''; return; } // the lesson's caption says it
    const s = /** @type {import('./board.js').Status} */ (handle.status());
    const item = currentItem(s);
    notes.textContent = item && (item.annotation || item.comments.length)
      ? `${item.label} ${item.ptn}${item.annotation}${item.comments.length ? ` · ${item.comments.map((c) => commentWords(c, t)).join(' · ')}` : ''}`
      : '';
  };
  handle.on('change', showNotes);
  showNotes();

  // Against the computer from here: the reader plays the side to move now.
  // The reader plays the side to move at load; the computer the other (decided before any
  // wait, so that a ply played meanwhile does not swap them).
  const computerSide = handle.searchSpec().toMove === 'white' ? 'black' : 'white';
  if (options.ai) {
    // Its words (`embed.thinking`) come with the long texts.
    const [{ Computer }, { takeTurn }] = await Promise.all([import('./computer.js'), import('./opponent.js'), t.more()]);
    const computer = new Computer();
    const status = /** @type {HTMLElement} */ (document.getElementById('status'));
    const turn = () => takeTurn(handle, computer, computerSide, options.ai, {
      thinking: (/** @type {boolean} */ on) => {
        handle.set({ interactive: on ? false : !!options.interactive });
        status.textContent = on ? t('embed.thinking') : '';
      },
      failed: (/** @type {unknown} */ err) => { status.textContent = /** @type {Error} */ (err).message; },
    });
    handle.on('change', turn);
    turn(); // a ply may have been played while this code was loading
  }

  // The host page can drive this board and hears about its moves.
  /** @param {Record<string, unknown>} message */
  const report = (message) => window.parent !== window && window.parent.postMessage(message, '*');
  handle.on('move', (e) => report({ type: 'tak:move', ptn: e.ptn, ply: e.ply, tps: handle.tps() }));
  let queue = Promise.resolve();
  window.addEventListener('message', (event) => {
    if (event.source !== window.parent || window.parent === window) return;
    const msg = event.data;
    if (!msg || typeof msg !== 'object' || typeof msg.type !== 'string') return;
    /** @param {Record<string, unknown>} body */
    const reply = (body) => report({ ...body, id: msg.id ?? null });
    // In order: a load may first fetch the study build, and what comes after it waits.
    queue = queue.then(() => answer(msg, reply)).catch(() => {});
  });
  /**
   * @param {{type: string, [key: string]: unknown}} msg the host's message (its other fields unchecked: read as text or numbers)
   * @param {(body: Record<string, unknown>) => void} reply
   */
  async function answer(msg, reply) {
    switch (msg.type) {
      case 'tak:play': reply({ type: 'tak:played', error: handle.play(String(msg.move ?? '')) }); break;
      case 'tak:goto': handle.goto(msg.ply === 'last' ? 'last' : Number(msg.ply) || 0); reply({ type: 'tak:state', tps: handle.tps(), ply: /** @type {import('./board.js').Status} */ (handle.status()).ply }); break;
      case 'tak:load': reply({ type: 'tak:loaded', error: await handle.load(String(msg.ptn ?? msg.tps ?? '')) }); break;
      case 'tak:get': reply({ type: 'tak:state', tps: handle.tps(), ptn: handle.ptn(), ply: /** @type {import('./board.js').Status} */ (handle.status()).ply }); break;
      default: reply({ type: 'tak:error', error: `unknown message type '${msg.type}'` });
    }
  }
  // Published once everything is wired, so that a host (or a test) never meets a half-made
  // board.
  window.tak = handle;
  report({ type: 'tak:ready', tps: handle.tps() });
}

if ('serviceWorker' in navigator && location.protocol.startsWith('http')) {
  navigator.serviceWorker.register('./sw.js').catch(() => {});
}
main();
