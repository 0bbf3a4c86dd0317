// The newcomer's set-up (issue 38): `make serve` installs only what serving needs (no
// wasm-pack, which only the wasm tests use), serves what the page links to (the one-file
// tak.html of "Download for offline play") and lets another site load a <tak-board> (CORS).
// Needs `make dist`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ROOT, until } from './harness.mjs';

/** The commands `make <target>` would run, without running them. */
// Also when the tests run under make (`make test`): a make inside another prints where it
// enters and leaves, which is not a command.
const plan = (target) => execFileSync('make', ['-n', '--no-print-directory', target, 'PORT=1'], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, MAKEFLAGS: '', MAKELEVEL: '' } });

test('make serve, build and dist install no wasm-pack; the wasm tests do', () => {
  for (const target of ['serve', 'build', 'dist']) assert.doesNotMatch(plan(target), /wasm-pack/, target);
  assert.match(plan('test-wasm'), /cargo install --locked wasm-pack/);
  // What serving needs is still installed.
  assert.match(plan('serve'), /rustup target add wasm32-unknown-unknown/);
  assert.match(plan('serve'), /cargo install wasm-bindgen-cli --version/);
  assert.match(plan('serve'), /npm ci/);
});

function freePort() {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => { const { port } = srv.address(); srv.close(() => resolve(port)); });
  });
}

test('make serve serves every link of the menu, with CORS and wasm as application/wasm', async () => {
  // The very command `make serve` runs, on a free port.
  const port = await freePort();
  const command = plan('serve').trim().split('\n').at(-1).replace(/ 1 /, ` ${port} `);
  const [exe, ...args] = command.split(' ');
  assert.match(command, /scripts\/serve\.py \d+ dist$/);
  const server = spawn(exe, args, { cwd: ROOT, stdio: 'ignore' });
  try {
    const base = `http://127.0.0.1:${port}`;
    const page = await until(() => fetch(`${base}/`).then((r) => r.text()).catch(() => null), (text) => text != null);
    assert.ok(page != null, `make serve answered on ${base}`);
    // Every file the menu links to, "Download for offline play" (tak.html) included.
    const links = [...page.matchAll(/class="menu-link"[^>]*href="([^"#]+)"|href="([^"#]+)"[^>]*class="menu-link"/g)].map((m) => m[1] ?? m[2]);
    assert.ok(links.includes('tak.html'), links.join(' '));
    for (const link of links) assert.equal((await fetch(`${base}/${link}`)).status, 200, link);
    const module = await fetch(`${base}/www/tak-board.js`, { headers: { Origin: 'http://example.org' } });
    assert.equal(module.headers.get('access-control-allow-origin'), '*');
    const wasm = await fetch(`${base}/pkg/tak_bg.wasm`);
    assert.equal(wasm.headers.get('content-type'), 'application/wasm');
  } finally {
    server.kill();
  }
});

test('the README says what make serve does', () => {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  assert.match(readme, /make serve .*dist\//);
  assert.doesNotMatch(readme.match(/Both need[\s\S]*?\n\n/)[0].split('for the tests')[0], /wasm-pack/);
});
