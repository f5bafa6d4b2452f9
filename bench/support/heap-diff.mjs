// What grew between two V8 heap snapshots (the soak's --heap-snapshots writes warm.heapsnapshot
// and end.heapsnapshot): objects grouped by constructor (strings, code and the like by their
// kind), with the change of their count and of their own size, largest growth first. A leak
// shows as a group whose count grows with the run's length; without Chrome's DevTools at hand.
//
//   node bench/support/heap-diff.mjs BEFORE.heapsnapshot AFTER.heapsnapshot [--top 30]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '30' } },
});
if (positionals.length !== 2) {
  console.error('usage: heap-diff.mjs BEFORE.heapsnapshot AFTER.heapsnapshot [--top N]');
  process.exit(2);
}

/** Count and self size of each group of a snapshot. */
function groups(path) {
  const { snapshot, nodes, strings } = JSON.parse(readFileSync(path, 'utf8'));
  const fields = snapshot.meta.node_fields;
  const types = snapshot.meta.node_types[0];
  const width = fields.length;
  const TYPE = fields.indexOf('type');
  const NAME = fields.indexOf('name');
  const SIZE = fields.indexOf('self_size');
  // Kinds whose names are their contents (a string's text, a number): grouped by kind alone.
  const byKind = new Set([
    'string',
    'concatenated string',
    'sliced string',
    'number',
    'code',
    'hidden',
  ]);
  const result = new Map();
  let total = 0;
  for (let i = 0; i < nodes.length; i += width) {
    const type = types[nodes[i + TYPE]];
    const key = byKind.has(type) ? `(${type})` : `${strings[nodes[i + NAME]]} (${type})`;
    const entry = result.get(key) ?? { count: 0, bytes: 0 };
    entry.count += 1;
    entry.bytes += nodes[i + SIZE];
    total += nodes[i + SIZE];
    result.set(key, entry);
  }
  return { result, total };
}

const before = groups(positionals[0]);
const after = groups(positionals[1]);
const mb = (bytes) => (bytes / 1024 / 1024).toFixed(2);
console.log(`heap: ${mb(before.total)} → ${mb(after.total)} MB`);
const rows = [];
for (const key of new Set([...before.result.keys(), ...after.result.keys()])) {
  const b = before.result.get(key) ?? { count: 0, bytes: 0 };
  const a = after.result.get(key) ?? { count: 0, bytes: 0 };
  rows.push({ key, count: a.count - b.count, bytes: a.bytes - b.bytes, now: a.count });
}
rows.sort((x, y) => y.bytes - x.bytes);
console.log('   Δ bytes   Δ count     count  group');
for (const row of rows.slice(0, Number(values.top))) {
  console.log(
    `${String(row.bytes).padStart(10)} ${String(row.count).padStart(9)} ${String(row.now).padStart(9)}  ${row.key.slice(0, 120)}`,
  );
}
