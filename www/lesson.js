// Lessons: a board that steps through a PTN, showing each ply's comment as a caption under
// the board and its marks on the board, with Previous / Next, the arrow keys and an
// optional autoplay. Text only: a comment is never read as HTML.

/** @typedef {import('./board.js').Status} Status */

/** The move-list item of the ply shown, if any (null at the start). @param {Status} status */
export const currentItem = (status) => status.here ?? null;

/** The caption of the ply shown: its comments (without marks), or the start's. @param {Status} status */
export function caption(status) {
  const item = currentItem(status);
  return (item ? item.comments : status.startComments).join(' ');
}

/** A toolbar of step buttons under a board: {bar, button(label, action)} (button appends). */
export function stepsBar() {
  const bar = document.createElement('div');
  bar.className = 'tak-steps';
  bar.setAttribute('role', 'toolbar');
  /** @param {string} label @param {() => void} action */
  const button = (label, action) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = label;
    b.addEventListener('click', action);
    bar.append(b);
    return b;
  };
  return { bar, button };
}

/**
 * What hears the arrow keys: an element, or the window.
 * @typedef {{addEventListener(type: 'keydown', fn: (e: KeyboardEvent) => void): void, removeEventListener(type: 'keydown', fn: (e: KeyboardEvent) => void): void}} KeyTarget
 */
/**
 * Adds a caption and lesson controls to `container` for `handle`. `keys` is the element
 * that hears the arrow keys; `autoplay` seconds per step (0: none). Returns {destroy}.
 * @param {HTMLElement} container
 * @param {import('./board.js').Board} handle
 * @param {import('./i18n.js').Translator} t
 * @param {{keys?: KeyTarget, autoplay?: number}} [options]
 */
export function lessonControls(container, handle, t, { keys = container, autoplay = 0 } = {}) {
  const text = document.createElement('p');
  text.className = 'tak-caption';
  text.setAttribute('aria-live', 'polite');
  text.style.cssText = 'margin:0;padding:4px 8px;min-height:2.6em;font:15px/1.35 system-ui,sans-serif;text-align:center;overflow:auto;max-height:6em;';
  const { bar, button } = stepsBar();
  const prev = button(t('lesson.prev'), () => { stop(); handle.undo(); });
  const where = document.createElement('span');
  where.className = 'tak-where';
  bar.append(where);
  const next = button(t('lesson.next'), () => { stop(); handle.redo(); });
  let timer = 0;
  const play = button('', () => (timer ? stop() : start()));
  const start = () => {
    if (/** @type {import('./board.js').Status} */ (handle.status()).ply >= handle.plyCount()) handle.goto(0);
    timer = setInterval(() => { if (!handle.redo()) stop(); }, Math.max(1, autoplay || 3) * 1000);
    update();
  };
  const stop = () => { clearInterval(timer); timer = 0; update(); };
  const update = () => {
    const s = /** @type {import('./board.js').Status} */ (handle.status());
    const total = handle.plyCount();
    text.textContent = caption(s);
    where.textContent = t('lesson.step', { n: s.ply, total });
    prev.disabled = s.ply === 0;
    next.disabled = s.ply >= total;
    play.textContent = timer ? t('lesson.pause') : t('lesson.play');
  };
  /** @param {KeyboardEvent} e */
  const onKey = (e) => {
    if (e.key === 'ArrowRight' || e.key === 'PageDown') { stop(); handle.redo(); e.preventDefault(); }
    else if (e.key === 'ArrowLeft' || e.key === 'PageUp') { stop(); handle.undo(); e.preventDefault(); }
    else if (e.key === 'Home') { stop(); handle.goto(0); e.preventDefault(); }
    else if (e.key === 'End') { stop(); handle.goto('last'); e.preventDefault(); }
  };
  keys.addEventListener('keydown', onKey);
  const off = handle.on('change', update);
  container.append(text, bar);
  update();
  if (autoplay > 0) start();
  return {
    caption: text,
    destroy() { stop(); off(); keys.removeEventListener('keydown', onKey); text.remove(); bar.remove(); },
  };
}
