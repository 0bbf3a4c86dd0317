// The languages the page speaks: the one list (which of their words are fetched apart is
// www/catalogue-split.js).
// board.js, i18n.js, embed.js, embed-this.js, the game page's menu and scripts/dist.mjs read
// it; src/web/i18n.rs's `Lang` is checked against it (tests/words.rs). A new language is a
// catalogue (www/i18n/<code>.txt), a line here and a variant of `Lang`.

/** Each language's code, with its name in itself. */
export const LANGUAGE_NAMES = { en: 'English', it: 'Italiano', es: 'Español', ca: 'Català' };

export const LANGUAGES = Object.keys(LANGUAGE_NAMES);

/**
 * A key of the long texts (`MORE_KEYS` of www/catalogue-split.js): a catalogue that has it has
 * them all (the source tree, the one-file page), so i18n.js's `t.more` fetches nothing. The
 * split itself is not sent on a first visit; scripts/dist.mjs checks that this key is in it.
 */
export const A_LATER_KEY = 'rules.notation';

/** `<option>`s for a language menu, each named in its own language. */
export const languageOptions = () => Object.entries(LANGUAGE_NAMES)
  .map(([code, name]) => `<option value="${code}" lang="${code}">${name}</option>`).join('');
