// Playing a friend by link (correspondence), with no server: each move travels in a `#f=`
// link, sent through whatever the players already use. Loaded when first wanted (New game →
// "A friend, by link", a `#f=` link, a friend game opened from My games): never on a first
// visit's way to its board. Glue only: what a link carries and what its arrival does to the
// game kept (newer, the same, older, forked, refused) is the study build's Rust
// (src/web/friend.rs); the game is kept in the library (www/library.js) like any other.
//
// Each device keeps, with the game's entry, `friend`: {side: 'white' | 'black' | 'watch',
// days (per move, or null), at (when the last move came or went, ms), seen (the state last
// sent or received: "plies:result"), offer (the side that offers a draw, or null), fork (a
// link that forked from the game, waiting for this device's choice: {path, at, offer}, or
// null)}; src/web/friend.rs `State` reads and writes it in a PTN file. The
// entry's id is the game's id, the same on both devices: a link finds its game by it. Which
// side a device plays is said there once: by the player who starts the game, and by whoever
// receives its first link ("I play Black" or "Just watch"); a third person watches.
import * as library from './library.js';
import { loadEngine } from './board.js';
import { addStyle } from './styles.js';
import { readLink, shareLink } from './share.js';
import { goodNews } from './keeper.js';

/**
 * A friend game's state, kept with its entry (`friend`: see above; src/web/friend.rs `State`).
 * @typedef {object} FriendState
 * @property {string} side 'white', 'black' or 'watch'
 * @property {string | null} [from] the side that sent the first link, while this device has not chosen its own
 * @property {number | null} [days] per move, or null
 * @property {number | null} [at] when the last move came or went (ms)
 * @property {string | null} [seen] the state last sent or received
 * @property {number} [got] the plies received
 * @property {string | null} [offer] the side that offers a draw, or null
 * @property {string} [offerAt] the state the offer was made at
 * @property {import('../pkg/tak_study.js').FriendReceived['fork']} [fork] a forked link waiting for this device's choice
 */

export const PREFIX = '#f=';
const DAY = 24 * 60 * 60 * 1000;
/** @param {string} id */
const $ = (id) => /** @type {PageElement} */ (document.getElementById(id));

addStyle(`
.friend-bar { display: flex; flex-wrap: wrap; gap: .3rem .5rem; align-items: center; margin: .3rem 0; padding: .4rem .5rem; border: 1px solid var(--line); border-radius: .4rem; font-size: .9rem; }
.friend-bar[hidden] { display: none; }
.friend-bar .say { flex: 1 1 12rem; }
.friend-bar button { padding: .15rem .55rem; }
#friend-dialog { width: min(40rem, 96vw); }
#friend-dialog .what { margin: .2rem 0 .6rem; }
.friend-more { display: grid; grid-template-columns: auto 1fr; gap: .8rem; align-items: start; margin-top: .6rem; }
.friend-qr { width: 11rem; height: 11rem; background: #fff; border-radius: .3rem; padding: .4rem; box-sizing: border-box; }
.friend-qr svg { width: 100%; height: 100%; display: block; }
.friend-qr.none { display: flex; align-items: center; justify-content: center; text-align: center; font-size: .8rem; color: #333; }
.friend-more textarea { width: 100%; box-sizing: border-box; min-height: 11rem; font-family: ui-monospace, Menlo, Consolas, monospace; font-size: .8rem; resize: vertical; }
.friend-more label { font-size: .85rem; }
@media (max-width: 32rem) { .friend-more { grid-template-columns: 1fr; justify-items: center; } .friend-more > label { width: 100%; } .friend-more textarea { min-height: 6rem; } }
`);

const DIALOG = `
<form method="dialog">
  <h2 id="friend-title" data-i18n="friend.send_title">Send your move</h2>
  <p id="friend-what" class="what"></p>
  <div class="row">
    <input id="friend-link" class="wide-input" readonly spellcheck="false" aria-labelledby="friend-title">
    <button id="friend-copy" type="button" class="primary" data-i18n="btn.copy">Copy</button>
    <button id="friend-share" type="button" data-i18n="friend.share" hidden>Share…</button>
  </div>
  <label class="check"><input type="checkbox" id="friend-offer"> <span data-i18n="friend.offer_with">Offer a draw with it</span></label>
  <div class="friend-more">
    <div id="friend-qr" class="friend-qr" role="img" aria-label="QR code of the link" data-i18n-label="friend.qr"></div>
    <label><span data-i18n="friend.ptn">The game as PTN, for those who prefer it</span><textarea id="friend-ptn" readonly spellcheck="false"></textarea></label>
  </div>
  <p id="friend-status" aria-live="polite"></p>
  <div class="row end"><button value="close" data-i18n="btn.close">Close</button></div>
</form>`;

