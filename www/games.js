// My games: the list of every game kept on this device (www/library.js), loaded when first
// opened. Open, rename, duplicate, delete (with Undo), export one or all as PTN, import a
// PTN file of many games, search by player or tag, and the space used. Glue: the games'
// summaries, pictures and PTN are the study build's Rust (src/web/library.rs): an export
// carries what the entry keeps besides the game (its name, dates, who plays, its friend game
// and match) in `Library…` tags, and an import reads them back, recognises the games already
// here (added again only as copies, when asked) and keeps the good games of a file with bad
// ones, naming each bad one and why.
import * as library from './library.js';
import { loadCatalogue, loadEngine } from './board.js';

const FORM = `
<form method="dialog" id="games-form">
  <h2 id="games-title" data-i18n="games.title">My games</h2>
  <div class="row wrap games-tools">
    <input id="games-search" type="search" data-i18n-placeholder="games.search" aria-labelledby="games-title" autocomplete="off">
    <label class="games-import"><span data-i18n="games.import">Import a PTN file…</span><input id="games-file" type="file" accept=".ptn,.txt,text/plain" multiple></label>
    <button id="games-export-all" type="button" data-i18n="games.export_all">Export all</button>
    <button id="games-progress" type="button" data-i18n="games.progress">Your progress</button>
  </div>
  <p id="games-status" class="games-status" aria-live="polite"></p>
  <div id="games-refused" class="games-refused" hidden><p></p><ul></ul></div>
  <p id="games-count" class="games-count"></p>
  <ul id="games-list" class="games-list"></ul>
  <button id="games-more" type="button" hidden data-i18n="games.more">Show more</button>
  <div class="row end"><span id="games-space" class="games-space"></span><button value="close" data-i18n="btn.close">Close</button></div>
</form>`;

// The list's own styles, with its code: the first visit's stylesheet does not carry them.
const STYLE = `
.games-tools input[type=search] { flex: 1 1 12rem; padding: .35rem; }
.games-import { position: relative; display: inline-block; margin: 0; padding: .3rem .6rem; border: 1px solid var(--line); border-radius: .4rem; cursor: pointer; }
.games-import input { position: absolute; inset: 0; opacity: 0; cursor: pointer; }
.games-import:focus-within { outline: 2px solid var(--accent, #36c); }
.games-list { list-style: none; padding: 0; margin: .4rem 0; }
.games-list li { display: grid; grid-template-columns: 4rem 1fr; gap: .2rem .7rem; padding: .5rem 0; border-top: 1px solid var(--line); }
.games-list .thumb { grid-row: span 2; width: 4rem; height: 4rem; border-radius: .3rem; background: var(--bg); }
.games-list .name { font-weight: 600; overflow-wrap: anywhere; }
.games-list .here { font-weight: normal; font-size: .85em; opacity: .8; }
.games-list .facts { font-size: .9em; }
.games-list .actions { grid-column: 2; display: flex; flex-wrap: wrap; gap: .3rem; }
.games-list .actions button { padding: .15rem .5rem; }
.games-list input { width: 100%; }
.games-space { margin-right: auto; font-size: .9em; }
.games-status:empty, .games-count:empty { display: none; }
.games-count { font-size: .9em; margin: .2rem 0; }
.games-refused p { margin: .2rem 0; }
.games-refused ul { margin: .2rem 0; padding-left: 1.2rem; font-size: .9em; max-height: 8rem; overflow: auto; }
.games-list li.your-move .facts { font-weight: 600; }
`;

/** How many rows are drawn at a time: a list of thousands draws its first rows at once. */
const PAGE = 60;
/** @param {string} id */
const $ = (id) => /** @type {PageElement} */ (document.getElementById(id));
/**
 * What the page lends My games (www/app.js).
 * @typedef {object} GamesContext
 * @property {import('./i18n.js').Translator} t the page's translator
 * @property {string} lang the page's language
 * @property {import('./keeper.js').Keeper} keeper
 * @property {(dialog: HTMLElement) => Promise<void>} openingDialog puts in the dialog's texts
 * @property {(id: string) => Promise<string | null>} open shows a game in this tab: an error message or null
 */
