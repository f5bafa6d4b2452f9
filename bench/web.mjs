// Benchmark: the web UI (apps/web/dist) served by a real Glowkit server on loopback, in Debian's
// Chromium through playwright-core, in one run (issue 15).
//
// 1. First load of the overview with a cold cache: N fresh browser contexts (each its own HTTP
//    cache), the admin token put into localStorage before the page loads (`addInitScript`), so the
//    overview loads directly as it does for a signed-in browser. Bytes of every HTTP response body
//    as sent on the wire (compressed as the server chose; playwright's `request.sizes()`), split
//    script / style / JSON / other, and the number of requests; the same bodies gzipped at level 9,
//    like for like with the issue's gzipped figure for Hyperion.ng's UI (416 KB, 1.7 MB raw); the
//    JSON API's WebSocket messages beside them, by command. The time from navigation start until
//    the live picture (`gk-led-picture`) shows its first frame (the layout; already in live colours
//    when they came first) and its first live colours (the first frame painted after the stream's
//    first `draw()`), found in the page by wrapping the element's `draw` when it is defined and
//    checking `framesDrawn` at the end of each animation frame (to within one frame, 16.7 ms).
//    Medians of N; one warm-up load first, shown apart: the server compresses each file at its
//    first request. The default server, as at its first start: one instance, a virtual device, a
//    one-LED layout. Baseline in the same run: the dist of @json-editor/json-editor (node_modules),
//    which Hyperion's UI loads among its 416 KB, compressed here the same two ways.
// 2. Live picture: the build's `gk-led-picture` (its chunk imported into the app's own page, the app
//    removed from it; the page made cross-origin isolated by two headers added here, for 5 µs
//    timers) at 960×540 CSS pixels, device pixel ratio 1, with a 1,000-LED frame around a 16:9
//    screen (312 top and bottom, 188 left and right), new rainbow colours made at every animation
//    frame (60 Hz; a fresh array of 3,000 numbers, as the stream's JSON gives) for S seconds and
//    given to the element two ways: `draw()` inside that `requestAnimationFrame` callback ("in
//    rAF"), and from a message event the callback posts ("as a task": between frames, as the
//    WebSocket's messages arrive). Frames drawn per second (`framesDrawn`); the main thread's time
//    per drawn frame: the JS of the `draw()` calls plus the element's animation-frame paint (timed
//    with `performance.now()` around the callback it gives `requestAnimationFrame`), median and
//    p90; and Chromium's own TaskDuration (CDP Performance.getMetrics: all main-thread tasks, the
//    canvas's raster, style, layout and the commit included) per frame drawn, and beyond the
//    baseline's. Baseline in the same run: the same loop making the colours and drawing nothing,
//    so that the difference is the picture's own cost. One second of warm-up first.
// 3. A summary line with the targets: first load ≤ 1/5 of 416 KB (83.2 KB), 60 frames drawn a second.
//
// KB are 1,024 bytes. It prints medians, p90 and ratios and asserts nothing. Needs the builds of
// the server and the web UI (`npm run bench` builds them; else `npm run build`). Flags:
// --runs N (default 9) first loads; --seconds S (default 10) per side of part 2.
// Environment: CHROMIUM_PATH (default /usr/bin/chromium).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { tsImport } from 'tsx/esm/api';
import { chromiumLaunchOptions } from '../scripts/chromium.mjs';
import { median, percentile } from './support/stats.mjs';

const { values: flags } = parseArgs({
  options: {
    runs: { type: 'string', default: '9' },
    seconds: { type: 'string', default: '10' },
  },
});
const RUNS = Math.max(1, Number.parseInt(flags.runs, 10) || 9);
const SECONDS = Math.max(1, Number(flags.seconds) || 10);

const repo = join(import.meta.dirname, '..');
const webDir = join(repo, 'apps', 'web', 'dist');
for (const built of [join(webDir, 'index.html'), join(repo, 'apps', 'server', 'dist', 'cli.js')]) {
  if (!existsSync(built)) {
    console.error(`bench/web: ${built} is missing: build first (npm run build)`);
    process.exit(2);
  }
}
// The end-to-end tests' server: `glowkit start` on loopback ports of its own, in a fresh data
// directory, serving apps/web/dist; its admin token read from what it prints at its first start.
const { startGlowkit } = await tsImport('../apps/web/e2e/support/glowkit.ts', import.meta.url);