/**
 * What the page lends friend games (www/app.js).
 * @typedef {object} FriendContext
 * @property {import('./board.js').Board} board
 * @property {() => import('./i18n.js').Translator} t the page's translator
 * @property {(text: string) => void} showNotice the page's notice line
 * @property {import('./keeper.js').Keeper} keeper the page's, started
 * @property {() => Promise<unknown>} saveNow keeps the game on the board
 * @property {import('./confirm.js').Ask} ask
 * @property {() => void} refresh
 * @property {(text: string | null) => void} waiting the turn line while the friend's move is awaited
 * @property {(on: boolean) => void} flip the view from Black's side
 * @property {(text: string | null) => void} noUndo Undo refused, and why
 * @property {(text: string | null) => void} noMove a typed ply refused, and why
 */
/**
 * The page's board and what else it lends: null until setUpFriend, which sets it before
 * anything here that reads it runs (the page reaches the rest through what it returns).
 * @type {FriendContext}
 */
let ctx = /** @type {FriendContext} */ (/** @type {unknown} */ (null));
/** A friend game's entry: its id and its friend state. @typedef {{id: string, friend: FriendState}} FriendGame */
/** @typedef {import('./board.js').Status} Status */
/** @typedef {import('../pkg/tak_study.js').GameSummary} GameSummary */
/**
 * The friend game on the board: `{id, friend}` of its entry, or null. Read below without a
 * check (cast) only where one is on the board: after thisGame(), from its bar or its Send.
 * @type {FriendGame | null}
 */
let current = null;
/** The state for which Send was last opened by itself: it opens once per move. @type {string | null} */
let offered = null;
/** This device played or ended the game shown since Send last opened by itself. Only then does
 * it open: a game coming onto the board (from a link, from My games) is not a move of its. */
let moved = false;
/** What the last link that changed nothing said in the notice (an older link, the same game). @type {string | null} */
let linkNews = null;
/** A link is being put on the board: nothing is said or played until it is. */
let receiving = false;
/**
 * A link that forked from the game shown, waiting for the reader's choice: {path (its line's
 * first ply), at (when it came), offer (the draw offered with it)}, or null. Kept with the
 * game's entry (`friend.fork`): a reload or a later link does not drop it, and until it is
 * answered no ply is played or sent here (the next one would go on a line not chosen).
 */
const pendingFork = () => (thisGame() ? /** @type {FriendGame} */ (current).friend.fork ?? null : null);
// The study build has its library.
const study = () => loadEngine('study').then((m) => /** @type {import('./board.js').StudyLibrary} */ (m.library));
/** @param {string} key @param {Record<string, unknown>} [args] */
const t = (key, args) => ctx.t()(key, args);

/**
 * Sets up friend games on the page once. `context`: {board, t() (the page's translator),
 * showNotice, keeper (www/keeper.js's, started), saveNow() (keeps the game on the board),
 * ask(question) (www/confirm.js), refresh(), waiting(text or null) (the turn line while the
 * friend's move is awaited), flip(on) (the view from Black's side), noUndo(text or null) and
 * noMove(text or null) (Undo and a typed ply refused, and why)}.
 * @param {FriendContext} context
 */
