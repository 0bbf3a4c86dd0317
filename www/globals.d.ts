// What the page's scripts put on `window` for hosts and tests, for `tsc` (make test-types)
// only: no script loads this file.

interface Window {
  /** The game page's or an embedded page's board (www/app.js, www/embed.js). */
  tak?: import('./board.js').Board;
  /** The puzzle dialog's board (www/puzzle.js). */
  takPuzzle?: import('./board.js').Board;
  /** The tutorial's board (www/tutorial.js). */
  takTutorial?: import('./board.js').Board;
}

/**
 * An element of the page found by its id (the scripts' `$`): tsc does not read the HTML, so
 * it is any of the kinds the scripts look up, each member checked by name (a misspelt
 * `.vlaue` fails) though not which kind has it. Each member is there, as the script that
 * looked the element up knows (`.value` a string, `.showModal()` callable): under
 * strictNullChecks a plain intersection of Partials would add `| undefined` to every one.
 * (The kinds are not intersected whole: their `type`s conflict, which would make `never`.)
 */
type PageElement = HTMLElement & PageKinds;
type PageKindsMaybe = Partial<HTMLInputElement> &
  Partial<HTMLTextAreaElement> &
  Partial<HTMLSelectElement> &
  Partial<HTMLButtonElement> &
  Partial<HTMLDialogElement> &
  Partial<HTMLDetailsElement>;
type PageKinds = { [K in keyof PageKindsMaybe]-?: Exclude<PageKindsMaybe[K], undefined> };

/** Defined (true) in a release by scripts/dist.mjs; undefined in the source tree the tests run. */
declare const TAK_RELEASE: boolean | undefined;

/** The worker's source, set by the one-file page (scripts/dist.mjs) before its modules run
 * (www/spawn.js); undefined elsewhere. A `var`, so that it is a property of `globalThis`. */
declare var TAK_WORKER_SOURCE: string | undefined;

/** workbox-window, imported by its file's path (www/updates.js: the source tree runs
 * unbundled): the package's own declarations. */
declare module '*/workbox-window/build/workbox-window.prod.mjs' {
  export * from 'workbox-window';
}

/** qrcode-generator, imported by its file's path (www/friend.js): the package's declarations. */
declare module '*/qrcode-generator/dist/qrcode.mjs' {
  const qrcode: typeof import('qrcode-generator');
  export default qrcode;
}

/** Set (true) by the one-file page (scripts/dist.mjs) before its modules run (www/app.js);
 * undefined elsewhere. */
declare var TAK_ONE_FILE: boolean | undefined;
