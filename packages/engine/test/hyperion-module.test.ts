/**
 * Glowkit's `hyperion` module, call by call, in real python3 children: what each call returns or
 * raises in the script, and what it sends to the engine (frames, DRAW operations decoded here
 * with a reader of this file's own, requests answered by a small canvas over a fixed buffer).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EffectCanvas } from '../src/canvas/effect-canvas.js';
import { encodeInit } from '../src/effects/effect-pipe.js';
import {
  type EffectExit,
  type EffectFrame,
  EffectProcess,
  type EffectProcessOptions,
} from '../src/effects/effect-process.js';
import type { RgbImage } from '../src/types.js';

let dir: string;
let count = 0;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'glowkit-hyperion-module-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Scripts report one JSON value a line; errors come back as [type, message]. */
const PREAMBLE = `import hyperion, json, sys, time
def report(value):
    print('RESULT ' + json.dumps(value))
def error(call, *arguments):
    try:
        call(*arguments)
    except Exception as e:
        return [type(e).__name__, str(e)]
    return None
`;

interface Op {
  op: number;
  numbers: number[];
  bytes: number[];
}

/** This test's own reader of a DRAW batch (PIPE.md: op u8, n u8, n f64, m u32, m bytes). */
function decodeBatch(batch: Uint8Array): Op[] {
  const view = new DataView(batch.buffer, batch.byteOffset, batch.byteLength);
  const ops: Op[] = [];
  let at = 0;
  while (at < batch.length) {
    const op = view.getUint8(at);
    const n = view.getUint8(at + 1);
    at += 2;
    const numbers: number[] = [];
    for (let i = 0; i < n; i++, at += 8) numbers.push(view.getFloat64(at, true));
    const m = view.getUint32(at, true);
    at += 4;
    ops.push({ op, numbers, bytes: [...batch.subarray(at, at + m)] });
    at += m;
  }
  return ops;
}

/** A canvas that records what it is sent; pixels come from a fixed buffer: (10x + y, 100 + x, 200 + y). */
function recordingCanvas(width: number, height: number) {
  const pixels = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) pixels.set([10 * x + y, 100 + x, 200 + y], (y * width + x) * 3);
  }
  const record = { batches: [] as Uint8Array[], ops: [] as Op[], opsAtGetPixel: [] as number[] };
  const canvas = {
    apply(batch: Uint8Array): RgbImage[] {
      record.batches.push(batch.slice());
      const ops = decodeBatch(batch);
      record.ops.push(...ops);
      return ops.filter((o) => o.op === 19).map(() => ({ width, height, data: pixels.slice() }));
    },
    getPixel(x: number, y: number): [number, number, number] {
      record.opsAtGetPixel.push(record.ops.length);
      const i = (y * width + x) * 3;
      return [pixels[i] ?? 0, pixels[i + 1] ?? 0, pixels[i + 2] ?? 0];
    },
  };
  return { canvas, record };
}

interface Run {
  exit: EffectExit;
  frames: EffectFrame[];
  results: unknown[];
  logs: string[];
  ops: Op[];
  batches: Uint8Array[];
  opsAtGetPixel: number[];
  imageRequests: unknown[];
}

