// Adds phrases to the project's phrase files (translations/<lng>.json), keeping each file sorted by
// key: `node scripts/add-phrases.mjs phrases.json`, where phrases.json is
// `{ "en": { "key": "text" }, "de": { "key": "Text" } }`. Every key must come in every language the
// project has, so that no phrase is English-only by accident. A key that exists already with other
// text is replaced, and said so.
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = join(import.meta.dirname, '..', 'translations');
const [file] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/add-phrases.mjs <phrases.json>  ({ "en": {…}, "de": {…} })');
  process.exit(2);
}
let added;
try {
  added = JSON.parse(readFileSync(file, 'utf8'));
} catch (error) {
  console.error(`${file}: not readable as JSON: ${error.message}`);
  process.exit(1);
}
const languages = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -5));
const keys = new Set(Object.values(added).flatMap((phrases) => Object.keys(phrases)));
const missing = languages.flatMap((lng) =>
  [...keys].filter((k) => !Object.hasOwn(added[lng] ?? {}, k)).map((k) => `${lng}: ${k}`),
);
if (missing.length > 0) {
  console.error(`${file}: phrases missing in some languages:\n  ${missing.join('\n  ')}`);
  process.exit(1);
}
for (const lng of languages) {
  const path = join(dir, `${lng}.json`);
  const phrases = JSON.parse(readFileSync(path, 'utf8'));
  for (const [key, text] of Object.entries(added[lng])) {
    if (Object.hasOwn(phrases, key) && phrases[key] !== text) {
      console.log(`${lng}.json: ${key} replaced ("${phrases[key]}" → "${text}")`);
    }
    phrases[key] = text;
  }
  const sorted = Object.fromEntries(
    Object.keys(phrases)
      .sort()
      .map((k) => [k, phrases[k]]),
  );
  // Written whole and renamed into place: a reader never sees half a file.
  writeFileSync(`${path}.tmp`, `${JSON.stringify(sorted, null, 2)}\n`);
  renameSync(`${path}.tmp`, path);
}
console.log(`added ${keys.size} phrases to ${languages.map((l) => `${l}.json`).join(', ')}`);
