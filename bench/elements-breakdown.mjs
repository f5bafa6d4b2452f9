// Where <gk-effect-form>'s first render goes: the same schema rendered, each in a page of its own
// in one Chromium, by a ladder of forms that each add one layer of what gk does:
//   floor          support/floor-form.js: one Lit template, a label and a bare control per option
//   shaped floor   support/shaped-floor-form.js: the floor writing gk's markup (an element with a
//                  shadow root per option, gk's styles for its kind, attributes, parts, template
//                  nesting, option blocks in runs)
//   gk             <gk-effect-form>: gk's own elements (state, validation, translation, ARIA,
//                  events, form association) and the form's machinery (dependency rules, form
//                  validity, the smoothing block as one group)
// and json-editor's work (as bench/elements.mjs times it) as the yardstick. Rounds rotate which
// page goes first; garbage is collected before each render, as in bench/elements.mjs. A step up the
// ladder is what that layer costs; "json-editor ÷" shows what each would reach against the target.
//
// Usage: node bench/elements-breakdown.mjs [--rounds N]
// The largest corpus schema only: the shaped floor copies gk's markup for its kinds of options.
// Environment: GLOWKIT_CORPUS (default ../shared/corpus/hyperion), CHROMIUM_PATH.
// Prints medians and quartiles; asserts nothing.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs';
import { openBenchPage } from './support/bench-page.mjs';
import { bundle, usableElementModules } from './support/elements-bundle.mjs';
import { corpusSchemaDirOrExit, largestCorpusSchema } from './support/elements-cases.mjs';
import { median, percentile } from './support/stats.mjs';

const repo = join(import.meta.dirname, '..');
const schemaDir = corpusSchemaDirOrExit('elements-breakdown');
const { values: flags } = parseArgs({
  options: {
    rounds: { type: 'string', default: '30' },
  },
});
const ROUNDS = Math.max(1, Number.parseInt(flags.rounds, 10) || 30);
const WARMUP_ROUNDS = 3;

/** The ladder, bottom up: page-script side, and what the report calls it. */
const SIDES = [
  ['floor', 'floor'],
  ['shapedFloor', 'shaped floor (+ gk markup)'],
  ['gk', 'gk (+ gk code)'],
  ['jeWork', 'json-editor work'],
];
const support = join(import.meta.dirname, 'support');
const references = ['floor-form.js', 'shaped-floor-form.js'];
const theCase = largestCorpusSchema(schemaDir);
const code = (
  await bundle(repo, {
    modules: [...(await usableElementModules(repo)), ...references.map((f) => join(support, f))],
  })
).code;
const jeRoot = dirname(
  new URL(import.meta.resolve('@json-editor/json-editor/package.json')).pathname,
);
const files = {
  '/gk.js': code,
  '/jsoneditor.js': readFileSync(join(jeRoot, 'dist', 'jsoneditor.js')),
  '/page.js': readFileSync(join(support, 'elements-page.js')),
};
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>body{margin:0;font:14px system-ui,sans-serif}.bench-container{width:640px}</style><script src="/jsoneditor.js"></script><script type="module" src="/gk.js"></script><script type="module" src="/page.js"></script></head><body></body></html>`;
const server = createServer((request, response) => {
  // Cross-origin isolation gives performance.now() 5 µs resolution instead of 100 µs.
  response.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  response.setHeader('Cross-Origin-Embedder-Policy', 'require-corp');
  if (request.url === '/') {
    return void response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(PAGE);
  }
  const body = files[request.url];
  if (body === undefined) return void response.writeHead(404).end();
  response.writeHead(200, { 'Content-Type': 'text/javascript' }).end(body);
});
await new Promise((ready) => server.listen(0, '127.0.0.1', ready));

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
const samples = Object.fromEntries(SIDES.map(([side]) => [side, []]));
const visible = Object.fromEntries(SIDES.map(([side]) => [side, new Set()]));
try {
  // A page per side: code that one side warms up never runs faster for another.
  const pages = {};
  for (const [side] of SIDES) {
    pages[side] = await openBenchPage(
      browser,
      `http://127.0.0.1:${server.address().port}/`,
      [theCase],
      (message) => console.warn(`${side}: page error: ${message}`),
    );
  }
  for (let round = -WARMUP_ROUNDS; round < ROUNDS; round++) {
    const k = (round + WARMUP_ROUNDS) % SIDES.length;
    for (const [side] of [...SIDES.slice(k), ...SIDES.slice(0, k)]) {
      const { page, cdp } = pages[side];
      await cdp.send('HeapProfiler.collectGarbage');
      await page.evaluate(() => window.bench.frames(2));
      const result = await page.evaluate(({ side, key }) => window.bench.libs[side].render(key), {
        side,
        key: theCase.key,
      });
      await page.evaluate(() => window.bench.dispose());
      if (round < 0) continue;
      samples[side].push(result.wall);
      visible[side].add(result.visible);
    }
  }
} finally {
  await browser.close();
  server.close();
}

const fmt = (x) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
const je = median(samples.jeWork);
console.log(
  `First render of ${theCase.label} (${theCase.description}): ${ROUNDS} rounds after ${WARMUP_ROUNDS} warm-up, a page per form,`,
);
console.log(
  'garbage collected before each render. Times in ms: median [p25–p75]; a step is the median minus the one below.',
);
console.log(
  `${'form'.padEnd(30)} ${'time'.padStart(20)} ${'step'.padStart(7)} ${'json-editor ÷'.padStart(14)}  shown`,
);
let below;
for (const [side, label] of SIDES) {
  const xs = samples[side];
  const m = median(xs);
  const step =
    below === undefined || side === 'jeWork'
      ? ''
      : `${m >= below ? '+' : '−'}${fmt(Math.abs(m - below))}`;
  if (side !== 'jeWork') below = m;
  console.log(
    `${label.padEnd(30)} ${`${fmt(m)} [${fmt(percentile(xs, 0.25))}–${fmt(percentile(xs, 0.75))}]`.padStart(20)} ${step.padStart(7)} ${`${(je / m).toFixed(2)}×`.padStart(14)}  ${[...visible[side]].join('/')}`,
  );
}
console.log('"shown": options visible after the render, which every form must agree on.');
