// The game page: one board plus its controls. Glue only: every rule and every board state
// lives in the wasm board; this file turns its status into DOM and DOM actions into calls.
import { mount } from './board.js';
import { Computer } from './computer.js';
import { chooseLanguage, translator, translatePage } from './i18n.js';
import { openTutorial } from './tutorial.js';

const SAVE_KEY = 'tak.savedGame';
const SETTINGS_KEY = 'tak.settings';
const $ = (id) => document.getElementById(id);

// Offline: cache every asset after the first visit (not from file://, where it cannot run).
if ('serviceWorker' in navigator && location.protocol.startsWith('http')) {
  navigator.serviceWorker.register('./sw.js').catch(() => { /* the game works without it */ });
}

function showNotice(text) {
  const notice = $('notice');
  notice.textContent = text;
  notice.hidden = !text;
}

// Settings: opponent, level, colour, language and help options. Kept across visits;
// anything unreadable falls back to the defaults.
function loadSettings() {
  const defaults = { opponent: 'human', level: 3, human: 'white', lang: null, targets: true, tak: true, patterns: false };
  try {
    const s = JSON.parse(localStorage.getItem(SETTINGS_KEY) || '{}');
    return {
      opponent: s.opponent === 'computer' ? 'computer' : 'human',
      level: Number.isInteger(s.level) && s.level >= 1 && s.level <= 6 ? s.level : defaults.level,
      human: s.human === 'black' ? 'black' : 'white',
      lang: typeof s.lang === 'string' ? s.lang : null,
      targets: s.targets !== false,
      tak: s.tak !== false,
      patterns: s.patterns === true,
    };
  } catch {
    return defaults;
  }
}
let settings = loadSettings();
function saveSettings() {
  try { localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings)); } catch { /* disabled */ }
}

let lang = chooseLanguage(settings.lang);
let t = await translator(lang);
document.documentElement.lang = lang;
translatePage(document, t);
$('lang').value = lang;

let board;
try {
  board = await mount($('board'), { label: t('board.label'), lang, patterns: settings.patterns, showTargets: settings.targets });
} catch (err) {
  showNotice(t('notice.cannot_start', { error: err?.message || err }));
  throw err;
}
window.tak = board;

// A saved game from an earlier visit. One that cannot be read is set aside, never lost.
try {
  const saved = localStorage.getItem(SAVE_KEY);
  if (saved) {
    const error = board.restore(saved);
    if (error) {
      const aside = `${SAVE_KEY}.unreadable.${Date.now()}`;
      localStorage.setItem(aside, saved);
      localStorage.removeItem(SAVE_KEY);
      showNotice(t('notice.bad_save', { error, key: aside }));
    }
  }
} catch {
  // Storage may be disabled (private mode); the game still works.
}

function save() {
  try { localStorage.setItem(SAVE_KEY, board.save()); } catch { /* storage full or disabled */ }
}

const playerName = (color) => t(color === 'white' ? 'color.white' : 'color.black');

function renderMoves(status) {
  const list = $('moves');
  list.replaceChildren();
  const blackFirst = status.firstPlayer === 'black';
  let number = status.firstMoveNumber;
  let row = null;
  const cell = (index) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = status.moves[index];
    b.setAttribute('aria-label', `${t('nav.group')} ${index + 1}: ${status.moves[index]}`);
    if (index + 1 === status.ply) b.setAttribute('aria-current', 'true');
    if (index + 1 > status.ply) b.classList.add('future');
    b.addEventListener('click', () => board.goto(index + 1));
    return b;
  };
  const newRow = () => {
    row = document.createElement('li');
    const num = document.createElement('span');
    num.className = 'num';
    num.textContent = `${number++}.`;
    row.append(num);
    list.append(row);
  };
  status.moves.forEach((_, i) => {
    const isWhite = blackFirst ? i % 2 === 1 : i % 2 === 0;
    if (i === 0 || isWhite) newRow();
    if (i === 0 && blackFirst) row.append(document.createElement('span'));
    row.append(cell(i));
  });
  list.querySelector('[aria-current="true"]')?.scrollIntoView({ block: 'nearest' });
}

function renderBoardText() {
  const list = $('board-text');
  list.replaceChildren(...board.describe().map((line) => {
    const li = document.createElement('li');
    li.textContent = line;
    return li;
  }));
}

