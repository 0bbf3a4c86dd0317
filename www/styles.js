// Stylesheets that come with the module that needs them (the clocks, study, the editor, the
// New game form), not on a first visit's way to its first board. Adopted as constructed
// sheets: they need no request of their own (so they work in the one-file page too), and a
// page's CSP that allows style.css allows them.

/** Adds `css` to the page, after style.css (a rule here wins a tie with one there). @param {string} css */
export function addStyle(css) {
  if ('adoptedStyleSheets' in document && 'replaceSync' in CSSStyleSheet.prototype) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  } else {
    // Browsers before constructed sheets (Safari < 16.4): a style element.
    document.head.append(Object.assign(document.createElement('style'), { textContent: css }));
  }
}