/**
 * An entry of the game library as My games reads it (www/library.js keeps it: src/web/library.rs `Kept`).
 * @typedef {object} ListedGame
 * @property {string} id
 * @property {string} [name] the reader's name for it
 * @property {string | null} [copyOf] a copy kept apart from another tab's moves
 * @property {boolean} [damaged] its save cannot be read
 * @property {GameSummary | null} [summary] (none, or null: kept by the play build)
 * @property {Partial<import('./keeper.js').Sides>} [sides] who plays
 * @property {{side: string, from?: string | null, at?: number | null}} [friend] a game with a friend by link (www/friend.js)
 * @property {number} [created]
 * @property {number} [opened]
 * @property {number} [updated]
 */
/** @typedef {import('../pkg/tak_study.js').GameSummary} GameSummary */
/** @typedef {import('../pkg/tak_study.js').ImportedGame} ImportedGame */
/** The study build's module (games, thumbnails). @typedef {typeof import('../pkg/tak_study.js')} StudyLibrary */
/**
 * What the page lends, and the dialog: null until openGames, which sets it before anything
 * else here runs (every use comes after).
 * @type {GamesContext & {dialog: HTMLDialogElement}}
 */
let ctx = /** @type {GamesContext & {dialog: HTMLDialogElement}} */ (/** @type {unknown} */ (null));
/** `key` for `count` things: its `_one` text for 1 ("1 game"). @param {string} key @param {number} count */
const counted = (key, count) => ctx.t(count === 1 ? `${key}_one` : key, { count });
/** @type {ListedGame[]} */
let entries = [];
let shown = PAGE;
/** @type {Awaited<ReturnType<typeof library.remove>>} */
let lastDeleted = null;
/** @type {IntersectionObserver | null} */
let pictures = null;

// With the study build's catalogue set: its thumbnails name the sides in the reader's words
// (drawn before it, they showed the keys, color.white and color.black).
const study = () => Promise.all([loadEngine('study'), loadCatalogue(ctx.lang, 'study')]).then(([m]) => /** @type {StudyLibrary} */ (m.library));

/** @param {HTMLDialogElement} dialog */
function ensureForm(dialog) {
  if ($('games-form')) return;
  const style = document.createElement('style');
  style.textContent = STYLE;
  document.head.append(style);
  dialog.innerHTML = FORM;
  $('games-search').addEventListener('input', () => { shown = PAGE; render(); });
  $('games-more').addEventListener('click', () => { shown += PAGE; render(); });
  $('games-file').addEventListener('change', (e) => {
    const input = /** @type {HTMLInputElement} */ (e.target);
    importFiles([.../** @type {FileList} */ (input.files)]).finally(() => { input.value = ''; });
  });
  $('games-export-all').addEventListener('click', exportAll);
  // Your progress: the reader's figures from these games (www/progress.js, loaded then).
  $('games-progress').addEventListener('click', async () => {
    try {
      await (await import('./progress.js')).openProgress({ t: ctx.t, openingDialog: ctx.openingDialog });
    } catch (err) {
      say(ctx.t('library.unavailable', { error: /** @type {Error} */ (err)?.message ?? err }));
    }
  });
  library.onChange(() => { if (dialog.open) reload(); });
}

/**
 * Opens My games. `context`: {t, lang, keeper, openingDialog, open(id) (shows a game in this
 * tab: an error message or null)}. Its dialog is made here, when first opened.
 * @param {GamesContext} context
 */
export async function openGames(context) {
  let dialog = /** @type {HTMLDialogElement} */ (document.getElementById('games-dialog'));
  if (!dialog) {
    dialog = document.createElement('dialog');
    dialog.id = 'games-dialog';
    dialog.className = 'wide';
    dialog.setAttribute('aria-labelledby', 'games-title');
    document.body.append(dialog);
  }
  ctx = { ...context, dialog };
  ensureForm(ctx.dialog);
  await ctx.openingDialog(ctx.dialog);
  $('games-search').placeholder = ctx.t('games.search');
  say('');
  shown = PAGE;
  // On a touch screen the search box is not focused first: its keyboard would cover the list.
  $('games-search').autofocus = !matchMedia('(hover: none)').matches;
  $('games-title').tabIndex = -1;
  $('games-title').autofocus = !$('games-search').autofocus;
  ctx.dialog.showModal();
  await ctx.keeper.flush(); // the game on the board is listed as it is now
  await reload();
  showSpace();
}

