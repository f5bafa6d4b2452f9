#!/usr/bin/env node
// The `glowkit` command. It lives outside dist/ so that npm can link it on a fresh clone, before
// the first build; it says so in one line when the build is missing.
import { existsSync } from 'node:fs';

const cli = new URL('../dist/cli.js', import.meta.url);
if (!existsSync(cli)) {
  process.stderr.write('glowkit: not built yet: run npm run build in the repository first\n');
  process.exit(2);
}
const { main } = await import(cli.href);
const code = await main(process.argv.slice(2));
if (code >= 0) process.exitCode = code;