const KB = 1024;
const HYPERION_GZ = 416 * KB;
const TARGET = HYPERION_GZ / 5;
const LEDS = 1000;
const TOKEN_KEY = 'glowkit.token';
const VIEWPORT = { width: 1200, height: 900 };
const kb = (bytes) => (bytes / KB).toFixed(1);
const ms = (x) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
const gz = (bytes) => gzipSync(bytes, { level: 9 }).length;
const br = (bytes) =>
  brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
  }).length;

// --- 1. First load ---------------------------------------------------------------------------------
/**
 * Runs in the page before its scripts (an init script): signs the browser in, and watches every
 * `gk-led-picture` for its first painted frame and its first frame painted after a `draw()`. The
 * element's `draw()` schedules its paint with requestAnimationFrame; the check scheduled right
 * after it runs after that paint, in the same frame.
 */
function loadProbe({ token, key }) {
  localStorage.setItem(key, token);
  const probe = { firstPaint: 0, firstDraw: 0, firstLive: 0, pictures: [] };
  window.__gkBench = probe;
  const define = CustomElementRegistry.prototype.define;
  CustomElementRegistry.prototype.define = function (name, element, options) {
    if (name === 'gk-led-picture') {
      const { draw, connectedCallback } = element.prototype;
      element.prototype.connectedCallback = function () {
        probe.pictures.push(this);
        connectedCallback.call(this);
      };
      element.prototype.draw = function (colors) {
        draw.call(this, colors);
        if (probe.firstDraw) return;
        probe.firstDraw = performance.now();
        const before = this.framesDrawn;
        const check = () => {
          if (this.framesDrawn > before) probe.firstLive = performance.now();
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      };
    }
    return define.call(this, name, element, options);
  };
  const poll = () => {
    if (probe.pictures.some((p) => p.framesDrawn > 0)) probe.firstPaint = performance.now();
    else requestAnimationFrame(poll);
  };
  requestAnimationFrame(poll);
}

/** What a response body is, by the request's resource type and the response's content type. */
function kindOf(request, contentType) {
  const type = request.resourceType();
  if (type === 'script' || /javascript/.test(contentType)) return 'script';
  if (type === 'stylesheet' || /text\/css/.test(contentType)) return 'style';
  if (/json/.test(contentType)) return 'JSON';
  if (type === 'document') return 'document';
  return 'other';
}

/** One first load of the overview in a fresh context: its requests, bytes and times. */
async function firstLoad(browser, glowkit) {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    colorScheme: 'light',
    locale: 'en-GB',
  });
  try {
    await context.addInitScript(loadProbe, { token: glowkit.token, key: TOKEN_KEY });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const finished = [];
    page.on('requestfinished', (request) => finished.push(request));
    const ws = { received: 0, receivedBytes: 0, sent: 0, sentBytes: 0, byCommand: {} };
    page.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        const bytes = Buffer.byteLength(payload);
        ws.received += 1;
        ws.receivedBytes += bytes;
        let command = '?';
        try {
          command = JSON.parse(String(payload)).command ?? '?';
        } catch {}
        ws.byCommand[command] ??= { count: 0, bytes: 0 };
        const entry = ws.byCommand[command];
        entry.count += 1;
        entry.bytes += bytes;
      });
      socket.on('framesent', ({ payload }) => {
        ws.sent += 1;
        ws.sentBytes += Buffer.byteLength(payload);
      });
    });
    await page.goto(`${glowkit.url}/`);
    await page
      .waitForFunction(() => window.__gkBench.firstLive > 0, null, { timeout: 20_000 })
      .catch(() => {
        throw new Error(
          `no live frame within 20 s${errors.length ? `: ${errors.join('; ')}` : ''}`,
        );
      });
    const wsAtFirstLive = structuredClone(ws);
    // Anything the page still fetches after its first live frame belongs to its first load.
    await page.waitForLoadState('load');
    await page.waitForTimeout(300);
    const times = await page.evaluate(() => {
      const { firstPaint, firstDraw, firstLive } = window.__gkBench;
      const nav = performance.getEntriesByType('navigation')[0];
      return {
        firstPaint,
        firstDraw,
        firstLive,
        domContentLoaded: nav.domContentLoadedEventEnd,
        load: nav.loadEventEnd,
      };
    });
    const responses = [];
    for (const request of finished) {
      const response = await request.response();
      if (!response) continue;
      const sizes = await request.sizes();
      const headers = await response.allHeaders();
      const body = response.status() === 200 ? await response.body() : Buffer.alloc(0);
      responses.push({
        url: new URL(request.url()).pathname,
        kind: kindOf(request, headers['content-type'] ?? ''),
        encoding: headers['content-encoding'] ?? 'identity',
        wire: sizes.responseBodySize,
        headers: sizes.responseHeadersSize,
        raw: body.length,
        gzip: body.length > 0 ? gz(body) : 0,
      });
    }
    return { responses, times, ws: wsAtFirstLive, errors };
  } finally {
    await context.close();
  }
}