async function reload() {
  try {
    entries = await library.list();
  } catch (err) {
    say(ctx.t('library.unavailable', { error: /** @type {Error} */ (err)?.message ?? err }));
    entries = [];
  }
  render();
}

/** @param {unknown} s */
const lower = (s) => String(s ?? '').toLocaleLowerCase();
/** A game's title: its name, else its players; a copy kept apart from another tab's moves says so. @param {Partial<ListedGame>} e */
const title = (e) => (e.copyOf ? ctx.t('games.copy_of', { name: e.name || named(e) }) : e.name || named(e));
/** @param {Partial<ListedGame>} e */
const named = (e) => {
  const s = e.summary;
  if (e.damaged) return ctx.t('games.damaged');
  if (!s) return ctx.t('games.untitled');
  return ctx.t('games.vs', { white: player(e, 'white'), black: player(e, 'black') });
};
/**
 * A side's player. Against the computer "You" and "Computer", in the reader's words (the tags
 * of such a game name them in the language it was started in: "Player", "Computer
 * (Beginner)"); else as the game's tags name them, else the colour.
 * @param {Partial<ListedGame>} e
 * @param {'white' | 'black'} color
 */
function player(e, color) {
  const computer = e.sides?.opponent === 'computer' ? (e.sides.human === 'black' ? 'white' : 'black') : null;
  if (computer) return ctx.t(color === computer ? 'match.computer' : 'match.you');
  return e.summary?.[color] || ctx.t(`color.${color}`);
}
/** How a game ended, in words with its notation: "White won by a road (R-0)". @param {ListedGame} e a game that ended */
function ended(e) {
  const result = /** @type {string} */ (/** @type {GameSummary} */ (e.summary).result);
  const [left, right] = result.split('-');
  if (result === '1/2-1/2') return ctx.t('games.drawn', { result });
  const winner = left !== '0' ? 'white' : right !== '0' ? 'black' : null;
  if (!winner) return ctx.t('games.result', { result });
  const how = /** @type {Record<string, string>} */ ({ R: 'games.won_road', F: 'games.won_flats' })[winner === 'white' ? left : right] ?? 'games.won';
  return ctx.t(how, { player: player(e, winner), result });
}
/** @param {ListedGame} e @param {string} query */
const matches = (e, query) => !query || [title(e), e.summary?.white, e.summary?.black, e.summary?.tags, e.summary?.date].some((f) => lower(f).includes(query));
/** @param {number | null | undefined} ms */
const when = (ms) => (ms ? new Date(ms).toLocaleString(ctx.lang, { dateStyle: 'medium', timeStyle: 'short' }) : '');

/** @param {ListedGame} e */
function facts(e) {
  const s = e.summary;
  if (!s) return e.damaged ? ctx.t('games.damaged_help') : '';
  const state = s.result ? ended(e)
    : ctx.t('games.to_move', { player: ctx.t(s.toMove === 'white' ? 'color.white' : 'color.black') });
  return `${s.size}×${s.size} · ${counted('games.plies', s.plies)} · ${friendState(e) ?? state}`;
}

/** A row's facts and its dates, one line. @param {ListedGame} e */
const aboutText = (e) => [facts(e), ctx.t('games.dates', { created: when(e.created), opened: when(e.opened || e.updated) })].filter(Boolean).join(' · ');

/**
 * A copy's name: "Final (copy)", then "Final (copy 2)", "Final (copy 3)": the original's name
 * (a copy's suffix taken off: not "Final (copy) (copy)") with the first number no game has.
 * @param {string} name
 */
