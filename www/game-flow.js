// Starting a game on the game page (www/app.js): a new game or a match, with the settings
// chosen in New game, the game before kept in the library (one click away while it was still
// going on). Loaded with the first new game; `page` gives what it needs of the page, its
// changing parts (the words, the settings, the match) as getters.

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

  /** Starts a new game of `size` with `komi`, the rulebook options and the opening and piece
   * counts (`variant`), or a match of `length`. */
  async function startGame(size, komi, rules = page.settings.rules, length = null, variant = page.settings.variant) {
    const { t, settings } = page;
    page.computer.cancel();
    page.hinter.cancel();
    board.hideMessage();
    if (page.match?.viewing) page.match.back();
    const options = { size: Number(size), komi: String(komi), ...rules, ...variant };
    const clock = chosenClock(); // a match's too: every game of it is timed
    if (clock) options.clock = clock;
    // The game before stays in the library; one still going on is one click away.
    const now = board.status();
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
      error = t('notice.study_failed', { error: err?.message || err });
    }
    page.showNotice(error ? t('notice.bad_new_game', { error }) : '');
    if (error) page.unsetAside(before);
    else page.view.newGame(settings.opponent === 'computer');
    if (!error && offerBack) page.offerBackTo(before, 'newgame.kept');
    page.maybeThink();
    page.refresh();
    if (!error) await page.saveNow();
  }

  return { startGame };
}