async function run(
  body: string,
  more: Partial<EffectProcessOptions> & { stopAfterMs?: number; folder?: string } = {},
): Promise<Run> {
  const path = join(more.folder ?? dir, `script${++count}.py`);
  await writeFile(path, PREAMBLE + body);
  const width = more.width ?? 8;
  const height = more.height ?? 4;
  const { canvas, record } = recordingCanvas(width, height);
  const imageRequests: unknown[] = [];
  const options: EffectProcessOptions = {
    name: 'Module',
    script: path,
    args: {},
    ledCount: 4,
    latchTime: 0,
    width,
    height,
    durationMs: -1,
    resourceDirs: ['/res/a', '/res/b'],
    createCanvas: (w, h) => {
      expect([w, h]).toEqual([width, height]);
      return canvas;
    },
    loadImage: async (request) => {
      imageRequests.push(request);
      return [
        { width: 2, height: 1, data: Uint8Array.of(1, 2, 3, 4, 5, 6) },
        { width: 1, height: 1, data: Uint8Array.of(7, 8, 9) },
      ];
    },
    ...more,
    limits: { startTimeoutMs: 200, ...more.limits },
  };
  const effect = new EffectProcess(options);
  const frames: EffectFrame[] = [];
  const logs: string[] = [];
  effect.on('frame', (frame) => frames.push(frame));
  effect.on('log', (level, line) => logs.push(`${level}: ${line}`));
  const exited = new Promise<EffectExit>((resolve) => effect.once('exit', resolve));
  await effect.start();
  if (more.stopAfterMs !== undefined) {
    await new Promise((resolve) => setTimeout(resolve, more.stopAfterMs));
    await effect.stop();
  }
  const exit = await exited;
  const results = logs
    .filter((l) => l.startsWith('info: RESULT '))
    .map((l) => JSON.parse(l.slice('info: RESULT '.length)));
  return { exit, frames, results, logs, ...record, imageRequests };
}

function colors(frame: EffectFrame | undefined): number[] {
  return frame?.kind === 'colors' ? [...frame.colors] : [];
}

describe('hyperion module: attributes', () => {
  it('sets ledCount, latchTime and args, whole JSON numbers as int as in Hyperion.ng', async () => {
    const { results, exit } = await run(
      'report([hyperion.ledCount, hyperion.latchTime, hyperion.lowestUpdateInterval(),\n' +
        '        {k: [type(v).__name__, repr(v)] for k, v in sorted(hyperion.args.items())}])\n',
      {
        ledCount: 7,
        latchTime: 25,
        args: {
          int: 3,
          big: 1e21,
          frac: 2.5,
          flag: true,
          none: null,
          list: [1, 'x', 2.5],
          obj: { deep: 4 },
        },
      },
    );
    expect(exit.reason).toBe('finished');
    expect(results).toEqual([
      [
        7,
        25,
        0.005,
        {
          big: ['int', '1000000000000000000000'],
          flag: ['bool', 'True'],
          frac: ['float', '2.5'],
          int: ['int', '3'],
          list: ['list', "[1, 'x', 2.5]"],
          none: ['NoneType', 'None'],
          obj: ['dict', "{'deep': 4}"],
        },
      ],
    ]);
  });
});

describe('hyperion module: the script and its folder', () => {
  it('imports the standard library even when the folder holds effects named like its modules', async () => {
    // Hyperion.ng's effects folder holds a `random.py` effect beside the scripts that
    // `import random`; ng runs a script from a string, with no folder on sys.path.
    const folder = join(dir, 'effects-folder');
    await mkdir(folder, { recursive: true });
    for (const name of ['random', 'colorsys', 'math', 'time']) {
      await writeFile(
        join(folder, `${name}.py`),
        `raise RuntimeError('the ${name}.py effect was imported')\n`,
      );
    }
    await writeFile(join(folder, 'my_helper.py'), 'LEVEL = 7\n');
    const { results, exit } = await run(
      'import os, random, colorsys, math, my_helper\n' +
        'report([random.randrange(1, 2), colorsys.hsv_to_rgb(0, 0, 1), math.floor(2.5),\n' +
        '        my_helper.LEVEL, os.path.dirname(random.__file__) == os.path.dirname(os.__file__)])\n',
      { folder },
    );
    expect(exit.message).toBe("Effect 'Module' finished");
    expect(results).toEqual([[1, [1, 1, 1], 2, 7, true]]);
  });
});

