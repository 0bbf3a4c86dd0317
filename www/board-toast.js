// Why an action was refused, for www/board.js: a short message over the top of the board
// that fades, read out by screen readers. Every board has it, in the page or embedded.

/**
 * Adds the message's box to `element` (positioned, if it was not, to hold it). `show(text,
 * ms)` shows a text for `ms`, `hide()` takes it away, `theme(dark)` colours it for the board.
 * @param {HTMLElement} element
 */
export function refusalToast(element) {
  if (getComputedStyle(element).position === 'static') element.style.position = 'relative';
  const toast = document.createElement('p');
  toast.className = 'tak-toast';
  toast.setAttribute('role', 'alert');
  toast.setAttribute('aria-atomic', 'true');
  toast.hidden = true;
  toast.style.cssText = 'position:absolute;z-index:2;top:6px;left:50%;transform:translateX(-50%);'
    + 'width:max-content;max-width:min(30em,92%);margin:0;padding:.45em .8em;border-radius:.5em;'
    + 'font:15px/1.3 system-ui,-apple-system,"Segoe UI",sans-serif;text-align:center;pointer-events:none;'
    + 'box-shadow:0 3px 12px rgb(0 0 0 / .3);transition:opacity .4s;';
  element.appendChild(toast);
  /** @type {ReturnType<typeof setTimeout>[]} */
  const timers = [];
  const hide = () => { timers.splice(0).forEach(clearTimeout); toast.hidden = true; };
  /** @param {string | undefined} text (none: only hides) @param {number} [ms] */
  const show = (text, ms = 4000) => {
    hide();
    if (!text) return;
    toast.style.opacity = '1';
    // A new text node each time, so that a screen reader announces a repeat too.
    toast.replaceChildren(document.createTextNode(String(text)));
    toast.hidden = false;
    timers.push(setTimeout(() => { toast.style.opacity = '0'; }, ms));
    timers.push(setTimeout(() => { toast.hidden = true; }, ms + 450));
  };
  /** @param {boolean} dark */
  const theme = (dark) => {
    toast.style.background = dark ? 'rgb(250 240 225 / .95)' : 'rgb(40 30 20 / .92)';
    toast.style.color = dark ? '#1b1a19' : '#fff';
  };
  return { show, hide, theme };
}
