// My games: the list of every game kept on this device (www/library.js), loaded when first
// opened. Open, rename, duplicate, delete (with Undo), export one or all as PTN, import a
// PTN file of many games, search by player or tag, and the space used. Glue: the games'
// summaries, pictures and PTN are the study build's Rust (src/web/library.rs).
import * as library from './library.js';
import { loadCatalogue, loadEngine } from './board.js';

const FORM = `
<form method="dialog" id="games-form">
  <h2 id="games-title" data-i18n="games.title">My games</h2>
  <div class="row wrap games-tools">
    <input id="games-search" type="search" data-i18n-placeholder="games.search" aria-labelledby="games-title" autocomplete="off">
    <label class="games-import"><span data-i18n="games.import">Import a PTN file…</span><input id="games-file" type="file" accept=".ptn,.txt,text/plain" multiple></label>
    <button id="games-export-all" type="button" data-i18n="games.export_all">Export all</button>
  </div>
  <p id="games-status" class="games-status" aria-live="polite"></p>
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
.games-status:empty { display: none; }
.games-list li.your-move .facts { font-weight: 600; }
`;

/** How many rows are drawn at a time: a list of thousands draws its first rows at once. */
const PAGE = 60;
/** @param {string} id */
const $ = (id) => /** @type {PageElement} */ (document.getElementById(id));
/** @type {{board: import('./board.js').Board, [key: string]: any} | null} the page's board and what else it lends */
let ctx = null;
/** `key` for `count` things: its `_one` text for 1 ("1 game"). */
const counted = (key, count) => ctx.t(count === 1 ? `${key}_one` : key, { count });
let entries = [];
let shown = PAGE;
let lastDeleted = null;
let pictures = null;

// With the study build's catalogue set: its thumbnails name the sides in the reader's words
// (drawn before it, they showed the keys, color.white and color.black).
const study = () => Promise.all([loadEngine('study'), loadCatalogue(ctx.lang, 'study')]).then(([m]) => m.library);

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
    importFiles([...input.files]).finally(() => { input.value = ''; });
  });
  $('games-export-all').addEventListener('click', exportAll);
  library.onChange(() => { if (dialog.open) reload(); });
}

/**
 * Opens My games. `context`: {t, lang, keeper, openingDialog, open(id) (shows a game in this
 * tab: an error message or null)}. Its dialog is made here, when first opened.
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
  $('games-status').textContent = '';
  shown = PAGE;
  ctx.dialog.showModal();
  await ctx.keeper.flush(); // the game on the board is listed as it is now
  await reload();
  showSpace();
}

async function reload() {
  try {
    entries = await library.list();
  } catch (err) {
    $('games-status').textContent = ctx.t('library.unavailable', { error: err?.message ?? err });
    entries = [];
  }
  render();
}

const lower = (s) => String(s ?? '').toLocaleLowerCase();
const title = (e) => {
  const s = e.summary;
  if (e.name) return e.name;
  if (e.damaged) return ctx.t('games.damaged');
  if (!s) return ctx.t('games.untitled');
  return ctx.t('games.vs', { white: player(e, 'white'), black: player(e, 'black') });
};
/** A side's player: as its tags name them, else against the computer "You" or "Computer", else the colour. */
function player(e, color) {
  if (e.summary?.[color]) return e.summary[color];
  const computer = e.sides?.opponent === 'computer' ? (e.sides.human === 'black' ? 'white' : 'black') : null;
  return ctx.t(!computer ? `color.${color}` : color === computer ? 'match.computer' : 'match.you');
}
/** How a game ended, in words with its notation: "White won by a road (R-0)". */
function ended(e) {
  const result = e.summary.result;
  const [left, right] = result.split('-');
  if (result === '1/2-1/2') return ctx.t('games.drawn', { result });
  const winner = left !== '0' ? 'white' : right !== '0' ? 'black' : null;
  if (!winner) return ctx.t('games.result', { result });
  const how = { R: 'games.won_road', F: 'games.won_flats' }[winner === 'white' ? left : right] ?? 'games.won';
  return ctx.t(how, { player: player(e, winner), result });
}
const matches = (e, query) => !query || [title(e), e.summary?.white, e.summary?.black, e.summary?.tags, e.summary?.date].some((f) => lower(f).includes(query));
const when = (ms) => (ms ? new Date(ms).toLocaleString(ctx.lang, { dateStyle: 'medium', timeStyle: 'short' }) : '');

