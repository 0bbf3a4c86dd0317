// The board as images, for www/board.js (which fetches this module when one is first asked
// for, on the study build): a PNG of a ply, an animated PNG of a stretch of the line. The
// SVG is the board's own (toSvg), at once.

/**
 * @typedef {import('./board.js').WasmBoard} WasmBoard
 * @typedef {import('./board.js').Engine} Engine
 * @typedef {import('./board.js').ImageOptions} ImageOptions
 */

/**
 * `board` (on the study build) as a PNG Blob: {width, height, dark, ply, ratio} (ply: the
 * one shown when left out; ratio: device pixels per CSS pixel).
 * @param {WasmBoard} board
 * @param {ImageOptions & {ratio?: number}} [options]
 * @returns {Promise<Blob>}
 */
export function toPNG(board, { width = 640, height = 480, dark = false, ply, ratio = 2 } = {}) {
  const c = document.createElement('canvas');
  board.drawInto(c, width, height, ratio, !!dark, ply ?? undefined);
  return new Promise((resolve, reject) => c.toBlob((b) => (b ? resolve(b) : reject(new Error('no PNG'))), 'image/png'));
}

/**
 * An animated PNG (Blob) of plies `from` to `to` of `board`'s current line, `delay` ms a
 * frame; `study` is the study build (it assembles the frames).
 * @param {WasmBoard} board
 * @param {Engine} study
 * @param {{from?: number, to?: number, width?: number, height?: number, dark?: boolean, delay?: number}} [options]
 */
export async function toAnimation(board, study, { from = 0, to, width = 480, height = 360, dark = false, delay = 800 } = {}) {
  const last = Math.min(to ?? board.plyCount(), board.plyCount());
  const frames = [];
  for (let ply = Math.max(0, from); ply <= last; ply++) {
    const blob = await toPNG(board, { width, height, dark, ply, ratio: 1 });
    frames.push(new Uint8Array(await blob.arrayBuffer()));
  }
  return new Blob([/** @type {Uint8Array<ArrayBuffer>} */ (/** @type {NonNullable<Engine['assembleApng']>} */ (study.assembleApng)(frames, delay))], { type: 'image/apng' });
}
