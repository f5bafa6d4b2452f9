/**
 * A stand-in for the server: starts one effect and waits to be killed. Run by
 * effect-confinement.test.ts as `node --import tsx effect-server.ts <script.py> <python>`, which
 * kills it with SIGKILL to check that nothing the effect started outlives it.
 *
 * Prints `{"started":true,"pid":n}` once the effect runs, then each line the script prints.
 */
import { EffectProcess } from '../../src/effects/effect-process.js';

const [script, python] = process.argv.slice(2);
if (script === undefined) throw new Error('usage: effect-server.ts <script.py> [python]');

const say = (line: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(line)}\n`);

const effect = new EffectProcess({
  name: 'Orphans',
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
  ...(python ? { python } : {}),
});
effect.on('log', (_level, line) => say({ line }));
await effect.start();
say({ started: true, pid: effect.pid });
setInterval(() => {}, 60_000);