describe('hyperion module: LEDs', () => {
  it('setColor(r, g, b) sends every LED that colour', async () => {
    const { frames } = await run('hyperion.setColor(10, 20, 30)\n');
    expect(frames.map(colors)).toEqual([[10, 20, 30, 10, 20, 30, 10, 20, 30, 10, 20, 30]]);
  });

  it('setColor(bytearray) sends the bytes as they are', async () => {
    const { frames } = await run('hyperion.setColor(bytearray(range(1, 13)))\n');
    expect(frames.map(colors)).toEqual([[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]]);
  });

  it('setColor raises Hyperion.ng’s errors and sends nothing for a bad call', async () => {
    const { results, frames } = await run(
      `report([
    error(hyperion.setColor, bytearray(5)),
    error(hyperion.setColor, bytes(12)),
    error(hyperion.setColor, 1, 2),
    error(hyperion.setColor, 1, 2, 300),
    error(hyperion.setColor, -1, 2, 3),
    error(hyperion.setColor, 1.5, 2, 3),
    error(hyperion.setColor, True, 0, 2),
])
`,
    );
    expect(results).toEqual([
      [
        ['RuntimeError', 'Length of bytearray argument should be 3*ledCount'],
        ['RuntimeError', 'Argument is not a bytearray'],
        ['RuntimeError', 'Function expect 1 or 3 arguments'],
        ['OverflowError', 'unsigned byte integer is greater than maximum'],
        ['OverflowError', 'unsigned byte integer is less than minimum'],
        ['TypeError', "'float' object cannot be interpreted as an integer"],
        null,
      ],
    ]);
    expect(frames.map(colors)).toEqual([[1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 0, 2]]);
  });

  it('setImage sends a picture, and raises Hyperion.ng’s errors', async () => {
    const { results, frames } = await run(
      `hyperion.setImage(2, 1, bytearray([1, 2, 3, 4, 5, 6]))
report([
    error(hyperion.setImage, 2, 2, bytearray(6)),
    error(hyperion.setImage, 2, 1, bytes(6)),
    error(hyperion.setImage, 2, 1),
])
`,
    );
    expect(frames).toEqual([
      { kind: 'image', image: { width: 2, height: 1, data: Uint8Array.of(1, 2, 3, 4, 5, 6) } },
    ]);
    expect(results).toEqual([
      [
        ['RuntimeError', 'Length of bytearray argument should be 3*width*height'],
        ['RuntimeError', 'Argument 3 is not a bytearray'],
        ['TypeError', 'function takes exactly 3 arguments (2 given)'],
      ],
    ]);
  });
});

describe('hyperion module: abort()', () => {
  it('returns 0 while running and 1 once the engine asks the effect to stop', async () => {
    const { results, exit } = await run(
      `report(hyperion.abort())
hyperion.setColor(0, 0, 0)
while not hyperion.abort():
    time.sleep(0.005)
report(hyperion.abort())
`,
      { stopAfterMs: 150 },
    );
    expect(exit.reason).toBe('stopped');
    expect(results).toEqual([0, 1]);
  });

  it('returns 1 once durationMs has passed since the start', async () => {
    // Timed from the module's own start (its deadline less the duration), not from the script's
    // first line: on a loaded machine the script's imports alone can take a good part of it.
    const { results } = await run(
      `first = hyperion.abort()
while not hyperion.abort():
    time.sleep(0.005)
report([first, time.monotonic() - (hyperion._deadline - 1.0)])
`,
      { durationMs: 1000 },
    );
    const [first, elapsed] = results[0] as [number, number];
    expect(first).toBe(0);
    expect(elapsed).toBeGreaterThanOrEqual(1);
    // Not minutes later (a unit slip); how late exactly depends on how late a loaded machine
    // runs the 5 ms sleeps.
    expect(elapsed).toBeLessThan(10);
  });

  it('returns 1 when stdin ends (the engine is gone), so the script ends by itself', async () => {
    const path = join(dir, 'orphan.py');
    await writeFile(
      path,
      `${PREAMBLE}while not hyperion.abort():\n    time.sleep(0.005)\nprint('ended')\n`,
    );
    const runner = fileURLToPath(new URL('../python/glowkit_effect.py', import.meta.url));
    const child = spawn('python3', ['-I', '-S', '-u', '-B', runner], {
      stdio: ['pipe', 'pipe', 'inherit', 'pipe'],
    });
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.stdin?.write(
      encodeInit({
        name: 'Orphan',
        script: path,
        ledCount: 1,
        latchTime: 0,
        args: {},
        width: 1,
        height: 1,
        durationMs: -1,
        imageData: null,
        resourceDirs: [],
      }),
    );
    setTimeout(() => child.stdin?.end(), 100);
    const [code] = await once(child, 'close');
    expect([code, out]).toEqual([0, 'ended\n']);
  });

  it('returns 1 at once for a duration of 0, which has expired already (as Hyperion.ng)', async () => {
    const { results } = await run('report(hyperion.abort())\n', { durationMs: 0 });
    expect(results).toEqual([1]);
  });
});

