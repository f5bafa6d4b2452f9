/**
 * Containment of Python effects: each test runs a real python3 child on a small script written
 * to a temp dir, and checks what a user (or the server) would see.
 */
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type EffectExit,
  type EffectFrame,
  EffectProcess,
  type EffectProcessOptions,
  EffectStartError,
} from '../src/effects/effect-process.js';

let dir: string;
const running = new Set<EffectProcess>();

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'glowkit-effect-process-'));
  // Readable by all, as an install's effects folder is: a server running as root runs scripts
  // as `nobody`, which must see the folder of its script.
  await chmod(dir, 0o755);
});

afterAll(async () => {
  await Promise.all([...running].map((p) => p.stop()));
  await rm(dir, { recursive: true, force: true });
});

async function script(name: string, source: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, source);
  return path;
}

function options(path: string, more: Partial<EffectProcessOptions> = {}): EffectProcessOptions {
  return {
    name: 'Test',
    script: path,
    args: {},
    ledCount: 4,
    latchTime: 0,
    width: 8,
    height: 4,
    durationMs: -1,
    resourceDirs: [],
    createCanvas: () => ({ apply: () => [], getPixel: () => [0, 0, 0] }),
    loadImage: async () => [],
    ...more,
    limits: { startTimeoutMs: 300, ...more.limits },
  };
}

/** An effect with its listeners attached, not started yet. */
function effectOf(path: string, more: Partial<EffectProcessOptions> = {}) {
  const effect = new EffectProcess(options(path, more));
  running.add(effect);
  const frames: EffectFrame[] = [];
  const logs: string[] = [];
  effect.on('frame', (frame) => frames.push(frame));
  effect.on('log', (level, line) => {
    // Said when the machine lacks a protection (tested in effect-confinement.test.ts).
    if (!line.startsWith('glowkit: effect confinement incomplete')) logs.push(`${level}: ${line}`);
  });
  const exited = new Promise<EffectExit>((resolve) => effect.once('exit', resolve));
  return { effect, frames, logs, exited };
}

async function start(path: string, more: Partial<EffectProcessOptions> = {}) {
  const started = effectOf(path, more);
  await started.effect.start();
  return started;
}

/**
 * Starts a script that must fail at start. Its start timeout is long: with the short default, a
 * busy machine can let it pass between READY and the failure, and start() would resolve instead.
 */
async function startError(path: string, more: Partial<EffectProcessOptions> = {}) {
  try {
    await effectOf(path, {
      ...more,
      limits: { startTimeoutMs: 60_000, ...more.limits },
    }).effect.start();
  } catch (error) {
    expect(error).toBeInstanceOf(EffectStartError);
    return error as EffectStartError;
  }
  throw new Error('start() resolved');
}

/** Whether a process still runs (a zombie left for init to reap counts as ended). */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'latin1'));
  } catch {
    return false;
  }
}

/** The processes (in the test's PID namespace) whose name is `name`. */
async function pidsNamed(name: string): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const comm = await readFile(`/proc/${entry}/comm`, 'latin1').catch(() => '');
    if (comm.trim() === name) pids.push(Number(entry));
  }
  return pids;
}

/** Counts of the event loop's handles of the kinds a child leaves behind. */
function handles(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const kind of process.getActiveResourcesInfo()) {
    if (['Timeout', 'PipeWrap', 'ProcessWrap', 'FSReqPromise', 'Immediate'].includes(kind)) {
      counts[kind] = (counts[kind] ?? 0) + 1;
    }
  }
  return counts;
}