export async function setUpFriend(context) {
  ctx = context;
  // Told of every game shown from now on: a friend game started here (not opened) would
  // otherwise stay `current` under the next game opened from My games (its bar showed there).
  ctx.keeper.befriend?.();
  await ctx.t().more(); // the bar's words are the dialogs' (fetched apart in dist/)
  const bar = document.createElement('div');
  bar.id = 'friend-bar';
  bar.className = 'friend-bar';
  bar.hidden = true;
  bar.setAttribute('aria-live', 'polite');
  $('notice').after(bar);
  ctx.board.on('change', () => follow());
  ctx.board.on('move', (e) => {
    lastPly = e.ptn;
    if (thisGame() && !receiving) moved = true;
    // A ply played here goes on the game itself: after a take-back it replaces the ply taken
    // back (a variation would never be sent), and the friend sees a fork they may refuse.
    if (!thisGame() || /** @type {FriendGame} */ (current).friend.side === 'watch' || pendingFork()) return;
    const s = /** @type {Status} */ (ctx.board.status());
    if (s.node != null && !s.tree.some((item) => item.id === s.node)) ctx.board.promote(s.node);
  });
  // A press on the board (or Enter, Space on it) before this device says which side it
  // plays, or while a forked link waits for its answer: said, not ignored.
  /** @param {Event & {key?: string}} e a pointerdown or a keydown */
  const beforeChoosing = (e) => {
    if (e.type === 'keydown' && e.key !== 'Enter' && e.key !== ' ') return;
    const f = thisGame() && !receiving ? /** @type {FriendGame} */ (current).friend : null;
    if (f?.fork && f.side !== 'watch') {
      ctx.board.showMessage(t('friend.fork_first', { theirs: t('friend.take_theirs'), mine: t('friend.keep_mine') }));
      if (e.type === 'keydown') e.preventDefault();
      $('friend-theirs')?.focus();
      return;
    }
    if (f?.side !== 'watch' || !f.from) return;
    ctx.board.showMessage(t('friend.choose_first', { play: t(`friend.i_play_${other(f.from)}`), watch: t('friend.watch') }));
    if (e.type === 'keydown') e.preventDefault(); // not also a press of the button focused next
    $('friend-i-play')?.focus();
  };
  for (const type of ['pointerdown', 'keydown']) ctx.board.canvas.addEventListener(type, beforeChoosing);
  // The reader chose another language: the bar says it again in it, once its words are here.
  new MutationObserver(() => ctx.t().more().then(() => follow())).observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
  library.onChange(() => count());
  count();
  setInterval(() => { if (current) follow(); }, 60 * 1000); // the time left, said as it goes
  return { receive, begin, shown, count };
}

/**
 * A side's player, as the game's tags name them (Player1, Player2), else the colour.
 * @param {string} color 'white' or 'black'
 */
const name = (color) => {
  const s = summary();
  return s?.[/** @type {'white' | 'black'} */ (color)] || t(color === 'white' ? 'color.white' : 'color.black');
};
/** @param {string} color */
const other = (color) => (color === 'white' ? 'black' : 'white');
/** A game's state as sent: its main line's length, end and position (a ply replaced counts). */
/** @param {GameSummary | null} s */
const stateOf = (s) => (s ? `${s.plies}:${s.result ?? ''}:${s.tps}` : '');
/** The main line's summary (plies, toMove, result): what a link sends. */
const summary = () => ctx.board.summary();
const thisGame = () => current && ctx.keeper.id === current.id;

/**
 * Keeps `friend` (the fields changed) with entry `id`, and as the game shown's.
 * @param {string} id a friend game's: its entry has its state
 * @param {Partial<FriendState>} changes
 */
async function keepFriend(id, changes) {
  const found = await library.get(id);
  const friend = /** @type {FriendState} */ ({ ...(found?.entry.friend ?? {}), ...changes });
  await library.touch(id, { friend });
  if (current?.id === id) current.friend = friend;
  count();
  return friend;
}

/**
 * A game of `entry` is on the board (keeper.js calls this for every entry it shows), with its
 * friend state as kept: a fork waiting for an answer is asked again.
 * @param {Partial<import('./library.js').Entry> & {id: string}} entry
 */
export function shown(entry) {
  // The same game again: what this module holds of it is the newest (it writes it).
  if (current?.id !== entry?.id) {
    current = entry?.friend ? { id: entry.id, friend: { ...entry.friend } } : null;
    face();
  }
  follow();
}

/**
 * Says `text` in the friend bar with buttons `[{label, run}]`; empty text hides it.
 * @param {string} text
 * @param {{label: string, run: () => unknown, id?: string}[]} [buttons]
 */
function say(text, buttons = []) {
  const bar = $('friend-bar');
  if (!bar) return;
  bar.hidden = !text;
  const line = document.createElement('span');
  line.className = 'say';
  line.textContent = text;
  bar.replaceChildren(line, ...buttons.map(({ label, run, id }) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = t(label);
    if (id) b.id = id;
    b.addEventListener('click', run);
    return b;
  }));
}

