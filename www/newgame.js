// New game: the form (its markup, styles and logic), loaded when New game is first opened: it
// is not on a first visit's way to its first board. Glue: the board checks the options
// (`checkNewGame`) and starts the game; app.js keeps the settings and starts the game chosen.
import { addStyle } from './styles.js';

// This module's own styles (www/styles.js).
addStyle(`
/* New game: the opening and the pieces (two counts side by side, the rest full width). */
.variant-options { border: 0; padding: 0; margin: 0; display: grid; grid-template-columns: 1fr 1fr; column-gap: .8rem; }
.variant-options .wide { grid-column: 1 / -1; }
.variant-options .hint { margin: .1rem 0 .3rem; font-size: .85em; color: var(--muted); }
.new-error { color: var(--warn); margin: .3rem 0; }
@media (max-height: 30rem) { #new-form #variant-options, #new-form .new-error { grid-column: 1 / -1; } }
.computer-options { border: 1px solid var(--line); border-radius: .4rem; margin: .5rem 0; }
.computer-options[disabled] { opacity: .5; }
.clock-custom { display: flex; gap: .6rem; flex-wrap: wrap; }
#friend-options input { display: block; width: 100%; box-sizing: border-box; padding: .35rem; margin-top: .15rem; }
#friend-options .hint { margin: .1rem 0 .3rem; font-size: .85em; color: var(--muted); }
@media (max-height: 30rem) {
  #new-form { display: grid; grid-template-columns: 1fr 1fr; column-gap: .8rem; }
  #new-form h2, #new-form .computer-options, #new-form .row.end { grid-column: 1 / -1; }
  .computer-options { display: grid; grid-template-columns: 1fr 1fr; column-gap: .8rem; margin: .2rem 0; }
  .computer-options legend { grid-column: 1 / -1; }
  /* The Clock and Play selects and more wait below the buttons on a phone held sideways: a
     shadow over the buttons says the form goes on, until it is scrolled to its end. */
  #new-form .row.end { animation: new-more-below linear both; animation-timeline: scroll(nearest); }
}
@keyframes new-more-below { from, 90% { box-shadow: 0 -.7rem .7rem -.5rem rgb(0 0 0 / .45); } to { box-shadow: none; } }
`);