// --- 2. Live picture -------------------------------------------------------------------------------
/** A frame of `n` LEDs around a 16:9 screen, clockwise from the top left, each 8 % deep. */
function screenFrame(n) {
  // Per side in proportion to its length: 16 + 9 + 16 + 9.
  const horizontal = Math.round((n * 16) / 50);
  const vertical = (n - 2 * horizontal) / 2;
  const leds = [];
  const depthV = 0.08;
  const depthH = 0.08 * (9 / 16);
  for (let i = 0; i < horizontal; i++) {
    leds.push({ hmin: i / horizontal, hmax: (i + 1) / horizontal, vmin: 0, vmax: depthV });
  }
  for (let i = 0; i < vertical; i++) {
    leds.push({ hmin: 1 - depthH, hmax: 1, vmin: i / vertical, vmax: (i + 1) / vertical });
  }
  for (let i = horizontal - 1; i >= 0; i--) {
    leds.push({ hmin: i / horizontal, hmax: (i + 1) / horizontal, vmin: 1 - depthV, vmax: 1 });
  }
  for (let i = vertical - 1; i >= 0; i--) {
    leds.push({ hmin: 0, hmax: depthH, vmin: i / vertical, vmax: (i + 1) / vertical });
  }
  return leds;
}

/**
 * Runs in the page: puts a `gk-led-picture` of `layout` on the page, and installs `run(feed,
 * seconds)`, the 60 Hz loop. The element's animation-frame callbacks (its paint) are timed by
 * wrapping `requestAnimationFrame`; the loop itself uses the unwrapped one.
 */