/**
 * Time left, in words: "2 days 3 hours", "5 hours", "40 minutes".
 * @param {number} ms
 */
function left(ms) {
  const hours = Math.floor(ms / 3600000);
  if (hours >= 24) return t('friend.days_left', { days: Math.floor(hours / 24), hours: hours % 24 });
  if (hours >= 1) return t('friend.hours_left', { hours });
  return t('friend.minutes_left', { minutes: Math.max(1, Math.floor(ms / 60000)) });
}

/** After any change: who may move, what to say, and Send when this device just moved. */
function follow() {
  const board = ctx.board;
  // The page's own Resign and Offer a draw are for two players at one board (they resign the
  // side to move): a friend game has its own, in the bar, for this device's side.
  for (const id of ['resign', 'offer-draw']) if ($(id)) $(id).hidden = !!thisGame();
  if (!thisGame()) {
    board.set({ interactive: true });
    ctx.noMove?.(null);
    ctx.waiting?.(null);
    ctx.noUndo?.(null);
    if (turned) ctx.flip?.(turned = false);
    say('');
    return;
  }
  const f = /** @type {FriendGame} */ (current).friend;
  const s = summary();
  if (!s) return; // none on the play build (a summary is the study build's)
  if (receiving) { board.set({ interactive: false }); return; }
  const mine = f.side === s.toMove && !s.result;
  // This side moves where it is its turn on the board, but never over a ply that came from
  // the friend (`got`: plies received): its own ply, sent or not, it may take back and replace
  // (the friend then sees a fork and chooses).
  const shown = /** @type {Status} */ (board.status());
  // The friend's move awaited at the game's end: the turn line says so (no pile is offered
  // there to place from, nothing is to be done on this board).
  const awaited = !s.result && !mine && shown.ply === s.plies && !f.from;
  // "Ann (White)", or "White" alone when the game names no players (not "White (White)").
  const [who, colour] = [name(s.toMove), t(`color.${s.toMove}`)];
  const whom = { who: who === colour ? colour : `${who} (${colour})` };
  // Before a side is chosen no pile is offered: the turn line says to choose first (not
  // "place … (the highlighted pile)", with none highlighted).
  const choosing = f.side === 'watch' && f.from && !s.result;
  ctx.waiting?.(choosing ? t('friend.status_choose', { ...whom, play: t(`friend.i_play_${other(/** @type {string} */ (f.from))}`), watch: t('friend.watch') })
    : !awaited ? null : t(f.side === 'watch' ? 'friend.status_watching' : 'friend.status_waiting', whom));
  // No move while a forked link waits for the choice: the next ply would go on a line not chosen.
  const fork = pendingFork();
  board.set({ interactive: f.side !== 'watch' && !fork && !shown.result && shown.toMove === f.side && shown.ply >= (f.got ?? 0) });
  // A ply typed meanwhile is refused with why: a side to choose, a fork to answer, only watching.
  ctx.noMove?.(f.side === 'watch' && f.from ? t('friend.choose_first', { play: t(`friend.i_play_${other(f.from)}`), watch: t('friend.watch') })
    : f.side === 'watch' ? t('friend.watching_no_move')
      : fork ? t('friend.fork_first', { theirs: t('friend.take_theirs'), mine: t('friend.keep_mine') }) : null);
  const state = stateOf(s);
  // A move sent (the link made) or received is not taken back here: Undo is for a ply not
  // sent yet (the friend would see a fork). A watcher takes nothing back.
  ctx.noUndo?.(f.side === 'watch' || state === f.seen ? t('friend.undo_sent') : null);
  const players = { friend: name(f.side === 'watch' ? 'black' : other(f.side)) };
  if (f.side === 'watch') {
    if (f.from) {
      // Not said yet which side this device plays: the first link of a game asks.
      say(t(`friend.invited_${other(f.from)}`, { name: name(f.from) }), [
        { label: `friend.i_play_${other(/** @type {string} */ (f.from))}`, id: 'friend-i-play', run: () => choose(other(/** @type {string} */ (f.from))) },
        { label: 'friend.watch', id: 'friend-watch', run: () => choose('watch') },
      ]);
    } else {
      say(s.result ? t('friend.watching_over', { result: s.result }) : t('friend.watching', { name: name(s.toMove) }));
    }
    return;
  }
  if (fork) {
    const offered = fork.offer && fork.offer !== f.side ? ` ${t('friend.forked_offer', players)}` : '';
    say(`${t('friend.forked', { ply: Math.ceil(fork.path.length / 2) })}${offered}`, [
      { label: 'friend.take_theirs', id: 'friend-theirs', run: () => settle(true) },
      { label: 'friend.keep_mine', id: 'friend-mine', run: () => settle(false) },
    ]);
    return;
  }
  const changed = state !== f.seen;
  const due = f.days && f.at ? f.at + f.days * DAY - Date.now() : null;
  const buttons = [];
  let text;
  if (changed) {
    text = s.result ? t('friend.send_result', { friend: players.friend }) : t('friend.send_now', { friend: players.friend });
    buttons.push({ label: 'friend.send', id: 'friend-send', run: () => openSend() });
    // Sent by itself once per move made here: this device's ply, or the game's end.
    if (moved && offered !== state && (!mine || s.result)) {
      moved = false;
      offered = state;
      queueMicrotask(() => openSend());
    }
  } else if (s.result) {
    text = t('friend.over', { result: s.result });
  } else if (f.offer && f.offer !== f.side) {
    text = t('friend.offered', { friend: players.friend });
    buttons.push({ label: 'friend.accept', id: 'friend-accept', run: acceptDraw }, { label: 'friend.decline', id: 'friend-decline', run: () => keepFriend(/** @type {FriendGame} */ (current).id, { offer: null }).then(follow) });
  } else if (mine) {
    text = due != null && due > 0 ? t('friend.your_move_left', { left: left(due) }) : t('friend.your_move');
    // Just turned round for Black: said, so the board's half-turn is no surprise.
    if (turnedNow) text = `${t('friend.turned')} ${text}`;
  } else if (due != null && due <= 0) {
    // The other side's time ran out: the win is this side's to claim, or play on.
    text = t('friend.flag', { friend: players.friend });
    buttons.push({ label: 'friend.claim', id: 'friend-claim', run: claim }, { label: 'friend.play_on', run: () => keepFriend(/** @type {FriendGame} */ (current).id, { at: Date.now() }).then(follow) });
  } else {
    text = due != null ? t('friend.waiting_left', { friend: players.friend, left: left(due) }) : t('friend.waiting', { friend: players.friend });
    buttons.push({ label: 'friend.send_again', run: () => openSend() });
  }
  if (!s.result) buttons.push({ label: 'friend.resign', id: 'friend-resign', run: resign });
  if (!s.result && !changed && mine) buttons.push({ label: 'friend.offer', id: 'friend-offer-draw', run: () => openSend(true) });
  say(text, buttons);
}