const NEW_GAME_FORM = `
<form method="dialog" id="new-form">
  <h2 id="new-title" data-i18n="new.title">New game</h2>
  <label><span data-i18n="new.opponent">Opponent</span>
    <select name="opponent">
      <option value="human" selected data-i18n="new.opponent_human">A person on this device</option>
      <option value="computer" data-i18n="new.opponent_computer">The computer</option>
      <option value="friend" data-i18n="friend.opponent">A friend, by link</option>
    </select>
  </label>
  <!-- The player's side, against the computer or a friend by link (not between people here). -->
  <label id="side-label"><span data-i18n="new.you_play">You play</span>
    <select name="human">
      <option value="white" selected data-i18n="new.white_first">White (you move first)</option>
      <option value="black" data-i18n="new.black_second">Black (you move second)</option>
    </select>
  </label>
  <fieldset id="friend-options" class="computer-options" hidden>
    <legend data-i18n="friend.legend">A friend, by link</legend>
    <p class="hint" data-i18n="friend.how">Each move travels in a link you send however you like (chat, mail, a text message). Nothing is kept anywhere but on your two devices.</p>
    <label><span data-i18n="friend.your_name">Your name (optional)</span>
      <input name="friendMe" maxlength="40" autocomplete="nickname">
    </label>
    <label><span data-i18n="friend.their_name">Your friend’s name (optional)</span>
      <input name="friendThem" maxlength="40" autocomplete="off">
    </label>
    <label><span data-i18n="friend.days">Time per move</span>
      <select name="friendDays">
        <option value="0" selected data-i18n="friend.no_limit">No limit</option>
        <option value="1" data-i18n="friend.days_1">1 day</option>
        <option value="2" data-i18n="friend.days_2">2 days</option>
        <option value="3" data-i18n="friend.days_3">3 days</option>
        <option value="7" data-i18n="friend.days_7">7 days</option>
      </select>
    </label>
  </fieldset>
  <fieldset id="computer-options" class="computer-options">
    <legend data-i18n="new.computer">Against the computer</legend>
    <label><span data-i18n="new.level">Level</span>
      <select name="level">
        <option value="1" selected data-i18n="level.1">Beginner</option>
        <option value="2" data-i18n="level.2">Casual</option>
        <option value="3" data-i18n="level.3">Club</option>
        <option value="4" data-i18n="level.4">Strong</option>
        <option value="5" data-i18n="level.5">Expert</option>
        <option value="6" data-i18n="level.6">Master</option>
      </select>
    </label>
    <label class="check rated"><input type="checkbox" name="rated"> <span id="rated-text"></span></label>
  </fieldset>
  <label><span data-i18n="new.size">Board size</span>
    <select name="size">
      <option>3</option><option>4</option><option selected>5</option>
      <option>6</option><option>7</option><option>8</option>
    </select>
  </label>
  <label><span data-i18n="new.komi">Komi</span>
    <select name="komi">
      <option value="-4.5">−4.5</option><option value="-4">−4</option><option value="-3.5">−3.5</option><option value="-3">−3</option><option value="-2.5">−2.5</option><option value="-2">−2</option><option value="-1.5">−1.5</option><option value="-1">−1</option><option value="-0.5">−0.5</option>
      <option value="0" selected>0</option><option>0.5</option><option>1</option><option>1.5</option>
      <option>2</option><option>2.5</option><option>3</option><option>3.5</option><option>4</option><option>4.5</option>
    </select>
  </label>
  <label id="clock-label"><span data-i18n="clock.title">Clock</span>
    <select name="clock">
      <option value="none" selected data-i18n="clock.none">No clock</option>
      <option value="1:0 +1">1+1</option>
      <option value="3:0 +2">3+2</option>
      <option value="5:0 +5">5+5</option>
      <option value="10:0 +15">10+15</option>
      <option value="15:0 +10">15+10</option>
      <option value="20:0 +10">20+10</option>
      <option value="custom" data-i18n="clock.custom">Custom</option>
    </select>
  </label>
  <div id="clock-custom" class="clock-custom" hidden>
    <label><span data-i18n="clock.minutes">Minutes</span>
      <input type="number" name="clockMinutes" min="0.05" max="180" step="any" value="10" inputmode="decimal" required>
    </label>
    <label><span data-i18n="clock.increment">Increment (seconds)</span>
      <input type="number" name="clockIncrement" min="0" max="60" step="1" value="15" inputmode="numeric" required>
    </label>
  </div>
  <label id="length-label"><span data-i18n="new.play">Play</span>
    <select name="length">
      <option value="single" selected data-i18n="new.single">One game</option>
      <option value="games-3" data-i18n="new.games3">A match of 3 games</option>
      <option value="games-5" data-i18n="new.games5">A match of 5 games</option>
      <option value="games-7" data-i18n="new.games7">A match of 7 games</option>
      <option value="points" data-i18n="new.points">A match to a number of points</option>
    </select>
  </label>
  <fieldset id="match-options" class="computer-options">
    <legend data-i18n="new.match">The match</legend>
    <label id="points-label"><span data-i18n="new.first_to">First to (points)</span>
      <input type="number" name="points" min="1" max="100000" value="100" inputmode="numeric">
    </label>
    <label class="names"><span data-i18n="new.player1">First player (white in game 1)</span>
      <input name="player1" maxlength="40" autocomplete="off">
    </label>
    <label class="names"><span data-i18n="new.player2">Second player</span>
      <input name="player2" maxlength="40" autocomplete="off">
    </label>
  </fieldset>
  <details id="rule-options" class="rule-options">
    <summary data-i18n="new.rules">Rulebook options</summary>
    <fieldset class="marks">
      <legend data-i18n="new.scoring">Scoring variants</legend>
      <label><input type="checkbox" name="downings"> <span data-i18n="new.downings">Downings: a straight road doubles the pieces</span></label>
      <label><input type="checkbox" name="middletown"> <span data-i18n="new.middletown">Middletown: winning without placing a capstone doubles the pieces</span></label>
      <label><input type="checkbox" name="tarway"> <span data-i18n="new.tarway">Tarway: a road of single pieces doubles them, a road of stacks triples them</span></label>
    </fieldset>
    <label class="check"><input type="checkbox" name="tierule"> <span data-i18n="new.tierule">Ancient tie rule: a tied flat count goes to Black</span></label>
    <fieldset class="marks">
      <legend data-i18n="new.takebacks">Take-backs</legend>
      <label><input type="radio" name="takebacks" value="court" checked> <span data-i18n="new.court">Court: moves may be taken back</span></label>
      <label><input type="radio" name="takebacks" value="tavern"> <span data-i18n="new.tavern">Tavern: no take-backs during a game</span></label>
    </fieldset>
  </details>
  <details id="variant-options" class="rule-options">
    <summary data-i18n="new.variant">Opening and pieces</summary>
    <fieldset class="variant-options">
      <label class="wide"><span data-i18n="new.opening">Opening</span>
        <select name="opening">
          <option value="swap" selected data-i18n="new.opening_swap">Swap: opponent’s flat first</option>
          <option value="no-swap" data-i18n="new.opening_no_swap">No swap: own flat first</option>
        </select>
      </label>
      <label><span data-i18n="new.pieces_stones">Stones per player</span>
        <input type="number" name="flats" min="1" max="64" inputmode="numeric" autocomplete="off">
      </label>
      <label><span data-i18n="new.pieces_caps">Capstones per player</span>
        <input type="number" name="caps" min="0" max="8" inputmode="numeric" autocomplete="off">
      </label>
      <p id="pieces-standard" class="hint wide"></p>
    </fieldset>
  </details>
  <p id="new-error" class="new-error" role="alert" hidden></p>
  <div class="row end">
    <button value="cancel" formnovalidate data-i18n="btn.cancel">Cancel</button>
    <button value="start" id="start-game" class="primary" data-i18n="btn.start">Start</button>
  </div>
</form>
`;