describe('hyperion module: canvas size and image stack', () => {
  it('imageMinSize enlarges as Qt’s KeepAspectRatioByExpanding, and only when needed', async () => {
    const { results, ops } = await run(
      `report([
    [hyperion.imageWidth(), hyperion.imageHeight()],
    hyperion.imageMinSize(160, 160),
    [hyperion.imageWidth(), hyperion.imageHeight()],
    hyperion.imageMinSize(10, 10),
    error(hyperion.imageMinSize, 5000, 1),
    error(hyperion.imageMinSize, 1),
])
hyperion.imageShow()
`,
      { width: 80, height: 45 },
    );
    // 160 · 80 / 45 = 284.4 → 284 wide covers 160; the height is the 160 asked for.
    expect(results).toEqual([
      [
        [80, 45],
        [284, 160],
        [284, 160],
        [284, 160],
        [
          'RuntimeError',
          'imageMinSize(5000, 1) needs a 5000×2816 canvas, more than the largest, 4096×4096; ask for a smaller size',
        ],
        ['TypeError', 'Invalid argument count or type.'],
      ],
    ]);
    expect(ops).toEqual([
      { op: 18, numbers: [284, 160], bytes: [] },
      { op: 19, numbers: [-1], bytes: [] },
    ]);
  });

  it('imageMinSize widens by the width when the height alone does not cover it', async () => {
    // 10×40 to cover 30×50: by height 50 · 10 / 40 = 12 < 30, so 30 wide and 30 · 40 / 10 = 120 high.
    const { results } = await run('report(hyperion.imageMinSize(30, 50))\n', {
      width: 10,
      height: 40,
    });
    expect(results).toEqual([[30, 120]]);
  });

  it('imageSave returns stack indices, imageShow checks them, imageStackClear starts over', async () => {
    const { results, ops, frames } = await run(
      `saved = [hyperion.imageSave(), hyperion.imageSave(), hyperion.imageSave()]
hyperion.imageShow(2)
failed = error(hyperion.imageShow, 3)
hyperion.imageStackClear()
again = hyperion.imageSave()
report([saved, failed, again, error(hyperion.imageShow, 1)])
hyperion.imageShow(-5)
`,
    );
    expect(results).toEqual([
      [
        [0, 1, 2],
        ['IndexError', 'Image id out of range.'],
        0,
        ['IndexError', 'Image id out of range.'],
      ],
    ]);
    expect(ops.map((o) => [o.op, ...o.numbers])).toEqual([
      [16],
      [16],
      [16],
      [19, 2],
      [17],
      [16],
      [19, -1],
    ]);
    expect(frames.map((f) => f.kind)).toEqual(['image', 'image']);
  });
});