describe('EffectProcess: start', () => {
  it('resolves at the first frame and delivers it, with the script’s print() as a log line', async () => {
    const path = await script(
      'first.py',
      'import hyperion, time\nprint("leds", hyperion.ledCount)\nhyperion.setColor(1, 2, 3)\ntime.sleep(5)\n',
    );
    // Without a frame it would resolve only after a minute: resolving at all shows the frame did it.
    const { effect, frames, logs } = await start(path, { limits: { startTimeoutMs: 60_000 } });
    expect(effect.running).toBe(true);
    expect(effect.pid).toBeGreaterThan(0);
    await vi.waitFor(() => expect(frames).toHaveLength(1), { timeout: 10_000 });
    expect(frames).toEqual([
      { kind: 'colors', colors: Uint8Array.of(1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3) },
    ]);
    await vi.waitFor(() => expect(logs).toEqual(['info: leds 4']), { timeout: 10_000 });
    const exit = await effect.stop();
    expect(exit.reason).toBe('killed');
  });

  it('resolves startTimeoutMs after READY when the script sends no frame but lives', async () => {
    const path = await script(
      'quiet.py',
      'import hyperion\nwhile not hyperion.abort():\n    pass\n',
    );
    const begun = performance.now();
    const { effect } = await start(path, { limits: { startTimeoutMs: 400 } });
    // Never before startTimeoutMs; how much later depends on the machine's load.
    expect(performance.now() - begun).toBeGreaterThanOrEqual(390);
    expect(await effect.stop()).toEqual({ reason: 'stopped', message: "Effect 'Test' stopped" });
  });

  it('rejects with the exception and its line when the script fails before its first frame', async () => {
    const path = await script('early.py', 'import hyperion\n\nx = 1\ny = x / 0\n');
    const error = await startError(path);
    expect(error.message).toBe(
      "Effect 'Test' failed: ZeroDivisionError: division by zero (early.py line 4)",
    );
    expect(error.exit.reason).toBe('failed');
    expect(error.exit.detail).toContain('Traceback (most recent call last)');
    expect(error.exit.detail).toContain('y = x / 0');
    expect(error.exit.detail).not.toContain('glowkit_effect.py');
  });

  it('rejects a syntax error with the file and line, before the script runs', async () => {
    const path = await script('syntax.py', 'import hyperion\nprint("ran")\nif True\n    pass\n');
    const error = await startError(path);
    expect(error.message).toBe(
      "Effect 'Test' failed: SyntaxError: expected ':' (syntax.py line 3)",
    );
  });

  it('rejects a missing script and a missing python3 with what to do', async () => {
    const missing = await startError(join(dir, 'nowhere.py'));
    expect(missing.message).toBe(
      `Effect 'Test' failed: its script ${join(dir, 'nowhere.py')} was not found; check the "script" of its definition`,
    );
    const path = await script('fine.py', 'import hyperion\n');
    const noPython = await startError(path, { python: '/nonexistent/python3' });
    expect(noPython.message).toBe(
      "Effect 'Test' failed: /nonexistent/python3 was not found; install Python 3 or set the engine's python option",
    );
  });

  it('falls back to a default limit, with a warning, when a limit is not a number', async () => {
    const path = await script('limits.py', 'import hyperion\nhyperion.setColor(0, 0, 0)\n');
    const { logs, exited } = await start(path, {
      limits: { maxFramesPerSecond: Number.NaN, abortGraceMs: -5 },
    });
    await exited;
    expect(logs).toEqual([
      'warn: effect limit maxFramesPerSecond = NaN is not a number ≥ 0; using 2000',
      'warn: effect limit abortGraceMs = -5 is not a number ≥ 0; using 500',
    ]);
  });
});

