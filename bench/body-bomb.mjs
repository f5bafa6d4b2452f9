// Benchmark: what a decompression bomb costs the server. Without a token, a client POSTs to
// /json-rpc a 1 MB gzip body that inflates to 1 GiB of zeros, a brotli body that inflates to
// 1 GiB, and then four gzip bombs at once; the baseline is a plain 1 MB body (read, refused for
// want of a token). The server runs in a child process (bench/support/server-child.mjs) with its
// default 10 MB body limit, and its CPU time (user + system, every thread) is read before each
// request and after its reply (plus a moment for work still queued). Prints, per case, the
// status, the server's CPU ms, the time to the reply, and the ratio of CPU to the baseline's.
// It asserts nothing.
//
// Flags: --server <dist/index.js> runs another build (e.g. the landed revision's, built into a
// folder of its own) to compare revisions; --runs N repeats each case (default 3; medians shown).
import { request } from 'node:http';
import { parseArgs } from 'node:util';
import { constants, createBrotliCompress, gzipSync } from 'node:zlib';
import { DEFAULT_SERVER, startServerChild } from './support/server-child.mjs';
import { median } from './support/stats.mjs';

const { values: flags } = parseArgs({
  options: { server: { type: 'string' }, runs: { type: 'string', default: '3' } },
});
const RUNS = Math.max(1, Number.parseInt(flags.runs, 10) || 3);
const GiB = 1024 * 1024 * 1024;
const ZEROS = Buffer.alloc(64 * 1024 * 1024);

/** 1 GiB of zeros as gzip: one 64 MB member, repeated (gunzip reads concatenated members). */
function gzipBomb() {
  const member = gzipSync(ZEROS, { level: 9 });
  return Buffer.concat(Array.from({ length: GiB / ZEROS.length }, () => member));
}

/** 1 GiB of zeros as one brotli stream. */
async function brotliBomb() {
  const compressor = createBrotliCompress({
    params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: GiB },
  });
  const chunks = [];
  compressor.on('data', (c) => chunks.push(c));
  const done = new Promise((resolve) => compressor.on('end', resolve));
  for (let i = 0; i < GiB / ZEROS.length; i++) {
    if (!compressor.write(ZEROS)) await new Promise((r) => compressor.once('drain', r));
  }
  compressor.end();
  await done;
  return Buffer.concat(chunks);
}

/** POSTs a body; resolves with the status, or the error when the server closed first. */
function postBody(port, body, encoding) {
  return new Promise((resolve) => {
    const headers = { 'Content-Length': body.length };
    if (encoding) headers['Content-Encoding'] = encoding;
    const req = request(
      { host: '127.0.0.1', port, path: '/json-rpc', method: 'POST', agent: false, headers },
      (res) => {
        res.resume();
        res.on('end', () => resolve(String(res.statusCode)));
      },
    );
    // A server that answers and closes before the whole body is sent may reset the connection.
    req.on('error', (error) => resolve(error.code ?? error.message));
    req.end(body);
  });
}

const plain = Buffer.from(`{"command":"serverinfo","pad":"${'x'.repeat(1024 * 1024 - 40)}"}`);
const gzip = gzipBomb();
const brotli = await brotliBomb();
const server = await startServerChild(flags.server ?? DEFAULT_SERVER);
console.log(
  `server: ${flags.server ?? DEFAULT_SERVER}\n` +
    `bodies: plain ${(plain.length / 1e6).toFixed(2)} MB, gzip ${(gzip.length / 1e6).toFixed(2)} MB, ` +
    `br ${(brotli.length / 1e3).toFixed(1)} KB (each bomb inflates to 1 GiB)`,
);

const cases = [
  ['plain 1 MB (baseline)', () => postBody(server.http, plain)],
  ['gzip bomb', () => postBody(server.http, gzip, 'gzip')],
  ['brotli bomb', () => postBody(server.http, brotli, 'br')],
  [
    '4 gzip bombs at once',
    async () =>
      (await Promise.all([1, 2, 3, 4].map(() => postBody(server.http, gzip, 'gzip')))).join(' '),
  ],
];
let baseline;
try {
  for (const [name, send] of cases) {
    const cpu = [];
    const wall = [];
    let status = '';
    for (let run = 0; run < RUNS; run++) {
      const before = await server.cpuMs();
      const started = performance.now();
      status = await send();
      wall.push(performance.now() - started);
      // Work the server still does after its reply (a decompressor finishing a chunk) counts.
      await new Promise((r) => setTimeout(r, 200));
      cpu.push((await server.cpuMs()) - before);
    }
    const cpuMs = median(cpu);
    baseline ??= cpuMs;
    console.log(
      `${name.padEnd(24)} status ${status.padEnd(16)} server CPU ${cpuMs.toFixed(0).padStart(6)} ms ` +
        `reply after ${median(wall).toFixed(0).padStart(6)} ms  CPU ×${(cpuMs / baseline).toFixed(1)} of baseline`,
    );
  }
} finally {
  await server.stop();
}
