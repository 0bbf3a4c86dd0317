// The game page: one board plus its controls. Glue only: every rule and every board state
// lives in the wasm board; this file turns its status into DOM and DOM actions into calls.
import { mount } from './board.js';
import { Computer } from './computer.js';
import { redoToOwnTurn, stopTurn, takeTurn, undoToOwnTurn } from './opponent.js';
import { chooseLanguage, translator, translatePage } from './i18n.js';
import { languageOptions } from './languages.js';
import { renderMoves, renderStatus } from './panel.js';
import { setUpFlip } from './flip.js';
import { kept } from './kept-keys.js';

// What the first visit does not need is loaded when first used: the board is drawn first.
/**
 * Loads once, when first wanted.
 * @template T
 * @param {() => Promise<T>} load
 * @returns {() => Promise<T>}
 */
const later = (load) => { let p = null; return () => (p ??= load()); };
/** The board's status, as the page reads it (the board gives null only where its wasm failed). @typedef {NonNullable<ReturnType<import('./board.js').Board['status']>>} BoardStatus */
const shareModule = later(() => import('./share.js'));
const matchModule = later(() => import('./match.js'));
const studyModule = later(() => import('./study.js'));
const clockModule = later(() => import('./clock.js'));
const soundModule = later(() => import('./sounds.js'));
const embedThisModule = later(() => import('./embed-this.js'));
const notesModule = later(() => import('./notes.js'));
const pasteModule = later(() => import('./paste.js'));
// Questions asked in the page, not with the browser's confirm() (www/confirm.js says why).
/** @param {Parameters<import('./confirm.js').Ask>[0]} question */
const ask = async (question) => (await import('./confirm.js')).ask(t, question);
const leaveMatch = () => ask({ question: 'match.confirm_leave', yes: 'btn.match_leave' });
// The game library (www/keeper.js, www/library.js): loaded before the board's game comes
// back for a returning visitor, with the first change on a first visit.
const keeperModule = later(() => import('./keeper.js'));
const gamesModule = later(() => import('./games.js'));

const SETTINGS_KEY = 'tak.settings';
/** @param {string} id */
const $ = (id) => /** @type {PageElement} */ (document.getElementById(id));

// The one-file build is itself the file to keep: no link to download it from it.
if (globalThis.TAK_ONE_FILE) $('download-offline').hidden = true;
// Opened from a file, the page has no address that another page could embed from.
const fromFile = location.protocol === 'file:';
if (fromFile) $('authors').hidden = true;


/** @param {string} text */
function showNotice(text) {
  const notice = $('notice');
  notice.textContent = text;
  notice.hidden = !text;
}

// Settings: opponent, level, colour, language and help options. Kept across visits;
// anything unreadable falls back to the defaults.
// A newcomer's computer plays at the lowest level (the welcome's, the tutorial's, New game's
// first): a first game is not lost in six moves.
const DEFAULT_LEVEL = 1;
/**
 * The reader's settings (kept across visits): those `loadSettings` reads (the defaults have
 * no `sound` nor `menuTools`).
 * @typedef {object} Settings
 * @property {string} opponent 'human' or 'computer'
 * @property {number} level 1 to 6
 * @property {string} human the reader's colour against the computer: 'white' or 'black'
 * @property {string | null} lang the language chosen, null for the browser's
 * @property {string} theme 'light', 'dark' or 'system'
 * @property {boolean} targets
 * @property {boolean} tak
 * @property {boolean} patterns
 * @property {Partial<import('./board.js').GameSettings>} game the game's settings chosen last
 * @property {string[]} players the players' names chosen last
 * @property {string} clock 'none', a preset ('10:0 +15') or 'custom'
 * @property {{minutes: number, increment: number}} clockCustom
 * @property {boolean | null} [sound] the reader's choice, or null for the default
 * @property {boolean} [menuTools]
 */
/** @returns {Settings} */
function loadSettings() {
  /** @type {Settings} */
  const defaults = { opponent: 'human', level: DEFAULT_LEVEL, human: 'white', lang: null, theme: 'system', targets: true, tak: true, patterns: false, game: {}, players: ['', ''], clock: 'none', clockCustom: { minutes: 10, increment: 15 } };
  try {
    const s = JSON.parse(localStorage.getItem(SETTINGS_KEY) || '{}');
    return {
      opponent: s.opponent === 'computer' ? 'computer' : 'human',
      level: Number.isInteger(s.level) && s.level >= 1 && s.level <= 6 ? s.level : defaults.level,
      human: s.human === 'black' ? 'black' : 'white',
      lang: typeof s.lang === 'string' ? s.lang : null,
      theme: ['light', 'dark'].includes(s.theme) ? s.theme : 'system',
      targets: s.targets !== false,
      tak: s.tak !== false,
      patterns: s.patterns === true,
      // The game's settings chosen last (kept before as `rules` and `variant`).
      game: readGame(s.game ?? { ...s.rules, ...s.variant }),
      players: Array.isArray(s.players) && s.players.length === 2 ? s.players.map((/** @type {unknown} */ n) => String(n).slice(0, 40)) : ['', ''],
      // The game clock chosen last: 'none', a preset ('10:0 +15') or 'custom'.
      clock: typeof s.clock === 'string' ? s.clock.slice(0, 20) : 'none',
      clockCustom: {
        minutes: Number.isFinite(s.clockCustom?.minutes) ? s.clockCustom.minutes : 10,
        increment: Number.isFinite(s.clockCustom?.increment) ? s.clockCustom.increment : 15,
      },
      // Sound: the reader's choice, or null for the default (see soundOn).
      sound: typeof s.sound === 'boolean' ? s.sound : null,
      menuTools: s.menuTools === true,
    };
  } catch {
    return defaults;
  }
}
/**
 * The game's settings as kept (a GameSettings, in part): words and whole numbers only; the
 * board checks them when a game starts, and a setting it refuses is its default.
 * @param {unknown} kept
 * @returns {Partial<import('./board.js').GameSettings>}
 */
