// The rules in words on the game page (www/app.js): the result's notation and the turn line's
// flats and komi as tooltips, and the game's options (take-backs, scoring, the rules, the
// pieces) in the options line. Loaded with the long texts, whose words these are: a first
// board has none of them to say.

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/**
 * Says the rules of status `s` in words (`t`: the page's translator, its long texts loaded).
 * `shown`: what app.js found to say (komi, flats, options, pieces differing from the size's
 * standard `stones` and `caps`).
 * @param {import('../pkg/tak.js').Status} s
 * @param {(key: string, params?: Record<string, unknown>) => string} t
 * @param {{komi: boolean, flats: boolean, options: boolean, pieces: boolean, stones: number, caps: number}} shown
 */
export function sayRules(s, t, { komi, flats, options, pieces, stones, caps }) {
  const notation = s.result ? t('rules.notation', { result: s.result.ptn }) : '';
  // Out of the way: the result's tooltip (with the score, where the score line is hidden).
  const score = s.result && $('result-score').hidden ? $('result-score').textContent : '';
  $('result-text').title = [notation, score].filter(Boolean).join('\n');
  const flatsTitle = flats ? t('rules.flats_title', { white: s.flats[0], black: s.flats[1] }) : '';
  $('turn').title = [flatsTitle, komi ? t('rules.komi_title') : ''].filter(Boolean).join('\n');
  const game = s.settings;
  const said = [];
  if (options) {
    if (game.takeBacks === 'tavern') said.push(t('opt.tavern'));
    if (game.scoring) said.push(t('opt.scoring', { variants: game.scoring }));
    if (game.tieRule === 'ancient') said.push(t('opt.tierule'));
    if (game.opening === 'no-swap') said.push(t('opt.no_swap'));
    // "1 capstone", not "1 capstones": the catalogues have a singular (all four say it for 1 alone).
    const count = (n, key) => t(n === 1 ? `${key}_one` : key, { n });
    if (pieces) said.push(t('opt.pieces', { stones: count(game.flats ?? stones, 'count.stones'), caps: count(game.caps ?? caps, 'count.caps') }));
  }
  $('options-line').textContent = said.join(' · ');
}