function refresh() {
  const s = board.status();
  const result = $('result');
  if (s.result) {
    result.hidden = false;
    result.replaceChildren(document.createTextNode(`${s.result.text} · ${s.result.ptn}`));
    const small = document.createElement('small');
    small.textContent = s.result.winner ? t('result.score', { score: s.result.score }) : t('result.no_score');
    result.append(small);
  } else {
    result.hidden = true;
  }
  const komi = s.komi !== '0' ? ` ${t('status.komi', { komi: s.komi })}` : '';
  $('turn').textContent = s.result ? '' : t('status.to_move', { player: playerName(s.toMove), white: s.flats[0], black: s.flats[1] }) + komi;
  $('tak').hidden = !(s.tak && settings.tak);
  const thinking = $('thinking');
  thinking.hidden = !computer.busy;
  thinking.textContent = computer.busy ? t('thinking', { level: settings.level, name: t(`level.${settings.level}`) }) : '';
  $('hint').disabled = !!s.result || computer.busy;
  $('message').textContent = s.message || '';
  $('undo').disabled = !s.canUndo;
  $('redo').disabled = !s.canRedo;
  $('first').disabled = $('prev').disabled = s.ply === 0;
  $('next').disabled = $('last').disabled = !s.canRedo;
  document.body.dataset.opponent = settings.opponent === 'computer' ? `computer-${settings.level}-${computerColor()}` : 'human';
  renderMoves(s);
  renderBoardText();
}

// The computer opponent and the hint, each in its own Web Worker.
const computer = new Computer();
const hinter = new Computer();
let thinkingAbout = null;
const computerColor = () => (settings.opponent === 'computer' ? (settings.human === 'white' ? 'black' : 'white') : null);

/** Starts the computer's search when it is its turn at the end of the game. */
function maybeThink() {
  const spec = board.searchSpec();
  const mine = computerColor();
  const atEnd = !board.status().canRedo;
  if (!mine || spec.over || spec.toMove !== mine || !atEnd) {
    if (computer.busy) computer.cancel();
    thinkingAbout = null;
    board.setInteractive(true);
    return;
  }
  if (computer.busy && thinkingAbout === spec.tps) return;
  thinkingAbout = spec.tps;
  board.setInteractive(false);
  computer.think(spec, settings.level).then((answer) => {
    if (board.searchSpec().tps !== spec.tps) return; // the game moved on meanwhile
    thinkingAbout = null;
    board.setInteractive(true);
    if (answer.move) {
      const error = board.play(answer.move);
      if (error) showNotice(t('notice.computer_refused', { move: answer.move, error }));
    }
    refresh();
  }).catch((err) => {
    if (err.cancelled) return;
    thinkingAbout = null;
    board.setInteractive(true);
    showNotice(t('notice.computer_failed', { error: err.message }));
    refresh();
  });
}

// Every ply and the result are announced to screen readers.
board.on('move', (e) => {
  const s = board.status();
  const mover = s.toMove === 'white' ? 'black' : 'white';
  let text = t('announce.ply', { player: playerName(mover), move: e.ptn });
  if (s.result) text += ` ${t('announce.result', { result: s.result.text })}`;
  $('announce').textContent = text;
});
board.on('change', () => { hinter.cancel(); $('info').textContent = ''; maybeThink(); refresh(); save(); });
maybeThink();
refresh();

$('hint').addEventListener('click', () => {
  const spec = board.searchSpec();
  if (spec.over) return;
  $('info').textContent = t('info.looking');
  hinter.think(spec, 4).then((answer) => {
    if (board.searchSpec().tps !== spec.tps || !answer.move) return;
    board.setHint(answer.move);
    $('info').textContent = t('info.hint', { move: answer.move });
  }).catch((err) => { if (!err.cancelled) $('info').textContent = t('info.no_hint', { error: err.message }); });
});