function facts(e) {
  const s = e.summary;
  if (!s) return e.damaged ? ctx.t('games.damaged_help') : '';
  const state = s.result ? ended(e)
    : ctx.t('games.to_move', { player: ctx.t(s.toMove === 'white' ? 'color.white' : 'color.black') });
  return `${s.size}×${s.size} · ${counted('games.plies', s.plies)} · ${friendState(e) ?? state}`;
}

/** A game with a friend by link (www/friend.js): whose move it is, and when the last move came. */
function friendState(e) {
  const f = e.friend;
  const s = e.summary;
  if (!f || s.result) return null;
  // Received and not joined yet: it asks which side this device plays.
  const whose = f.side === 'watch' && f.from ? ctx.t('friend.list_choose')
    : f.side === 'watch' ? ctx.t('friend.list_watch')
    : f.side === s.toMove ? ctx.t('friend.list_yours')
      : ctx.t('friend.list_theirs', { name: (s.toMove === 'white' ? s.white : s.black) || ctx.t(s.toMove === 'white' ? 'color.white' : 'color.black') });
  return f.at ? `${whose} (${ctx.t('friend.list_last', { when: when(f.at) })})` : whose;
}

function render() {
  const query = lower($('games-search').value.trim());
  const found = entries.filter((e) => matches(e, query));
  const list = $('games-list');
  pictures?.disconnect();
  pictures = typeof IntersectionObserver === 'function' ? new IntersectionObserver(drawPictures) : null;
  list.replaceChildren(...found.slice(0, shown).map(row));
  $('games-more').hidden = found.length <= shown;
  if (!entries.length) $('games-status').textContent = ctx.t('games.empty');
  else if (!found.length) $('games-status').textContent = ctx.t('games.none_found', { query: $('games-search').value.trim() });
  else if ($('games-status').dataset.sticky !== '1') $('games-status').textContent = counted('games.count', found.length);
}

function button(key, run) {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = ctx.t(key);
  b.addEventListener('click', run);
  return b;
}

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
  about.textContent = [facts(e), ctx.t('games.dates', { created: when(e.created), opened: when(e.opened || e.updated) })].filter(Boolean).join(' · ');
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

/** A game kept without its summary (the first visit's build, or an older page): summed up now. */
async function summarize(e, name, about, img) {
  try {
    const [lib, found] = await Promise.all([study(), library.get(e.id)]);
    const summary = found?.save != null ? lib.summarizeSave(found.save) : null;
    const entry = await library.touch(e.id, summary ? { summary } : { damaged: true });
    if (!entry) return;
    Object.assign(e, entry);
    name.firstChild.textContent = title(e);
    about.textContent = facts(e);
    img.dataset.tps = e.summary?.tps ?? '';
    drawPictures([{ isIntersecting: true, target: img }]);
  } catch { /* listed as it is */ }
}

async function drawPictures(seen) {
  const lib = await study().catch(() => null);
  if (!lib) return;
  for (const { isIntersecting, target } of seen) {
    if (!isIntersecting || !target.dataset.tps) continue;
    pictures?.unobserve(target);
    const svg = lib.thumbnail(target.dataset.tps, 64, document.documentElement.dataset.theme === 'dark' || (!document.documentElement.dataset.theme && matchMedia('(prefers-color-scheme: dark)').matches));
    if (svg) target.src = `data:image/svg+xml,${encodeURIComponent(svg)}`;
  }
}

