// A ply's menu in the move list, in words: switch to its line, make its line the main line,
// comment on it, annotate it, delete it and what follows. Loaded when a menu is first opened
// (www/panel.js, `plyMenus`): not on a first visit's way to its first board. Glue: the board
// (its study build) edits the tree; the Notes dialog (www/notes.js) takes comments and marks.
import { addStyle } from './styles.js';
import { ask } from './confirm.js';

/**
 * The menu: null until first opened (make), and everything that reads it runs after.
 * @type {HTMLDivElement}
 */
let menu = /** @type {HTMLDivElement} */ (/** @type {unknown} */ (null));
/** @type {HTMLElement | null} */
let anchor = null; // the ply button the menu belongs to

function make() {
  addStyle(`
.ply-menu { position: fixed; inset: auto; margin: 0; padding: .25rem; min-width: 13rem; max-width: calc(100vw - 1rem); border: 1px solid var(--line); border-radius: .5rem; background: var(--panel); color: var(--fg); box-shadow: 0 .3rem 1rem rgb(0 0 0 / .3); }
.ply-menu p { margin: .1rem .6rem .25rem; font-size: .85rem; color: var(--muted); }
.ply-menu button { display: block; width: 100%; text-align: left; padding: .35rem .7rem; min-height: 2.4rem; border-color: transparent; background: transparent; }
.ply-menu button:hover, .ply-menu button:focus-visible { border-color: var(--accent); }
`);
  menu = document.createElement('div');
  menu.className = 'ply-menu';
  menu.id = 'ply-menu';
  menu.setAttribute('role', 'menu');
  menu.popover = 'manual'; // in the top layer, over any dialog; dismissed here
  // The keys of a menu: up and down (round), Home, End; Escape back to the ply; Tab away.
  menu.addEventListener('keydown', (e) => {
    const items = [...menu.querySelectorAll('button')];
    const i = items.indexOf(/** @type {HTMLButtonElement} */ (document.activeElement));
    const to = /** @type {Record<string, number>} */ ({ ArrowDown: i + 1, ArrowUp: i - 1, Home: 0, End: -1 })[e.key];
    if (to !== undefined) {
      e.preventDefault();
      /** @type {HTMLButtonElement} */ (items.at(to % items.length)).focus();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      close(true);
    } else if (e.key === 'Tab') close(false);
  });
  // A press anywhere else, or the page's size changing, closes it.
  document.addEventListener('pointerdown', (e) => { if (isOpen() && !menu.contains(/** @type {Node | null} */ (e.target))) close(false); }, true);
  addEventListener('resize', () => close(false));
  document.body.append(menu);
}

const isOpen = () => menu?.matches(':popover-open');

/** The ply shown in the move list gets the focus (the list is drawn anew after a change). */
const focusShown = () => /** @type {HTMLElement | null} */ (document.querySelector('#moves [aria-current="true"]'))?.focus();

/** @param {boolean} refocus */
function close(refocus) {
  if (!isOpen()) return;
  menu.hidePopover();
  // Back to the ply, or to the one shown where the list was drawn again meanwhile.
  if (refocus) { if (anchor?.isConnected) anchor.focus(); else focusShown(); }
}

/** Opens the Notes dialog on the ply shown, with `selector`'s field focused once it is open. @param {string} selector */
async function notesAt(selector) {
  /** @type {HTMLElement} */ (document.getElementById('notes')).click();
  for (let i = 0; i < 100; i++) {
    const field = /** @type {HTMLElement | null} */ (document.querySelector(`#notes-dialog[open] ${selector}`));
    if (field) { field.focus(); return; }
    await new Promise((r) => setTimeout(r, 30));
  }
}

/**
 * Opens the menu of the ply of `button` (its `item` from the board's status, `side`: in a
 * variation), under it or above it, on screen. `t` translates; `on` has gotoPath(id),
 * promote(id) and deleteLine(id).
 * @param {import('./panel.js').PlyButton} button a ply's (panel.js opens only those with their item)
 * @param {import('./panel.js').MoveListContext} context
 */
export async function openPlyMenu(button, { t, on }) {
  await t.more?.(); // the menu's words come with the long texts (www/catalogue-split.js, `MORE_KEYS`)
  if (!menu) make();
  const { item } = /** @type {import('./panel.js').PlyButton & {item: import('./panel.js').PlyItem}} */ (button);
  anchor = button;
  const name = `${item.label} ${item.ptn}${item.annotation}`;
  const entries = /** @type {[string, () => unknown][]} */ ([
    !item.onLine && ['switch', () => on.gotoPath(item.id)],
    button.side && ['promote', () => on.promote(item.id)],
    ['comment', () => { on.gotoPath(item.id); notesAt('#notes-text'); }],
    ['annotate', () => { on.gotoPath(item.id); notesAt('input[name=judgement]:checked'); }],
    ['delete', async () => {
      if (await ask(t, { question: 'plymenu.confirm_delete', params: { ply: name }, yes: 'confirm.delete' })) on.deleteLine(item.id);
    }],
  ].filter(Boolean));
  const title = document.createElement('p');
  title.textContent = name;
  title.setAttribute('aria-hidden', 'true'); // the menu's label says it
  menu.replaceChildren(title, ...entries.map(([key, action]) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.setAttribute('role', 'menuitem');
    b.dataset.action = key;
    b.textContent = t(`plymenu.${key}`);
    // Done, the focus goes to the ply shown; Notes takes it for comments and marks.
    b.addEventListener('click', async () => {
      close(false);
      await action();
      if (key !== 'comment' && key !== 'annotate') focusShown();
    });
    return b;
  }));
  menu.setAttribute('aria-label', t('plymenu.label', { ply: name }));
  if (!isOpen()) menu.showPopover();
  // Under the ply, or above it where the screen ends; never off its sides.
  const r = button.getBoundingClientRect();
  const { width, height } = menu.getBoundingClientRect();
  const below = r.bottom + 4 + height <= innerHeight;
  menu.style.left = `${Math.max(4, Math.min(r.left, innerWidth - width - 4))}px`;
  menu.style.top = `${Math.max(4, below ? r.bottom + 4 : r.top - height - 4)}px`;
  /** @type {HTMLButtonElement} */ (menu.querySelector('button')).focus();
}