async function setUpPicture({ layout, width }) {
  document.querySelector('gk-app')?.remove();
  const raf = window.requestAnimationFrame.bind(window);
  /** The record of the current animation frame, made by the loop's callback, which runs first. */
  let frame;
  window.requestAnimationFrame = (callback) =>
    raf((now) => {
      const start = performance.now();
      callback(now);
      if (frame) {
        frame.js += performance.now() - start;
        frame.painted = true;
      }
    });
  const host = document.createElement('div');
  host.style.width = `${width}px`;
  document.body.append(host);
  const picture = document.createElement('gk-led-picture');
  picture.layout = layout;
  picture.label = 'bench';
  host.append(picture);
  await picture.updateComplete;
  await new Promise((resolve) => raf(() => raf(() => raf(resolve))));
  const n = layout.length;
  /** A rainbow moving along the LEDs: a fresh array per frame, as the stream's JSON gives. */
  const colours = (t) => {
    const out = new Array(n * 3);
    for (let i = 0; i < n; i++) {
      const h = (((i / n + t * 0.0002) % 1) + 1) % 1;
      const x = h * 6;
      const sector = Math.floor(x);
      const f = Math.round((x - sector) * 255);
      const rgb = [
        [255, f, 0],
        [255 - f, 255, 0],
        [0, 255, f],
        [0, 255 - f, 255],
        [f, 0, 255],
        [255, 0, 255 - f],
      ][sector];
      out[i * 3] = rgb[0];
      out[i * 3 + 1] = rgb[1];
      out[i * 3 + 2] = rgb[2];
    }
    return out;
  };
  /** Calls `draw()` and adds its time to the frame it ran in. */
  const draw = (colors) => {
    const start = performance.now();
    picture.draw(colors);
    if (frame) frame.js += performance.now() - start;
  };
  const channel = new MessageChannel();
  /**
   * Makes colours at every animation frame for `seconds`, and gives them to the picture: `none`
   * (the baseline), `raf` (draw() in the same callback), `task` (draw() in a message event posted
   * from it, as the WebSocket's messages arrive: between frames).
   */
  window.run = (feed, seconds) =>
    new Promise((resolve) => {
      const frames = [];
      const drawnBefore = picture.framesDrawn;
      let start = 0;
      let pending;
      channel.port2.onmessage = () => draw(pending);
      const tick = (now) => {
        if (start === 0) start = now;
        if (now - start >= seconds * 1000) {
          frame = undefined;
          resolve({
            elapsed: now - start,
            ticks: frames.length,
            drawn: picture.framesDrawn - drawnBefore,
            painted: frames.filter((f) => f.painted).map((f) => f.js),
            generate: frames.map((f) => f.generate),
          });
          return;
        }
        raf(tick);
        frame = { js: 0, generate: 0, painted: false };
        frames.push(frame);
        const t0 = performance.now();
        const colors = colours(now);
        frame.generate = performance.now() - t0;
        if (feed === 'raf') draw(colors);
        else if (feed === 'task') {
          pending = colors;
          channel.port1.postMessage(0);
        }
      };
      raf(tick);
    });
  return {
    drawn: picture.framesDrawn,
    canvas: [
      picture.renderRoot.querySelector('canvas').width,
      picture.renderRoot.querySelector('canvas').height,
    ],
    isolated: window.crossOriginIsolated,
  };
}

async function livePicture(browser, glowkit) {
  // Signed out: the app shows the sign-in page and streams nothing; its page gives the build's
  // modules under the server's own policy.
  const context = await browser.newContext({ viewport: VIEWPORT, colorScheme: 'light' });
  try {
    // The page cross-origin isolated (two headers added to the page's response here): then
    // performance.now() counts in 5 µs steps instead of 100 µs.
    await context.route(`${glowkit.url}/`, async (route) => {
      const response = await route.fetch();
      await route.fulfill({
        response,
        headers: {
          ...response.headers(),
          'cross-origin-opener-policy': 'same-origin',
          'cross-origin-embedder-policy': 'require-corp',
        },
      });
    });
    const page = await context.newPage();
    await page.goto(`${glowkit.url}/`);
    await page.waitForFunction(() => customElements.get('gk-app') !== undefined);
    const chunk = readdirSync(join(webDir, 'assets')).find((f) => /^led-picture-.*\.js$/.test(f));
    if (!chunk) throw new Error(`no led-picture chunk in ${webDir}/assets`);
    await page.evaluate((url) => import(url), `/assets/${chunk}`);
    const setUp = await page.evaluate(setUpPicture, { layout: screenFrame(LEDS), width: 960 });
    if (setUp.drawn === 0) throw new Error('the picture painted nothing after it was laid out');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable', { timeDomain: 'timeTicks' });
    const metrics = async () => {
      const { metrics: list } = await cdp.send('Performance.getMetrics');
      return Object.fromEntries(list.map((m) => [m.name, m.value]));
    };
    const side = async (feed, seconds) => {
      await cdp.send('HeapProfiler.collectGarbage');
      const before = await metrics();
      const result = await page.evaluate(([f, s]) => window.run(f, s), [feed, seconds]);
      const after = await metrics();
      const delta = (name) => ((after[name] ?? 0) - (before[name] ?? 0)) * 1000;
      return { ...result, task: delta('TaskDuration'), script: delta('ScriptDuration') };
    };
    await side('task', 1); // warm-up: the code compiled, the colour styles made
    const sides = {};
    for (const feed of ['none', 'raf', 'task']) sides[feed] = await side(feed, SECONDS);
    return { sides, canvas: setUp.canvas, isolated: setUp.isolated };
  } finally {
    await context.close();
  }
}