function copyName(name) {
  // The catalogue's patterns, in the reader's language, as expressions around the name.
  /** @param {string} key @param {Record<string, unknown>} [args] */
  const around = (key, args) => ctx.t(key, { name: '\u0000', ...args }).split('\u0000').map(escape);
  const [before, after] = around('games.copy_of');
  const [beforeN, afterN] = around('games.copy_n', { n: '\u0001' });
  const base = new RegExp(`^(.*)${beforeN}${afterN.replace('\u0001', '\\d+')}$`, 'su').exec(name)?.[1]
    ?? new RegExp(`^(.*)${before}${after}$`, 'su').exec(name)?.[1] ?? name;
  const taken = new Set(entries.map(title));
  let next = ctx.t('games.copy_of', { name: base });
  for (let n = 2; taken.has(next); n++) next = ctx.t('games.copy_n', { name: base, n });
  return next;
}
/** @param {string} text */
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A game with a friend by link (www/friend.js): whose move it is, and when the last move came. @param {ListedGame} e a game with its summary */
function friendState(e) {
  const f = e.friend;
  const s = /** @type {GameSummary} */ (e.summary);
  if (!f || s.result) return null;
  // Received and not joined yet: it asks which side this device plays.
  const whose = f.side === 'watch' && f.from ? ctx.t('friend.list_choose')
    : f.side === 'watch' ? ctx.t('friend.list_watch')
    : f.side === s.toMove ? ctx.t('friend.list_yours')
      : ctx.t('friend.list_theirs', { name: (s.toMove === 'white' ? s.white : s.black) || ctx.t(s.toMove === 'white' ? 'color.white' : 'color.black') });
  // No move yet (a game just started or received): no last move to date.
  return f.at && s.plies ? `${whose} (${ctx.t('friend.list_last', { when: when(f.at) })})` : whose;
}

function render() {
  const query = lower(/** @type {HTMLInputElement} */ ($('games-search')).value.trim());
  const found = entries.filter((e) => matches(e, query));
  const list = $('games-list');
  pictures?.disconnect();
  pictures = typeof IntersectionObserver === 'function' ? new IntersectionObserver(drawPictures) : null;
  list.replaceChildren(...found.slice(0, shown).map(row));
  $('games-more').hidden = found.length <= shown;
  // The list's own line, always of the list shown now (what an action said is the status's).
  $('games-count').textContent = !entries.length ? ctx.t('games.empty')
    : !found.length ? ctx.t('games.none_found', { query: /** @type {HTMLInputElement} */ ($('games-search')).value.trim() })
      : counted('games.count', found.length);
}

/** @param {string} key @param {() => void} run */
function button(key, run) {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = ctx.t(key);
  b.addEventListener('click', run);
  return b;
}

/** @param {ListedGame} e */
function row(e) {
  const li = document.createElement('li');
  li.dataset.id = e.id;
  if (e.friend && !e.summary?.result && e.friend.side === e.summary?.toMove) li.classList.add('your-move');
  const img = document.createElement('img');
  img.className = 'thumb';
  img.alt = '';
  img.dataset.tps = e.summary?.tps ?? '';
  if (pictures) pictures.observe(img); else drawPictures([{ isIntersecting: true, target: img }]);
  const name = document.createElement('div');
  name.className = 'name';
  name.textContent = title(e);
  if (e.id === ctx.keeper.id) {
    const here = document.createElement('span');
    here.className = 'here';
    here.textContent = ` · ${ctx.t('games.this_tab')}`;
    name.append(here);
  }
  const about = document.createElement('div');
  about.className = 'facts';
  about.title = ctx.t('games.facts_title'); // plies and results, for a newcomer
  about.textContent = aboutText(e);
  const actions = document.createElement('div');
  actions.className = 'actions';
  if (!e.damaged) actions.append(button('games.open', () => openEntry(e)));
  actions.append(button('games.rename', () => rename(e, name)));
  if (!e.damaged) actions.append(button('games.duplicate', () => duplicate(e)));
  actions.append(button('games.export', () => exportOne(e)), button('games.delete', () => remove(e)));
  li.append(img, name, about, actions);
  if (!e.summary && !e.damaged) summarize(e, name, about, img);
  return li;
}