describe('EffectProcess: listeners attached before start()', () => {
  it('hears the first lines and the first frame before start() resolves', async () => {
    const go = join(dir, 'go-first-lines');
    const path = await script(
      'first-lines.py',
      [
        'import hyperion, os, time',
        'print("hello")',
        `while not os.path.exists(${JSON.stringify(go)}):`,
        '    time.sleep(0.01)',
        'hyperion.setColor(1, 2, 3)',
        'while not hyperion.abort():',
        '    time.sleep(0.01)',
        '',
      ].join('\n'),
    );
    // Without a frame it would count as started only after two minutes.
    const effect = new EffectProcess(options(path, { limits: { startTimeoutMs: 120_000 } }));
    running.add(effect);
    const events: string[] = [];
    effect.on('log', (level, line) => {
      if (!line.startsWith('glowkit: effect confinement incomplete'))
        events.push(`${level}: ${line}`);
    });
    effect.on('frame', () => events.push('frame'));
    const started = effect.start().then(() => events.push('started'));
    try {
      await vi.waitFor(() => expect(events).toContain('info: hello'), { timeout: 10_000 });
      expect(events).toEqual(['info: hello']);
    } finally {
      await writeFile(go, '');
    }
    await started;
    expect(events).toEqual(['info: hello', 'frame', 'started']);
    expect(effect.start()).toBe(effect.start());
    expect(await effect.stop()).toEqual({ reason: 'stopped', message: "Effect 'Test' stopped" });
  });

  it('hears what a script printed before it failed at start; the rejection carries the exit', async () => {
    const path = await script(
      'fails-at-start.py',
      'import hyperion\nprint("about to fail")\nraise ValueError("no")\n',
    );
    // A long start timeout, so that a busy machine cannot count it as started before it fails.
    const { effect, logs, exited } = effectOf(path, { limits: { startTimeoutMs: 60_000 } });
    let exitEvents = 0;
    void exited.then(() => exitEvents++);
    const error = await effect.start().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(EffectStartError);
    const { exit } = error as EffectStartError;
    expect(exit.message).toBe("Effect 'Test' failed: ValueError: no (fails-at-start.py line 3)");
    // stdout and stderr are two pipes: on a busy machine the traceback may be read first.
    expect(logs).toContain('info: about to fail');
    expect(logs.filter((line) => line.startsWith('warn: ')).at(-1)).toBe('warn: ValueError: no');
    expect(await effect.stop()).toBe(exit);
    expect(effect.exitInfo).toBe(exit);
    await new Promise((resolve) => setImmediate(resolve));
    expect(exitEvents).toBe(0);
  });

  it('fails the effect, not the server, when a frame listener throws', async () => {
    const path = await script(
      'listener-throws.py',
      'import hyperion, time\nhyperion.setColor(1, 2, 3)\ntime.sleep(30)\n',
    );
    const effect = new EffectProcess(options(path));
    running.add(effect);
    effect.on('frame', () => {
      throw new Error('the muxer broke');
    });
    const error = await effect.start().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(EffectStartError);
    expect((error as EffectStartError).message).toBe(
      "Effect 'Test' failed: the engine could not take its output: the muxer broke",
    );
    expect(alive(effect.pid)).toBe(false);
  });

  it('never starts once stopped before start(): no child, and start() rejects with the stop', async () => {
    const path = await script('never.py', 'import hyperion\nhyperion.setColor(0, 0, 0)\n');
    const { effect, logs } = effectOf(path);
    expect(effect.running).toBe(false);
    const exit = await effect.stop();
    expect(exit).toEqual({ reason: 'stopped', message: "Effect 'Test' stopped" });
    await expect(effect.start()).rejects.toThrow(new EffectStartError(exit));
    expect(effect.pid).toBe(0);
    expect(logs).toEqual([]);
  });

  it('stops an effect asked to stop while it starts, once it has started', async () => {
    const path = await script(
      'stop-early.py',
      'import hyperion, time\nhyperion.setColor(0, 0, 0)\nwhile not hyperion.abort():\n    time.sleep(0.01)\n',
    );
    const { effect, exited } = effectOf(path);
    const started = effect.start();
    expect(effect.running).toBe(true);
    const exit = await effect.stop();
    await expect(started).resolves.toBeUndefined();
    expect(exit).toEqual({ reason: 'stopped', message: "Effect 'Test' stopped" });
    expect(await exited).toBe(exit);
    expect(effect.running).toBe(false);
  });
});

