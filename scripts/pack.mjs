// `npm run pack`: writes ONE installable tarball, glowkit-<version>.tgz, from the built workspaces,
// so that `npm install -g ./glowkit-<version>.tgz && glowkit start` works on a machine that has
// nothing else of this repository.
//
// How: a staging folder shaped like the installed package — the server's bin/ and dist/, the web
// UI's build in web/, the bundled effects in effects/ — whose package.json lists the registry
// dependencies of the server and of the workspace packages it runs on. Those workspace packages
// (@glowkit/*, private, not on the registry) travel inside it, each as its own `npm pack` gives
// it, in dist/node_modules/@glowkit/: Node finds them there from the server's modules, and finds
// their registry dependencies in the package's node_modules above, where npm installs them.
// Why not `bundleDependencies`: npm then counts every dependency of a bundled package as part of
// the bundle, and an optional dependency that fails to build (dbus-next's usocket) fails the
// whole install. Why not a bundler (esbuild through vite): the server runs on native modules
// (better-sqlite3, @napi-rs/canvas, serialport) and CommonJS packages with dynamic requires, and
// finds its python runner and proto file next to its modules; bundling would move all of those.
//
// Usage: node scripts/pack.mjs [--out <dir>]   (run after `npm run build`; `npm run pack` does both)
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = resolve(import.meta.dirname, '..');
const SERVER = join(ROOT, 'apps/server');
/** The workspace packages the server runs on, each bundled as its own `npm pack` gives it. */
const BUNDLED = ['json', 'protocol', 'effect-schema', 'engine'];
/**
 * Dependencies of bundled packages that only their command lines use (the schema CLI's type
 * generation and file globs); the server never loads them, so they are not installed.
 */
const CLI_ONLY = new Set(['json-schema-to-typescript', 'tinyglobby']);

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

function fail(message) {
  process.stderr.write(`pack: ${message}\n`);
  process.exit(1);
}

const { values } = parseArgs({ options: { out: { type: 'string' } } });
const out = resolve(values.out ?? ROOT);

for (const built of [
  'apps/server/dist/cli.js',
  'apps/web/dist/index.html',
  ...BUNDLED.map((p) => `packages/${p}/dist/index.js`),
]) {
  if (!existsSync(join(ROOT, built))) fail(`${built} is missing: run npm run build first`);
}

const root = readJson(join(ROOT, 'package.json'));
const server = readJson(join(SERVER, 'package.json'));
const stage = mkdtempSync(join(tmpdir(), 'glowkit-pack-'));
const pkg = join(stage, 'package');

try {
  mkdirSync(pkg);
  /** name → exact version, from the server and every bundled package; one version each. */
  const registry = new Map();
  const need = (from, deps = {}) => {
    for (const [name, version] of Object.entries(deps)) {
      if (name.startsWith('@glowkit/') || CLI_ONLY.has(name)) continue;
      const had = registry.get(name);
      if (had !== undefined && had !== version) {
        fail(`${from} needs ${name} ${version}, another workspace ${had}: pin one version`);
      }
      registry.set(name, version);
    }
  };
  need(server.name, server.dependencies);
  // dbus-next's optional usocket wants node-gyp 7, which npm would hoist beside better-sqlite3,
  // whose source build (when its prebuilt binary cannot be fetched) then fails on Node 20; the
  // repository's `overrides` do the same, but only a root project's overrides apply.
  need('node-gyp for better-sqlite3', { 'node-gyp': root.overrides?.usocket?.['node-gyp'] });

  const modules = join(pkg, 'dist', 'node_modules', '@glowkit');
  mkdirSync(modules, { recursive: true });
  for (const name of BUNDLED) {
    const dir = join(ROOT, 'packages', name);
    const manifest = readJson(join(dir, 'package.json'));
    need(manifest.name, manifest.dependencies);
    // The package's own files, as it would publish them (its `files`, README, package.json).
    const [{ filename }] = JSON.parse(
      execFileSync('npm', ['pack', '--json', '--pack-destination', stage], {
        cwd: dir,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      }),
    );
    const target = join(modules, name);
    mkdirSync(target);
    execFileSync('tar', ['-xzf', join(stage, filename), '-C', target, '--strip-components=1']);
    // Its registry dependencies are the top package's; its scripts and tools mean nothing here.
    const bundled = readJson(join(target, 'package.json'));
    delete bundled.dependencies;
    delete bundled.devDependencies;
    delete bundled.scripts;
    delete bundled.bin;
    writeFileSync(join(target, 'package.json'), `${JSON.stringify(bundled, null, 2)}\n`);
  }

  // The server, laid out as in the repository so that its modules find what sits beside them.
  cpSync(join(SERVER, 'bin'), join(pkg, 'bin'), { recursive: true });
  cpSync(join(SERVER, 'dist'), join(pkg, 'dist'), {
    recursive: true,
    // Its own source maps and types are for developing it, not for running it.
    filter: (src) => !src.endsWith('.map') && !src.endsWith('.d.ts'),
  });
  // Read at run time by the protobuf input, from ../../../src beside dist.
  const proto = 'src/inputs/protobuf/message.proto';
  mkdirSync(join(pkg, 'src/inputs/protobuf'), { recursive: true });
  cpSync(join(SERVER, proto), join(pkg, proto));
  cpSync(join(ROOT, 'apps/web/dist'), join(pkg, 'web'), { recursive: true });
  cpSync(join(ROOT, 'effects'), join(pkg, 'effects'), {
    recursive: true,
    filter: (src) => !/(^|\/)(test_[^/]*\.py|__pycache__)$/.test(src),
  });
  cpSync(join(SERVER, 'README.md'), join(pkg, 'README.md'));
  cpSync(join(ROOT, 'LICENSE'), join(pkg, 'LICENSE'));

  const sorted = (entries) =>
    Object.fromEntries([...entries].sort(([a], [b]) => a.localeCompare(b)));
  const manifest = {
    name: 'glowkit',
    version: root.version,
    description: server.description,
    license: root.license,
    type: 'module',
    bin: { glowkit: './bin/glowkit.js' },
    engines: server.engines,
    dependencies: sorted(registry),
  };
  writeFileSync(join(pkg, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);

  mkdirSync(out, { recursive: true });
  const [{ filename, size, entryCount }] = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--pack-destination', out], {
      cwd: pkg,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  );
  process.stdout.write(
    `${join(out, filename)} (${(size / 1024 / 1024).toFixed(1)} MB, ${entryCount} files)\n`,
  );
} finally {
  rmSync(stage, { recursive: true, force: true });
}
