// Share links and exported images. A shared game travels in the link's fragment (after
// '#'), compressed: it is never sent to any server, and any static host serves the page.

const PREFIX = '#g=';

/** The Share dialog's form (app.js puts it in the page when Share is first opened). */
export const SHARE_FORM = `
<form method="dialog" id="share-form">
  <h2 id="share-title" data-i18n="share.title">Share and export</h2>
  <label for="share-link" data-i18n="share.link">A link to this game, at this ply (the game travels in the link, nothing is sent anywhere)</label>
  <div class="row">
    <input id="share-link" class="wide-input" readonly spellcheck="false">
    <button id="share-copy" type="button" data-i18n="btn.copy">Copy</button>
  </div>
  <fieldset class="marks">
    <legend data-i18n="share.image">Image of the board</legend>
    <label><input type="radio" name="theme" value="light" checked> <span data-i18n="share.light">Light</span></label>
    <label><input type="radio" name="theme" value="dark"> <span data-i18n="share.dark">Dark</span></label>
    <button id="export-png" type="button" data-i18n="share.png">Download PNG</button>
    <button id="export-svg" type="button" data-i18n="share.svg">Download SVG</button>
  </fieldset>
  <fieldset class="marks">
    <legend data-i18n="share.animation">Animated image of the game (APNG)</legend>
    <label><span data-i18n="share.from">From ply</span> <input type="number" name="from" min="0" value="0" class="ply-input"></label>
    <label><span data-i18n="share.to">to ply</span> <input type="number" name="to" min="0" value="0" class="ply-input"></label>
    <button id="export-animation" type="button" data-i18n="share.download_animation">Download animation</button>
  </fieldset>
  <div class="row"><button id="embed-this" type="button" data-i18n="btn.embed_this">Embed this…</button></div>
  <p id="share-error" class="error" aria-live="assertive"></p>
  <div class="row end"><button value="close" data-i18n="btn.close">Close</button></div>
</form>
`;

/** @param {Uint8Array} bytes */
const toBase64Url = (bytes) => {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};
/** @param {string} text */
const fromBase64Url = (text) => {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
};

/**
 * @param {Uint8Array<ArrayBuffer>} bytes
 * @param {CompressionStream} stream
 */
async function pipe(bytes, stream) {
  const out = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

/**
 * The link to this page that opens `saved` (a board's save text): game, variations, ply.
 * @param {string} saved
 * @param {string} [base]
 * @param {string} [prefix]
 */
export async function shareLink(saved, base = location.href, prefix = PREFIX) {
  const packed = await pipe(new TextEncoder().encode(saved), new CompressionStream('deflate-raw'));
  return `${base.split('#')[0]}${prefix}${toBase64Url(packed)}`;
}

/** The most a link may unpack to (a save's limit): a small link cannot inflate past it. */
export const MAX_UNPACKED = 8 * 1024 * 1024;
/** How much of a link is inflated at a time. */
const LINK_PIECE = 1024;

/** Why a link could not be read: `code` is 'damaged' or 'too_large'. */
export class LinkError extends Error {
  /** @param {'damaged' | 'too_large'} code */
  constructor(code) {
    super(code);
    this.code = code;
  }
}

/**
 * The save text a link's fragment carries, or null if it carries none. Throws a LinkError
 * for a damaged link, or one that would unpack past MAX_UNPACKED (checked while unpacking:
 * nothing past the limit is ever held).
 * @param {string} [hash]
 * @param {string} [prefix]
 */
export async function readLink(hash = location.hash, prefix = PREFIX) {
  if (!hash.startsWith(prefix)) return null;
  const text = hash.slice(prefix.length);
  if (text.length > MAX_UNPACKED) throw new LinkError('too_large');
  let bytes;
  try { bytes = fromBase64Url(text); } catch { throw new LinkError('damaged'); }
  // Fed a piece at a time, the next piece only once what the last one made has been read (the
  // stream's backpressure): deflate makes at most about 1,000 bytes of each byte, so no more
  // than about a megabyte is ever made past the limit. Fed whole, the browser inflated the
  // whole link before the first read: 1.4 MB of zeros made 1.1 GB.
  const inflate = new DecompressionStream('deflate-raw');
  const writer = inflate.writable.getWriter();
  const feeding = (async () => {
    for (let at = 0; at < bytes.length; at += LINK_PIECE) {
      await writer.ready;
      await writer.write(bytes.subarray(at, at + LINK_PIECE));
    }
    await writer.close();
  })();
  feeding.catch(() => { /* said by the reader */ });
  const reader = inflate.readable.getReader();
  const chunks = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > MAX_UNPACKED) {
        reader.cancel().catch(() => {});
        writer.abort().catch(() => {});
        throw new LinkError('too_large');
      }
      chunks.push(value);
    }
    const all = new Uint8Array(size);
    let at = 0;
    for (const c of chunks) { all.set(c, at); at += c.length; }
    return new TextDecoder('utf-8', { fatal: true }).decode(all);
  } catch (err) {
    throw err instanceof LinkError ? err : new LinkError('damaged');
  }
}

/**
 * Offers `blob` as a download named `name`.
 * @param {Blob} blob
 * @param {string} name
 */
export function download(blob, name) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
}

/** @param {string} id */
const $ = (id) => /** @type {PageElement} */ (document.getElementById(id));
/**
 * What the page lends Share (www/app.js).
 * @typedef {object} ShareContext
 * @property {import('./board.js').Board} board
 * @property {() => import('./i18n.js').Translator} t the page's translator
 * @property {(dialog: HTMLElement) => Promise<void>} openingDialog puts in the dialog's texts
 * @property {(text: string) => void} showNotice the page's notice line
 * @property {boolean} fromFile the page is a file (no Embed this)
 * @property {() => Promise<typeof import('./embed-this.js')>} embedThis
 * @property {() => {theme: string, lang: string, flip: boolean}} look theme, language and flip, for Embed this
 */