/** @param {string} id */
const $ = (id) => /** @type {PageElement} */ (document.getElementById(id));
/**
 * The New game form, its controls by name (`length`: the Play select, not the form's count).
 * @typedef {Omit<HTMLFormElement, 'length'> & {[name in NewGameSelect]: HTMLSelectElement} & {[name in NewGameInput]: HTMLInputElement} & {takebacks: RadioNodeList}} NewGameForm
 * @typedef {'opponent' | 'human' | 'friendDays' | 'level' | 'size' | 'komi' | 'clock' | 'length' | 'opening'} NewGameSelect
 * @typedef {'friendMe' | 'friendThem' | 'clockMinutes' | 'clockIncrement' | 'points' | 'player1' | 'player2' | 'downings' | 'middletown' | 'tarway' | 'tierule' | 'flats' | 'caps' | 'rated'} NewGameInput
 */
/**
 * Null until the dialog is first opened (openNewGame makes it, before anything else here runs).
 * @type {NewGameForm}
 */
let form = /** @type {NewGameForm} */ (/** @type {unknown} */ (null));
/** What the current opening of the dialog works with (see `openNewGame`). */
/**
 * What New game is lent (www/game-flow.js).
 * @typedef {object} NewGameContext
 * @property {HTMLDialogElement} dialog the New game dialog
 * @property {import('./board.js').Board} board
 * @property {import('./i18n.js').Translator} t the page's translator
 * @property {import('./app.js').Settings} settings the form is filled with
 * @property {typeof import('./match.js')} matchTools the match module
 * @property {(dialog: HTMLElement) => Promise<void>} openingDialog puts in the dialog's texts
 * @property {() => Promise<FriendGames>} friend loads friend games (www/friend.js)
 * @property {(chosen: Partial<import('./app.js').Settings>, length: {games: number} | {points: number} | null) => Promise<void>} start starts the game chosen
 */
/** Friend games (www/friend.js's `setUpFriend`). @typedef {Awaited<ReturnType<typeof import('./friend.js').setUpFriend>>} FriendGames */
/**
 * The page's board and what else it lends: null until openNewGame, which sets it before
 * anything else here runs.
 * @type {NewGameContext}
 */
let ctx = /** @type {NewGameContext} */ (/** @type {unknown} */ (null));

/**
 * Opens the New game dialog filled with `settings`. `ctx`: the `dialog` element, the `board`,
 * the translator `t`, the `settings`, the match module (`matchTools`), `openingDialog` (its
 * texts) and `start(chosen, length)`, called with what the reader chose (the game's settings
 * as `chosen.game`) when they start the game.
 * @param {NewGameContext} context
 */
