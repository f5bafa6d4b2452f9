// A/B benchmark of <gk-effect-form>: the elements of the working tree (A) against those of a git
// revision (B, HEAD unless --base says otherwise), in one Chromium, one page each, measurements
// interleaved round by round with the order alternating, garbage collected before each, as in
// bench/elements.mjs. On this noisy machine a change of a few percent is invisible between two
// runs of the full bench; side by side in one run it shows. The floor form (support/floor-form.js,
// the same code on both pages) runs too: its A/B ratio shows how far apart two equal sides land.
//
// A page keeps its speed for a side through its life, and two pages of the same code can differ
// by several percent, so the rounds are split among fresh pairs of pages (--pages, default 4),
// each warmed up first.
//
// Usage: node bench/elements-ab.mjs [--base <rev>] [--rounds N] [--pages K] [--no-gc] [--help]
// B is checked out in a temporary git worktree (added, then removed). The page script works with
// both designs of the elements: options as elements of their own (issue 14) and the views before.
// Environment: GLOWKIT_CORPUS (default ../shared/corpus/hyperion), CHROMIUM_PATH.
// Prints medians, quartiles and ratios; asserts nothing.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs';
import { openBenchPage } from './support/bench-page.mjs';
import { bundle, usableElementModules } from './support/elements-bundle.mjs';
import {
  corpusSchemaDirOrExit,
  generatedSchema,
  largestCorpusSchema,
} from './support/elements-cases.mjs';
import { median, percentile } from './support/stats.mjs';

