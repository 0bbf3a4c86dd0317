// Writes dist/sw.js from sw.js: the cache version (a hash of every other file of dist/) and
// the list of files to cache on the first visit, so that no file is ever forgotten.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const [source, dist] = process.argv.slice(2);
export const ONE_FILE_BUILDS = ['tak.html', 'tak-embed.html'];
const files = readdirSync(dist, { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile())
  .map((e) => path.relative(dist, path.join(e.parentPath ?? e.path, e.name)).split(path.sep).join('/'))
  .filter((f) => f !== 'sw.js' && !f.startsWith('.'))
  .sort();
// The one-file builds are downloads, not parts of the page: a first visit does not fetch them
// in the background (about 530 KB gzipped). They are cached once downloaded.
const precached = files.filter((f) => !ONE_FILE_BUILDS.includes(f));
const hash = createHash('sha256');
for (const f of files) hash.update(f).update(readFileSync(path.join(dist, f)));
const version = hash.digest('hex').slice(0, 16);
const assets = ['./', ...precached.map((f) => `./${f}`)].map((f) => `'${f}'`).join(', ');
const sw = readFileSync(source, 'utf8')
  .replace("const VERSION = '__VERSION__';", `const VERSION = '${version}';`)
  .replace('/* __ASSETS__ */', assets);
writeFileSync(path.join(dist, 'sw.js'), sw);
console.log(`sw.js: version ${version}, ${precached.length} files cached on a first visit`);
