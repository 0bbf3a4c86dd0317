// Writes dist/sw.js: the service worker's source (www/service-worker.js) bundled with Workbox
// by esbuild, then workbox-build's injectManifest puts in the list of files to cache with a
// revision each (a hash of its content: a release downloads only what changed), and the
// version's name, a hash of the whole. Every file of dist/ is listed, so none is forgotten.
//   node scripts/dist-sw.mjs www/service-worker.js dist
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { injectManifest } from 'workbox-build';

const [source, dist] = process.argv.slice(2);
export const ONE_FILE_BUILDS = ['tak.html', 'tak-embed.html'];
const swPath = path.join(dist, 'sw.js');

await build({
  entryPoints: [source],
  bundle: true,
  format: 'iife', // a classic worker: every browser with a service worker runs it
  minify: true,
  target: 'es2020',
  outfile: swPath,
  define: { 'process.env.NODE_ENV': '"production"' }, // Workbox's development logging left out
  logLevel: 'warning',
});

const { count, size, warnings } = await injectManifest({
  swSrc: swPath,
  swDest: swPath,
  globDirectory: dist,
  globPatterns: ['**/*'],
  // The one-file builds are downloads, not parts of the page: a first visit does not fetch
  // them in the background (about 530 KB gzipped); they come from the network when asked for.
  // `./` is served as index.html (www/service-worker.js).
  globIgnores: ['sw.js', ...ONE_FILE_BUILDS],
  maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
});
for (const w of warnings) console.warn(`sw.js: ${w}`);
const sw = readFileSync(swPath, 'utf8');
// The worker's code and the list with every file's revision: any change is a new version.
const version = createHash('sha256').update(sw).digest('hex').slice(0, 16);
if (!sw.includes('__VERSION__')) throw new Error('sw.js: the version placeholder was not found');
writeFileSync(swPath, sw.replace('__VERSION__', version));
console.log(`sw.js: version ${version}, ${count} files (${(size / 1024).toFixed(0)} KB) cached on a first visit`);