describe('hyperion module: drawing operations', () => {
  it('sends each drawing call as the DRAW operation of PIPE.md, every optional number filled in', async () => {
    const { ops, batches, frames, exit } = await run(
      `g5 = bytearray([0, 255, 0, 0, 255, 255, 0, 0, 255, 128])
g4 = bytearray([0, 1, 2, 3, 255, 4, 5, 6])
poly = bytearray([0, 0, 7, 0, 3, 3])
hyperion.imageSolidFill(1, 2, 3)
hyperion.imageSolidFill(1, 2, 3, 4)
hyperion.imageSolidFill(1, 1, 2, 2, 10, 20, 30)
hyperion.imageSolidFill(1, 1, 2, 2, 10, 20, 300, -4)
hyperion.imageLinearGradient(0, 0, 7, 3, g5, 1)
hyperion.imageLinearGradient(1, 1, 4, 2, 0, 0, 3, 1, g5, 9)
hyperion.imageConicalGradient(4, 2, 400, g5)
hyperion.imageConicalGradient(0, 0, 8, 4, 4, 2, -10, g5)
hyperion.imageRadialGradient(4, 2, 3, g4, 2)
hyperion.imageRadialGradient(0, 0, 8, 4, 4, 2, -3, g4, 0)
hyperion.imageRadialGradient(4, 2, 3, 1, 1, 2, g4, 1)
hyperion.imageRadialGradient(1, 1, 6, 2, 4, 2, 3, 1, 1, 2, g4, 1)
hyperion.imageDrawLine(0, 0, 7, 3, 2, 255, 0, 0)
hyperion.imageDrawLine(0, 3, 7, 0, 1, 0, 255, 0, 128)
hyperion.imageDrawPoint(3, 1, 2, 1, 2, 3)
hyperion.imageDrawPoint(3, 1, 2, 1, 2, 3, 4)
hyperion.imageDrawRect(1, 1, 5, 2, 1, 9, 8, 7)
hyperion.imageDrawRect(1, 1, 5, 2, 1, 9, 8, 7, 6)
hyperion.imageDrawPolygon(poly, 1, 2, 3)
hyperion.imageDrawPolygon(poly, 1, 2, 3, 4)
hyperion.imageDrawPie(4, 2, 2, 90, 180, 1, 2, 3)
hyperion.imageDrawPie(4, 2, 2, 400, -500, 1, 2, 3, 4)
hyperion.imageDrawPie(4, 2, 2, 'Sweep', g5)
hyperion.imageDrawPie(4, 2, 2, 45, 90, 'Sweep', g5)
hyperion.imageSetPixel(1, 2, 3, 4, 5)
hyperion.imageCRotate(45)
hyperion.imageCRotate(-5)
hyperion.imageCRotate(999)
hyperion.imageCOffset(2, -1)
hyperion.imageCOffset(1)
hyperion.imageCShear(1, 0)
hyperion.imageResetT()
hyperion.imageShow()
`,
    );
    expect(exit.reason).toBe('finished');
    const g5 = [0, 255, 0, 0, 255, 255, 0, 0, 255, 128];
    const g4 = [0, 1, 2, 3, 255, 4, 5, 6];
    const poly = [0, 0, 7, 0, 3, 3];
    const expected: [number, number[], number[]?][] = [
      [1, [0, 0, 8, 4, 1, 2, 3, 255]],
      [1, [0, 0, 8, 4, 1, 2, 3, 4]],
      [1, [1, 1, 2, 2, 10, 20, 30, 255]],
      [1, [1, 1, 2, 2, 10, 20, 255, 0]],
      [2, [0, 0, 8, 4, 0, 0, 7, 3, 1], g5],
      [2, [1, 1, 4, 2, 0, 0, 3, 1, 0], g5],
      [3, [0, 0, 8, 4, 4, 2, 360], g5],
      [3, [0, 0, 8, 4, 4, 2, 0], g5],
      [4, [0, 0, 8, 4, 4, 2, 3, 4, 2, 0, 2], g4],
      [4, [0, 0, 8, 4, 4, 2, 0, 4, 2, 0, 0], g4],
      [4, [0, 0, 8, 4, 4, 2, 3, 1, 1, 2, 1], g4],
      [4, [1, 1, 6, 2, 4, 2, 3, 1, 1, 2, 1], g4],
      [5, [0, 0, 7, 3, 2, 255, 0, 0, 255]],
      [5, [0, 3, 7, 0, 1, 0, 255, 0, 128]],
      [6, [3, 1, 2, 1, 2, 3, 255]],
      [6, [3, 1, 2, 1, 2, 3, 4]],
      [7, [1, 1, 5, 2, 1, 9, 8, 7, 255]],
      [7, [1, 1, 5, 2, 1, 9, 8, 7, 6]],
      [8, [1, 2, 3, 255], poly],
      [8, [1, 2, 3, 4], poly],
      [9, [4, 2, 2, 90, 180, 1, 2, 3, 255]],
      [9, [4, 2, 2, 360, -360, 1, 2, 3, 4]],
      [10, [4, 2, 2, 0, 360], g5],
      [10, [4, 2, 2, 45, 90], g5],
      [11, [1, 2, 3, 4, 5]],
      [12, [45]],
      [12, [0]],
      [12, [360]],
      [13, [2, -1]],
      [14, [1, 0]],
      [15, []],
      [19, [-1]],
    ];
    expect(ops).toEqual(
      expected.map(([op, numbers, bytes]) => ({ op, numbers, bytes: bytes ?? [] })),
    );
    expect(batches).toHaveLength(1);
    expect(frames.map((f) => f.kind)).toEqual(['image']);
  });

  it('raises Hyperion.ng’s argument errors and records nothing for a bad call', async () => {
    const { results, ops } = await run(
      `g5 = bytearray(5)
report([
    error(hyperion.imageSolidFill, 1, 2),
    error(hyperion.imageSolidFill, 1, 2, 3.5),
    error(hyperion.imageLinearGradient, 0, 0, 1, 1, bytes(5), 0),
    error(hyperion.imageLinearGradient, 0, 0, 1, 1, bytearray(4), 0),
    error(hyperion.imageConicalGradient, 1, 1, 1, [1]),
])
report([
    error(hyperion.imageRadialGradient, 1, 1, 1, bytearray(5), 0),
    error(hyperion.imageRadialGradient, 1, 1, 1, 1, 1, 1),
    error(hyperion.imageDrawPolygon, bytearray(3), 1, 2, 3),
    error(hyperion.imageDrawPolygon, [0, 0], 1, 2, 3),
])
report([
    error(hyperion.imageDrawPie, 1, 1, 1, 5, g5),
    error(hyperion.imageDrawPie, 1, 1, 1, 'x', bytes(5)),
    error(hyperion.imageDrawLine, 1, 2, 3),
    error(hyperion.imageCShear, 1),
])
report([
    error(hyperion.imageSetPixel, 1, 2, 3, 4, 2 ** 31),
    error(hyperion.imageShow, 1, 2),
    error(hyperion.imageWidth, 1),
    error(hyperion.imageGetPixel, 1),
])
hyperion.imageShow()
`,
    );
    expect(results).toEqual([
      [
        ['TypeError', 'Invalid argument count or type.'],
        ['TypeError', "'float' object cannot be interpreted as an integer"],
        ['RuntimeError', 'No bytearray properly defined'],
        ['RuntimeError', 'Length of bytearray argument should multiple of 5'],
        ['RuntimeError', 'Argument 8 is not a bytearray'],
      ],
      [
        ['RuntimeError', 'Length of bytearray argument should multiple of 4'],
        ['TypeError', 'Invalid argument count or type.'],
        ['RuntimeError', 'Length of bytearray argument should multiple of 2'],
        ['RuntimeError', 'Argument 1 is not a bytearray'],
      ],
      [
        ['TypeError', 'argument 4 must be str, not int'],
        ['RuntimeError', 'Last argument is not a bytearray'],
        ['TypeError', 'Invalid argument count or type.'],
        ['TypeError', 'Invalid argument count or type.'],
      ],
      [
        ['OverflowError', 'signed integer is greater than maximum'],
        ['TypeError', 'Invalid argument count or type.'],
        ['TypeError', 'imageWidth() takes no arguments (1 given)'],
        ['TypeError', 'Invalid argument count or type.'],
      ],
    ]);
    expect(ops).toEqual([{ op: 19, numbers: [-1], bytes: [] }]);
  });

  it('sends a DRAW batch as soon as more than 64 KiB of operations are pending', async () => {
    const { batches, ops } = await run(
      'for i in range(2000):\n    hyperion.imageSetPixel(i % 8, 0, 1, 2, 3)\nhyperion.imageShow()\n',
    );
    // SET_PIXEL is 2 + 5 · 8 + 4 = 46 bytes: the 1425th passes 65536; SHOW is 2 + 8 + 4 = 14.
    expect(batches.map((b) => b.length)).toEqual([1425 * 46, 575 * 46 + 14]);
    expect(ops).toHaveLength(2001);
  });

  it('sends what is pending when the script ends', async () => {
    const { ops } = await run('hyperion.imageSolidFill(1, 2, 3)\n');
    expect(ops).toEqual([{ op: 1, numbers: [0, 0, 8, 4, 1, 2, 3, 255], bytes: [] }]);
  });
});

