/**
 * The signals a service manager sends to `glowkit start`, on a real child process: SIGTERM stops
 * it cleanly (LEDs off, effect children gone, exit 0), SIGHUP reloads the configuration from the
 * store without dropping a WebSocket or TCP client.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { type AddressInfo, createConnection, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.js';
import { post } from './support/client.js';
import { restoreRequest } from './support/configs.js';
import { fileDeviceConfiguration, lastFrame } from './support/file-device.js';
import { LiveSocket } from './support/live-socket.js';
import { exited, type ServerProcess, startProcess, waitForOutput } from './support/process.js';
import { until } from './support/until.js';

type Message = Record<string, unknown>;

const LEDS = 6;
const dirs: string[] = [];
const servers: ServerProcess[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Stores a configuration the way a user does offline: `glowkit config import`. */
async function importConfiguration(dataDir: string, config: unknown): Promise<void> {
  const file = join(dataDir, 'import.json');
  writeFileSync(file, JSON.stringify(restoreRequest(config)));
  let err = '';
  const sink = (write: (text: string) => void) =>
    ({
      write: (chunk: string) => {
        write(chunk);
        return true;
      },
    }) as unknown as NodeJS.WritableStream;
  const code = await main(['config', 'import', file, '--data-dir', dataDir], {
    stdout: sink(() => {}),
    stderr: sink((text) => {
      err += text;
    }),
  });
  expect(code, err).toBe(0);
}

/** A data directory holding one instance on a `file` device writing to `output`. */
async function dataDirWith(output: string): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'glowkit-signals-'));
  dirs.push(dataDir);
  await importConfiguration(dataDir, fileDeviceConfiguration(join(dataDir, output), LEDS));
  return dataDir;
}

async function start(dataDir: string): Promise<{ server: ServerProcess; token: string }> {
  const server = await startProcess(dataDir);
  servers.push(server);
  const token = readFileSync(join(dataDir, 'admin-token'), 'utf8').trim();
  return { server, token };
}

/** The pids whose parent is `pid`, from /proc. */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false; // gone meanwhile
      }
    })
    .map(Number);
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * A WLED controller as far as a take-over and a hand-back go: `GET /json/` answers its state and
 * info, `POST /json/state` bodies are recorded (the frames, over UDP, are not looked at).
 */
