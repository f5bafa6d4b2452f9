#!/usr/bin/env node
/** The `glowkit-schema` executable. */
import { createRequire } from 'node:module';
import { main } from './cli/main.js';

const { version } = createRequire(import.meta.url)('../package.json') as { version: string };

const code = await main(
  process.argv.slice(2),
  { stdout: process.stdout, stderr: process.stderr, cwd: process.cwd() },
  version,
);
// Let buffered output drain before exiting (piped stdout is asynchronous).
process.exitCode = code;