// --- Main ------------------------------------------------------------------------------------------
const started = performance.now();
const [glowkit, browser] = await Promise.all([
  startGlowkit(),
  chromium.launch(chromiumLaunchOptions),
]);
let warmUp;
const loads = [];
let live;
try {
  warmUp = await firstLoad(browser, glowkit);
  for (let i = 0; i < RUNS; i++) loads.push(await firstLoad(browser, glowkit));
  live = await livePicture(browser, glowkit);
} finally {
  await browser.close();
  await glowkit.stop();
}

// --- Report ----------------------------------------------------------------------------------------
const say = (...parts) => console.log(parts.join(''));
const sum = (xs, f) => xs.reduce((n, x) => n + f(x), 0);
const ratio = (x) => `${x < 10 ? x.toFixed(2) : x.toFixed(1)}×`;

// The files are the same in every run (a hashed build): the table is from the last run, and
// every run is checked to have fetched the same.
const last = loads.at(-1);
const signature = (load) =>
  load.responses
    .map((r) => `${r.url} ${r.wire}`)
    .sort()
    .join();
const same = loads.every((load) => signature(load) === signature(last));
const wireTotal = sum(last.responses, (r) => r.wire);
const gzipTotal = sum(last.responses, (r) => r.gzip);
const rawTotal = sum(last.responses, (r) => r.raw);
const encodings = [...new Set(last.responses.map((r) => r.encoding))].join(', ');

say(
  `1. First load of the overview, cold cache, ${RUNS} runs (fresh browser contexts) after one warm-up; the default`,
  '\n   server (one instance, virtual device, a one-LED layout); Chromium ',
  browser.version(),
  ', viewport ',
  `${VIEWPORT.width}×${VIEWPORT.height}.`,
);
console.log(
  `   ${'kind'.padEnd(9)} ${'requests'.padStart(8)} ${'as sent B'.padStart(10)} ${'gzip -9 B'.padStart(10)} ${'raw B'.padStart(8)}   files`,
);
for (const kind of ['document', 'script', 'style', 'JSON', 'other']) {
  const of = last.responses.filter((r) => r.kind === kind);
  console.log(
    `   ${kind.padEnd(9)} ${String(of.length).padStart(8)} ${String(sum(of, (r) => r.wire)).padStart(10)} ${String(sum(of, (r) => r.gzip)).padStart(10)} ${String(sum(of, (r) => r.raw)).padStart(8)}   ${of.map((r) => r.url.replace(/^\/assets\//, '')).join(' ')}`,
  );
}
console.log(
  `   ${'total'.padEnd(9)} ${String(last.responses.length).padStart(8)} ${String(wireTotal).padStart(10)} ${String(gzipTotal).padStart(10)} ${String(rawTotal).padStart(8)}   (${kb(wireTotal)} KB as sent, ${encodings}; ${kb(gzipTotal)} KB gzip -9; ${kb(rawTotal)} KB raw)`,
);
say(
  `   response headers besides: ${sum(last.responses, (r) => r.headers)} B. Every run fetched the same files and sizes: ${same ? 'yes' : 'NO'}.`,
  `\n   JSON API over the WebSocket until the first live frame (not HTTP; payload bytes, the server does not`,
  `\n   compress them): ${last.ws.received} messages received, ${last.ws.receivedBytes} B; ${last.ws.sent} sent, ${last.ws.sentBytes} B.`,
  `\n   received by command: ${Object.entries(last.ws.byCommand)
    .map(([command, { count, bytes }]) => `${command} ×${count} ${bytes} B`)
    .join(', ')}.`,
);
const timeRow = (name, key) => {
  const xs = loads.map((l) => l.times[key]);
  console.log(
    `   ${name.padEnd(52)} ${ms(median(xs)).padStart(7)} ms   p90 ${ms(percentile(xs, 0.9)).padStart(6)}   min ${ms(Math.min(...xs)).padStart(6)}   (warm-up ${ms(warmUp.times[key])})`,
  );
};
console.log('   Times from navigation start, median of the runs:');
timeRow('DOMContentLoaded', 'domContentLoaded');
timeRow('live picture: first frame drawn (any colours)', 'firstPaint');
timeRow("live picture: the stream's first draw() call", 'firstDraw');
timeRow('live picture: first frame in live colours', 'firstLive');
console.log(
  `   each run, DOMContentLoaded / first frame in live colours: ${loads.map((l) => `${ms(l.times.domContentLoaded)} / ${ms(l.times.firstLive)}`).join(', ')} ms`,
);
const pageErrors = [...warmUp.errors, ...loads.flatMap((l) => l.errors)];
if (pageErrors.length > 0) console.log(`   page errors: ${[...new Set(pageErrors)].join('; ')}`);

