// The rules in words on the game page (www/app.js): the result's notation and the turn line's
// flats and komi as tooltips, and the game's options (take-backs, scoring, the rules, the
// pieces) in the options line. Loaded with the long texts, whose words these are: a first
// board has none of them to say.

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/**
 * Says the rules of status `s` in words (`t`: the page's translator, its long texts loaded).
 * What app.js found to say: `komi` and `flats` (the turn line's tooltips), and `options`, the
 * names of the game's settings that differ from a standard game of its size, each said by
 * the catalogue's `opt.` and its name in lower case (`opt.takebacks`), its value as `{value}`;
 * the reserves (`flats`, `caps`) together as `opt.pieces`.
 * @param {import('../pkg/tak.js').Status} s
 * @param {(key: string, params?: Record<string, unknown>) => string} t
 * @param {{komi: boolean, flats: boolean, options: string[]}} shown
 */
export function sayRules(s, t, { komi, flats, options }) {
  const notation = s.result ? t('rules.notation', { result: s.result.ptn }) : '';
  // Out of the way: the result's tooltip (with the score, where the score line is hidden).
  const score = s.result && $('result-score').hidden ? $('result-score').textContent : '';
  $('result-text').title = [notation, score].filter(Boolean).join('\n');
  const flatsTitle = flats ? t('rules.flats_title', { white: s.flats[0], black: s.flats[1] }) : '';
  $('turn').title = [flatsTitle, komi ? t('rules.komi_title') : ''].filter(Boolean).join('\n');
  const game = s.settings;
  const pieces = ['flats', 'caps'];
  const said = options.filter((k) => !pieces.includes(k)).map((k) => t(`opt.${k.toLowerCase()}`, { value: /** @type {Record<string, unknown>} */ (game)[k] }));
  // "1 capstone", not "1 capstones": the catalogues have a singular (all four say it for 1 alone).
  /** @param {number | undefined} n @param {string} key */
  const count = (n, key) => t(n === 1 ? `${key}_one` : key, { n });
  if (options.some((k) => pieces.includes(k))) said.push(t('opt.pieces', { stones: count(game.flats, 'count.stones'), caps: count(game.caps, 'count.caps') }));
  $('options-line').textContent = said.join(' · ');
}
