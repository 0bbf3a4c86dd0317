// Which of the catalogues' words are fetched apart from the first visit: read by
// scripts/dist.mjs, which splits each catalogue, and by no page script (a first visit does
// not carry the list; www/languages.js's `A_LATER_KEY` tells the page whether it has them).

/**
 * The keys of the long texts and of the dialogs a first visit does not open before its first
 * board (New game, Share, Paste, Notes), and what only the study build's Rust says (reading a
 * game, a damaged save, the editor's refusals, a match's lines), the offer of a new version
 * (updates.js, never on a first visit), the questions asked in the page (www/confirm.js), and
 * the words of the controllers loaded when first used (www/game-flow.js, www/board-dialogs.js),
 * what the keeper says of a game it could not keep or read (www/keeper.js fetches them first),
 * which fetch them first; a hint's move in words (www/movewords.js), the menu's notation in words,
 * the game clocks' (www/clock.js: a clock's game is the study build's) and the step controls'
 * of embeds and <tak-board> (www/controls.js), what is said of a copy (app.js) and of a
 * rematch's colours (www/game-flow.js), of the computer's failures (app.js) and of an embed's
 * computer thinking (www/embed.js), whose callers fetch them first; and the refusals of a
 * ply past a game's 100,000 plies or 64 nested variations, which no first visit's board meets
 * (a game that long or that deep is read from text: the study build's, whose catalogue has them).
 * scripts/dist.mjs writes them to www/i18n/<lang>.more.txt, fetched when first read
 * (i18n.js, `t.more`); the study build's catalogue takes them too (board.js, `withMore`).
 */
export const MORE_KEYS = /^(?:(rules|tut|puz|mine|progress|embedthis|new|share|paste|notes|load|games|library|update|confirm|worker|friend|plymenu|hint|glossary|lesson|clock|steps|info)\.|menu\.tools\b|editor\.(?!menu)|draw\.|newgame\.kept|notice\.(bad_new_game|bad_save|rematch_colour|computer_refused|computer_failed)\b|save\.|match\.|review\.(?!graph)|analysis\.(score_title|play_line|done|bar|chance|depth|road_in|road_in_one|road_made)\b|btn\.(start|load|save|copy_match|view_game|embed_this)\b|opt\.(?!(title|targets|tak|patterns)\b)|refuse\.(tavern_undo|no_move_now)\b|illegal\.(tree_full|too_deep)\b|embed\.thinking\b|count\.)/;