/**
 * The page's board and what else it lends: null until openShare, which sets it before
 * anything else here runs (the form is wired there).
 * @type {ShareContext}
 */
let ctx = /** @type {ShareContext} */ (/** @type {unknown} */ (null));

/**
 * Opens the Share dialog (its form is put in the page when first opened). `context`: the
 * `board`, `t()` (the page's translator), `openingDialog` (its texts), `showNotice`,
 * `fromFile` (no Embed this from a file), `embedThis()` (www/embed-this.js) and `look()`
 * (theme, language and flip, for Embed this).
 * @param {ShareContext} context
 */
export async function openShare(context) {
  ctx = context;
  const { board } = ctx;
  const dialog = $('share-dialog');
  if (!$('share-form')) {
    dialog.innerHTML = SHARE_FORM;
    wireShareForm();
  }
  $('share-error').textContent = '';
  const form = shareForm();
  form.from.value = '0';
  form.to.value = String(board.plyCount());
  form.from.max = form.to.max = String(board.plyCount());
  $('share-link').value = '';
  await ctx.openingDialog(dialog);
  dialog.showModal();
  board.study().catch(() => {}); // images are the study build's
  // A shared game's clocks wait, paused, for whoever opens the link.
  try { $('share-link').value = await shareLink(board.save().replace(/^clock (.*) running$/m, 'clock $1 paused')); } catch (err) { $('share-error').textContent = String(/** @type {Error | null | undefined} */ (err)?.message || err); }
}

/** The Share form (its fields by name: from, to, theme). */
const shareForm = () => /** @type {HTMLFormElement} */ (document.getElementById('share-form'));

/** The Share form's listeners, added once its markup is in the page. */
function wireShareForm() {
  /** @param {string} key @param {Record<string, unknown>} [args] */
  const t = (key, args) => ctx.t()(key, args);
  const board = () => ctx.board;
  const imageOptions = () => ({ dark: shareForm().theme.value === 'dark', width: 800, height: 600 });
  $('embed-this').hidden = ctx.fromFile;
  $('share-copy').addEventListener('click', async () => {
    $('share-link').select();
    try { await navigator.clipboard.writeText($('share-link').value); $('share-error').textContent = t('share.link_copied'); } catch { $('share-error').textContent = t('share.copy_link_by_hand'); }
  });
  // Embed this: the code for another page, with its preview (www/embed-this.js).
  $('embed-this').addEventListener('click', async () => {
    try {
      $('share-dialog').close();
      await (await ctx.embedThis()).openEmbedThis(board(), ctx.t(), ctx.look());
    } catch (err) { ctx.showNotice(String(/** @type {Error | null | undefined} */ (err)?.message || err)); }
  });
  $('export-png').addEventListener('click', async () => download(await board().toPNG(imageOptions()), 'tak.png'));
  $('export-svg').addEventListener('click', async () => download(new Blob([await board().toSVG(imageOptions())], { type: 'image/svg+xml' }), 'tak.svg'));
  $('export-animation').addEventListener('click', async () => {
    const form = shareForm();
    const from = Math.max(0, Number(form.from.value) || 0);
    const to = Math.min(board().plyCount(), Number(form.to.value) || 0);
    if (to < from) { $('share-error').textContent = t('share.bad_range'); return; }
    $('share-error').textContent = t('share.making');
    try {
      download(await board().toAnimation({ ...imageOptions(), width: 480, height: 360, from, to }), 'tak-animation.png');
      $('share-error').textContent = '';
    } catch (err) { $('share-error').textContent = String(/** @type {Error | null | undefined} */ (err)?.message || err); }
  });
}

/**
 * What the game page lends to open a shared link (www/app.js): its board and translator,
 * setting the game shown aside (and back), keeping the new one, saying what happened, and
 * the study settings of the game shown (taken back when the link cannot be read).
 * @typedef {object} SharedLinkPage
 * @property {import('./board.js').Board} board
 * @property {import('./i18n.js').Translator} t
 * @property {() => Promise<unknown>} setAside
 * @property {(before: unknown) => void} unsetAside
 * @property {() => unknown} saveNow
 * @property {(before: unknown, key: string) => void} offerBackTo
 * @property {(text: string) => void} showNotice
 * @property {() => object} studyGame
 * @property {(was: object) => void} unstudy
 */

/**
 * Opens the game of a shared link (`#g=`) on the page's board, as a new entry of the library:
 * the one shown before stays in it, one click away. `page` is the game page's (www/app.js).
 * @param {SharedLinkPage} page
 */
export async function openSharedLink(page) {
  const { board, t } = page;
  try {
    const shared = await readLink();
    if (!shared) return;
    const before = await page.setAside();
    const was = page.studyGame();
    const error = await board.restore(shared, undefined, true); // told of the link, not of a save
    history.replaceState(null, '', location.pathname + location.search);
    if (error) { page.unsetAside(before); page.unstudy(was); page.showNotice(error); }
    else { await page.saveNow(); page.offerBackTo(before, 'share.opened'); }
  } catch (err) {
    history.replaceState(null, '', location.pathname + location.search);
    page.showNotice(/** @type {Partial<LinkError> | null | undefined} */ (err)?.code === 'too_large' ? t('share.too_large', { limit: 8 })
      : /** @type {Partial<LinkError> | null | undefined} */ (err)?.code === 'damaged' ? t('share.damaged')
        : t('share.bad_link', { error: /** @type {Partial<LinkError> | null | undefined} */ (err)?.message || err }));
  }
}
