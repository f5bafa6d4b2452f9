#!/usr/bin/env node
// The `glowkit` command: runs the built CLI (npm run build -w @glowkit/server builds it).
import { main } from '../dist/cli.js';

const code = await main(process.argv.slice(2));
if (code >= 0) process.exitCode = code;
