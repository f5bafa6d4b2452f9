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

const cli = new URL('../dist/cli.js', import.meta.url);
if (!existsSync(cli)) {
  process.stderr.write('glowkit: not built yet: run npm run build in the repository first\n');
  process.exit(2);
}
const { main } = await import(cli.href);
const code = await main(process.argv.slice(2));
if (code >= 0) process.exitCode = code;
