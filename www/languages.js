// The languages the page speaks, and which of their words are fetched apart: the one list.
// board.js, i18n.js, embed.js, embed-this.js, the game page's menu and scripts/dist.mjs read
// it; src/web/i18n.rs's `Lang` is checked against it (tests/words.rs). A new language is a
// catalogue (www/i18n/<code>.txt), a line here and a variant of `Lang`.

/** Each language's code, with its name in itself. */
export const LANGUAGE_NAMES = { en: 'English', it: 'Italiano', es: 'Español', ca: 'Català' };

export const LANGUAGES = Object.keys(LANGUAGE_NAMES);

/**
 * The keys of the long texts and of the dialogs a first visit does not open before its first
 * board (New game, Share, Paste, Notes), and what only the study build's Rust says (reading a
 * game, a damaged save, the editor's refusals, a match's lines), the offer of a new version
 * (updates.js, never on a first visit), the questions asked in the page (www/confirm.js), and
 * the words of the controllers loaded when first used (www/game-flow.js, www/board-dialogs.js),
 * which fetch them first; a hint's move in words (www/movewords.js), the menu's notation in words.
 * scripts/dist.mjs writes them to www/i18n/<lang>.more.txt, fetched when first read
 * (i18n.js, `t.more`); the study build's catalogue takes them too (board.js, `withMore`).
 */
export const MORE_KEYS = /^(?:(rules|tut|puz|embedthis|new|share|paste|notes|load|games|library|update|confirm|worker|friend|plymenu|hint|glossary|lesson)\.|editor\.(?!menu)|draw\.|newgame\.kept|notice\.bad_new_game|save\.(?!failed|too_large)|match\.|clock\.flag_fell|review\.(?!graph)|analysis\.(score_title|play_line|done|bar|chance|depth|road_in|road_in_one|road_made)\b|btn\.(start|load|save|copy_match|view_game|embed_this)\b|clock\.(title|custom|minutes|increment)\b)/;

/** `<option>`s for a language menu, each named in its own language. */
export const languageOptions = () => Object.entries(LANGUAGE_NAMES)
  .map(([code, name]) => `<option value="${code}" lang="${code}">${name}</option>`).join('');
