// A game's beginning and end on the game page (www/app.js): a new game or a match, with the
// settings chosen in New game, the game before kept in the library (one click away while it
// was still going on); resigning and offering a draw. Loaded when first used; `page` gives
// what it needs of the page, its changing parts (the words, the settings, the match) as
// getters.
import { offerDraw as offerComputerDraw } from './opponent.js';

/** @typedef {import('./board.js').Status} Status */

/**
 * What the game page lends (www/app.js); `t`, `settings`, `match` and `matchTools` are getters.
 * @typedef {object} GameFlowPage
 * @property {import('./i18n.js').Translator} t the page's translator
 * @property {import('./app.js').Settings} settings
 * @property {ReturnType<typeof import('./match.js').setUpMatch> | null} match the match's view, once set up
 * @property {import('./board.js').Board} board
 * @property {import('./computer.js').Computer} computer the computer opponent
 * @property {import('./computer.js').Computer} hinter the hint's and the draw offer's
 * @property {ReturnType<typeof import('./flip.js').setUpFlip>} view the board seen from Black's side
 * @property {() => {computer: string, level: number}} sides who plays, for the board
 * @property {() => Promise<any>} setAside before another game replaces the one on the board
 * @property {(before: any) => void} unsetAside
 * @property {(before: any, key: string) => void} offerBackTo
 * @property {(text: string) => void} showNotice the page's notice line
 * @property {() => void} maybeThink
 * @property {() => void} refresh
 * @property {() => Promise<unknown>} saveNow
 * @property {() => void} closeMenu
 * @property {import('./confirm.js').Ask} ask
 * @property {(color: string) => string} playerName
 * @property {() => 'white' | 'black' | null} computerColor the computer's side, if it plays
 * @property {(name: string) => void} playSound
 * @property {(next: import('./app.js').Settings) => void} setSettings sets and keeps the settings
 * @property {() => Promise<unknown>} ensureMatch loads the match module (`matchTools`)
 * @property {typeof import('./match.js') | null} matchTools
 * @property {(dialog: HTMLElement) => Promise<void>} openingDialog puts in the dialog's texts
 * @property {() => Promise<import('./newgame.js').FriendGames>} friendly loads friend games (www/friend.js)
 */