// Against the computer, undo takes back to the player's own turn.
function undo() {
  computer.cancel();
  board.undo();
  const mine = computerColor();
  if (mine && board.searchSpec().toMove === mine && board.status().ply > 0) board.undo();
}
$('undo').addEventListener('click', undo);
$('redo').addEventListener('click', () => board.redo());
$('first').addEventListener('click', () => board.goto(0));
$('prev').addEventListener('click', () => board.undo());
$('next').addEventListener('click', () => board.redo());
$('last').addEventListener('click', () => board.goto('last'));
document.addEventListener('keydown', (e) => {
  if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement || e.target instanceof HTMLSelectElement) return;
  const mod = e.ctrlKey || e.metaKey;
  if (mod && e.key.toLowerCase() === 'z' && !e.shiftKey) { undo(); e.preventDefault(); }
  else if (mod && (e.key.toLowerCase() === 'y' || (e.key.toLowerCase() === 'z' && e.shiftKey))) { board.redo(); e.preventDefault(); }
});

$('move-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const input = $('move-input');
  const text = input.value.trim();
  if (!text) return;
  const error = board.play(text);
  // On error the typed text stays in the box so it can be corrected.
  $('move-error').textContent = error ? t('move.cannot_play', { move: text, error }) : '';
  if (!error) input.value = '';
});

// New game.
const newDialog = $('new-dialog');
const newForm = $('new-form');
const syncComputerOptions = () => { $('computer-options').disabled = newForm.opponent.value !== 'computer'; };
newForm.opponent.addEventListener('change', syncComputerOptions);
$('new-game').addEventListener('click', () => {
  newForm.opponent.value = settings.opponent;
  newForm.level.value = String(settings.level);
  newForm.human.value = settings.human;
  newForm.size.value = String(board.status().size);
  syncComputerOptions();
  newDialog.showModal();
});
newDialog.addEventListener('close', () => {
  if (newDialog.returnValue !== 'start') return;
  computer.cancel();
  hinter.cancel();
  settings = {
    ...settings,
    opponent: newForm.opponent.value === 'computer' ? 'computer' : 'human',
    level: Number(newForm.level.value) || 3,
    human: newForm.human.value === 'black' ? 'black' : 'white',
  };
  saveSettings();
  const error = board.newGame(newForm.size.value, newForm.komi.value);
  showNotice(error ? t('notice.bad_new_game', { error }) : '');
  refresh();
  save();
});

// Copy and paste.
async function copy(text, what) {
  try {
    await navigator.clipboard.writeText(text);
    $('info').textContent = t('info.copied', { what });
  } catch {
    // No clipboard access: show the text to copy by hand.
    $('paste-text').value = text;
    $('paste-error').textContent = t('info.copy_by_hand', { what });
    $('paste-dialog').showModal();
  }
}
$('copy-ptn').addEventListener('click', () => copy(board.ptn(), 'PTN'));
$('copy-tps').addEventListener('click', () => copy(board.tps(), 'TPS'));
const pasteDialog = $('paste-dialog');
$('paste').addEventListener('click', () => {
  $('paste-error').textContent = '';
  pasteDialog.showModal();
});
$('load-game').addEventListener('click', (e) => {
  const text = $('paste-text').value;
  const error = board.load(text);
  if (error) {
    // Keep the dialog and the pasted text so nothing is lost.
    e.preventDefault();
    $('paste-error').textContent = error;
    return;
  }
  $('paste-text').value = '';
  refresh();
  save();
});

// Rules and the tutorial.
$('rules').addEventListener('click', () => $('rules-dialog').showModal());
$('learn').addEventListener('click', () => openTutorial($('tutorial-dialog'), t, lang, settings));

// Help options.
const options = { 'opt-targets': 'targets', 'opt-tak': 'tak', 'opt-patterns': 'patterns' };
for (const [id, key] of Object.entries(options)) {
  $(id).checked = settings[key];
  $(id).addEventListener('change', () => {
    settings = { ...settings, [key]: $(id).checked };
    saveSettings();
    board.setShowTargets(settings.targets);
    board.setPatterns(settings.patterns);
    refresh();
  });
}

// Language: the whole page, the board's messages and its canvas.
$('lang').addEventListener('change', async () => {
  lang = chooseLanguage($('lang').value);
  t = await translator(lang);
  settings = { ...settings, lang };
  saveSettings();
  document.documentElement.lang = lang;
  translatePage(document, t);
  board.setLanguage(lang);
  board.canvas.setAttribute('aria-label', t('board.label'));
  refresh();
});
