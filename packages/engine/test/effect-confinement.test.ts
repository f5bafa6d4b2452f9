/**
 * Effects confined (packages/engine/README.md, "What an effect script can do"): real python3
 * children trying what a hostile script would, and what a user (or the server) sees of it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { instanceRunSettings } from '@glowkit/protocol';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { writeEffect } from '../../../scripts/write-effect.mjs';
import { EffectCatalogue } from '../src/effects/effect-catalogue.js';
import { cpuCapProblem, scriptPidOf } from '../src/effects/effect-confinement.js';
import {
  type EffectExit,
  EffectProcess,
  type EffectProcessOptions,
} from '../src/effects/effect-process.js';
import { LedInstance } from '../src/instance/led-instance.js';

const here = dirname(fileURLToPath(import.meta.url));
const PACKAGE = join(here, '..');
const NOTICE = 'glowkit: effect confinement incomplete';
/**
 * An interpreter every user can read: a server running as root runs scripts as `nobody`, who
 * must be able to load the standard library (a python3 under /root cannot be).
 */
const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
const ROOT = process.getuid?.() === 0;

let dir: string;
let dataDir: string;
const running = new Set<EffectProcess>();
const servers = new Set<ChildProcess>();

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'glowkit-confinement-'));
  await chmod(dir, 0o755);
  // A data directory as the server keeps it: private, with the admin token in it.
  dataDir = join(dir, 'data');
  await mkdir(dataDir, { mode: 0o700 });
  await writeFile(join(dataDir, 'admin-token'), 'secret-admin-token', { mode: 0o600 });
});

afterAll(async () => {
  for (const server of servers) server.kill('SIGKILL');
  await Promise.all([...running].map((p) => p.stop()));
  await rm(dir, { recursive: true, force: true });
});

async function script(name: string, lines: string[]): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, `${lines.join('\n')}\n`);
  return path;
}

function options(path: string, more: Partial<EffectProcessOptions> = {}): EffectProcessOptions {
  return {
    name: 'Test',
    script: path,
    args: {},
    ledCount: 1,
    latchTime: 0,
    width: 1,
    height: 1,
    durationMs: -1,
    resourceDirs: [],
    createCanvas: () => ({ apply: () => [], getPixel: () => [0, 0, 0] }),
    loadImage: async () => [],
    python: PYTHON,
    ...more,
    limits: { startTimeoutMs: 300, ...more.limits },
  };
}

/** Runs a script to its end; its print() lines, the confinement notice apart. */
async function run(path: string, more: Partial<EffectProcessOptions> = {}) {
  const effect = new EffectProcess(options(path, more));
  running.add(effect);
  const lines: string[] = [];
  const notices: string[] = [];
  effect.on('log', (level, line) => {
    if (line.startsWith(NOTICE)) notices.push(line);
    else if (level === 'info') lines.push(line);
  });
  const exited = new Promise<EffectExit>((resolve) => effect.once('exit', resolve));
  await effect.start();
  const exit = await exited;
  return { lines, notices, exit, effect };
}

/** Whether a process still runs (a zombie left for init to reap counts as ended). */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'latin1'));
  } catch {
    return false;
  }
}

/** The processes (in the test's PID namespace) whose name is `name`, zombies left out. */
async function pidsNamed(name: string): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const comm = await readFile(`/proc/${entry}/comm`, 'latin1').catch(() => '');
    if (comm.trim() === name && alive(Number(entry))) pids.push(Number(entry));
  }
  return pids;
}

/** The children of a process, from the parent field of every process's stat. */
async function childrenOf(parent: number): Promise<number[]> {
  const found: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'latin1').catch(() => '');
    if (Number(stat.split(') ')[1]?.split(' ')[1]) === parent) found.push(Number(entry));
  }
  return found;
}

/** A script whose lines say what it could reach of the server's secrets. */
function snoop(more: string[] = []): string[] {
  const targets = [
    '/etc/shadow',
    join(dataDir, 'admin-token'),
    `/proc/${process.pid}/cmdline`,
    `/proc/${process.pid}/environ`,
    ...more,
  ];
  return [
    'import hyperion, os',
    'hyperion.setColor(0, 0, 0)',
    `targets = ${JSON.stringify(targets)}`,
    'for path in targets:',
    '    try:',
    '        with open(path, "rb") as f:',
    '            f.read(1)',
    '        print("READ", path)',
    '    except OSError as error:',
    '        print("refused", path, type(error).__name__)',
    `print("data dir listed:", os.path.isdir(${JSON.stringify(dataDir)}) and len(os.listdir(${JSON.stringify(dataDir)})) > 0 if os.access(${JSON.stringify(dataDir)}, os.R_OK) else False)`,
    'print("env:", " ".join(sorted(os.environ)))',
    'print("processes seen:", len([p for p in os.listdir("/proc") if p.isdigit()]))',
    'print("uid:", os.getuid())',
  ];
}

