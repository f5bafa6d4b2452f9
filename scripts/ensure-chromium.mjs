// Makes sure a Chromium is available for the browser tests, installing Debian's package when
// this is a Debian machine and we are root (no browser can be downloaded here otherwise).
// Prints where the browser is; exits 1 with one line of advice when it cannot provide one.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const candidates = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
].filter(Boolean);
const found = () => candidates.find((p) => existsSync(p));

let path = found();
if (!path) {
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) {
    console.error(
      'The browser tests need Chromium: install it (Debian: sudo apt-get install chromium) or set CHROMIUM_PATH to its executable.',
    );
    process.exit(1);
  }
  console.error(
    "Chromium not found: installing Debian's chromium package for the browser tests (about 30 s)…",
  );
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: ['ignore', 'ignore', 'inherit'], env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env,
  });
  path = found();
  if (!path) {
    console.error(
      'apt-get installed chromium, but no executable was found at /usr/bin/chromium; set CHROMIUM_PATH.',
    );
    process.exit(1);
  }
}
console.error(`Browser tests use ${path}`);