/** @param {string} side */
async function choose(side) {
  await keepFriend(/** @type {FriendGame} */ (current).id, { side, from: null });
  face();
  turnedNow = turned;
  follow();
  turnedNow = false;
}
/** While the board has just been turned for Black, on choosing the side: follow() says so. */
let turnedNow = false;

/** The board seen from this device's side: from Black's for Black (a watcher's view stays). */
let turned = false; // turned here for Black: turned back once another game is on the board
function face() {
  const side = current?.friend.side;
  if (side === 'white' || side === 'black') ctx.flip?.(turned = side === 'black');
}

async function acceptDraw() {
  await keepFriend(/** @type {FriendGame} */ (current).id, { offer: null });
  ctx.board.goto('last');
  moved = true;
  ctx.board.agreeDraw();
}
async function resign() {
  const side = /** @type {FriendGame} */ (current).friend.side;
  if (!await ctx.ask({ question: 'friend.confirm_resign', yes: 'btn.resign' })) return;
  ctx.board.goto('last');
  moved = true;
  ctx.board.resign(/** @type {'white' | 'black'} */ (side)); // a watcher has no Resign
}
async function claim() {
  ctx.board.goto('last');
  moved = true;
  ctx.board.resign(other(/** @type {FriendGame} */ (current).friend.side)); // PTN writes a win on time as a resignation: 1-0
}

/**
 * The link that sends the game on the board now (its main line), with a draw offer or not,
 * and the PTN it carries (what follows the link's header: src/web/friend.rs).
 * @param {boolean} offer
 */