describe('EffectProcess: ending', () => {
  it('reports a script that ends by itself as finished, after its frames', async () => {
    const path = await script(
      'ends.py',
      'import hyperion\nfor i in range(3):\n    hyperion.setColor(i, i, i)\n',
    );
    const { effect, frames, exited } = await start(path);
    expect(await exited).toEqual({ reason: 'finished', message: "Effect 'Test' finished" });
    expect(frames.map((f) => (f.kind === 'colors' ? f.colors[0] : -1))).toEqual([0, 1, 2]);
    expect(effect.running).toBe(false);
    expect(effect.exitInfo?.reason).toBe('finished');
    expect(existsSync(`/proc/${effect.pid}`)).toBe(false);
  });

  it('reports an exception after the start as failed, naming the exception and the line', async () => {
    const path = await script(
      'raises.py',
      'import hyperion\nhyperion.setColor(0, 0, 0)\ncolors = {}\nprint(colors["red"])\n',
    );
    const { exited, logs } = await start(path);
    const exit = await exited;
    expect(exit.reason).toBe('failed');
    expect(exit.message).toBe("Effect 'Test' failed: KeyError: 'red' (raises.py line 4)");
    // The short traceback goes to stderr, which the engine logs as warnings.
    expect(logs).toEqual([
      'warn: Traceback (most recent call last):',
      `warn:   File "${path}", line 4, in <module>`,
      'warn:     print(colors["red"])',
      'warn:           ~~~~~~^^^^^^^',
      "warn: KeyError: 'red'",
    ]);
  });

  it('runs the script as __main__ with its __file__, its folder on sys.path', async () => {
    await script('helper_mod.py', 'VALUE = 42\n');
    const path = await script(
      'main.py',
      'import hyperion, sys, os, helper_mod\nprint(__name__, __file__ == sys.argv[0] == os.path.abspath(__file__), helper_mod.VALUE, os.getcwd() == os.path.dirname(__file__))\n',
    );
    const { logs, exited } = await start(path);
    expect((await exited).reason).toBe('finished');
    expect(logs).toEqual(['info: __main__ True 42 True']);
  });

  it('delivers frames sent back to back at the start, all of them and in order', async () => {
    const path = await script(
      'burst.py',
      'import hyperion, time\nfor i in range(100):\n    hyperion.setColor(i, 0, 0)\ntime.sleep(5)\n',
    );
    const { effect, frames } = await start(path);
    await vi.waitFor(() => expect(frames.length).toBeGreaterThanOrEqual(100), { timeout: 10_000 });
    expect(frames.map((f) => (f.kind === 'colors' ? f.colors[0] : -1))).toEqual(
      Array.from({ length: 100 }, (_, i) => i),
    );
    await effect.stop();
  });

  it('names the script line that called the module when the module raises', async () => {
    const path = await script(
      'module-error.py',
      'import hyperion\nhyperion.setColor(0, 0, 0)\nhyperion.setColor(bytearray(5))\n',
    );
    const exit = await (await start(path)).exited;
    expect(exit.message).toBe(
      "Effect 'Test' failed: RuntimeError: Length of bytearray argument should be 3*ledCount (module-error.py line 3)",
    );
  });

  it('handles SystemExit: sys.exit() and exit() end normally, a code or message fails', async () => {
    const clean = await script(
      'exit0.py',
      'import hyperion, sys\nhyperion.setColor(0, 0, 0)\nsys.exit()\n',
    );
    expect((await (await start(clean)).exited).reason).toBe('finished');
    const builtin = await script(
      'exit1.py',
      'import hyperion\nhyperion.setColor(0, 0, 0)\nexit(0)\n',
    );
    expect((await (await start(builtin)).exited).reason).toBe('finished');
    const code = await script(
      'exit3.py',
      'import hyperion, sys\nhyperion.setColor(0, 0, 0)\nsys.exit(3)\n',
    );
    expect((await (await start(code)).exited).message).toBe(
      "Effect 'Test' failed: SystemExit: 3 (exit3.py line 3)",
    );
  });

  it('stops a script that polls abort(): its abort() returns 1 and it ends by itself', async () => {
    const path = await script(
      'polite.py',
      'import hyperion, time\nwhile not hyperion.abort():\n    hyperion.setColor(9, 9, 9)\n    time.sleep(0.01)\nprint("bye")\n',
    );
    const { effect, logs, exited } = await start(path);
    const exit = await effect.stop();
    expect(exit).toEqual({ reason: 'stopped', message: "Effect 'Test' stopped" });
    expect(await exited).toBe(exit);
    expect(await effect.stop()).toBe(exit);
    expect(logs).toEqual(['info: bye']);
    expect(effect.running).toBe(false);
  });

  it('kills a script that ignores abort() within a second of stop(), and leaves nothing behind', async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const before = handles();
    const path = await script(
      'stubborn.py',
      'import hyperion, time\nhyperion.setColor(0, 0, 0)\nwhile True:\n    time.sleep(0.01)\n',
    );
    const { effect, frames } = await start(path);
    const pid = effect.pid;
    const asked = performance.now();
    const exit = await effect.stop();
    // Given its 500 ms grace first (how soon after that it is gone depends on the machine's load).
    expect(performance.now() - asked).toBeGreaterThanOrEqual(490);
    expect(exit.reason).toBe('killed');
    expect(exit.message).toBe(
      "Effect 'Test' was killed: it did not end within 500 ms of being stopped; its script should check hyperion.abort() more often",
    );
    expect(existsSync(`/proc/${pid}`)).toBe(false);
    const after = handles();
    // Pipes and the child are ours alone; the test runner's own timers and file reads may come
    // and go (under load it can have a read in flight at either moment).
    expect(after.PipeWrap).toBe(before.PipeWrap);
    expect(after.ProcessWrap).toBe(before.ProcessWrap);
    expect(after.Timeout ?? 0).toBeLessThanOrEqual(before.Timeout ?? 0);
    expect(frames).toHaveLength(1);
  });

  it('kills a script blocked in time.sleep(60) within a second of stop()', async () => {
    const path = await script(
      'sleeper.py',
      'import hyperion, time\nhyperion.setColor(0, 0, 0)\ntime.sleep(60)\n',
    );
    const { effect } = await start(path);
    // Killed, not waited for: a script that ended its sleep would have been 'stopped' a minute on.
    const exit = await effect.stop();
    expect(exit.reason).toBe('killed');
    expect(existsSync(`/proc/${effect.pid}`)).toBe(false);
  });

  it('kills what the script started in the background too', async () => {
    const path = await script(
      'spawner.py',
      [
        'import hyperion, os, time, ctypes',
        'child = os.fork()',
        'if child == 0:',
        '    ctypes.CDLL(None).prctl(15, b"gk-spawned")  # PR_SET_NAME: found by the test',
        '    print("named")',
        '    time.sleep(60)',
        '    os._exit(0)',
        'hyperion.setColor(0, 0, 0)',
        'time.sleep(60)',
        '',
      ].join('\n'),
    );
    const { effect, logs } = await start(path);
    await vi.waitFor(() => expect(logs).toEqual(['info: named']), { timeout: 10_000 });
    const [grandchild] = await pidsNamed('gk-spawned');
    expect(grandchild).toBeGreaterThan(0);
    expect(alive(grandchild as number)).toBe(true);
    await effect.stop();
    expect(alive(grandchild as number)).toBe(false);
  });

  it('delivers no frame after stop()', async () => {
    const path = await script(
      'late.py',
      'import hyperion, time\nhyperion.setColor(1, 1, 1)\nwhile not hyperion.abort():\n    time.sleep(0.005)\nfor i in range(5):\n    hyperion.setColor(2, 2, 2)\n',
    );
    const { effect, frames } = await start(path);
    await effect.stop();
    expect(frames.every((f) => f.kind === 'colors' && f.colors[0] === 1)).toBe(true);
  });
});