function readGame(kept) {
  const game = /** @type {Partial<import('./board.js').GameSettings> & Record<string, unknown>} */ ({});
  for (const [name, value] of Object.entries(kept && typeof kept === 'object' ? kept : {})) {
    if (typeof value === 'string' ? value.length <= 40 : Number.isInteger(value) && value >= 0 && value <= 255) game[name] = value;
  }
  return game;
}
let settings = loadSettings();
function saveSettings() {
  try { localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings)); } catch { /* disabled */ }
}

// The theme: light, dark or the system's, for the page (its stylesheet reads data-theme; the
// script in the page's head sets it before the first paint) and the board's canvas.
const boardTheme = () => (settings.theme === 'system' ? 'auto' : settings.theme);
function applyPageTheme() {
  if (settings.theme === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = settings.theme;
}
applyPageTheme();
// Where a game was played, for its PTN's `Site`: the page's address (a file has none to give).
const SITE = location.protocol.startsWith('http') ? `${location.origin}${location.pathname.replace(/index\.html$/, '')}` : 'Tak (a page saved on this device)';

let lang = chooseLanguage(settings.lang);
let t = await translator(lang);
document.documentElement.lang = lang;
translatePage(document, t);
$('lang').innerHTML = languageOptions(); // www/languages.js, the one list
$('lang').value = lang;

// A first visit plays on the small build of the board; a saved game, a match or a shared
// link needs the study build (already cached by then, for a returning visitor).
const returning = kept.here() || /^#[gf]=/.test(location.hash);
/** @type {import('./board.js').Board} */
let board;
try {
  board = await mount($('board'), { label: t('board.label'), lang, patterns: settings.patterns, showTargets: settings.targets, showThreats: settings.tak, study: returning, theme: boardTheme(), site: SITE });
} catch (err) {
  showNotice(t('notice.cannot_start', { error: /** @type {Error | null | undefined} */ (err)?.message || err }));
  throw err;
}
// Offline: cache every asset after the first visit (not from file://, where it cannot run).
// Once the board is drawn: its downloads would otherwise compete with the first board's.
// A new release is offered as "A new version is ready — Reload", the game kept first
// (www/updates.js, with workbox-window). A first visit has nothing to update: it registers
// the worker alone and loads the offer only if a release comes while it is open (the first
// visit stays within 100 KB gzipped).
if ('serviceWorker' in navigator && location.protocol.startsWith('http')) {
  let watching = null;
  const watch = () => (watching ??= import('./updates.js')
    // Not reloaded when the game could not be kept (the keeper has said why).
    .then((u) => u.watchForUpdates({ t: () => t, showNotice, beforeReload: async () => { await flush(); if (keeper && !keeper.isKept()) throw new Error('not kept'); } }))
    .catch(() => { /* the game works without it */ }));
  setTimeout(() => (navigator.serviceWorker.controller ? watch() : navigator.serviceWorker.register('./sw.js')
    .then((reg) => reg.addEventListener('updatefound', () => { if (reg.active) watch(); }))
    .catch(() => { /* the game works without it */ })));
}
// A page held upright keeps the reserves above and below the board.
const upright = matchMedia('(orientation: portrait)');
board.set({ preferPortrait: upright.matches });
upright.addEventListener('change', () => board.set({ preferPortrait: upright.matches }));

/** @type {import('./keeper.js').Keeper | null} */
let keeper = null;
/** @type {() => Promise<import('./keeper.js').Keeper>} */
const ensureKeeper = later(async () => (keeper = (await keeperModule()).createKeeper({
  board,
  t: () => t,
  showNotice,
  after: () => { maybeThink(); refresh(); },
  // Who plays a game is kept with it, and comes back when it is opened.
  sides: () => ({ opponent: settings.opponent, level: settings.level, human: settings.human }),
  applySides: (sides) => { settings = { ...settings, ...sides }; },
  friend: () => friendly(),
  kept,
})));
// Games with a friend by link (www/friend.js): loaded with the first one.
/** @type {() => Promise<Awaited<ReturnType<typeof import('./friend.js').setUpFriend>>>} */
const friendly = later(async () => (await import('./friend.js')).setUpFriend({
  board,
  t: () => t,
  showNotice,
  keeper: await ensureKeeper(),
  saveNow: () => saveNow(),
  ask,
  refresh: () => refresh(),
  // The turn line while the friend's move is awaited (a text, or null), and the view.
  // (Not drawn before the page's first refresh either, as noUndo below: a link's first screen.)
  waiting: (text) => { if (waiting !== text) { waiting = text; if (drawn) refresh(); } },
  flip: (on) => view.flip(on),
  // Undo refused, and why (a text, or null): a friend game's move sent or received stays.
  // (Not drawn before the page's first refresh: a link opened on arrival comes before it.)
  noUndo: (text) => { if (noUndo !== text) { noUndo = text; if (drawn) refresh(); } },
  // A typed ply refused, and why (a text, or null): a side to choose, a fork to answer, watching.
  noMove: (text) => { noMove = text; },
}));
/** @type {string | null} */
let waiting = null;
/** @type {string | null} */
let noMove = null;
/** @type {string | null} */
let noUndo = null;
let drawn = false;
// This tab's game from before a reload, or the game changed last (a new tab).
if (returning) await (await ensureKeeper()).start();
// The page's API (for scripts and tests), published once the saved game is back: before
// that it would answer for the empty board the page starts with.
window.tak = board;

/**
 * Before a dialog opens: its texts, which in dist/ come with the long texts (the New game,
 * Share and Paste dialogs are not on a first visit's way to its first board).
 * @param {HTMLElement} dialog
 */
async function openingDialog(dialog) {
  await t.more();
  translatePage(dialog, t);
}

// Kept in a task of its own, once per burst of changes (a long game's save takes a while to
// write), and at once when the page is hidden or left, so that nothing is lost.
/** @type {ReturnType<typeof setTimeout> | null} */
let saveTimer = null;
let changed = false; // since the page started: a fresh tab's untouched board has nothing to keep
const saveNow = () => {
  clearTimeout(/** @type {number} */ (saveTimer)); // null: none (clearTimeout ignores it)
  saveTimer = null;
  return ensureKeeper().then((k) => k.keep());
};
// Before another game replaces the one on the board: the keeper keeps it and moves the tab to
// a new entry. A fresh tab that has not changed has nothing to keep, and its new game comes
// at once, not after the keeper's code.
/** @type {{blank: true}} */
const NOTHING_KEPT = { blank: true };
async function setAside() {
  if (!keeper && !changed) return NOTHING_KEPT;
  return (keeper ?? await ensureKeeper()).replacing();
}
// Anything but NOTHING_KEPT is the keeper's (from `replacing`).
/** @param {unknown} before what setAside resolved to */
const unsetAside = (before) => { if (before !== NOTHING_KEPT) /** @type {import('./keeper.js').Keeper} */ (keeper).cancel(/** @type {{id: string, blank: boolean}} */ (before)); };
/** @param {unknown} before what setAside resolved to @param {string} key */
const offerBackTo = (before, key) => { if (before !== NOTHING_KEPT) /** @type {import('./keeper.js').Keeper} */ (keeper).offerBack(/** @type {{id: string, blank: boolean}} */ (before), key); };
const save = () => {
  changed = true;
  ensureKeeper(); // on its way at once: it may be wanted as the page is left
  saveTimer ??= setTimeout(saveNow, 50);
};
const flush = () => {
  clearTimeout(/** @type {number} */ (saveTimer));
  saveTimer = null;
  if (keeper) return keeper.flush();
  // Gone before the keeper came (a first visit's first plies): the game waits in this tab's
  // sessionStorage, where the keeper's start takes it up (too large: lost with the tab).
  if (changed) kept.writePending(board.saveToKeep(), null, 0, null);
  return null;
};
addEventListener('pagehide', flush);
document.addEventListener('visibilitychange', () => { if (document.hidden) flush(); else maybeThink(); });

// A shared link: open its game (the one played here before is kept, one click away), on
// arrival or typed into the address bar of a tab already showing the page.
async function openLink() {
  await t.more(); // what a link may be told comes later
  if (location.hash.startsWith('#f=')) {
    const hash = location.hash;
    history.replaceState(null, '', location.pathname + location.search);
    return (await friendly()).receive(hash);
  }
  return (await shareModule()).openSharedLink({
    board, t, setAside, unsetAside, saveNow, offerBackTo, showNotice, studyGame,
    unstudy: (was) => { settings = { ...settings, ...was }; },
  });
}
if (/^#[gf]=/.test(location.hash)) await openLink();
addEventListener('hashchange', async () => {
  if (!/^#[gf]=/.test(location.hash)) return;
  computer.cancel();
  await openLink();
  maybeThink();
  refresh();
});

/**
 * A game pasted or opened from a link is studied, nobody's the computer (it would move in it):
 * for this game only, not the settings kept. Returns who played before, to put back.
 */
function studyGame() {
  const was = { opponent: settings.opponent };
  settings = { ...settings, opponent: 'human' };
  return was;
}
/** @param {string} color */
const playerName = (color) => t(color === 'white' ? 'color.white' : 'color.black');
/** Against the computer, which side it plays and at what level: the board names the sides. */
const sides = () => ({ computer: computerColor() ?? 'none', level: settings.level });

function renderBoardText() {
  const list = $('board-text');
  list.replaceChildren(...board.describe().map((line) => {
    const li = document.createElement('li');
    li.textContent = line;
    return li;
  }));
}

/** @type {import('./i18n.js').Translator | null} */
let explained = null; // the translator whose long texts were fetched for the notation's words
/** @type {null | import('./rules-words.js').sayRules} */
let rulesWords = null;
function refresh() {
  const s = /** @type {BoardStatus} */ (board.status());
  // Reviewed (its evaluations in the comments): the menu asks whether the PTN carries them.
  $('ptn-evaluations-row').hidden = !s.chances?.length;
  const thinking = computer.busy ? t('thinking', { level: settings.level, name: t(`level.${settings.level}`) }) : '';
  // In a match against the computer, the reader is the first player: white in odd games.
  if (s.series && settings.opponent === 'computer' && s.series.current) {
    const human = s.series.current.white === 0 ? 'white' : 'black';
    if (human !== settings.human) {
      settings.human = human;
      view.newGame(true);
      board.set(sides());
      refresh();
      return;
    }
  }
  const you = computerColor() && settings.human;
  // In a match between people, the result names the players.
  let names = null;
  if (s.series && !you) {
    const white = s.series.current?.white ?? s.series.games.at(-1)?.white ?? 0;
    names = [s.series.players[white], s.series.players[1 - white]];
  }
  renderStatus(s, t, { showTak: settings.tak, playerName, thinking, you, names, waiting });
  // The rules in words (www/rules-words.js: the notation, komi, flats and the game's options),
  // which come with the long texts: both fetched once a result, komi, flats or an option is shown.
  const komi = s.settings.komi !== '0' && !s.result;
  const flats = !s.result && !s.opening;
  // The game's options: its settings that differ from a standard game of its size (komi is
  // said by the turn line, the clock by the clocks).
  const standard = board.standardSettings(s.settings.size) ?? s.settings;
  const options = Object.keys(s.settings).filter((k) => k !== 'komi' && k !== 'clock' && s.settings[/** @type {keyof import('./board.js').GameSettings} */ (k)] !== standard[/** @type {keyof import('./board.js').GameSettings} */ (k)]);
  if ((s.result || komi || flats || options.length) && explained !== t) {
    explained = t;
    Promise.all([import('./rules-words.js'), t.more()]).then(([m]) => { rulesWords = m.sayRules; refresh(); });
  }
  if (rulesWords) rulesWords(s, t, { komi, flats, options });
  else $('turn').title = $('result-text').title = ''; // nothing to say before the words come
  match?.render(s);
  // The result card: in a match, the next game instead of a rematch.
  const inMatch = !!s.series && !match?.viewing;
  $('result-rematch').hidden = inMatch;
  $('result-next').hidden = !(inMatch && /** @type {import('../pkg/tak_study.js').MatchStatus} */ (s.series).canNext);
  // Over at its end, also while an earlier ply is shown: nothing to resign or offer.
  $('resign').disabled = $('offer-draw').disabled = !!s.finalResult || !!match?.viewing;
  $('hint').disabled = !!s.result || computer.busy || s.takeBacksForbidden; // tavern rules: no hints either
  // A game of no moves (resigned at once) has nothing to review or step back through. (Not
  // `s.moves.length`: that writes out every ply of the line, at every refresh.)
  $('review').disabled = $('result-review').hidden = s.ply === 0 && !s.canRedo;
  $('result-back').hidden = s.ply === 0;
  $('undo').disabled = !s.canUndo || s.takeBacksForbidden || !!noUndo;
  $('undo').title = s.takeBacksForbidden && t.has('opt.tavern_undo') ? t('opt.tavern_undo') : noUndo ?? '';
  $('redo').disabled = !s.canRedo;
  $('first').disabled = $('prev').disabled = s.ply === 0;
  $('next').disabled = $('last').disabled = !s.canRedo;
  document.body.dataset.opponent = you ? `computer-${settings.level}-${computerColor()}` : 'human';
  document.body.style.setProperty('--n', String(s.settings.size)); // the board's height in portrait (www/style.css)
  renderMoves($('moves'), s, t, {
    gotoPath: (/** @type {number} */ id) => board.gotoPath(id),
    promote: (/** @type {number} */ id) => board.promote(id),
    deleteLine: (/** @type {number} */ id) => board.deleteLine(id),
    goto: (/** @type {number} */ ply) => board.goto(ply),
    foldLines: !!you,
  });
  renderBoardText();
  // A reviewed game draws its graph; a match shows its table: their code comes when needed.
  if (!study && s.chances.some((c) => c != null)) ensureStudy().then(() => refresh());
  if (!match && s.series) ensureMatch().then(() => refresh());
  study?.drawGraph(s);
  study?.follow();
  // Game clocks: their code comes with the first game that has them.
  if (s.clock && !clocks) ensureClocks().then(() => refresh());
  clocks?.sync(s);
}

// The game clocks (www/clock.js), set up when a game first has them.
/** @type {ReturnType<typeof import('./clock.js').setUpClocks> | null} */
let clocks = null;
const ensureClocks = async () => {
  // The clocks' words come with the long texts (www/catalogue-split.js).
  const [{ setUpClocks }] = await Promise.all([clockModule(), t.more()]);
  clocks ??= setUpClocks(board, {
    t: () => t,
    playerName,
    canPause: () => !computerColor(),
    keep: () => saveNow(),
    onLowTime: (/** @type {string} */ side) => {
      $('announce').textContent = t('clock.low', { player: /** @type {BoardStatus} */ (board.status()).players[side === 'white' ? 0 : 1] });
      // The low-time sound (www/sounds.js), when sound is on.
      playSound('lowTime');
    },
    onFlag: () => playSound('end'),
  });
  return clocks;
};

// Live analysis and the whole-game review, in their own worker; the match.
/** @type {ReturnType<typeof import('./study.js').setUpStudy> | null} */
let study = null;
/** @type {ReturnType<typeof import('./match.js').setUpMatch> | null} */
let match = null;

// The computer opponent and the hint, each in its own Web Worker.
const computer = new Computer();
const hinter = new Computer();
// A computer that went silent is started again and asked again: said, since its move is late.
computer.onRestart = (/** @type {boolean} */ again) => { if (!again) t.more().then(() => showNotice(t('worker.restarted'))); };
/** @returns {'white' | 'black' | null} */
const computerColor = () => (settings.opponent === 'computer' ? (settings.human === 'white' ? 'black' : 'white') : null);

// The board seen from Black's side (the toolbar's button, the R key): a view, kept for this
// tab's session; against the computer as Black a game starts so.
const view = setUpFlip(board, $('flip'), () => computerColor() === 'white');

// Sounds (www/sounds.js, loaded when first wanted): on unless the reader switched them off;
// by default off for a reader who asks for reduced motion, and under automation (the tests).
const soundOn = () => settings.sound ?? !(matchMedia('(prefers-reduced-motion: reduce)').matches || navigator.webdriver);
/**
 * Plays a sound ('place', 'spread', 'tak', 'end', 'lowTime') when sound is on.
 * @param {string} name
 */
function playSound(name) {
  if (soundOn() && !document.hidden) soundModule().then((s) => { s.setEnabled(soundOn()); s.playSound(name); }).catch(() => {});
}
// The audio may start only after a gesture: the first press or key (and any later one, to
// resume audio a browser suspended) unlocks it.
const unlockSound = () => { if (soundOn()) soundModule().then((s) => { s.setEnabled(true); s.unlock(); }).catch(() => {}); };
for (const type of ['pointerdown', 'keydown']) addEventListener(type, unlockSound, { capture: true, passive: true });
board.on('move', (e) => {
  if (soundOn()) soundModule().then((s) => playSound(s.soundOfPly(e.ptn, /** @type {BoardStatus} */ (board.status()), { tak: settings.tak }))).catch(() => {});
});

/** Starts the computer's search when it is its turn at the end of the game. */
function maybeThink() {
  board.set({ playedLineIsMain: settings.opponent === 'computer', ...sides() });
  if (match?.viewing) { stopTurn(computer); board.set({ thinking: false }); return; }
  // A tab that follows another tab's game leaves the computer's reply to the tab where the
  // move was made (two replies would be two games; www/keeper.js).
  if (keeper?.followed()) { stopTurn(computer); board.set({ thinking: false }); return; }
  takeTurn(board, computer, computerColor(), settings.level, {
    thinking: (on) => board.set({ thinking: on }),
    played: (move, error) => {
      // A bug's words, with the long texts.
      if (error) t.more().then(() => showNotice(t('notice.computer_refused', { move, error })));
      refresh();
    },
    failed: (err) => t.more().then(() => { showNotice(err.died ? t('worker.died') : t('notice.computer_failed', { error: err.message })); refresh(); }),
  });
}

// Every ply and the result are announced to screen readers.
board.on('move', (e) => {
  const s = /** @type {BoardStatus} */ (board.status());
  const mover = s.toMove === 'white' ? 'black' : 'white';
  // Against the computer the sides are named as players.
  const you = computerColor() ? settings.human : null;
  let text = !you ? t('announce.ply', { player: playerName(mover), move: e.ptn })
    : mover === you ? t('announce.you', { move: e.ptn })
      : t('announce.named', { name: s.players[mover === 'white' ? 0 : 1], move: e.ptn });
  if (s.result) text += ` ${t('announce.result', { result: s.result.text })}`;
  $('announce').textContent = text;
});
board.on('change', () => { hinter.cancel(); $('info').textContent = ''; maybeThink(); refresh(); save(); });
const ensureStudy = async () => {
  const [{ setUpStudy }] = await Promise.all([studyModule(), t.more()]); // the analysis' words too
  study ??= setUpStudy(board, () => t, { busy: () => computer.busy, dialogs: boardDialogs });
  return study;
};
/** @type {typeof import('./match.js') | null} */
let matchTools = null;
const ensureMatch = async () => {
  [matchTools] = await Promise.all([matchModule(), t.more()]); // its words come with the long texts
  match ??= matchTools.setUpMatch({
    board,
    t: () => t,
    names: (m) => m.players,
    copy: (text, what) => copy(text, what),
    onView: () => { maybeThink(); refresh(); },
  });
  return match;
};
$('analysis-toggle').addEventListener('click', async () => (await ensureStudy()).toggle());
// While a stack is in hand, say how to go on (the first time matters most on touch screens).
let guiding = false;
board.on('hand', (hand) => {
  if (hand) { $('info').textContent = t(board.canvas.matches(':focus-visible') ? 'hand.keys' : 'hand.guide', { count: hand.count, from: hand.from }); guiding = true; }
  else if (guiding) { $('info').textContent = ''; guiding = false; }
});
const openReview = async () => { closeMenu(); (await ensureStudy()).startReview(); };
$('review').addEventListener('click', openReview);
$('result-review').addEventListener('click', openReview);
maybeThink();
drawn = true;
refresh();

// The hint, its move said in words too (www/movewords.js, loaded when first asked).
$('hint').addEventListener('click', async () => (await import('./movewords.js')).showHint(board, hinter, t, $('info')));

// Against the computer, undo takes back to the player's own turn.
function undo() {
  const why = /** @type {BoardStatus} */ (board.status()).takeBacksForbidden ? t('refuse.tavern_undo') : noUndo;
  if (why) { board.showMessage(why); return; }
  computer.cancel();
  const resigned = /** @type {BoardStatus} */ (board.status()).result?.reason === 'resignation';
  undoToOwnTurn(board, computerColor());
  // Not in silence: a resignation taken back says so.
  if (resigned) Promise.all([keeperModule(), t.more()]).then(([k]) => k.goodNews(showNotice, t('confirm.resign_undone')));
}
$('undo').addEventListener('click', undo);
const redo = () => redoToOwnTurn(board, computerColor());
$('redo').addEventListener('click', redo);
$('first').addEventListener('click', () => board.goto(0));
$('prev').addEventListener('click', () => board.undo());
$('next').addEventListener('click', () => board.redo());
$('last').addEventListener('click', () => board.goto('last'));
document.addEventListener('keydown', (e) => {
  if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement || e.target instanceof HTMLSelectElement) return;
  if (document.querySelector('dialog[open]')) return;
  const mod = e.ctrlKey || e.metaKey;
  // Through the moves (along the current line) when the board itself did not use the key
  // (Home and End always; the arrows when the board takes no input, as in a finished game).
  if (!mod && !e.defaultPrevented) {
    const step = { ArrowLeft: () => board.undo(), ArrowRight: () => board.redo(), Home: () => board.goto(0), End: () => board.goto('last') }[e.key];
    if (step) { step(); e.preventDefault(); return; }
  }
  if (mod && e.key.toLowerCase() === 'z' && !e.shiftKey) { undo(); e.preventDefault(); }
  else if (mod && (e.key.toLowerCase() === 'y' || (e.key.toLowerCase() === 'z' && e.shiftKey))) { redo(); e.preventDefault(); }
});

$('move-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const input = $('move-input');
  const text = input.value.trim();
  if (!text) return;
  // As a press on the board: refused where the board takes no move from the reader now.
  const error = noMove ?? board.playTyped(text);
  // On error the typed text stays in the box so it can be corrected.
  $('move-error').textContent = error ? t('move.cannot_play', { move: text, error }) : '';
  if (!error) input.value = '';
});

// New game: the form, its markup and its logic come with their own module when first opened
// (www/newgame.js, through www/game-flow.js); it calls back with the settings chosen.
$('new-game').addEventListener('click', async () => (await gameFlow()).openNewGame());
// Starting a game (www/game-flow.js, loaded with the first): a new game of the settings given
// (a GameSettings), or a match.
const gameFlow = later(async () => (await import('./game-flow.js')).createGameFlow({
  get t() { return t; },
  get settings() { return settings; },
  get match() { return match; },
  board,
  computer,
  hinter,
  view,
  sides,
  setAside,
  unsetAside,
  offerBackTo,
  showNotice,
  maybeThink,
  refresh,
  saveNow,
  closeMenu: () => closeMenu(),
  ask,
  playerName,
  computerColor,
  playSound,
  setSettings: (next) => { settings = next; saveSettings(); },
  ensureMatch,
  get matchTools() { return matchTools; },
  openingDialog,
  friendly,
}));
/** @type {(...args: Parameters<ReturnType<typeof import('./game-flow.js').createGameFlow>['startGame']>) => Promise<void>} */
const startGame = async (...args) => (await gameFlow()).startGame(...args);
// The result card: a new game, a rematch (same settings, colours swapped), or a look back.
$('result-new').addEventListener('click', () => $('new-game').click());
$('result-rematch').addEventListener('click', async () => (await gameFlow()).rematch());
$('result-back').addEventListener('click', () => { board.undo(); $('prev').focus(); });
$('ended-end').addEventListener('click', () => board.goto('last'));
$('result-next').addEventListener('click', async () => {
  const error = await board.nextGame();
  if (error) board.showMessage(error);
  else {
    const s = /** @type {BoardStatus} */ (board.status());
    if (s.series?.over) board.showMessage(t('match.finished'));
  }
  // The next game may open with the computer's ply (colours alternate): its turn, now.
  maybeThink();
  refresh();
});

// Resigning and offering a draw (www/game-flow.js).
$('resign').addEventListener('click', async () => (await gameFlow()).resign());
$('offer-draw').addEventListener('click', async () => (await gameFlow()).offerDraw());
$('ended-rematch').addEventListener('click', () => $('result-rematch').click());

// Notes on the ply shown: a judgement, a Tak mark and a comment (www/notes.js, its markup and
// logic, loaded when first opened).
$('notes').addEventListener('click', async () => {
  const { openNotes } = await notesModule();
  openNotes({ dialog: /** @type {HTMLDialogElement} */ ($('notes-dialog')), board, t, openingDialog, studyFor });
});
/**
 * Waits for the study build while `dialog` is open, saying so in `line`. False when it could
 * not load (said in `line`) or the dialog was closed meanwhile (cancelled: nothing to do).
 * @param {HTMLDialogElement} dialog
 * @param {HTMLElement} line
 */
async function studyFor(dialog, line) {
  if (board.build() === 'study') return true;
  line.textContent = t('notice.study_loading');
  try {
    await board.study();
  } catch (err) {
    line.textContent = t('notice.study_failed', { error: /** @type {Error | null | undefined} */ (err)?.message || err });
    return false;
  }
  line.textContent = '';
  return dialog.open;
}

// Share and export: the dialog, its markup and its logic come with www/share.js when first opened.
$('share').addEventListener('click', async () => {
  closeMenu();
  (await shareModule()).openShare({ board, t: () => t, openingDialog, showNotice, fromFile, embedThis: embedThisModule, look: () => ({ theme: settings.theme, lang: document.documentElement.lang, flip: $('flip').getAttribute('aria-pressed') === 'true' }) });
});
/** @param {Blob | Promise<Blob>} blob @param {string} name */
const download = async (blob, name) => (await shareModule()).download(await blob, name);

// Copy and paste (www/paste.js): copied at once (the press allows it), said when copied.
/** @param {string} text @param {string} what */
const copy = (text, what) => {
  const copied = navigator.clipboard.writeText(text).then(() => true, () => false);
  pasteModule().then(async (m) => m.copied(pasteContext(), text, what, await copied, $('info')));
};
// The computer's evaluations (a review's comments) go with the PTN only if asked for.
const exportedPtn = () => board.ptnToExport($('ptn-evaluations').checked);
$('copy-ptn').addEventListener('click', () => copy(exportedPtn(), 'PTN'));
// The game as a .ptn file, named after its players and date (both from its tags).
$('download-ptn').addEventListener('click', async () => {
  closeMenu();
  const name = await board.ptnFileName();
  await download(new Blob([exportedPtn()], { type: 'application/x-tak-ptn' }), name);
});
$('copy-tps').addEventListener('click', () => copy(board.tps(), 'TPS'));
// Paste (www/paste.js, its markup and logic, loaded when first opened).
/** @returns {import('./paste.js').PasteContext} */
const pasteContext = () => ({
  dialog: /** @type {HTMLDialogElement} */ ($('paste-dialog')),
  board,
  t,
  openingDialog,
  studyFor,
  beforeLoad: async () => {
    if (/** @type {BoardStatus} */ (board.status()).series && !await leaveMatch()) return false;
    if (match?.viewing) match.back();
    computer.cancel();
    const before = await setAside();
    return { before, was: studyGame() };
  },
  cancelLoad: ({ before, was }) => { unsetAside(before); settings = { ...settings, ...was }; maybeThink(); },
  afterLoad: async ({ before }) => {
    if (/** @type {BoardStatus} */ (board.status()).series) board.endMatch();
    await saveNow();
    offerBackTo(before, 'paste.kept');
  },
});
$('paste').addEventListener('click', async () => (await pasteModule()).openPaste(pasteContext()));
/** Shows game `id` of My games on the board: an error's key, or null. @param {string} id */
const openKept = async (id) => {
  computer.cancel();
  hinter.cancel();
  const error = await (await ensureKeeper()).open(id);
  if (!error) { maybeThink(); refresh(); }
  return error;
};
// My games (www/games.js): every game kept on this device.
$('my-games').addEventListener('click', async () => {
  closeMenu();
  (await gamesModule()).openGames({ t, lang, keeper: await ensureKeeper(), openingDialog, open: openKept });
});

// Rules and the tutorial (in the menu, and in the header on wide screens).
const closeMenu = () => { try { $('menu').hidePopover(); } catch { /* not open */ } };
const openRules = async () => {
  closeMenu();
  await t.more(); // the rules' text is fetched when first read
  // Its paragraphs, rules.p1 to rules.p13 in the catalogue.
  $('rules-text').innerHTML ||= Array.from({ length: 13 }, (_, i) => `<p data-i18n="rules.p${i + 1}"></p>`).join('');
  translatePage($('rules-dialog'), t);
  $('rules-dialog').showModal();
};
// The dialogs with a board of their own: the tutorial, the puzzles and the position editor
// (www/board-dialogs.js, loaded when one is first opened).
const boardDialogs = later(async () => (await import('./board-dialogs.js')).createBoardDialogs({
  get t() { return t; },
  get lang() { return lang; },
  get settings() { return settings; },
  get match() { return match; },
  board,
  closeMenu,
  showNotice,
  boardTheme,
  playComputer: () => begin('computer'),
  leaveMatch,
  setAside,
  unsetAside,
  saveNow,
  offerBackTo,
  refresh,
  openKept,
  keeper: ensureKeeper,
}));
const openLearn = async () => (await boardDialogs()).openLearn();
const openPuzzles = async () => (await boardDialogs()).openPuzzles();
$('puzzles').addEventListener('click', openPuzzles);
const openEditor = async () => (await boardDialogs()).openEditor();
$('set-up').addEventListener('click', openEditor);
$('rules').addEventListener('click', openRules);
$('rules-wide').addEventListener('click', openRules);
$('learn').addEventListener('click', openLearn);
$('learn-wide').addEventListener('click', openLearn);
// The menu's notation in words (the catalogue's later part, fetched when the menu opens).
// and how many of the reader's mistakes are due (www/board-dialogs.js).
$('menu').addEventListener('toggle', async () => (await boardDialogs()).menuOpened());

// The skip link lands on the board itself, ready for the keyboard.
$('skip-board').addEventListener('click', (e) => { e.preventDefault(); board.focus(); });
// Typing a move and the help options: open beside the board when there is room.
if (matchMedia('(min-width: 60rem) and (min-height: 56rem)').matches) $('extras').open = true;

// Help options.
/** @type {Record<string, 'targets' | 'tak' | 'patterns'>} */
const options = { 'opt-targets': 'targets', 'opt-tak': 'tak', 'opt-patterns': 'patterns' };
for (const [id, key] of Object.entries(options)) {
  $(id).checked = settings[key];
  $(id).addEventListener('change', () => {
    settings = { ...settings, [key]: $(id).checked };
    saveSettings();
    board.set({ showTargets: !!settings.targets, showThreats: !!settings.tak, patterns: !!settings.patterns });
    refresh();
  });
}

// The menu's notation and tools: open or folded as the reader last left them.
$('menu-tools').open = /** @type {boolean} */ (settings.menuTools); // undefined (the defaults): closed
$('menu-tools').addEventListener('toggle', () => { settings = { ...settings, menuTools: $('menu-tools').open }; saveSettings(); });

// Theme: light, dark or the system's.
$('theme').value = settings.theme;
$('theme').addEventListener('change', () => {
  const theme = $('theme').value;
  settings = { ...settings, theme: ['light', 'dark'].includes(theme) ? theme : 'system' };
  saveSettings();
  applyPageTheme();
  board.set({ theme: boardTheme() });
});

// Sound: on or off, kept with the theme.
$('sound').checked = soundOn();
$('sound').addEventListener('change', () => {
  settings = { ...settings, sound: $('sound').checked };
  saveSettings();
  if (settings.sound) unlockSound(); // this click is a gesture: the audio may start now
  else soundModule().then((s) => s.setEnabled(false)).catch(() => {});
});

// Language: the whole page, the board's messages and its canvas.
$('lang').addEventListener('change', async () => {
  lang = chooseLanguage($('lang').value);
  t = await translator(lang);
  if (match || clocks) await t.more(); // the match's and the clocks' words (www/catalogue-split.js, `MORE_KEYS`)
  settings = { ...settings, lang };
  saveSettings();
  document.documentElement.lang = lang;
  translatePage(document, t);
  showNotice(''); // said in the language before: not left untranslated
  $('announce').textContent = '';
  await board.set({ lang }); // its catalogue first: the status texts come from it
  board.canvas.setAttribute('aria-label', t('board.label'));
  study?.retranslate();
  refresh();
});

// The first visit: a welcome that offers the computer, a friend on this device or the
// tutorial. Shown once: the choice (or closing it) is remembered, and a visitor with a saved
// game or a shared link is no newcomer.
const WELCOME_KEY = 'tak.welcome';
/** A newcomer's first game (the welcome's choice, the tutorial's last step): against the
 * computer at the lowest level, the newcomer White; or against a person on this device.
 * @param {string} opponent 'computer', or another for a person */
function begin(opponent) {
  settings = opponent === 'computer'
    ? { ...settings, opponent, level: DEFAULT_LEVEL, human: 'white' }
    : { ...settings, opponent: 'human' };
  saveSettings();
  const { size, komi } = /** @type {BoardStatus} */ (board.status()).settings;
  startGame({ ...settings.game, size, komi });
}
const welcomed = () => { try { return localStorage.getItem(WELCOME_KEY) != null; } catch { return true; } };
if (!returning && !welcomed()) {
  const welcome = $('welcome-dialog');
  $('welcome-computer-note').textContent = t('welcome.computer_note', { level: t(`level.${DEFAULT_LEVEL}`) });
  welcome.addEventListener('close', () => {
    const choice = ['computer', 'friend', 'learn'].includes(welcome.returnValue) ? welcome.returnValue : 'dismissed';
    try { localStorage.setItem(WELCOME_KEY, choice); } catch { /* storage disabled: it shows again */ }
    if (choice === 'computer' || choice === 'friend') {
      begin(choice);
    } else if (choice === 'learn') {
      openLearn();
    }
  }, { once: true });
  welcome.showModal();
}