/**
 * A game kept without its summary (the first visit's build, or an older page): summed up now.
 * @param {ListedGame} e @param {HTMLElement} name @param {HTMLElement} about @param {HTMLImageElement} img
 */
async function summarize(e, name, about, img) {
  try {
    const [lib, found] = await Promise.all([study(), library.get(e.id)]);
    const summary = found?.save != null ? lib.summarizeSave(found.save) : null;
    const fields = summary ? { summary } : { damaged: true };
    // Listed so also when it cannot be kept (a full disk): summed up again next time.
    const entry = await library.touch(e.id, fields).catch(() => ({ ...e, ...fields }));
    if (!entry) return;
    Object.assign(e, entry);
    /** @type {ChildNode} */ (name.firstChild).textContent = title(e);
    about.textContent = aboutText(e);
    img.dataset.tps = e.summary?.tps ?? '';
    drawPictures([{ isIntersecting: true, target: img }]);
  } catch { /* listed as it is */ }
}

/** @param {Pick<IntersectionObserverEntry, 'isIntersecting' | 'target'>[]} seen */
async function drawPictures(seen) {
  const lib = await study().catch(/** @returns {null} */ () => null);
  if (!lib) return;
  // The thumbnails, observed or drawn at once.
  for (const { isIntersecting, target } of /** @type {{isIntersecting: boolean, target: HTMLImageElement}[]} */ (seen)) {
    if (!isIntersecting || !target.dataset.tps) continue;
    pictures?.unobserve(target);
    const svg = lib.thumbnail(target.dataset.tps, 64, document.documentElement.dataset.theme === 'dark' || (!document.documentElement.dataset.theme && matchMedia('(prefers-color-scheme: dark)').matches));
    if (svg) target.src = `data:image/svg+xml,${encodeURIComponent(svg)}`;
  }
}

/**
 * Says what an action did (`text`, with its buttons `actions`), in place of what the last one
 * said; `refused` lists the games of a file that could not be imported, under its own line.
 * Empty: says nothing.
 * @param {string} text
 * @param {HTMLElement[]} [actions]
 * @param {string[]} [refused]
 */
function say(text, actions = [], refused = []) {
  $('games-status').replaceChildren(text, ...actions.flatMap((a) => [' ', a]));
  const box = $('games-refused');
  /** @type {HTMLParagraphElement} */ (box.querySelector('p')).textContent = refused.length ? counted('games.refused', refused.length) : '';
  /** @type {HTMLUListElement} */ (box.querySelector('ul')).replaceChildren(...refused.map((line) => Object.assign(document.createElement('li'), { textContent: line })));
  box.hidden = !refused.length;
}

/** @param {ListedGame} e */
async function openEntry(e) {
  const error = await ctx.open(e.id);
  if (error) { say(ctx.t(error)); return; }
  ctx.dialog.close();
}

/** @param {ListedGame} e @param {HTMLElement} name */
function rename(e, name) {
  const input = document.createElement('input');
  input.value = title(e);
  input.maxLength = 200;
  input.setAttribute('aria-label', ctx.t('games.rename'));
  name.replaceWith(input);
  input.focus();
  input.select();
  let done = false;
  /** @param {boolean} keep */
  const finish = async (keep) => {
    if (done) return;
    done = true;
    const value = input.value.trim();
    if (keep && value && value !== title(e)) {
      // Named by the reader: no longer "a copy of" its original's title.
      try { Object.assign(e, await library.touch(e.id, { name: value, copyOf: null })); } catch (err) { say(String(/** @type {Error} */ (err)?.message ?? err)); }
    }
    render();
  };
  input.addEventListener('keydown', (k) => {
    if (k.key === 'Enter') { k.preventDefault(); finish(true); }
    if (k.key === 'Escape') { k.preventDefault(); k.stopPropagation(); finish(false); }
  });
  input.addEventListener('blur', () => finish(true));
}

