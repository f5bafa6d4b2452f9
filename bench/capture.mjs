// Benchmark: what screen capture costs (issue 22 §4), against the built server (apps/server/dist)
// in a child process. An Xvfb of our own (1280×720) shows a picture; the screen grabber captures it
// at 25 frames/s, decimated by 2 to 640×360, for 300 LEDs on a `udpddp` device (smoothing off).
//
// Rows, each S seconds, in one run, the baseline before and after Glowkit's (the machine's load
// drifts; their mean is the baseline):
// - ffmpeg alone: the same ffmpeg command line the grabber runs (the server's own `ffmpegArgs` and
//   `screenInput`), writing its frames to /dev/null;
// - Glowkit: the server child's CPU plus its ffmpeg child's, with the frames it showed.
// CPU is user + system time: the server's from process.cpuUsage(), ffmpeg's from /proc/<pid>/stat.
// Hyperion.ng's figure on this machine: its effect engine at 1.5 % of a core.
//
// Flags: --seconds S (per row, default 30), --settle S (the fresh server's wait, default 20).
// It asserts nothing.
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { glowkit, ledReceiver, serverInfo, sleep } from './support/picture-bench.mjs';
import { paint, startXvfb } from './support/xvfb.mjs';

const { values: flags } = parseArgs({
  options: {
    seconds: { type: 'string', default: '30' },
    settle: { type: 'string', default: '20' },
  },
});
const SECONDS = Number(flags.seconds);
const [SCREEN_W, SCREEN_H] = [1280, 720];
const FPS = 25;
const DECIMATION = 2;
const LEDS = 300;
const TICK_MS = 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));

const dist = new URL('../apps/server/dist/capture/', import.meta.url);
const { ffmpegArgs } = await import(new URL('ffmpeg-child.js', dist).href);
const { screenInput, screenSource } = await import(new URL('screen-grabber.js', dist).href);

/** CPU time of process `pid` so far (user + system), ms; 0 once it is gone. */
function procCpuMs(pid) {
  try {
    // The command name may hold spaces: the fields after its closing parenthesis.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** The children of `pid` (every thread's). */
function childrenOf(pid) {
  const tasks = readdirSync(`/proc/${pid}/task`);
  return tasks.flatMap((task) =>
    readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8')
      .split(' ')
      .filter(Boolean)
      .map(Number),
  );
}

const settings = (display) => ({
  enable: true,
  device: 'x11',
  display,
  input: 0,
  width: 80,
  height: 45,
  fps: FPS,
  pixelDecimation: DECIMATION,
  cropLeft: 0,
  cropRight: 0,
  cropTop: 0,
  cropBottom: 0,
});

/** ffmpeg alone for SECONDS, with the grabber's command line, to /dev/null: CPU ms and frames. */
async function ffmpegAlone(display) {
  const source = screenSource(settings(display));
  if (!source.ok) throw new Error(source.line);
  const input = screenInput(source.source, settings(display), {
    width: SCREEN_W,
    height: SCREEN_H,
  });
  if (!input.ok) throw new Error(input.line);
  const args = ffmpegArgs(input.input);
  args[args.length - 1] = '/dev/null';
  const ffmpeg = spawn('ffmpeg', ['-y', ...args], { stdio: 'ignore' });
  await sleep(2000);
  const cpu0 = procCpuMs(ffmpeg.pid);
  await sleep(SECONDS * 1000);
  const cpuMs = procCpuMs(ffmpeg.pid) - cpu0;
  ffmpeg.kill();
  await once(ffmpeg, 'exit');
  return { cpuMs, frames: SECONDS * FPS, args };
}

const xvfb = await startXvfb(SCREEN_W, SCREEN_H);
const receiver = await ledReceiver();
try {
  await paint(xvfb.display, [200, 120, 40]);
  const before = await ffmpegAlone(xvfb.display);
  const server = await glowkit(LEDS, receiver.port, {
    globalSettings: { framegrabber: settings(xvfb.display) },
    instanceSettings: { instCapture: { systemEnable: true, systemPriority: 150 } },
    probe: null,
  });
  let glowkitRow;
  try {
    await sleep(Number(flags.settle) * 1000);
    const [ffmpegPid] = childrenOf(server.pid).filter((pid) =>
      readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('ffmpeg'),
    );
    if (ffmpegPid === undefined) throw new Error('the server runs no ffmpeg: is the grabber on?');
    const shown0 = (await serverInfo(server)).grabbers?.screen?.status?.framesShown ?? 0;
    const [server0, ffmpeg0, writes0] = [
      await server.cpuMs(),
      procCpuMs(ffmpegPid),
      receiver.frames,
    ];
    await sleep(SECONDS * 1000);
    const status = (await serverInfo(server)).grabbers?.screen?.status;
    glowkitRow = {
      serverMs: (await server.cpuMs()) - server0,
      ffmpegMs: procCpuMs(ffmpegPid) - ffmpeg0,
      shown: (status?.framesShown ?? 0) - shown0,
      writes: receiver.frames - writes0,
      size: status ? `${status.width}×${status.height}` : '?',
    };
  } finally {
    await server.stop();
  }
  const after = await ffmpegAlone(xvfb.display);
  const base = (before.cpuMs + after.cpuMs) / 2;
  const frames = SECONDS * FPS;
  const pct = (ms) => `${((ms / (SECONDS * 1000)) * 100).toFixed(2)} %`;
  const per = (ms, n) => (n > 0 ? (ms / n).toFixed(3) : '—');
  console.log(
    `Screen capture: Xvfb ${SCREEN_W}×${SCREEN_H} → ${SCREEN_W / DECIMATION}×${SCREEN_H / DECIMATION} at ${FPS} frames/s, ${LEDS} LEDs (udpddp, smoothing off), ${SECONDS} s a row`,
  );
  console.log(`   ffmpeg: ${before.args.join(' ')}`);
  console.log('   row                                   CPU, % of a core   ms per frame');
  console.log(
    `   ffmpeg alone to /dev/null (baseline)   ${pct(base).padStart(16)}   ${per(base, frames).padStart(12)}   (before ${pct(before.cpuMs)}, after ${pct(after.cpuMs)})`,
  );
  const { serverMs, ffmpegMs, shown, writes, size } = glowkitRow;
  console.log(
    `   Glowkit: its ffmpeg                    ${pct(ffmpegMs).padStart(16)}   ${per(ffmpegMs, shown).padStart(12)}`,
  );
  console.log(
    `   Glowkit: the server                    ${pct(serverMs).padStart(16)}   ${per(serverMs, shown).padStart(12)}`,
  );
  console.log(
    `   Glowkit: both                          ${pct(serverMs + ffmpegMs).padStart(16)}   ${per(serverMs + ffmpegMs, shown).padStart(12)}   (${((serverMs + ffmpegMs) / base || 0).toFixed(2)}× ffmpeg alone)`,
  );
  console.log(
    `   frames shown ${shown} (${(shown / SECONDS).toFixed(1)}/s) at ${size}, device writes ${writes}; Hyperion.ng's effect engine on this machine: 1.5 % of a core`,
  );
} finally {
  receiver.close();
  await xvfb.stop();
}