describe('EffectProcess: containment', () => {
  it('kills a script that sends more frames a second than allowed, and says so', async () => {
    const path = await script(
      'flood.py',
      'import hyperion\nwhile True:\n    hyperion.setColor(0, 0, 0)\n',
    );
    const { effect, frames, exited } = await start(path, { limits: { maxFramesPerSecond: 200 } });
    const exit = await exited;
    expect(exit.reason).toBe('killed');
    expect(exit.message).toBe(
      "Effect 'Test' was killed: it sent more than 200 frames in one second; pace it with time.sleep(hyperion.lowestUpdateInterval())",
    );
    expect(frames).toHaveLength(200);
    expect(existsSync(`/proc/${effect.pid}`)).toBe(false);
  });

  it('lets a script send 1500 frames a second by default, as Hyperion.ng’s fade.py may', async () => {
    // fade.py paces itself by latchTime, 1 ms when the device's is 0, and may sleep only 2/3 of
    // that between frames. Here the frames come back to back, so any machine sends them within
    // one second.
    const path = await script(
      'fast-fade.py',
      'import hyperion\nfor i in range(1500):\n    hyperion.setColor(0, 0, i % 256)\n',
    );
    const { exited, frames } = await start(path, { limits: {} });
    expect((await exited).reason).toBe('finished');
    expect(frames).toHaveLength(1500);
  });

  it('lets a paced script run: 100 frames a second under a limit of 200', async () => {
    const path = await script(
      'paced.py',
      'import hyperion, time\nfor i in range(60):\n    hyperion.setColor(0, 0, 0)\n    time.sleep(0.01)\n',
    );
    const { exited, frames } = await start(path, { limits: { maxFramesPerSecond: 200 } });
    expect((await exited).reason).toBe('finished');
    expect(frames).toHaveLength(60);
  });

  it('kills a script whose memory grows past the limit, and says so', async () => {
    const path = await script(
      'hog.py',
      'import hyperion, time\nhyperion.setColor(0, 0, 0)\nkeep = []\nwhile True:\n    keep.append(b"x" * 4_000_000)\n    time.sleep(0.01)\n',
    );
    const { exited } = await start(path, { limits: { maxMemoryBytes: 64 * 1024 * 1024 } });
    const exit = await exited;
    expect(exit.reason).toBe('killed');
    expect(exit.message).toMatch(
      /^Effect 'Test' was killed: it used \d+ MiB of memory, more than the 64 MiB allowed$/,
    );
    // How far past the limit it got depends on how late the poll ran on a loaded machine.
    const used = Number(/used (\d+) MiB/.exec(exit.message)?.[1]);
    expect(used).toBeGreaterThan(64);
  });

  it('kills a script whose memory grows while it keeps sending frames', async () => {
    // Its memory is read as its frames arrive (no timer of its own then): this must still end it.
    const path = await script(
      'busy-hog.py',
      'import hyperion, time\nkeep = []\nwhile True:\n    hyperion.setColor(0, 0, 0)\n    keep.append(b"x" * 2_000_000)\n    time.sleep(0.02)\n',
    );
    const { exited } = await start(path, { limits: { maxMemoryBytes: 64 * 1024 * 1024 } });
    const exit = await exited;
    expect(exit.reason).toBe('killed');
    expect(exit.message).toMatch(/it used \d+ MiB of memory, more than the 64 MiB allowed$/);
  });

  it('kills a child that sends a colour frame of the wrong size', async () => {
    const path = await script(
      'rogue.py',
      'import hyperion, os, struct, time\nos.write(3, struct.pack("<BI", 1, 5) + b"12345")\ntime.sleep(5)\n',
    );
    const error = await startError(path);
    expect(error.exit.reason).toBe('killed');
    expect(error.message).toBe(
      "Effect 'Test' was killed: it broke the effect pipe protocol (a colour frame of 5 bytes; 3 × 4 LEDs = 12 expected)",
    );
  });

  it('caps how many lines and how long a line a chatty script may log', async () => {
    const path = await script(
      'chatty.py',
      'import hyperion\nprint("x" * 2000)\nfor i in range(500):\n    print(i)\nhyperion.setColor(0, 0, 0)\n',
    );
    const { logs, exited } = await start(path);
    await exited;
    expect(logs[0]).toBe(`info: ${'x'.repeat(500)}…`);
    expect(logs.slice(1, 20)).toEqual(Array.from({ length: 19 }, (_, i) => `info: ${i}`));
    expect(logs.slice(20)).toEqual(['info: … 481 more lines not logged (more than 20 a second)']);
  });
});