describe('hyperion module: requests', () => {
  it('imageGetPixel asks the engine’s canvas, after sending the drawing before it', async () => {
    const { results, opsAtGetPixel } = await run(
      'hyperion.imageSolidFill(1, 2, 3)\nreport([hyperion.imageGetPixel(2, 1), hyperion.imageGetPixel(0, 3)])\n',
    );
    expect(results).toEqual([
      [
        [21, 102, 201],
        [3, 100, 203],
      ],
    ]);
    expect(opsAtGetPixel).toEqual([1, 1]);
  });

  it('getImage asks the engine and gets every frame as a bytearray', async () => {
    const { results, imageRequests } = await run(
      `frames = hyperion.getImage(':flag.gif', 1, 2, 0, 0, True)
report([[f['imageWidth'], f['imageHeight'], type(f['imageData']).__name__, list(f['imageData'])] for f in frames])
`,
    );
    expect(results).toEqual([
      [
        [2, 1, 'bytearray', [1, 2, 3, 4, 5, 6]],
        [1, 1, 'bytearray', [7, 8, 9]],
      ],
    ]);
    expect(imageRequests).toEqual([
      {
        source: ':flag.gif',
        crop: [1, 2, 0, 0],
        grayscale: true,
        resourceDirs: ['/res/a', '/res/b'],
      },
    ]);
  });

  it('getImage raises the engine’s error as RuntimeError, and Hyperion.ng’s argument errors', async () => {
    const { results } = await run(
      `report([
    error(hyperion.getImage, '/nowhere.gif'),
    error(hyperion.getImage),
    error(hyperion.getImage, 5),
    error(hyperion.getImage, 'a.gif', 1.5),
])
`,
      {
        loadImage: async (request) => {
          throw new Error(`cannot read ${request.source}:\n no such file`);
        },
      },
    );
    expect(results).toEqual([
      [
        ['RuntimeError', 'cannot read /nowhere.gif: no such file'],
        ['TypeError', 'String required'],
        ['TypeError', 'String required'],
        ['TypeError', 'String required'],
      ],
    ]);
  });

  it('getImage with embedded image data needs no source and passes the data on', async () => {
    const { results, imageRequests } = await run(
      `report([len(hyperion.getImage()), error(hyperion.getImage, 5)])\n`,
      { imageData: 'R0lGODlhAQABAAAAACw=' },
    );
    expect(results).toEqual([[2, ['TypeError', 'argument 1 must be str, not int']]]);
    expect(imageRequests).toEqual([
      {
        source: '',
        crop: [0, 0, 0, 0],
        grayscale: false,
        imageData: 'R0lGODlhAQABAAAAACw=',
        resourceDirs: ['/res/a', '/res/b'],
      },
    ]);
  });
});

describe('hyperion module: end to end through the real EffectCanvas', () => {
  it('a solid fill, a line and imageShow() give the expected pixels', async () => {
    const { frames } = await run(
      'hyperion.imageSolidFill(0, 0, 255)\nhyperion.imageDrawLine(0, 1, 7, 1, 1, 255, 0, 0)\nhyperion.imageShow()\n',
      { createCanvas: (w, h) => new EffectCanvas(w, h) },
    );
    expect(frames).toHaveLength(1);
    const frame = frames[0];
    if (frame?.kind !== 'image') throw new Error('expected a picture');
    expect([frame.image.width, frame.image.height]).toEqual([8, 4]);
    const blue = [0, 0, 255];
    const red = [255, 0, 0];
    const rows = [0, 1, 2, 3].map((y) =>
      Array.from({ length: 8 }, (_, x) => [
        ...frame.image.data.subarray((y * 8 + x) * 3, (y * 8 + x) * 3 + 3),
      ]),
    );
    expect(rows).toEqual([
      Array(8).fill(blue),
      Array(8).fill(red),
      Array(8).fill(blue),
      Array(8).fill(blue),
    ]);
  });
});