async function wledStandIn(
  leds: number,
): Promise<{ host: string; posts: Message[]; close(): void }> {
  const posts: Message[] = [];
  const server = createHttpServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += String(chunk);
    });
    req.on('end', () => {
      res.setHeader('Content-Type', 'application/json');
      if (req.method === 'POST') {
        posts.push(JSON.parse(body) as Message);
        res.end('{"success":true}');
        return;
      }
      res.end(
        JSON.stringify({
          state: {
            on: false,
            bri: 77,
            udpn: { send: true, recv: false },
            seg: [{ id: 0, on: true, bri: 255, len: leds }],
          },
          info: { ver: '0.14.4', leds: { count: leds }, liveseg: -1 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { host: `127.0.0.1:${port}`, posts, close: () => server.close() };
}

/** A TCP JSON client: one line per request, replies told from pushes by their `tan`. */
class TcpClient {
  readonly socket: Socket;
  closed = false;
  #buffer = '';
  #waiting = new Map<number, (reply: Message) => void>();

  constructor(address: string) {
    const [host, port] = address.split(':');
    this.socket = createConnection({ host, port: Number(port) });
    this.socket.setEncoding('utf8');
    this.socket.on('close', () => {
      this.closed = true;
    });
    this.socket.on('data', (chunk: string) => {
      this.#buffer += chunk;
      for (let i = this.#buffer.indexOf('\n'); i >= 0; i = this.#buffer.indexOf('\n')) {
        const message = JSON.parse(this.#buffer.slice(0, i)) as Message;
        this.#buffer = this.#buffer.slice(i + 1);
        if ('success' in message) this.#waiting.get(message.tan as number)?.(message);
      }
    });
  }

  call(request: Message & { tan: number }): Promise<Message> {
    const reply = new Promise<Message>((resolve) => this.#waiting.set(request.tan, resolve));
    this.socket.write(`${JSON.stringify(request)}\n`);
    return reply;
  }
}

describe('glowkit start under a service manager', () => {
  it('stops on SIGTERM with the LEDs switched off, no effect child left, and exit code 0', async () => {
    const dataDir = await dataDirWith('leds.txt');
    const output = join(dataDir, 'leds.txt');
    const { server, token } = await start(dataDir);
    const rpc = (body: Message) =>
      post(`${server.http}/json-rpc`, body, { headers: { Authorization: `Bearer ${token}` } });
    // An effect below, a colour above it: the LEDs show the colour, the effect's child runs.
    expect(
      (await rpc({ command: 'effect', effect: { name: 'Rainbow Wave' }, priority: 90 })).json,
    ).toMatchObject({ success: true });
    expect(
      (await rpc({ command: 'color', color: [200, 100, 50], priority: 50, origin: 'Test' })).json,
    ).toMatchObject({ success: true });
    const pid = server.child.pid as number;
    await until(() => lastFrame(output).length === LEDS && lastFrame(output)[0]?.[0] === 200);
    const children = await until(() => {
      const found = childrenOf(pid);
      return found.length > 0 && found;
    });

    server.child.kill('SIGTERM');
    // 0: the stop finished inside the command's own 2 s deadline (it exits 1 past it).
    expect(await exited(server.child)).toBe(0);
    expect(lastFrame(output)).toEqual(Array.from({ length: LEDS }, () => [0, 0, 0]));
    expect(server.output()).toContain('"msg":"stopped"');
    expect(children.filter(alive)).toEqual([]);
  });

  it('hands a WLED back on SIGTERM', async () => {
    const wled = await wledStandIn(LEDS);
    try {
      const dataDir = mkdtempSync(join(tmpdir(), 'glowkit-signals-'));
      dirs.push(dataDir);
      const device = { type: 'wled', host: wled.host, hardwareLedCount: LEDS, colorOrder: 'rgb' };
      await importConfiguration(dataDir, fileDeviceConfiguration('/dev/null', LEDS, { device }));
      const { server, token } = await start(dataDir);
      await post(
        `${server.http}/json-rpc`,
        { command: 'color', color: [200, 100, 50], priority: 50, origin: 'Test' },
        { headers: { Authorization: `Bearer ${token}` } },
      );
      // Taken over: realtime ("live") mode on, and not given back while the server runs.
      await until(() => wled.posts.some((body) => body.live === true));
      expect(wled.posts.filter((body) => body.live === false)).toEqual([]);

      server.child.kill('SIGTERM');
      expect(await exited(server.child)).toBe(0);
      // Given back before the process ended: realtime mode off, as it was (off, sync as it was).
      expect(wled.posts.at(-1)).toMatchObject({ live: false, on: false });
    } finally {
      wled.close();
    }
  });

  it('reloads the stored configuration on SIGHUP, keeping its WebSocket and TCP clients', async () => {
    const dataDir = await dataDirWith('before.txt');
    const { server, token } = await start(dataDir);
    const ws = await LiveSocket.open(`${server.http.replace('http', 'ws')}`, token);
    let wsClosed: number | undefined;
    ws.socket.on('close', (code) => {
      wsClosed = code;
    });
    const tcp = new TcpClient(server.tcp as string);
    expect(
      await tcp.call({ command: 'authorize', subcommand: 'login', token, tan: 1 }),
    ).toMatchObject({ success: true });
    const color = (rgb: number[]) => ({
      command: 'color',
      color: rgb,
      priority: 50,
      origin: 'Test',
    });
    const before = join(dataDir, 'before.txt');
    const after = join(dataDir, 'after.txt');
    expect(await ws.call(color([1, 2, 3]))).toMatchObject({ success: true });
    await until(() => lastFrame(before)[0]?.[2] === 3);

    // Another path writes the store while the server runs: the offline import, which names
    // another output file for the device. Until the reload, the running one stays in effect.
    await importConfiguration(dataDir, fileDeviceConfiguration(after, LEDS));
    expect(await ws.call(color([4, 5, 6]))).toMatchObject({ success: true });
    await until(() => lastFrame(before)[0]?.[2] === 6);
    expect(existsSync(after)).toBe(false);

    server.child.kill('SIGHUP');
    await waitForOutput(server, '"msg":"restart complete"', 30_000);

    // Both clients are still connected, and their commands reach the reloaded device.
    expect(await ws.call(color([10, 20, 30]))).toMatchObject({ success: true });
    await until(() => lastFrame(after)[0]?.[2] === 30);
    expect(await tcp.call({ ...color([40, 50, 60]), tan: 2 })).toMatchObject({ success: true });
    await until(() => lastFrame(after)[0]?.[2] === 60);
    expect(wsClosed).toBeUndefined();
    expect(tcp.closed).toBe(false);
    tcp.socket.destroy();
    ws.socket.close();
  });
});