const repo = join(import.meta.dirname, '..');
const { values: flags } = parseArgs({
  options: {
    base: { type: 'string', default: 'HEAD' },
    rounds: { type: 'string', default: '40' },
    pages: { type: 'string', default: '4' },
    'no-gc': { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (flags.help) {
  console.log(`Usage: node bench/elements-ab.mjs [--base <rev>] [--rounds N] [--pages K] [--no-gc]
  A/B of <gk-effect-form>: the working tree (A) against a git revision (B), in one Chromium.
  --base <rev>  B's revision (default HEAD), checked out in a temporary git worktree
  --rounds N    rounds of measurements (default 40)
  --pages K     fresh pairs of pages the rounds are split among (default 4)
  --no-gc       do not collect garbage before each measurement
Environment: GLOWKIT_CORPUS (default ../shared/corpus/hyperion), CHROMIUM_PATH.`);
  process.exit(0);
}
const schemaDir = corpusSchemaDirOrExit('elements-ab');
const ROUNDS = Math.max(1, Number.parseInt(flags.rounds, 10) || 40);
const PAGES = Math.max(1, Number.parseInt(flags.pages, 10) || 4);
const WARMUP_ROUNDS = 3;

/** A checkout of `rev` in a temporary git worktree, sharing this checkout's node_modules. */
function checkout(rev) {
  let commit;
  try {
    commit = execFileSync('git', ['rev-parse', '--verify', `${rev}^{commit}`], {
      cwd: repo,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    console.error(`bench/elements-ab: ${rev} is no revision of this repository; give --base <rev>`);
    process.exit(2);
  }
  const dir = mkdtempSync(join(tmpdir(), 'glowkit-ab-'));
  execFileSync('git', ['worktree', 'add', '--detach', dir, commit], { cwd: repo, stdio: 'ignore' });
  // The bench bundles sources: the dependencies are what both sides share.
  const linked = ['node_modules'];
  for (const group of ['packages', 'apps']) {
    for (const name of readdirSync(join(repo, group)))
      linked.push(join(group, name, 'node_modules'));
  }
  for (const path of linked) {
    if (existsSync(join(repo, path)) && existsSync(join(dir, path, '..'))) {
      symlinkSync(join(repo, path), join(dir, path));
    }
  }
  return {
    dir,
    commit,
    remove() {
      execFileSync('git', ['worktree', 'remove', '--force', dir], { cwd: repo, stdio: 'ignore' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const FLOOR = join(import.meta.dirname, 'support', 'floor-form.js');
const sideCode = async (root) =>
  (await bundle(root, { modules: [...(await usableElementModules(root)), FLOOR] })).code;

const cases = [largestCorpusSchema(schemaDir), generatedSchema()];
const base = checkout(flags.base);
let browser;
let server;
const samples = {};
try {
  const code = { A: await sideCode(repo), B: await sideCode(base.dir) };
  // The same page script as bench/elements.mjs (support/elements-page.js), so both benches time
  // a render and a toggle the same way; json-editor is not loaded, and not asked for.
  const pageScript = readFileSync(join(import.meta.dirname, 'support', 'elements-page.js'));
  const page = (side) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>body{margin:0;font:14px system-ui,sans-serif}.bench-container{width:640px}</style><script type="module" src="/${side}.js"></script><script type="module" src="/page.js"></script></head><body></body></html>`;
  server = createServer((request, response) => {
    const side = request.url.match(/^\/(A|B)(\.js)?$/);
    // Cross-origin isolation gives performance.now() 5 µs resolution instead of 100 µs.
    response.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    response.setHeader('Cross-Origin-Embedder-Policy', 'require-corp');
    if (request.url === '/page.js') {
      return void response.writeHead(200, { 'Content-Type': 'text/javascript' }).end(pageScript);
    }
    if (!side) return void response.writeHead(404).end();
    const [type, body] = side[2]
      ? ['text/javascript', code[side[1]]]
      : ['text/html; charset=utf-8', page(side[1])];
    response.writeHead(200, { 'Content-Type': type }).end(body);
  });
  await new Promise((ready) => server.listen(0, '127.0.0.1', ready));
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  // A page's speed for a side can stay off by several percent for its whole life (its code was
  // warmed up and optimised one way), so the rounds are split among fresh pages.
  const pages = {};
  const openPages = async () => {
    for (const side of ['A', 'B']) {
      await pages[side]?.page.close();
      pages[side] = await openBenchPage(
        browser,
        `http://127.0.0.1:${server.address().port}/${side}`,
        cases,
        (message) => console.warn(`${side}: page error: ${message}`),
      );
    }
  };

  /** One timed call of the page script, from a painted, idle page, after garbage collection. */
  const step = async (side, lib, method, ...args) => {
    const { page: p, cdp } = pages[side];
    if (!flags['no-gc']) await cdp.send('HeapProfiler.collectGarbage');
    await p.evaluate(() => window.bench.frames(2));
    return p.evaluate(({ lib, method, args }) => window.bench.libs[lib][method](...args), {
      lib,
      method,
      args,
    });
  };
  const dispose = (side) => pages[side].page.evaluate(() => window.bench.dispose());
  const record = (name, side, recorded, result) => {
    if (!recorded) return;
    samples[name] ??= { A: [], B: [], checks: { A: new Set(), B: new Set() } };
    samples[name][side].push(result.wall);
    samples[name].checks[side].add(result.visible);
  };
  const perPages = Math.ceil(ROUNDS / PAGES);
  for (let first = 0; first < ROUNDS; first += perPages) {
    await openPages();
    // Each pair of pages warms up, then takes its share of the rounds.
    const last = Math.min(first + perPages, ROUNDS);
    for (let warm = 0; warm < WARMUP_ROUNDS; warm++) await oneRound(warm, false);
    for (let round = first; round < last; round++) await oneRound(round, true);
  }
  async function oneRound(round, recorded) {
    for (const side of round % 2 === 0 ? ['A', 'B'] : ['B', 'A']) {
      for (const c of cases) {
        const at = (what) => `${c.label}: ${what}`;
        record(at('first render'), side, recorded, await step(side, 'gk', 'render', c.key));
        const flip = !c.toggleDefault;
        record(at('toggle'), side, recorded, await step(side, 'gk', 'toggle', c.toggle, flip));
        record(
          at('toggle back'),
          side,
          recorded,
          await step(side, 'gk', 'toggle', c.toggle, !flip),
        );
        record(
          at('floor first render'),
          side,
          recorded,
          await step(side, 'floor', 'render', c.key),
        );
        await dispose(side);
      }
    }
  }
} finally {
  await browser?.close();
  server?.close();
  base.remove();
}

const fmt = (x) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
console.log(
  `<gk-effect-form> A/B: A = the working tree, B = ${flags.base} (${base.commit.slice(0, 10)}); ${ROUNDS} rounds on ${PAGES} pairs of pages, each after ${WARMUP_ROUNDS} warm-up,`,
);
console.log(
  `sides alternating first, ${flags['no-gc'] ? 'no garbage collection forced' : 'garbage collected before each measurement'}. Times in ms: median [p25–p75].`,
);
console.log(
  `${'measurement'.padEnd(42)} ${'A'.padStart(22)} ${'B'.padStart(22)} ${'A ÷ B'.padStart(7)} ${'by floor'.padStart(9)}`,
);
const range = (xs) =>
  `${fmt(median(xs))} [${fmt(percentile(xs, 0.25))}–${fmt(percentile(xs, 0.75))}]`;
/**
 * Each round's time over the same round's floor on the same page: a paired figure, so a page or a
 * stretch of the run that is slower for both cancels out.
 */
const overFloor = (xs, floor) => median(xs.map((x, i) => x / (floor[i] ?? Number.NaN)));
for (const [name, { A, B, checks }] of Object.entries(samples)) {
  const differ =
    [...checks.A].join() !== [...checks.B].join()
      ? '  ← the sides showed different numbers of options'
      : '';
  const floor = name.endsWith('floor first render')
    ? undefined
    : samples[`${name.slice(0, name.lastIndexOf(': '))}: floor first render`];
  const byFloor = floor ? `${(overFloor(A, floor.A) / overFloor(B, floor.B)).toFixed(2)}×` : '';
  console.log(
    `${name.padEnd(42)} ${range(A).padStart(22)} ${range(B).padStart(22)} ${`${(median(A) / median(B)).toFixed(2)}×`.padStart(7)} ${byFloor.padStart(9)}${differ}`,
  );
}
console.log(
  'The floor is the same code on both sides: its A ÷ B shows how far apart two equal sides land in this run.',
);
console.log(
  '"by floor": the median of each round\'s time ÷ that round\'s floor on the same page, A over B; a page or',
);
console.log('a stretch of the run that is slower for both sides cancels out of it.');