const jeRoot = dirname(
  new URL(import.meta.resolve('@json-editor/json-editor/package.json')).pathname,
);
const jeVersion = JSON.parse(readFileSync(join(jeRoot, 'package.json'), 'utf8')).version;
const jeDist = readFileSync(join(jeRoot, 'dist', 'jsoneditor.js'));
const je = { raw: jeDist.length, gzip: gz(jeDist), br: br(jeDist) };
const jeBr = je.br;
say(
  `\n   Baseline, Hyperion-sized pages (measured here): @json-editor/json-editor ${jeVersion} dist/jsoneditor.js, one of`,
  `\n   the scripts Hyperion.ng's UI loads: ${je.raw} B raw, ${je.gzip} B gzip -9 (${kb(je.gzip)} KB), ${jeBr} B brotli 11 (${kb(jeBr)} KB).`,
  "\n   Quoted from the issue: Hyperion.ng's whole UI, 416 KB gzipped (1.7 MB raw) of jQuery, Bootstrap, json-editor…",
);
console.log(
  `   ${'Glowkit first load'.padEnd(30)} ${'KB'.padStart(6)}   ${'÷ json-editor'.padStart(13)}   ${'÷ 416 KB'.padStart(8)}   target ≤ ${kb(TARGET)} KB (1/5 of 416 KB)`,
);
const firstLoadRow = (name, bytes, jeBytes) => {
  console.log(
    `   ${name.padEnd(30)} ${kb(bytes).padStart(6)}   ${ratio(bytes / jeBytes).padStart(13)}   ${ratio(bytes / HYPERION_GZ).padStart(8)}   ${bytes <= TARGET ? 'met' : 'MISSED'}`,
  );
};
firstLoadRow(`as sent (${encodings})`, wireTotal, jeBr);
firstLoadRow('gzip -9 (like for like)', gzipTotal, je.gzip);
console.log(
  `   (÷ json-editor compares like with like: as sent against json-editor in brotli 11, gzip against gzip.)`,
);

const { none: baseline, raf: inRaf, task: inTask } = live.sides;
const perSecond = (side, n) => (n / side.elapsed) * 1000;
/** Main-thread time a side spent beyond the baseline's rate, per frame drawn. */
const ownTask = (side) =>
  (side.task - (baseline.task / baseline.elapsed) * side.elapsed) / side.drawn;