function expectNoSecrets(lines: string[], targets = 4): void {
  expect(lines.filter((line) => line.startsWith('READ'))).toEqual([]);
  expect(lines.filter((line) => line.startsWith('refused'))).toHaveLength(targets);
  expect(lines).toContain('data dir listed: False');
  // Only what CHILD_ENV_KEYS lets through: no token, no path of the server.
  const env =
    lines
      .find((line) => line.startsWith('env:'))
      ?.slice(5)
      .trim()
      .split(' ') ?? [];
  for (const key of env.filter(Boolean))
    expect(['PATH', 'TZ', 'LANG', 'LC_ALL', 'LC_CTYPE', 'TMPDIR']).toContain(key);
  // A PID namespace of its own: the script sees itself and what it starts, nothing else.
  expect(lines).toContain('processes seen: 1');
}

describe('Effects confined: secrets', () => {
  it('keeps the server’s files, environment and command line from a script', async () => {
    const { lines, exit } = await run(await script('snoop.py', snoop()), {
      confinement: { hiddenPaths: [dataDir] },
    });
    expect(exit.reason).toBe('finished');
    expectNoSecrets(lines);
    // Where the server runs as root, the script does not.
    if (ROOT) expect(lines).toContain('uid: 65534');
  });

  it.runIf(ROOT)(
    'keeps them from a script of an unprivileged server too (user and mount namespace)',
    async () => {
      // The "server" runs as nobody here, owning its data directory as it would.
      await chown(dataDir, 65534, 65534);
      await chown(join(dataDir, 'admin-token'), 65534, 65534);
      const wrapper = join(dir, 'python-as-nobody');
      await writeFile(
        wrapper,
        `#!/bin/sh\nexec env -u PWD setpriv --reuid=65534 --regid=65534 --clear-groups ${PYTHON} "$@"\n`,
        { mode: 0o755 },
      );
      // A custom effect kept in the data directory: `..` from its folder (the script's working
      // folder) must not lead past the hiding either.
      const custom = join(dataDir, 'custom-effects');
      await mkdir(custom, { recursive: true });
      await chown(custom, 65534, 65534);
      const path = join(custom, 'snoop-unprivileged.py');
      await writeFile(path, `${snoop(['../admin-token']).join('\n')}\n`);
      try {
        const { lines, exit } = await run(path, {
          python: wrapper,
          confinement: { hiddenPaths: [dataDir] },
        });
        expect(exit.reason).toBe('finished');
        expectNoSecrets(lines, 5);
      } finally {
        await rm(custom, { recursive: true, force: true });
        await chown(dataDir, 0, 0);
        await chown(join(dataDir, 'admin-token'), 0, 0);
      }
    },
  );
});