async function makeLink(offer) {
  const lib = await study();
  const f = /** @type {FriendGame} */ (current).friend;
  const text = lib.friendLink(ctx.board.saveToKeep(), /** @type {FriendGame} */ (current).id, f.side, !!offer, f.days ?? 0, Date.now());
  // From a file (tak.html), the link opens the page of the same name on the friend's device.
  return { link: await shareLink(text, location.href, PREFIX), ptn: text.slice(text.indexOf('\n\n') + 2) };
}

/** The Send dialog: the link (Copy, Share, QR code), the PTN; a draw offered with it if asked. */
async function openSend(offer = false) {
  if (!thisGame() || /** @type {FriendGame} */ (current).friend.side === 'watch' || receiving || pendingFork()) return;
  const dialog = ensureDialog();
  if (dialog.open) return;
  await ctx.t().more();
  const { translatePage } = await import('./i18n.js');
  const s = /** @type {GameSummary} */ (summary()); // a friend game is on the study build
  const f = /** @type {FriendGame} */ (current).friend;
  // The link that starts the game carries no move yet: titled for what it does.
  $('friend-title').dataset.i18n = s.plies === 0 && !s.result ? 'friend.start_title' : 'friend.send_title';
  translatePage(dialog, ctx.t());
  // A draw is offered over a game under way: not with the link that starts it, nor after its end.
  /** @type {HTMLLabelElement} */ ($('friend-offer').closest('label')).hidden = s.plies === 0 || !!s.result;
  $('friend-offer').checked = s.plies > 0 && !s.result && (offer || (f.offer === f.side && stateOf(s) === f.offerAt));
  $('friend-what').textContent = s.result ? t('friend.what_result', { friend: name(other(f.side)), result: s.result })
    : s.plies === 0 ? t('friend.what_start', { friend: name(other(f.side)) })
      : t('friend.what', { friend: name(other(f.side)), move: lastMove() });
  $('friend-share').hidden = typeof navigator.share !== 'function';
  $('friend-status').textContent = '';
  dialog.showModal();
  await fill();
}

/** The ply last played here ("c3"), or the ply count when none was played since the page opened. @type {string | null} */
let lastPly = null;
const lastMove = () => lastPly ?? t('friend.ply', { n: /** @type {GameSummary} */ (summary()).plies });

async function fill() {
  const offer = $('friend-offer').checked;
  const { link, ptn } = await makeLink(offer);
  $('friend-link').value = link;
  $('friend-ptn').value = ptn;
  await drawQr(link);
  // Made: this move is sent as far as this device can tell (the link exists to be passed on).
  const s = summary();
  await keepFriend(/** @type {FriendGame} */ (current).id, { seen: stateOf(s), at: /** @type {FriendGame} */ (current).friend.seen === stateOf(s) ? /** @type {FriendGame} */ (current).friend.at : Date.now(), ...(offer ? { offer: /** @type {FriendGame} */ (current).friend.side, offerAt: stateOf(s) } : /** @type {FriendGame} */ (current).friend.offer === /** @type {FriendGame} */ (current).friend.side ? { offer: null } : {}) });
  follow();
}

/** @param {string} link */
async function drawQr(link) {
  const box = $('friend-qr');
  try {
    const { default: qrcode } = await import('../node_modules/qrcode-generator/dist/qrcode.mjs');
    const qr = qrcode(0, 'L'); // the smallest version that holds the link
    qr.addData(link, 'Byte');
    qr.make();
    const n = qr.getModuleCount();
    let path = '';
    for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (qr.isDark(r, c)) path += `M${c} ${r}h1v1h-1z`;
    box.classList.remove('none');
    box.innerHTML = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-2 -2 ${n + 4} ${n + 4}" shape-rendering="crispEdges"><path d="${path}" fill="#000"/></svg>`;
  } catch {
    // Past what a QR code holds (a very long game): the link and the PTN still go.
    box.classList.add('none');
    box.textContent = t('friend.qr_too_long');
  }
}

function ensureDialog() {
  let dialog = /** @type {HTMLDialogElement} */ (document.getElementById('friend-dialog'));
  if (dialog) return dialog;
  dialog = document.createElement('dialog');
  dialog.id = 'friend-dialog';
  dialog.setAttribute('aria-labelledby', 'friend-title');
  dialog.innerHTML = DIALOG;
  document.body.append(dialog);
  $('friend-copy').addEventListener('click', async () => {
    $('friend-link').select();
    try { await navigator.clipboard.writeText($('friend-link').value); $('friend-status').textContent = t('friend.copied'); } catch { $('friend-status').textContent = t('share.copy_link_by_hand'); }
  });
  $('friend-share').addEventListener('click', async () => {
    try { await navigator.share({ title: t('friend.share_title'), text: t('friend.share_text'), url: $('friend-link').value }); } catch { /* closed: the link is still there */ }
  });
  $('friend-offer').addEventListener('change', () => fill());
  return dialog;
}

