// Runs every benchmark in bench/ in turn. Benchmarks print their own baselines and ratios.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const only = process.argv[2];
const benches = readdirSync(import.meta.dirname)
  // elements-ab.mjs compares the working tree with a revision: a tool for a change, not a
  // benchmark; profile-512.mjs runs for 10 minutes under a memory limit and soak.mjs for half an
  // hour, each on its own (`npm run soak`).
  .filter(
    (f) =>
      f.endsWith('.mjs') &&
      !['run.mjs', 'elements-ab.mjs', 'profile-512.mjs', 'soak.mjs'].includes(f),
  )
  .filter((f) => !only || f.startsWith(only))
  .sort();
for (const file of benches) {
  console.log(`\n=== bench/${file} ===`);
  execFileSync(process.execPath, [join(import.meta.dirname, file)], { stdio: 'inherit' });
}