function say(text, action) {
  const status = $('games-status');
  status.textContent = text;
  status.dataset.sticky = '1';
  setTimeout(() => { if (status.textContent === text) delete status.dataset.sticky; }, 8000);
  if (action) status.append(' ', action);
}

async function openEntry(e) {
  const error = await ctx.open(e.id);
  if (error) { say(ctx.t(error)); return; }
  ctx.dialog.close();
}

function rename(e, name) {
  const input = document.createElement('input');
  input.value = title(e);
  input.maxLength = 200;
  input.setAttribute('aria-label', ctx.t('games.rename'));
  name.replaceWith(input);
  input.focus();
  input.select();
  let done = false;
  const finish = async (keep) => {
    if (done) return;
    done = true;
    const value = input.value.trim();
    if (keep && value && value !== title(e)) {
      try { Object.assign(e, await library.touch(e.id, { name: value })); } catch (err) { say(String(err?.message ?? err)); }
    }
    render();
  };
  input.addEventListener('keydown', (k) => {
    if (k.key === 'Enter') { k.preventDefault(); finish(true); }
    if (k.key === 'Escape') { k.preventDefault(); k.stopPropagation(); finish(false); }
  });
  input.addEventListener('blur', () => finish(true));
}

async function duplicate(e) {
  try {
    const found = await library.get(e.id);
    const [copy] = await library.addAll([{ fields: { summary: e.summary, sides: e.sides, name: ctx.t('games.copy_of', { name: title(e) }) }, save: found.save, match: found.match }]);
    await reload();
    say(ctx.t('games.duplicated', { name: title(copy) }));
  } catch (err) { failed(err); }
}

async function remove(e) {
  try {
    lastDeleted = await library.remove(e.id);
    ctx.keeper.deleted(e.id);
    await reload();
    const undo = button('games.undo', async () => {
      if (!lastDeleted) return;
      const back = lastDeleted;
      lastDeleted = null;
      try { await library.putBack(back); } catch (err) { failed(err); }
      await reload();
    });
    say(ctx.t('games.deleted', { name: title(e) }), undo);
  } catch (err) { failed(err); }
}

const failed = (err) => say(library.isFull(err) ? ctx.t('library.full') : String(err?.message ?? err));

async function download(text, name) {
  const { download: save } = await import('./share.js');
  save(new Blob([text], { type: 'application/x-tak-ptn' }), name);
}

/** A game's PTN and file name; a damaged save's text as it was found. */
async function ptnOf(e, lib) {
  const found = await library.get(e.id);
  if (e.damaged || found?.save == null) return [found?.save ?? '', 'tak-damaged-save.txt'];
  return lib.exportSave(found.save, ctx.lang);
}

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
    if (!texts.length) { say(ctx.t('games.empty')); return; }
    await download(`${texts.join('\n\n')}\n`, 'tak-games.ptn');
  } catch (err) { failed(err); }
}

async function importFiles(files) {
  if (!files.length) return;
  try {
    const lib = await study();
    let added = 0;
    for (const file of files) {
      if (file.size > 64 * 1024 * 1024) { say(ctx.t('games.file_too_large', { name: file.name, limit: 64 })); return; }
      let games;
      try {
        games = lib.importGames(await file.text(), ctx.lang);
      } catch (err) {
        say(ctx.t('games.import_failed', { name: file.name, error: err?.message ?? err }));
        return;
      }
      await library.addAll(games.map((g) => ({ fields: { summary: g.summary }, save: g.save, match: null })));
      added += games.length;
    }
    await reload();
    say(counted('games.imported', added));
  } catch (err) { failed(err); }
}

async function showSpace() {
  try {
    const { usage } = await navigator.storage.estimate();
    $('games-space').textContent = ctx.t('games.space', { used: usage < 1024 * 1024 ? `${Math.ceil(usage / 1024)} KB` : `${(usage / 1024 / 1024).toFixed(1)} MB` });
  } catch { /* not said where the browser does not tell */ }
}
