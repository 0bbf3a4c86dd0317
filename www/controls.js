// Step buttons under a board: first, back, forward, last, and where we are. DOM text only.
/**
 * `t` translates catalogue keys (see i18n.js).
 * @param {HTMLElement} container
 * @param {import('./board.js').Board} handle
 * @param {import('./i18n.js').Translator} t
 */
export function stepControls(container, handle, t) {
  const bar = document.createElement('div');
  bar.className = 'tak-steps';
  bar.setAttribute('role', 'toolbar');
  /** @param {string} text @param {string} label @param {() => void} action */
  const button = (text, label, action) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = text;
    b.setAttribute('aria-label', label);
    b.addEventListener('click', action);
    bar.append(b);
    return b;
  };
  const first = button('«', t('steps.first'), () => handle.goto(0));
  const back = button('‹', t('steps.back'), () => handle.undo());
  const where = document.createElement('span');
  where.className = 'tak-where';
  where.setAttribute('aria-live', 'polite');
  bar.append(where);
  const forward = button('›', t('steps.forward'), () => handle.redo());
  const last = button('»', t('steps.last'), () => handle.goto('last'));
  const update = () => {
    const s = /** @type {import('./board.js').Status} */ (handle.status());
    const total = handle.plyCount();
    where.textContent = t('steps.ply', { n: s.ply, total });
    first.disabled = back.disabled = s.ply === 0;
    forward.disabled = last.disabled = s.ply >= total;
  };
  handle.on('change', update);
  update();
  container.append(bar);
  return bar;
}