/**
 * A friend game starts (New game → "A friend, by link"): the game just started on the board
 * becomes one, this device playing `side`, with `days` per move (or none) and the players'
 * names. Says what to do next.
 * @param {{side: string, days: number | null, names: string[]}} game
 */
export async function begin({ side, days, names }) {
  const board = ctx.board;
  await board.study();
  const lib = await study();
  if (names?.some(Boolean)) {
    const error = await board.restore(lib.friendNamed(board.saveToKeep(), names[0] ?? '', names[1] ?? ''));
    if (error) ctx.showNotice(error);
  }
  const id = await ctx.keeper.keepNow();
  /** @type {FriendState} */
  const friend = { side, days: days || null, at: Date.now(), seen: side === 'white' ? stateOf(summary()) : null, got: 0, offer: null };
  await library.touch(id, { friend });
  current = { id, friend };
  face();
  moved = side === 'black'; // Black's first link starts the game: Send opens at once
  count();
  follow();
  if (side === 'white') say(t('friend.start_white', { friend: name('black') }), [{ label: 'friend.resign', id: 'friend-resign', run: resign }]);
}

/**
 * A `#f=` link (`hash`) arrived: checked whole, then its game continued, added, or left as it
 * is, as src/web/friend.rs decides; said in words. Nothing kept changes for a refused link.
 * @param {string} hash
 */
export async function receive(hash) {
  receiving = false;
  try {
    await receiveLink(hash);
  } catch (err) {
    // Anything unforeseen (the study build could not load, the library is unavailable): said,
    // and the game on the board stays as it was.
    receiving = false;
    ctx.showNotice(t('share.bad_link', { error: /** @type {Error | null | undefined} */ (err)?.message || err }));
    follow();
  }
}