/** @param {ListedGame} e */
async function duplicate(e) {
  try {
    const found = await library.get(e.id);
    if (!found || found.save == null) { // deleted meanwhile, in another tab
      await reload();
      say(ctx.t('library.gone'));
      return;
    }
    const [copy] = await library.addAll([{ fields: { summary: e.summary, sides: e.sides, name: copyName(title(e)) }, save: found.save, match: found.match }]);
    await reload();
    say(ctx.t('games.duplicated', { name: title(copy) }));
  } catch (err) { failed(err); }
}

/** @param {ListedGame} e */
async function remove(e) {
  try {
    lastDeleted = await library.remove(e.id);
    ctx.keeper.deleted(e.id);
    await reload();
    const undo = button('games.undo', async () => {
      if (!lastDeleted) return;
      const back = lastDeleted;
      lastDeleted = null;
      try {
        await library.putBack(back);
        say(ctx.t('games.undone', { name: title(back.entry) })); // the Undo done: not offered again
      } catch (err) { failed(err); }
      await reload();
    });
    say(ctx.t('games.deleted', { name: title(e) }), [undo]);
  } catch (err) { failed(err); }
}

/** @param {unknown} err */
const failed = (err) => say(library.isFull(err) ? ctx.t('library.full') : String(/** @type {Error} */ (err)?.message ?? err));

/** @param {string} text @param {string} name */
async function download(text, name) {
  const { download: save } = await import('./share.js');
  save(new Blob([text], { type: 'application/x-tak-ptn' }), name);
}

/**
 * A game's PTN and file name, with what its entry keeps besides the game (name, dates, who
 * plays, friend game, match: src/web/library.rs `Kept`); a damaged save's text as found.
 * @param {ListedGame} e
 * @param {StudyLibrary} lib
 */
async function ptnOf(e, lib) {
  const found = await library.get(e.id);
  if (e.damaged || found?.save == null) return [found?.save ?? '', 'tak-damaged-save.txt'];
  return lib.exportEntry(found.save, found.match ?? null, found.entry, ctx.lang);
}

/** @param {ListedGame} e */
async function exportOne(e) {
  try {
    const [text, name] = await ptnOf(e, await study());
    await download(text, name);
  } catch (err) { failed(err); }
}

async function exportAll() {
  try {
    const lib = await study();
    const texts = [];
    for (const e of entries) if (!e.damaged) texts.push((await ptnOf(e, lib))[0].trim());
    // The puzzles of the reader's own mistakes go with the games (www/practice-store.js); a
    // damaged one is left out (exportPuzzle refuses it).
    const { allPuzzles } = await import('./practice-store.js');
    for (const p of await allPuzzles().catch(() => [])) {
      try { texts.push(lib.exportPuzzle(p).trim()); } catch { /* damaged: not exported */ }
    }
    if (!texts.length) { say(ctx.t('games.empty')); return; }
    await download(`${texts.join('\n\n')}\n`, 'tak-games.ptn');
  } catch (err) { failed(err); }
}

/**
 * Imports PTN files: each game becomes an entry with what its file kept of it (its id, name,
 * dates, who plays, friend game and match). A game already here (by its id, or the same game)
 * is not added again: said, with "Add them as copies". A game that cannot be read is named
 * with why; the others of its file are added.
 * @param {File[]} files
 */
