/**
 * Starts an effect in a process that has run out of file descriptors, then again once it has
 * some back, and prints each outcome as one JSON line. Run by effect-spawn-failures.test.ts as
 * `prlimit --nofile=N:N node --import tsx effect-without-fds.ts <script.py>`: a process with a
 * low limit, so that filling it takes a bounded number of opens.
 *
 * Lines: `{"step":"exhausted","open":n}`, `{"step":"without-fds","ok":false,"message":…}`,
 * `{"step":"with-fds","ok":true,…}`, `{"step":"done"}`. A crash (an unhandled 'error' event)
 * ends the process before "done", with its stack on stderr.
 */
import { closeSync, openSync } from 'node:fs';
import { EffectProcess, EffectStartError } from '../../src/effects/effect-process.js';

/** Far more than any limit the test sets: the loop ends at EMFILE long before. */
const MAX_OPENS = 100_000;

const script = process.argv[2];
if (script === undefined) throw new Error('usage: effect-without-fds.ts <script.py>');

const say = (line: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(line)}\n`);

const options = {
  name: 'Starved',
  script,
  args: {},
  ledCount: 1,
  latchTime: 0,
  width: 1,
  height: 1,
  durationMs: -1,
  resourceDirs: [],
  createCanvas: () => ({ apply: () => [], getPixel: () => [0, 0, 0] as [number, number, number] }),
  loadImage: async () => [],
  limits: { startTimeoutMs: 200 },
};

async function attempt(step: string): Promise<EffectProcess | undefined> {
  try {
    const effect = new EffectProcess(options);
    await effect.start();
    say({ step, ok: true, pid: effect.pid });
    return effect;
  } catch (error) {
    say({
      step,
      ok: false,
      startError: error instanceof EffectStartError,
      reason: error instanceof EffectStartError ? error.exit.reason : undefined,
      message: (error as Error).message,
    });
    return undefined;
  }
}

const fillers: number[] = [];
let code = '';
for (let i = 0; i < MAX_OPENS; i++) {
  try {
    fillers.push(openSync('/dev/null', 'r'));
  } catch (error) {
    code = (error as NodeJS.ErrnoException).code ?? String(error);
    break;
  }
}
say({ step: 'exhausted', open: fillers.length, code });

await attempt('without-fds');
for (const fd of fillers.splice(0)) closeSync(fd);
const effect = await attempt('with-fds');
if (effect) say({ step: 'stopped', reason: (await effect.stop()).reason });
say({ step: 'done' });
