// dist/ copied under a sub-path (/tak-web/, as on GitHub Pages), plus host pages of "other
// sites" beside it, served together.
import { cpSync, mkdtempSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT, serve } from './harness.mjs';

export const SUBPATH = 'tak-web';

export async function serveSite(hostPages = {}, options = {}) {
  if (!existsSync(path.join(ROOT, 'dist/index.html'))) throw new Error('run `make dist` first');
  const dir = mkdtempSync(path.join(tmpdir(), 'tak-site-'));
  cpSync(path.join(ROOT, 'dist'), path.join(dir, SUBPATH), { recursive: true });
  for (const [name, html] of Object.entries(hostPages)) writeFileSync(path.join(dir, name), html);
  const server = await serve(dir, options);
  return { ...server, dir, base: `${server.url}/${SUBPATH}` };
}