describe('Effects confined: network', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = createServer((socket) => {
      // A script that closes at once resets the connection: not the test's concern.
      socket.on('error', () => {});
      socket.end('hello\n');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const connect = () => [
    'import hyperion, socket',
    'hyperion.setColor(0, 0, 0)',
    'try:',
    `    with socket.create_connection(("127.0.0.1", ${port}), timeout=5) as s:`,
    '        print("connected", s.recv(16).decode().strip())',
    'except OSError as error:',
    '    print("no network", type(error).__name__)',
  ];

  it('refuses a TCP connection to loopback unless the definition asks for the network', async () => {
    const path = await script('connect.py', connect());
    const without = await run(path);
    expect(without.lines).toHaveLength(1);
    expect(without.lines[0]).toMatch(/^no network /);
    const withNetwork = await run(path, { confinement: { network: true } });
    expect(withNetwork.lines).toEqual(['connected hello']);
  });

  it('gives the network to an instance’s effect whose definition says "network": true', async () => {
    const effects = join(dir, 'network-effects');
    // Green when the connection worked, red when it did not.
    const source = [
      'import hyperion, socket, time',
      'try:',
      `    socket.create_connection(("127.0.0.1", ${port}), timeout=5).close()`,
      '    colour = (0, 255, 0)',
      'except OSError:',
      '    colour = (255, 0, 0)',
      'while not hyperion.abort():',
      '    hyperion.setColor(*colour)',
      '    time.sleep(0.05)',
      '',
    ].join('\n');
    writeEffect(effects, 'Online', 'online.py', source);
    writeEffect(effects, 'Offline', 'offline.py', source);
    const online = join(effects, 'online.json');
    await writeFile(
      online,
      JSON.stringify({ ...JSON.parse(await readFile(online, 'utf8')), network: true }),
    );
    await chmod(effects, 0o755);
    const catalogue = await EffectCatalogue.load({
      bundledDir: join(PACKAGE, '..', '..', 'effects'),
      paths: [effects],
      disable: [],
      rootDir: dir,
    });
    expect(catalogue.find('Online')?.network).toBe(true);
    const output = join(dir, 'network-leds.txt');
    const instance = new LedInstance({
      id: 0,
      name: 'test',
      settings: instanceRunSettings({
        device: { type: 'file', output, hardwareLedCount: 1 },
        leds: [{ hmin: 0, hmax: 1, vmin: 0, vmax: 1 }],
        smoothing: { enable: false },
        foregroundEffect: { enable: false },
        color: {
          channelAdjustment: [{ id: 'x', leds: '*', brightness: 100, brightnessCompensation: 0 }],
        },
      }),
      catalogue: () => catalogue,
      resourceDirs: [],
      python: PYTHON,
    });
    await instance.start();
    const last = () => readFileSync(output, 'utf8').trim().split('\n').at(-1);
    try {
      for (const [name, shown] of [
        ['Online', '{0,255,0}'],
        ['Offline', '{255,0,0}'],
      ] as const) {
        await instance.runEffect({ name, priority: 50, durationMs: -1, origin: 'test' });
        await vi.waitFor(() => expect(last()).toContain(shown), { timeout: 10_000 });
      }
    } finally {
      await instance.close();
    }
  });
});

describe('Effects confined: limits', () => {
  it('stops a fork bomb at its process limit, and the server can still start processes', async () => {
    const path = await script('forkbomb.py', [
      'import hyperion, os, time',
      'hyperion.setColor(0, 0, 0)',
      'children = 0',
      'try:',
      '    for _ in range(10000):',
      '        if os.fork() == 0:',
      '            time.sleep(30)',
      '            os._exit(0)',
      '        children += 1',
      'except OSError as error:',
      '    print("refused after", children, type(error).__name__)',
    ]);
    const { lines, exit } = await run(path, { limits: { maxProcesses: 16 } });
    expect(exit.reason).toBe('finished');
    expect(lines).toHaveLength(1);
    const refused = /^refused after (\d+) BlockingIOError$/.exec(lines[0] ?? '');
    expect(refused).not.toBeNull();
    expect(Number(refused?.[1])).toBeLessThan(16);
    // The server is not hurt: another effect starts and runs.
    const after = await run(await script('after-bomb.py', ['import hyperion', 'print("fine")']));
    expect(after.lines).toEqual(['fine']);
  });

  it('caps open files and address space before the script runs', async () => {
    const path = await script('rlimits.py', [
      'import hyperion, resource',
      'print(resource.getrlimit(resource.RLIMIT_NOFILE)[0], resource.getrlimit(resource.RLIMIT_AS)[0])',
    ]);
    const { lines } = await run(path, {
      limits: { maxOpenFiles: 40, maxMemoryBytes: 64 * 1024 * 1024 },
    });
    expect(lines).toEqual([`40 ${4 * 64 * 1024 * 1024 + 256 * 1024 * 1024}`]);
  });

  /** The share of a core a spinning script took over 3 s, its children included. */
  async function spinShare(more: Partial<EffectProcessOptions>): Promise<number> {
    const path = await script('spin.py', [
      'import hyperion, os',
      'hyperion.setColor(0, 0, 0)',
      // Two spinning processes: the cap holds the effect, not just its first process.
      'os.fork()',
      'while True:',
      '    pass',
    ]);
    const effect = new EffectProcess(options(path, { ...more, limits: { maxCpuShare: 0.3 } }));
    running.add(effect);
    await effect.start();
    const pid = await scriptPidOf(effect.pid);
    // The script's process and its child, both in the namespace.
    const pids = async () =>
      [pid, ...(await childrenOf(pid))].filter((p) => existsSync(`/proc/${p}/stat`));
    await vi.waitFor(async () => expect(await pids()).toHaveLength(2), { timeout: 10_000 });
    const ticks = async () => {
      let total = 0;
      for (const p of await pids()) {
        const fields = readFileSync(`/proc/${p}/stat`, 'latin1').split(') ')[1]?.split(' ') ?? [];
        total += Number(fields[11]) + Number(fields[12]);
      }
      return total;
    };
    const before = await ticks();
    const start = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const share = ((await ticks()) - before) / 100 / ((performance.now() - start) / 1000);
    await effect.stop();
    return share;
  }

  // A cap is a ceiling: a busy machine gives the script less, never more. The margin covers the
  // clock-tick granularity of /proc/<pid>/stat (USER_HZ 100) and the throttle's 100 ms steps.
  it.runIf(cpuCapProblem(0.3) === undefined)(
    'holds a spinning script to its share of a core with a cgroup',
    async () => {
      expect(await spinShare({})).toBeLessThan(0.3 + 0.1);
    },
  );

  it('holds it there without a cgroup too, by stopping its namespace while it is over', async () => {
    expect(await spinShare({ confinement: { cpuCap: 'signals' } })).toBeLessThan(0.3 + 0.1);
  });
});

describe('Effects confined: nothing outlives the effect', () => {
  /** Starts a grandchild in a session of its own (double fork), named for the test to find. */
  const orphan = (name: string) => [
    'import hyperion, os, time, ctypes',
    'if os.fork() == 0:',
    '    os.setsid()',
    '    if os.fork() == 0:',
    `        ctypes.CDLL(None).prctl(15, b"${name}")  # PR_SET_NAME`,
    '        print("orphan running", flush=True)',
    '        time.sleep(120)',
    '    os._exit(0)',
    'hyperion.setColor(0, 0, 0)',
    'while not hyperion.abort():',
    '    time.sleep(0.01)',
  ];

  it('ends a double-forked grandchild in its own session when the effect stops', async () => {
    const effect = new EffectProcess(options(await script('orphan.py', orphan('gk-orphan-stop'))));
    running.add(effect);
    const lines: string[] = [];
    effect.on('log', (_level, line) => lines.push(line));
    await effect.start();
    await vi.waitFor(() => expect(lines).toContain('orphan running'), { timeout: 10_000 });
    expect(await pidsNamed('gk-orphan-stop')).toHaveLength(1);
    await effect.stop();
    // The issue asks for "gone within 1 s of the stop": here it is gone when stop() resolves.
    expect(await pidsNamed('gk-orphan-stop')).toEqual([]);
  });

  it('ends it when the server is killed with SIGKILL', async () => {
    const path = await script('orphan-kill.py', orphan('gk-orphan-kill'));
    const server = spawn(
      process.execPath,
      ['--import', 'tsx', join(here, 'support', 'effect-server.ts'), path, PYTHON],
      { cwd: PACKAGE, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    servers.add(server);
    let output = '';
    server.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    await vi.waitFor(
      () => {
        expect(output).toContain('"started":true');
        expect(output).toContain('orphan running');
      },
      { timeout: 20_000 },
    );
    expect(await pidsNamed('gk-orphan-kill')).toHaveLength(1);
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGKILL');
    await exited;
    // The figure, 1 s: the kernel ends the chain (death signals, then the namespace)
    // within milliseconds of the server's end.
    await vi.waitFor(async () => expect(await pidsNamed('gk-orphan-kill')).toEqual([]), {
      timeout: 1000,
      interval: 50,
    });
  });
});

describe('Effects confined: where a protection cannot be had', () => {
  it('still runs the effect, with one log line saying what is missing', async () => {
    const { lines, notices, exit } = await run(
      await script('runs-anyway.py', ['import hyperion', 'print("ran")']),
      { confinement: { user: 'no-such-user-glowkit' } },
    );
    expect(exit.reason).toBe('finished');
    expect(lines).toEqual(['ran']);
    if (ROOT) {
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatch(
        /^glowkit: effect confinement incomplete: no .*user no-such-user-glowkit/,
      );
    }
  });
});