async function importFiles(files) {
  if (!files.length) return;
  try {
    const lib = await study();
    const added = [];
    /** @type {ImportedGame[]} */
    const already = [];
    const refused = [];
    /** @type {import('../pkg/tak_study.js').KeptPuzzle[]} */
    const puzzles = [];
    for (const file of files) {
      if (file.size > 64 * 1024 * 1024) { say(ctx.t('games.file_too_large', { name: file.name, limit: 64 })); return; }
      let report;
      try {
        report = lib.importGames(await file.text(), ctx.lang);
      } catch (err) {
        say(ctx.t('games.import_failed', { name: file.name, error: /** @type {Error} */ (err)?.message ?? err }));
        return;
      }
      for (const r of report.refused) refused.push(ctx.t('games.refused_game', { file: file.name, game: r.game, why: r.why }));
      puzzles.push(...report.puzzles);
      const kept = await library.list();
      const here = { ids: new Set(kept.map((/** @type {ListedGame} */ e) => e.id)), ends: new Map() };
      for (const e of kept) if (e.summary) here.ends.set(`${e.summary.plies}:${e.summary.tps}`, [...(here.ends.get(`${e.summary.plies}:${e.summary.tps}`) ?? []), e]);
      const fresh = [];
      // The file's own games so far, by id and by where they end (a file may hold one twice).
      const ids = new Set();
      /** @type {Map<string, ImportedGame[]>} */
      const ends = new Map();
      /** @param {ImportedGame} g */
      const endOf = (g) => `${g.summary.plies}:${g.summary.tps}`;
      for (const g of report.games) {
        const twice = (g.fields.id && ids.has(g.fields.id)) || (ends.get(endOf(g)) ?? []).some((f) => lib.sameGame(f.save, g.save));
        if (twice || await keptHere(g, here, lib)) { already.push(g); continue; }
        fresh.push(g);
        if (g.fields.id) ids.add(g.fields.id);
        ends.set(endOf(g), [...(ends.get(endOf(g)) ?? []), g]);
      }
      added.push(...await library.addAll(fresh.map((g) => ({ fields: { ...g.fields, summary: g.summary }, save: g.save, match: g.match }))));
    }
    await reload();
    const lines = [counted('games.imported', added.length)];
    // The file's puzzles: those new to this device kept (one already here stays as it is).
    if (puzzles.length) {
      try {
        const { keepPuzzles } = await import('./practice-store.js');
        lines.push(ctx.t('games.puzzles_added', { count: await keepPuzzles(/** @type {import('./practice-store.js').KeptPuzzle[]} */ (puzzles)) }));
      } catch (err) {
        lines.push(ctx.t('games.puzzles_not_kept', { error: /** @type {Error} */ (err)?.message ?? err }));
      }
    }
    const actions = [];
    if (already.length) {
      lines.push(counted('games.already', already.length));
      actions.push(button('games.add_copies', () => addCopies(already)));
    }
    say(lines.join(' '), actions, refused);
  } catch (err) { failed(err); }
}

/**
 * Whether imported game `g` is here already (`here`: the ids kept, and the entries by where
 * their main line ends): an entry of its id, or one with the same game.
 * @param {ImportedGame} g
 * @param {{ids: Set<string>, ends: Map<string, ListedGame[]>}} here
 * @param {StudyLibrary} lib
 */
async function keptHere(g, here, lib) {
  if (g.fields.id && here.ids.has(g.fields.id)) return true;
  // Only the entries that end in the same position, with as many plies, are read whole.
  for (const e of here.ends.get(`${g.summary.plies}:${g.summary.tps}`) ?? []) {
    const found = await library.get(e.id);
    if (found?.save != null && lib.sameGame(found.save, g.save)) return true;
  }
  return false;
}

/**
 * The games an import found here already, added anyway as copies (asked for): new ids, named as copies, no friend game.
 * @param {ImportedGame[]} games
 */
async function addCopies(games) {
  try {
    const copies = [];
    for (const g of games) {
      const { id, friend, ...fields } = g.fields;
      const copy = { fields: { ...fields, summary: g.summary, name: copyName(fields.name || title({ summary: g.summary, sides: fields.sides })) }, save: g.save, match: g.match };
      copies.push(copy);
      entries = [...entries, { ...copy.fields, id: '' }]; // the next copy's name counts this one
    }
    const added = await library.addAll(copies);
    await reload();
    say(counted('games.imported', added.length));
  } catch (err) { failed(err); }
}

async function showSpace() {
  try {
    const { usage } = await navigator.storage.estimate();
    if (usage === undefined) return; // not said where the browser does not tell
    $('games-space').textContent = ctx.t('games.space', { used: usage < 1024 * 1024 ? `${Math.ceil(usage / 1024)} KB` : `${(usage / 1024 / 1024).toFixed(1)} MB` });
  } catch { /* not said where the browser does not tell */ }
}
