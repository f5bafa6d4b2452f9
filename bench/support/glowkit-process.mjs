// `glowkit start` as a user runs it, for the footprint benchmarks: the real command
// (apps/server/bin/glowkit.js) in a process of its own, on loopback ports picked free beforehand,
// in a fresh data directory given a configuration first with `glowkit config import` (in a process
// of its own, before the clock starts). Its memory is read from /proc, as `ps` or `top` would.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import WebSocket from 'ws';
import { defaultConfiguration } from '../../apps/server/dist/config/defaults.js';

/** The real command. */
export const GLOWKIT = resolve(import.meta.dirname, '../../apps/server/bin/glowkit.js');

/** A port nobody listens on now (the usual race: nothing else here takes it meanwhile). */
export async function freePort() {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  server.close();
  await once(server, 'close');
  return port;
}

/** A process's resident set size now, bytes (VmRSS), or undefined when it is gone. */
export function rssOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+)/m.exec(status);
    return kb ? Number(kb[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** The children of a process (one level), from /proc. */
export function childrenOf(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    return text ? text.split(/\s+/).map(Number) : [];
  } catch {
    return [];
  }
}

/** Posts one JSON-RPC request over HTTP; resolves to the parsed reply, rejects when refused. */
export function postJson(port, token, message) {
  return new Promise((resolveReply, reject) => {
    const text = JSON.stringify(message);
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/json-rpc',
        method: 'POST',
        agent: false,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(text),
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          try {
            resolveReply(JSON.parse(Buffer.concat(chunks).toString('utf8')));
          } catch (error) {
            reject(error);
          }
        });
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

/**
 * Starts `glowkit start` in a fresh data directory holding `configuration` (imported first), and
 * resolves once its first JSON request is answered successfully (polled every 5 ms over HTTP with
 * the admin token it wrote). `nodeArgs` go before the command (V8 flags to try); `env` is added to
 * the environment; `wrap` runs the command under another (e.g. systemd-run), as an argv prefix;
 * `bin` is the command to run (default this tree's; another tree's to compare revisions).
 * Returns the pid, the ports, the token, `startMs` (spawn to that first answer), `readyRss`
 * (bytes, read as the answer arrived), and `stop()`.
 */
export async function startGlowkit(
  configuration,
  { nodeArgs = [], env = {}, wrap = [], bin = GLOWKIT } = {},
) {
  const dataDir = mkdtempSync(join(tmpdir(), 'glowkit-footprint-'));
  const configFile = join(dataDir, 'import.json');
  writeFileSync(configFile, JSON.stringify(configuration));
  const imported = spawnSync(
    process.execPath,
    [bin, 'config', 'import', configFile, '--data-dir', dataDir],
    { encoding: 'utf8' },
  );
  if (imported.status !== 0) throw new Error(`glowkit config import failed: ${imported.stderr}`);
  rmSync(configFile);
  const ports = {
    http: await freePort(),
    https: await freePort(),
    tcp: await freePort(),
    flatbuf: await freePort(),
    proto: await freePort(),
  };
  const args = [
    ...nodeArgs,
    bin,
    'start',
    '--data-dir',
    dataDir,
    '--host',
    '127.0.0.1',
    '--port',
    String(ports.http),
    '--ssl-port',
    String(ports.https),
    '--tcp-port',
    String(ports.tcp),
    '--flatbuf-port',
    String(ports.flatbuf),
    '--proto-port',
    String(ports.proto),
  ];
  const argv = [...wrap, process.execPath, ...args];
  const t0 = performance.now();
  const child = spawn(argv[0], argv.slice(1), {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let output = '';
  child.stdout.on('data', (c) => {
    output += c;
  });
  child.stderr.on('data', (c) => {
    output += c;
  });
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  const tokenFile = join(dataDir, 'admin-token');
  let token;
  let startMs;
  for (;;) {
    if (exited) throw new Error(`glowkit start exited before it answered:\n${output}`);
    if (performance.now() - t0 > 60_000) throw new Error('glowkit start did not answer in 60 s');
    token ??= existsSync(tokenFile)
      ? readFileSync(tokenFile, 'utf8').trim() || undefined
      : undefined;
    if (token) {
      const reply = await postJson(ports.http, token, { command: 'serverinfo' }).catch(() => null);
      if (reply?.success) {
        startMs = performance.now() - t0;
        break;
      }
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  // Under a wrapper (systemd-run --scope) the child may be the wrapper: the server is the node
  // process below it.
  const serverPid = () => {
    if (wrap.length === 0) return child.pid;
    let pid = child.pid;
    for (let depth = 0; depth < 3; depth++) {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (cmd.includes(bin) && cmd.startsWith(process.execPath)) return pid;
      const [next] = childrenOf(pid);
      if (!next) break;
      pid = next;
    }
    return child.pid;
  };
  const pid = serverPid();
  const readyRss = rssOf(pid);
  return {
    pid,
    ports,
    token,
    dataDir,
    startMs,
    readyRss,
    output: () => output,
    exited: () => exited,
    exitCode: () => child.exitCode,
    signal: () => child.signalCode,
    async stop() {
      if (!exited) {
        const gone = once(child, 'exit');
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await gone;
        clearTimeout(killer);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Opens a WebSocket JSON-RPC client with the token. */
export async function openClient(port, token) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  await once(socket, 'open');
  return socket;
}

/** Sends one request over a WebSocket and resolves to the next reply with its tan. */
export function ask(socket, message) {
  return new Promise((resolveReply, reject) => {
    const tan = Math.floor(Math.random() * 1e9);
    const onMessage = (data) => {
      const reply = JSON.parse(String(data));
      if (reply.tan !== tan) return;
      socket.off('message', onMessage);
      socket.off('close', onClose);
      resolveReply(reply);
    };
    const onClose = () => reject(new Error('the WebSocket closed'));
    socket.on('message', onMessage);
    socket.on('close', onClose);
    socket.send(JSON.stringify({ ...message, tan }));
  });
}

/**
 * The embedded defaults with `count` LEDs along the top edge of the one instance, repeated as
 * `instances` instances.
 */
export function configurationWithLeds(count, instances = 1) {
  const config = defaultConfiguration();
  const first = config.instances[0];
  first.settings.device = { ...first.settings.device, hardwareLedCount: count };
  first.settings.leds = Array.from({ length: count }, (_, i) => ({
    hmin: Number((i / count).toFixed(4)),
    hmax: Number(((i + 1) / count).toFixed(4)),
    vmin: 0,
    vmax: 0.08,
  }));
  for (let id = 1; id < instances; id++) {
    config.instances.push({
      ...structuredClone(first),
      id,
      name: `LED instance ${id + 1}`,
    });
    config.instanceIds.push(id);
  }
  return config;
}