/** @param {string} hash */
async function receiveLink(hash) {
  const board = ctx.board;
  let text;
  try {
    text = await readLink(hash, PREFIX);
  } catch (err) {
    ctx.showNotice(/** @type {Partial<import('./share.js').LinkError> | null | undefined} */ (err)?.code === 'too_large' ? t('share.too_large', { limit: 8 }) : t('friend.refused_damaged'));
    return;
  }
  if (!text) return;
  await board.study();
  const lib = await study();
  const first = lib.friendReceive(text, undefined, null, Date.now());
  if (first.refused) { ctx.showNotice(t(`friend.refused_${first.refused}`, { why: first.why })); return; }
  await ctx.keeper.flush(); // the game on the board as it is, before the link is compared with it
  const found = await library.get(first.id);
  // What the link does to the game kept and to its friend state (a fork waiting for an
  // answer, a draw offered) is decided there (src/web/friend.rs `Received`).
  const r = found ? lib.friendReceive(text, found.save ?? '', found.entry.friend ?? null, Date.now()) : first;
  if (r.refused) { ctx.showNotice(t(`friend.refused_${r.refused}`, { why: r.why })); return; }
  const came = r.came;
  if (!found) {
    // A game this device does not have: kept, and asked which side it plays (or watched).
    const friend = { side: 'watch', from: r.from, days: r.days ?? null, at: came, seen: stateOf(lib.summarizeSave(/** @type {string} */ (r.save))), got: r.plies, offer: r.theirOffer };
    try {
      // Started, as far as this device knows, when the link was sent: not after its last move.
      await library.put({ id: r.id, summary: lib.summarizeSave(/** @type {string} */ (r.save)), sides: { opponent: 'human' }, friend, created: came }, { save: /** @type {string} */ (r.save), match: null }, 0);
    } catch (err) {
      ctx.showNotice(t(library.isFull(err) ? 'library.full' : 'save.failed', { limit: 8, error: /** @type {Error | null | undefined} */ (err)?.message ?? '' }));
      return;
    }
    const error = await ctx.keeper.open(r.id);
    if (error) ctx.showNotice(t(error));
    else ctx.showNotice('');
    return;
  }
  const error = await ctx.keeper.open(r.id);
  if (error) { ctx.showNotice(t(error)); return; }
  if (current?.id !== r.id) current = { id: r.id, friend: { side: 'watch', ...(found.entry.friend ?? {}) } };
  const f = current.friend;
  const state = r.save ? stateOf(lib.summarizeSave(r.save)) : null;
  // The same game, or an older link: nothing changes (a fork waiting for its answer stays).
  if (r.verdict === 'same' || r.verdict === 'older') {
    if (r.theirOffer && r.verdict === 'same') await keepFriend(r.id, { offer: r.theirOffer });
    goodNews(ctx.showNotice, linkNews = r.verdict === 'same' ? t('friend.same') : t('friend.older', { plies: r.plies, have: found.entry.summary?.plies ?? '?' }));
    follow();
    return;
  }
  // Newer or forked: the game kept, with the link's plies added (src/web/friend.rs `merged`);
  // said before the board changes, so that nothing takes their move for one made here. A
  // newer link goes on from the main line (a fork that waited is answered: the friend went
  // on with this line); a forked one waits for the reader's choice, with the draw it offers.
  const changes = r.verdict === 'newer' ? { at: came, seen: state, got: r.plies, offer: r.theirOffer, fork: r.fork }
    : { fork: r.fork };
  const before = { ...f };
  Object.assign(f, changes);
  offered = state;
  ctx.showNotice('');
  receiving = true; // no move here until the game is whole on the board
  try {
    const restored = await board.restore(/** @type {string} */ (r.save));
    if (restored) { current.friend = before; ctx.showNotice(restored); return; }
    if (r.verdict === 'newer') {
      // The friend's ply played before the reader's eyes (a play animates, a step does not);
      // not past an ending, which a step back would take back.
      if (!r.over) {
        board.goto(Math.max(0, r.plies - 1));
        const next = /** @type {Status} */ (board.status()).line?.find((item) => item.ply === r.plies);
        if (next) board.play(next.ptn);
      }
      board.goto('last');
      if (r.over) goodNews(ctx.showNotice, t('friend.came_over', { result: r.over }));
    }
    await ctx.saveNow();
    await keepFriend(r.id, changes);
  } finally {
    receiving = false;
  }
  follow();
  ctx.refresh();
}

/**
 * After a fork: the link's line becomes the game (theirs) or is deleted (mine). The draw
 * offered with the link stays offered either way (a draw is the game's, not a line's).
 * @param {boolean} theirs
 */
async function settle(theirs) {
  const board = ctx.board;
  const fork = pendingFork();
  if (!fork) return;
  // What an older or the same link said meanwhile ("nothing was changed") is no longer so.
  if (linkNews && /** @type {HTMLElement} */ (document.getElementById('notice')).textContent === linkNews) ctx.showNotice('');
  const { path, at, offer } = fork;
  if (theirs && board.promote(path)) {
    board.goto('last');
    const state = stateOf(summary());
    const got = /** @type {GameSummary} */ (summary()).plies;
    /** @type {Partial<FriendState>} */
    const changes = { seen: state, at, got, fork: null, offer: offer ?? null };
    Object.assign(/** @type {FriendGame} */ (current).friend, changes);
    await ctx.saveNow();
    await keepFriend(/** @type {FriendGame} */ (current).id, changes);
  } else {
    board.deleteLine(path);
    board.goto('last');
    /** @type {Partial<FriendState>} */
    const changes = { fork: null, ...(offer ? { offer } : {}) };
    Object.assign(/** @type {FriendGame} */ (current).friend, changes);
    await ctx.saveNow();
    await keepFriend(/** @type {FriendGame} */ (current).id, changes);
  }
  follow();
  ctx.refresh();
}

/** The friend games waiting for this device's move: in the page's title and the app's badge. */
/** @type {string | null} */
let baseTitle = null;
export async function count() {
  let n = 0;
  try {
    n = (await library.list()).filter((e) => e.friend && e.friend.side === e.summary?.toMove && !e.summary?.result).length;
  } catch { return; }
  baseTitle ??= document.title.replace(/^\(\d+\) /, '');
  document.title = n ? `(${n}) ${baseTitle}` : baseTitle;
  try {
    if (n) await navigator.setAppBadge?.(n);
    else await navigator.clearAppBadge?.();
  } catch { /* not an installed app */ }
}