export async function openNewGame(context) {
  ctx = context;
  const { dialog, board, t, settings } = ctx;
  if (!form) {
    dialog.innerHTML = NEW_GAME_FORM;
    form = /** @type {NewGameForm} */ (/** @type {unknown} */ ($('new-form')));
    wire();
  }
  await ctx.openingDialog(dialog);
  form.opponent.value = settings.opponent;
  form.level.value = String(settings.level);
  form.human.value = settings.human;
  form.size.value = String(/** @type {import('./board.js').Status} */ (board.status()).settings.size);
  form.player1.value = settings.players[0];
  form.player2.value = settings.players[1];
  form.player1.placeholder = t('match.player1');
  form.player2.placeholder = t('match.player2');
  writeGame(settings.game);
  form.clock.value = [...form.clock.options].some((o) => o.value === settings.clock) ? settings.clock : 'none';
  form.clockMinutes.value = String(settings.clockCustom.minutes);
  form.clockIncrement.value = String(settings.clockCustom.increment);
  syncClockOptions();
  syncComputerOptions();
  syncMatchOptions();
  syncRated();
  dialog.showModal();
}

/**
 * Whether the game would be rated (src/web/progress.rs): against the computer, one game, at
 * a level whose rating is measured on the size, under tavern rules (no take-backs; the page
 * gives no hints in them). The switch is the tavern rule itself, said as "Rated"; where the
 * game cannot be rated it says why, and the rules stay as chosen.
 */
async function syncRated() {
  const { levelsText, measured, measuredSizes } = await import('./levels.js');
  const levels = await levelsText();
  const level = Number(form.level.value);
  const single = form.length.value === 'single';
  const can = measured(levels, Number(form.size.value), level) && single;
  form.rated.disabled = !can;
  form.rated.checked = can && form.takebacks.value === 'tavern';
  // Why not, the one reason that holds: a match, or the level not measured on this size.
  const sizes = measuredSizes(levels, level);
  $('rated-text').textContent = can ? ctx.t('new.rated')
    : !single ? ctx.t('new.rated_match')
      : sizes.length ? ctx.t('new.rated_no', { sizes: sizes.map((n) => `${n}×${n}`).join(', ') })
        : ctx.t('new.rated_none');
}

const syncComputerOptions = () => {
  $('computer-options').disabled = form.opponent.value !== 'computer';
  // A friend by link: one game, days per move instead of a clock.
  const friend = form.opponent.value === 'friend';
  $('friend-options').hidden = !friend;
  // The computer's level only against it: greyed out for a person it was a section to read
  // past (on a phone a screenful). The player's side against the computer or a friend.
  $('computer-options').hidden = form.opponent.value !== 'computer';
  $('side-label').hidden = form.opponent.value === 'human';
  $('clock-label').hidden = $('length-label').hidden = friend;
  if (friend) { form.length.value = 'single'; form.clock.value = 'none'; syncClockOptions(); }
};
/** @type {('downings' | 'middletown' | 'tarway')[]} */
const VARIANTS = ['downings', 'middletown', 'tarway'];
/**
 * Fills the form's rules with `game` (the settings value as kept: those left out are the
 * defaults). Empty counts are the size's standard, shown beside them.
 * @param {Partial<import('./board.js').GameSettings>} game
 */
function writeGame(game) {
  const on = (game.scoring || '').toLowerCase();
  for (const v of VARIANTS) form[v].checked = on.includes(v);
  form.tierule.checked = game.tieRule === 'ancient';
  form.takebacks.value = game.takeBacks === 'tavern' ? 'tavern' : 'court';
  form.opening.value = game.opening === 'no-swap' ? 'no-swap' : 'swap';
  // A count is set as it is: the input takes the number as its text.
  form.flats.value = /** @type {string} */ (/** @type {unknown} */ (game.flats ?? ''));
  form.caps.value = /** @type {string} */ (/** @type {unknown} */ (game.caps ?? ''));
  $('new-error').hidden = true;
  showStandardPieces();
}
/**
 * The game's settings chosen in the form; the board judges the whole before the dialog closes.
 * @returns {Partial<import('./board.js').GameSettings>}
 */
