// Benchmark: the effect schema linter against a bare ajv validation of the same schemas, and the
// CLI linting one file against `node -e 0`. Both sides run in the same process run, interleaved
// round by round, so machine noise hits them alike; medians and ratios are reported.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Ajv } from 'ajv';
import { effectOptionMetaSchema, lintEffectSchema } from '../packages/effect-schema/dist/index.js';
import { median, percentile } from './support/stats.mjs';

const repo = join(import.meta.dirname, '..');
const corpus = process.env.GLOWKIT_CORPUS || join(repo, '..', 'shared', 'corpus', 'hyperion');
const schemaDir = join(corpus, 'effects', 'schema');
if (!existsSync(schemaDir)) {
  console.error(
    `bench/lint: no corpus at ${corpus}; set GLOWKIT_CORPUS to the Hyperion corpus directory`,
  );
  process.exit(2);
}
const files = readdirSync(schemaDir)
  .filter((f) => f.endsWith('.schema.json'))
  .sort();
const texts = files.map((f) => readFileSync(join(schemaDir, f), 'utf8'));
const en = JSON.parse(readFileSync(join(corpus, 'i18n', 'en.json'), 'utf8'));

// --- 1. Linter vs bare ajv, 1,000 passes over the 24 schemas ---------------------------------
const validate = new Ajv({ allErrors: true, strict: false }).compile(effectOptionMetaSchema);
const sides = {
  'bare ajv (JSON.parse + validate)': (t) => validate(JSON.parse(t)),
  'bare ajv (validate only, pre-parsed)': null,
  'lintEffectSchema (with translations)': (t) => lintEffectSchema(t, { translations: en }),
  'lintEffectSchema (no translations)': (t) => lintEffectSchema(t),
};
const parsed = texts.map((t) => JSON.parse(t));
// Many short rounds, interleaved in rotating order: a burst of noise from other tenants of the
// machine then hits one round of one side, and the median and the best round stay comparable.
// Every side's round lasts about as long (the faster sides do more passes per round), so a burst
// of noise is as likely to hit a round of one side as of another. Each side makes at least
// 1,000 passes over the 24 schemas in all.
const ROUNDS = 100;
const MIN_PASSES_PER_ROUND = 10;
const perSchemaUs = Object.fromEntries(Object.keys(sides).map((k) => [k, []]));
// Warm-up so that every side is JIT-compiled before timing.
for (let i = 0; i < 50; i++) {
  for (const t of texts) {
    validate(JSON.parse(t));
    lintEffectSchema(t, { translations: en });
    lintEffectSchema(t);
  }
}
const runPasses = (fn, passes) => {
  if (fn) {
    for (let p = 0; p < passes; p++) for (const t of texts) fn(t);
  } else {
    for (let p = 0; p < passes; p++) for (const v of parsed) validate(v);
  }
};
const passTime = (fn) => {
  const start = performance.now();
  runPasses(fn, 20);
  return (performance.now() - start) / 20;
};
const slowest = Math.max(...Object.values(sides).map(passTime));
const passesOf = Object.fromEntries(
  Object.entries(sides).map(([name, fn]) => [
    name,
    Math.max(MIN_PASSES_PER_ROUND, Math.round((MIN_PASSES_PER_ROUND * slowest) / passTime(fn))),
  ]),
);
const sideList = Object.entries(sides);
for (let round = 0; round < ROUNDS; round++) {
  // The order rotates every round: garbage one side leaves behind is collected during whichever
  // side runs next, and rotation spreads that cost evenly instead of always charging one side.
  const order = sideList.map((_, i) => sideList[(i + round) % sideList.length]);
  for (const [name, fn] of order) {
    const passes = passesOf[name];
    const start = performance.now();
    runPasses(fn, passes);
    const elapsed = performance.now() - start;
    perSchemaUs[name].push((elapsed * 1000) / (passes * texts.length));
  }
}
const base = median(perSchemaUs['bare ajv (JSON.parse + validate)']);
const baseValidateOnly = median(perSchemaUs['bare ajv (validate only, pre-parsed)']);
console.log(
  `Linter vs bare ajv: ${files.length} corpus schemas, ${ROUNDS} interleaved rounds of equal length (passes per round: ${Object.values(passesOf).join(', ')}; at least ${ROUNDS * MIN_PASSES_PER_ROUND} passes per side)`,
);
const best = (xs) => Math.min(...xs);
const baseBest = best(perSchemaUs['bare ajv (JSON.parse + validate)']);
console.log(
  'side'.padEnd(40),
  'median µs',
  'best µs',
  ' median × JSON.parse+ajv',
  ' best × JSON.parse+ajv',
  ' median × ajv only',
);
for (const [name, xs] of Object.entries(perSchemaUs)) {
  const m = median(xs);
  console.log(
    name.padEnd(40),
    m.toFixed(2).padStart(9),
    best(xs).toFixed(2).padStart(7),
    `${(m / base).toFixed(2)}×`.padStart(24),
    `${(best(xs) / baseBest).toFixed(2)}×`.padStart(22),
    `${(m / baseValidateOnly).toFixed(2)}×`.padStart(18),
  );
}

// --- 2. CLI one-file lint vs node -e 0 -----------------------------------------------------------
const cli = join(repo, 'packages', 'effect-schema', 'dist', 'cli.js');
const one = join(schemaDir, 'swirl.schema.json');
const RUNS = 25;
const times = {
  'node -e 0': [],
  'glowkit-schema lint swirl.schema.json --translations en.json': [],
};
const time = (args) => {
  const start = performance.now();
  try {
    execFileSync(process.execPath, args, { stdio: 'ignore' });
  } catch (error) {
    if (error.status !== 0 && error.status !== 1) throw error;
  }
  return performance.now() - start;
};
time(['-e', '0']);
time([cli, 'lint', one]);
for (let i = 0; i < RUNS; i++) {
  times['node -e 0'].push(time(['-e', '0']));
  times['glowkit-schema lint swirl.schema.json --translations en.json'].push(
    time([cli, 'lint', one, '--translations', join(corpus, 'i18n', 'en.json')]),
  );
}
const nodeMedian = median(times['node -e 0']);
console.log(`\nCLI start-up: ${RUNS} runs each, interleaved`);
console.log('command'.padEnd(64), 'median ms', '  p90 ms', ' over node -e 0');
for (const [name, xs] of Object.entries(times)) {
  const m = median(xs);
  console.log(
    name.padEnd(64),
    m.toFixed(1).padStart(9),
    percentile(xs, 0.9).toFixed(1).padStart(8),
    `${(m - nodeMedian).toFixed(1)} ms`.padStart(15),
  );
}
