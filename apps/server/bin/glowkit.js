#!/usr/bin/env node
// The `glowkit` command. It lives outside dist/ so that npm can link it on a fresh clone, before
// the first build; it says so in one line when the build is missing.
import { existsSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';

// The young generation stays at its first size (1 MB per semi-space) instead of growing to
// 16 MB per semi-space under load: the server's requests make little garbage that lives long,
// and the grown space stays resident for good (about 25 MB on a box that may have 512 MB).
// --max-semi-space-size would say the same but only works on node's command line, which a
// service unit or `npm start` may not give; this flag is read whenever the space would grow.
setFlagsFromString('--semi-space-growth-factor=1');

// Start-up runs most of the server's code once: optimized code (Sparkplug's baseline code,
// TurboFan's) and the size-favouring choices V8 skips by default would only cost memory there,
// and what V8 compiles during start-up stays resident. So until the command's work is under way
// (for `start`: the server listens), V8 stays in its interpreter, ignores eager-compilation hints
// and favours size; then the normal tiers come back for the requests and frames that do repeat.
const LEAN_START_UP = ['--no-opt', '--no-sparkplug', '--max-lazy', '--optimize-for-size'];
const NORMAL = ['--opt', '--sparkplug', '--no-max-lazy', '--no-optimize-for-size'];
for (const flag of LEAN_START_UP) setFlagsFromString(flag);

const cli = new URL('../dist/cli.js', import.meta.url);
if (!existsSync(cli)) {
  process.stderr.write('glowkit: not built yet: run npm run build in the repository first\n');
  process.exit(2);
}
const { main } = await import(cli.href);
const code = await main(process.argv.slice(2));
// `main` returns once a one-shot command is done, or once `start`'s server listens.
for (const flag of NORMAL) setFlagsFromString(flag);
if (code >= 0) process.exitCode = code;