function readGame() {
  /** @param {HTMLInputElement} input */
  const count = (input) => (input.value.trim() === '' ? undefined : Number(input.value));
  const scoring = VARIANTS.filter((v) => form[v].checked).map((v) => v[0].toUpperCase() + v.slice(1)).join(' ');
  return {
    size: Number(form.size.value),
    komi: form.komi.value,
    opening: form.opening.value === 'no-swap' ? 'no-swap' : 'swap',
    flats: count(form.flats),
    caps: count(form.caps),
    tieRule: form.tierule.checked ? 'ancient' : 'standard',
    scoring,
    takeBacks: form.takebacks.value === 'tavern' ? 'tavern' : 'court',
  };
}
function showStandardPieces() {
  const size = Number(form.size.value);
  const standard = ctx.board.standardSettings(size);
  const stones = standard?.flats ?? 0, caps = standard?.caps ?? 0;
  // "1 capstone" (5×5), not "1 capstones": a singular for 1, as app.js says the options line.
  /** @param {number} n @param {string} key */
  const count = (n, key) => ctx.t(n === 1 ? `${key}_one` : key, { n });
  $('pieces-standard').textContent = ctx.t('new.pieces_standard', { size, stones: count(stones, 'count.stones'), caps: count(caps, 'count.caps') });
  form.flats.placeholder = String(stones);
  form.caps.placeholder = String(caps);
}
const syncMatchOptions = () => {
  const length = form.length.value;
  $('match-options').hidden = length === 'single';
  if (length !== 'single') ctx.board.study().catch(() => {}); // matches are the study build's: fetched while the form is filled
  $('points-label').hidden = length !== 'points';
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (ctx.dialog.querySelectorAll('.names'))) el.hidden = form.opponent.value === 'computer';
};
// The clock: a custom time shows its two fields (checked only when chosen).
function syncClockOptions() {
  const custom = form.clock.value === 'custom';
  $('clock-custom').hidden = !custom;
  form.clockMinutes.disabled = form.clockIncrement.disabled = !custom;
}

/** The form's listeners, added once its markup is in the page. */
function wire() {
  form.opponent.addEventListener('change', syncComputerOptions);
  // The switch is the take-backs rule (see syncRated), remembered with the game's rules: a
  // player who plays rated goes on rated; a newcomer's first games keep their take-backs.
  form.opponent.addEventListener('change', syncRated);
  form.rated.addEventListener('change', () => { form.takebacks.value = form.rated.checked ? 'tavern' : 'court'; });
  for (const el of [form.size, form.level, form.length]) el.addEventListener('change', syncRated);
  for (const radio of /** @type {NodeListOf<HTMLInputElement>} */ (form.querySelectorAll('input[name=takebacks]'))) radio.addEventListener('change', syncRated);
  form.size.addEventListener('change', showStandardPieces);
  form.addEventListener('submit', (/** @type {SubmitEvent} */ event) => {
    if (/** @type {HTMLButtonElement | null} */ (event.submitter)?.value !== 'start') return;
    const error = ctx.board.checkNewGame(readGame());
    $('new-error').textContent = error ? ctx.t('new.pieces_bad', { error }) : '';
    $('new-error').hidden = !error;
    if (error) {
      event.preventDefault(); // the dialog stays open with what was typed
      /** @type {HTMLDetailsElement} */ ($('variant-options')).open = true;
      $('new-error').scrollIntoView({ block: 'center' });
      return;
    }
    // The game starts here, before the dialog closes: its close event comes a task later,
    // and by then the page already shows the new game.
    startChosen();
  });
  form.length.addEventListener('change', syncMatchOptions);
  form.clock.addEventListener('change', syncClockOptions);
  form.opponent.addEventListener('change', syncMatchOptions);
  async function startChosen() {
    const { matchTools } = ctx;
    if (form.opponent.value === 'friend') {
      // A game between people on two devices: www/friend.js makes it one once started.
      const side = form.human.value === 'black' ? 'black' : 'white';
      const [me, them] = [form.friendMe.value.trim().slice(0, 40), form.friendThem.value.trim().slice(0, 40)];
      const friend = ctx.friend(); // on its way while the game starts
      await ctx.start({ opponent: 'human', game: readGame(), clock: 'none' }, null);
      if (ctx.board.plyCount() === 0) (await friend).begin({ side, days: Number(form.friendDays.value) || null, names: side === 'white' ? [me, them] : [them, me] });
      return;
    }
    const chosen = {
      opponent: form.opponent.value === 'computer' ? 'computer' : 'human',
      level: Number(form.level.value) || 1,
      human: form.human.value === 'black' ? 'black' : 'white',
      game: readGame(),
      players: [form.player1.value.trim().slice(0, 40), form.player2.value.trim().slice(0, 40)],
      clock: form.clock.value,
      clockCustom: { minutes: Number(form.clockMinutes.value), increment: Number(form.clockIncrement.value) },
    };
    // The match module reads the Play select and the points as the form's own named controls.
    ctx.start(chosen, matchTools.readLength(/** @type {HTMLFormElement} */ (/** @type {unknown} */ (form))));
  }
}
