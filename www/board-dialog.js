// The styles of the page's dialogs with a board of their own (the tutorial, puzzles, the
// position editor): added when one first opens, not on a first visit's way to its first board.
import { addStyle } from './styles.js';

addStyle(`
.tutorial-head { display: flex; justify-content: space-between; align-items: baseline; gap: 1rem; }
.tutorial-board { width: min(36rem, 90vw); height: min(24rem, 50vh); margin: .5rem auto; }
dialog.tutorial { width: min(44rem, 96vw); }
/* Room for the longest step's text: the board does not shift from step to step. */
#tutorial-text { min-height: 4.2em; }
/* Small screens: the tutorial fills the screen, the board takes what the text leaves. */
@media (max-width: 40rem), (max-height: 30rem) {
  dialog.tutorial[open] { display: flex; flex-direction: column; width: 100vw; height: 100dvh; max-width: none; max-height: none; margin: 0; border: 0; border-radius: 0; padding: .5rem .7rem; overflow: hidden; }
  dialog.tutorial h2 { font-size: 1rem; margin: 0; }
  dialog.tutorial h3 { font-size: .95rem; margin: .2rem 0; }
  dialog.tutorial #tutorial-text { margin: .1rem 0; font-size: .9rem; min-height: 0; }
  dialog.tutorial .tutorial-board { flex: 1; width: 100%; height: auto; min-height: 9rem; margin: .2rem 0; }
  dialog.tutorial .tutorial-feedback { margin: .1rem 0; min-height: 1.2em; font-size: .9rem; }
  dialog.tutorial .row.end { position: static; flex-wrap: wrap; margin-top: .2rem; gap: .3rem; }
  dialog.tutorial .row.end button { padding: .2rem .5rem; min-height: 2rem; }
}
@media (max-height: 30rem) and (orientation: landscape) {
  dialog.tutorial[open] { display: grid; grid-template-columns: minmax(12rem, 40%) 1fr; grid-template-rows: repeat(7, auto) 1fr; column-gap: .8rem; }
  dialog.tutorial[open] > * { grid-column: 1; }
  dialog.tutorial .tutorial-board { grid-column: 2; grid-row: 1 / -1; }
}
.tutorial-feedback { min-height: 1.4em; font-weight: 600; }
/* The puzzles' two sets: the shipped tinue puzzles and the player's own mistakes. */
.puzzle-sets { display: flex; flex-wrap: wrap; gap: .3rem; margin: .2rem 0; }
.puzzle-sets [aria-pressed="true"] { background: var(--accent); color: var(--accent-fg); border-color: var(--accent); }
.puzzle-sets .due:not(:empty) { display: inline-block; min-width: 1.3em; padding: 0 .35em; border-radius: .65em; background: var(--warn); color: #fff; font-size: .8em; font-weight: 700; }
.puzzle-too { display: flex; gap: .4rem; align-items: center; font-size: .88rem; margin: .1rem 0; }
/* The puzzles' buttons wrap whole, not their words. */
#puzzle-dialog .row.end { flex-wrap: wrap; }
#puzzle-dialog .row.end button { white-space: nowrap; }
.tutorial-feedback.good { color: var(--win); }
.tutorial-feedback.bad { color: var(--warn); }
`);
