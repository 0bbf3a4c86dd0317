// A small analysis display for embedded boards: an evaluation bar (White's chance to win),
// the score and depth, and the best line, following the position shown. It analyses only
// while the page is visible. Styles are inline so that it works in any host page and in a
// shadow root.
import { Analyst, analysisKey, evalWords } from './analyst.js';

/**
 * Adds the display under `container`'s board for `handle`; `t` translates.
 * @param {HTMLElement} container
 * @param {import('./board.js').Board} handle
 * @param {import('./i18n.js').Translator} t
 */
export function analysisWidget(container, handle, t) {
  const box = document.createElement('div');
  box.className = 'tak-analysis';
  box.style.cssText = 'padding:2px 6px;font:13px/1.3 system-ui,sans-serif;';
  const bar = document.createElement('div');
  bar.setAttribute('role', 'meter');
  bar.setAttribute('aria-valuemin', '0');
  bar.setAttribute('aria-valuemax', '100');
  bar.setAttribute('aria-label', t('analysis.bar'));
  bar.style.cssText = 'height:8px;border-radius:4px;background:#3a3330;border:1px solid #b9a583;overflow:hidden;';
  const fill = document.createElement('div');
  fill.style.cssText = 'height:100%;width:50%;background:#fbf6ea;transition:width .3s;';
  bar.append(fill);
  const text = document.createElement('p');
  text.style.cssText = 'margin:2px 0 0;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;';
  text.setAttribute('aria-live', 'off');
  box.append(bar, text);
  container.append(box);

  const analyst = new Analyst();
  analyst.onInsight = (insight) => {
    if (insight.error) { text.textContent = insight.error; return; }
    const percent = Math.round(insight.whiteChance * 100);
    fill.style.width = `${percent}%`;
    bar.setAttribute('aria-valuenow', String(percent));
    bar.setAttribute('aria-valuetext', t('analysis.chance', { percent }));
    text.textContent = `${evalWords(insight.text, t)} · ${t('analysis.chance', { percent })} · ${t('analysis.depth', { depth: insight.depth })} · ${insight.pv.join(' ')}`;
  };
  /** @type {string | null} */
  let shown = null;
  const follow = () => {
    if (document.hidden) { analyst.stop(); shown = null; return; }
    const spec = handle.searchSpec();
    const key = analysisKey(spec);
    if (key === shown) return;
    shown = key;
    text.textContent = '…';
    analyst.analyse(spec);
  };
  handle.on('change', follow);
  document.addEventListener('visibilitychange', follow);
  follow();
  return {
    element: box,
    destroy() { analyst.stop(); document.removeEventListener('visibilitychange', follow); box.remove(); },
  };
}
