#!/usr/bin/env node
/**
 * Writes schema/settings-group-schema.json, the settings profile's meta-schema for editors, from
 * the one the linter uses (derived from the effect option meta-schema in
 * src/settings-meta-schema.ts). Run after `npm run build`.
 *
 *   node scripts/settings-meta-schema.mjs           rewrite the file
 *   node scripts/settings-meta-schema.mjs --check   exit 1 when the file is not up to date
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { settingsGroupMetaSchema, settingsMetaSchemaPath } from '../dist/meta-schema.js';

const file = settingsMetaSchemaPath;
const shown = relative(process.cwd(), file) || file;
const next = `${JSON.stringify(settingsGroupMetaSchema, null, 2)}\n`;
let current = '';
try {
  current = readFileSync(file, 'utf8');
} catch {
  // Written below, or reported as out of date.
}
if (process.argv.includes('--check')) {
  if (current !== next) {
    process.stderr.write(
      `${shown}: the settings meta-schema is out of date; run "npm run build && npm run docs" in packages/effect-schema\n`,
    );
    process.exitCode = 1;
  }
} else if (current !== next) {
  writeFileSync(file, next);
  process.stdout.write(`${shown}: updated\n`);
}