const FRAME_MS = 1000 / 60;
say(
  `\n2. Live picture: ${LEDS} LEDs (a frame around a 16:9 screen), ${live.canvas.join('×')} canvas pixels, new colours made at every`,
  `\n   animation frame for ${SECONDS} s per side. Baseline: the same loop making the colours, drawing nothing. "in rAF":`,
  '\n   draw() inside the frame callback that made them (as asked); "as a task": draw() from a message event posted by',
  `\n   that callback, arriving between frames as the WebSocket's messages do. performance.now() resolution: ${live.isolated ? '5 µs (cross-origin isolated)' : '100 µs'}.`,
);
console.log(
  `   ${'side'.padEnd(12)} ${'rAF/s'.padStart(6)} ${'drawn/s'.padStart(8)}  ${'JS per drawn frame ms'.padStart(21)}  ${'make colours'.padStart(12)}  ${'TaskDuration ms'.padStart(15)} ${'over baseline'.padStart(13)}`,
);
console.log(
  `   ${''.padEnd(12)} ${''.padStart(6)} ${''.padStart(8)}  ${'median'.padStart(10)} ${'p90'.padStart(10)}  ${'median ms'.padStart(12)}  ${'per frame'.padStart(15)} ${'per frame'.padStart(13)}`,
);
for (const [name, side] of [
  ['baseline', baseline],
  ['in rAF', inRaf],
  ['as a task', inTask],
]) {
  const frames = side === baseline ? side.ticks : side.drawn;
  const js =
    side === baseline ? ['', ''] : [ms(median(side.painted)), ms(percentile(side.painted, 0.9))];
  console.log(
    `   ${name.padEnd(12)} ${perSecond(side, side.ticks).toFixed(1).padStart(6)} ${perSecond(side, side.drawn).toFixed(1).padStart(8)}  ${js[0].padStart(10)} ${js[1].padStart(10)}  ${ms(median(side.generate)).padStart(12)}  ${ms(side.task / frames).padStart(15)} ${(side === baseline ? '' : ms(ownTask(side))).padStart(13)}`,
  );
}
say(
  '   "JS per drawn frame": in each frame the picture was painted, the draw() calls plus its requestAnimationFrame',
  "\n   paint; TaskDuration: all of Chromium's main-thread work (JS, style, layout, the canvas's raster, the commit),",
  '\n   per frame drawn (per loop frame for the baseline); "over baseline": minus the baseline\'s rate over the same time.',
  `\n   The picture's own main-thread time: ${ms(ownTask(inTask))} ms per frame fed as a task (${((ownTask(inTask) / FRAME_MS) * 100).toFixed(1)} % of a 60 Hz frame), ${ms(ownTask(inRaf))} ms fed in rAF.`,
);
if (perSecond(inRaf, inRaf.drawn) < 0.9 * perSecond(inRaf, inRaf.ticks)) {
  say(
    '   Fed in rAF, the picture draws one frame in two: draw() called inside a frame callback asks for the next frame,',
    "\n   and the next colours, given in that frame's callback before the element's own runs, are coalesced into it.",
  );
}
say(
  '   (Headless Chromium, --disable-gpu: a software canvas; rAF/s is the rate the browser gave the loop.)',
);

const drawnRate = perSecond(inTask, inTask.drawn);
const drawnRateRaf = perSecond(inRaf, inRaf.drawn);
// Every frame the browser gave the loop drawn (a machine this busy may give fewer than 60).
const verdict = (side, rate) =>
  rate >= 0.99 * perSecond(side, side.ticks) ? 'met: every frame' : 'MISSED';
const verdicts = [
  `first load ${kb(wireTotal)} KB as sent (${encodings}), ${kb(gzipTotal)} KB gzip -9, ${last.responses.length} requests: ${ratio(gzipTotal / HYPERION_GZ)} of Hyperion.ng's 416 KB gzipped (target ≤ ${kb(TARGET)} KB: ${Math.max(wireTotal, gzipTotal) <= TARGET ? 'met' : 'MISSED'})`,
  `first live frame ${ms(median(loads.map((l) => l.times.firstLive)))} ms after navigation start (median of ${RUNS})`,
  `live picture of ${LEDS} LEDs at 60 Hz: ${drawnRate.toFixed(1)} frames drawn/s fed as a task (target: every frame of the loop, ${verdict(inTask, drawnRate)}), ${drawnRateRaf.toFixed(1)}/s fed in rAF (${verdict(inRaf, drawnRateRaf)}); ${ms(median(inTask.painted))} ms JS median, ${ms(percentile(inTask.painted, 0.9))} ms p90 per drawn frame, ${ms(ownTask(inTask))} ms main-thread TaskDuration per frame over the baseline`,
];
console.log(
  `\nSummary: ${verdicts.join('; ')}. (${((performance.now() - started) / 1000).toFixed(0)} s)`,
);