/** @param {GameFlowPage} page */
export function createGameFlow(page) {
  const { board } = page;
  /** The time control chosen in New game, as the `Clock` tag writes it, or null: no clock. */
  const chosenClock = () => {
    const { clock, clockCustom } = page.settings;
    if (clock === 'none') return null;
    if (clock !== 'custom') return clock;
    const seconds = Math.round(clockCustom.minutes * 60);
    return `${Math.floor(seconds / 60)}:${seconds % 60} +${Math.round(clockCustom.increment)}`;
  };

  /**
   * Starts a new game of `game` (the settings value: those left out are the defaults; without
   * a clock, the one chosen in New game), or a match of `length`.
   * @param {Partial<import('./board.js').GameSettings>} game
   * @param {{games: number} | {points: number} | null} [length]
   */
  async function startGame(game, length = null) {
    const { t, settings } = page;
    page.computer.cancel();
    page.hinter.cancel();
    board.hideMessage();
    if (page.match?.viewing) page.match.back();
    const options = { ...game };
    const clock = chosenClock(); // a match's too: every game of it is timed
    if (options.clock === undefined && clock) options.clock = clock;
    // The game before stays in the library; one still going on is one click away.
    const now = /** @type {Status} */ (board.status());
    const offerBack = board.plyCount() > 0 && !now.finalResult && !now.series && !length;
    const before = await page.setAside();
    board.set(page.sides()); // who plays: the new game's players
    let error;
    try {
      if (length) {
        const names = settings.opponent === 'computer'
          ? [t('match.you'), t('match.computer')]
          : [settings.players[0] || t('match.player1'), settings.players[1] || t('match.player2')];
        error = await board.startMatch({ ...options, ...length, players: names });
      } else {
        error = await board.newGameWith(options); // a Promise when the clock needs the study build
      }
    } catch (err) {
      error = t('notice.study_failed', { error: /** @type {Error | null | undefined} */ (err)?.message || err });
    }
    if (error || offerBack) await t.more(); // the words of these come with the long texts
    page.showNotice(error ? t('notice.bad_new_game', { error }) : '');
    if (error) page.unsetAside(before);
    else page.view.newGame(settings.opponent === 'computer');
    if (!error && offerBack) page.offerBackTo(before, 'newgame.kept');
    page.maybeThink();
    page.refresh();
    if (!error) await page.saveNow();
  }

  /** Resigns for the player at the board (against the computer, the human), once asked. */
  async function resign() {
    const { settings } = page;
    page.closeMenu();
    const s = /** @type {Status} */ (board.status());
    if (s.finalResult) return;
    const who = /** @type {'white' | 'black'} */ (page.computerColor() ? settings.human : s.toMove);
    if (!await page.ask({ question: 'confirm.resign', params: { player: page.playerName(who) }, yes: 'btn.resign' })) return;
    // The game may have moved on while the question was open (a clock, the computer's ply).
    if (/** @type {Status} */ (board.status()).result) return;
    page.computer.cancel();
    if (board.resign(who)) page.playSound('end');
  }

  /** Offers a draw: to the other player at this device, or to the computer. */
  async function offerDraw() {
    const { t } = page;
    await t.more();
    page.closeMenu();
    const s = /** @type {Status} */ (board.status());
    if (s.finalResult) return;
    if (!page.computerColor()) {
      const other = page.playerName(s.toMove === 'white' ? 'black' : 'white');
      if (await page.ask({ question: 'confirm.draw', params: { player: other }, yes: 'confirm.accept', no: 'confirm.decline' })
        && !/** @type {Status} */ (board.status()).result && board.agreeDraw()) page.playSound('end');
      return;
    }
    // Asked first, as resigning is: an accepted offer ends the game at once.
    if (!await page.ask({ question: 'confirm.offer_computer', yes: 'btn.draw' }) || /** @type {Status} */ (board.status()).result) return;
    // The computer accepts only when its evaluation says the game is even.
    board.showMessage(t('draw.thinking'));
    try {
      const accepted = await offerComputerDraw(board, page.hinter);
      board.showMessage(t(accepted ? 'draw.accepted' : 'draw.declined'));
      if (accepted) page.playSound('end');
    } catch (err) {
      if (!/** @type {{cancelled?: boolean}} */ (err).cancelled) board.showMessage(t('draw.declined'));
    }
  }

  /** New game's form (www/newgame.js); a game on the clock is not left without a question. */
  async function openNewGame() {
    // Its clocks held while a dialog is open, or paused, a timed game is still one.
    const now = /** @type {Status} */ (board.status());
    if (now.clock && !now.finalResult && board.plyCount() > 0
      && !await page.ask({ question: 'confirm.new_game', yes: 'btn.new_game', no: 'confirm.play_on' })) return;
    await page.ensureMatch();
    const { openNewGame: open } = await import('./newgame.js');
    open({
      dialog: /** @type {HTMLDialogElement} */ (document.getElementById('new-dialog')),
      board,
      t: page.t,
      settings: page.settings,
      matchTools: /** @type {typeof import('./match.js')} */ (page.matchTools), // loaded: ensureMatch()
      openingDialog: page.openingDialog,
      friend: page.friendly,
      start: (chosen, length) => {
        page.setSettings({ ...page.settings, ...chosen });
        return startGame(/** @type {Partial<import('./board.js').GameSettings>} */ (chosen.game), length); // New game chooses one
      },
    });
  }

  /** The same settings again, colours swapped against the computer. */
  async function rematch() {
    const s = /** @type {Status} */ (board.status());
    const computer = page.settings.opponent === 'computer';
    if (computer) page.setSettings({ ...page.settings, human: page.settings.human === 'white' ? 'black' : 'white' });
    await startGame(s.settings);
    // Said in the notice line, which stays until the next notice: said over the board, it went
    // with the computer's first move (the board's own messages go at each change).
    if (computer) await page.t.more(); // the notice's words come with the long texts
    if (computer) page.showNotice(page.t('notice.rematch_colour', { player: page.playerName(page.settings.human) }));
  }

  return { startGame, resign, offerDraw, openNewGame, rematch };
}
