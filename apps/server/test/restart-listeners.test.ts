import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { connect as connectTcp, createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect as connectTls } from 'node:tls';
import { generate } from 'selfsigned';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { post, RpcSocket } from './support/client.js';
import { configuration, restoreRequest } from './support/configs.js';
import { holdRestarts, startServer, type TestServer } from './support/server.js';
import { until } from './support/until.js';

type Json = Record<string, unknown>;

let t: TestServer | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await t?.close();
  t = undefined;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const auth = (s: TestServer) => ({ headers: { Authorization: `Bearer ${s.token}` }, ca: s.ca });

/** What one request came back with: a status, or the socket-level error that refused it. */
function attempt(url: string, body: string, token: string): Promise<number | string> {
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const req = send(
      target,
      {
        method: 'POST',
        agent: false,
        rejectUnauthorized: false,
        headers: { Authorization: `Bearer ${token}`, 'Content-Length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    req.end(body);
  });
}

/** The subject of the certificate an HTTPS port presents. */
function subjectAt(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connectTls({ host: '127.0.0.1', port, rejectUnauthorized: false }, () => {
      const subject = String(socket.getPeerCertificate().subject?.CN);
      socket.end();
      resolve(subject);
    });
    socket.on('error', reject);
  });
}

/** A certificate for `name` written to a fresh directory: its paths. */
async function certificateFiles(name: string): Promise<{ crtPath: string; keyPath: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'glowkit-cert-'));
  dirs.push(dir);
  const pems = await generate([{ name: 'commonName', value: name }], {
    keyType: 'ec',
    curve: 'P-256',
  });
  writeFileSync(join(dir, 'crt.pem'), pems.cert);
  writeFileSync(join(dir, 'key.pem'), pems.private);
  return { crtPath: join(dir, 'crt.pem'), keyPath: join(dir, 'key.pem') };
}

describe('a restart that changes listeners', () => {
  it('answers every request during a certificate change, on ports that stay the same', async () => {
    t = await startServer({ tcpPort: 0 });
    const held = holdRestarts(t);
    const before = t.server.listening;
    expect(await subjectAt(before.https.port)).toBe('localhost');
    const tcp = connectTcp(before.tcp?.port ?? 0, '127.0.0.1');
    await once(tcp, 'connect');
    let tcpText = '';
    tcp.setEncoding('utf8').on('data', (chunk: string) => {
      tcpText += chunk;
    });

    const config = configuration([0]) as { global: { settings: { webConfig: Json } } };
    Object.assign(config.global.settings.webConfig, await certificateFiles('lights.example'));
    const getconfig = JSON.stringify({ command: 'config', subcommand: 'getconfig' });
    const results: (number | string)[] = [];
    let restarted = false;
    const complete = once(t.server, 'restart-complete').then(([report]) => {
      restarted = true;
      return report as { listeners: string[]; rebound: boolean };
    });
    const server = t;
    // Four clients in a loop (bounded by count), half on each port, from before the restore until
    // ten requests each after the restart.
    const hammer = async (url: string) => {
      let afterwards = 0;
      for (let i = 0; i < 5000 && afterwards < 10; i += 1) {
        results.push(await attempt(`${url}/json-rpc`, getconfig, server.token));
        if (restarted) afterwards += 1;
      }
    };
    const hammers = [hammer(t.http), hammer(t.http), hammer(t.https), hammer(t.https)];
    await until(() => results.length >= 4);
    const reply = await post(`${t.http}/json-rpc`, restoreRequest(config, 3), auth(t));
    expect(reply.json).toMatchObject({ success: true, tan: 3 });
    // The restart is held until requests have landed inside it, on both ports.
    await until(() => results.filter((r) => r === 503).length >= 8, 30_000);
    held.release();
    const report = await complete;
    await Promise.all(hammers);
    tcp.write(`${JSON.stringify({ command: 'authorize', subcommand: 'tokenRequired', tan: 4 })}\n`);

    expect(results.filter((r) => r !== 200 && r !== 503)).toEqual([]);
    expect(results).toContain(503);
    expect(results.filter((r) => r === 200).length).toBeGreaterThan(10);
    expect(report).toMatchObject({ rebound: true, listeners: ['https certificate'] });
    expect(t.server.listening.http.port).toBe(before.http.port);
    expect(t.server.listening.https.port).toBe(before.https.port);
    expect(t.server.listening.tcp?.port).toBe(before.tcp?.port);
    expect(await subjectAt(before.https.port)).toBe('lights.example');
    // The TCP session opened before the restart is still served.
    for (let i = 0; i < 500 && !tcpText.includes('"tan":4'); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(tcpText).toContain('"command":"authorize-tokenRequired"');
    tcp.destroy();
  });

  it('refuses a WebSocket upgrade during the restart with 503 and Retry-After', async () => {
    t = await startServer({ tcpPort: 0 });
    const held = holdRestarts(t);
    const begun = once(t.server, 'restart-begin');
    const complete = once(t.server, 'restart-complete');
    void t.server.restart('test');
    await begun;
    const refused = await RpcSocket.open(t.ws, auth(t)).catch((error: unknown) => error);
    held.release();
    expect(refused).toMatchObject({ status: 503, headers: { 'retry-after': '1' } });
    expect(JSON.parse((refused as { body: string }).body)).toMatchObject({
      error: 'Service Unavailable',
    });
    await complete;
    const socket = await RpcSocket.open(t.ws, auth(t));
    expect(await socket.call({ command: 'serverinfo', tan: 2 })).toMatchObject({ success: true });
    socket.close();
  });

  it('keeps the HTTP port when the new one is taken, and says why', async () => {
    const blocker = createNetServer();
    blocker.listen(0, '127.0.0.1');
    await once(blocker, 'listening');
    try {
      const taken = (blocker.address() as { port: number }).port;
      t = await startServer({ port: undefined, tcpPort: 0 });
      const before = t.server.listening.http.port;
      const config = configuration([0]) as { global: { settings: { webConfig: Json } } };
      config.global.settings.webConfig.port = taken;
      config.global.settings.webConfig.sslPort = t.server.listening.https.port;
      const complete = once(t.server, 'restart-complete');
      await post(`${t.http}/json-rpc`, restoreRequest(config), auth(t));
      const [report] = (await complete) as [{ listeners: string[] }];
      expect(report.listeners).toEqual([]);
      expect(t.server.listening.http.port).toBe(before);
      expect(t.logText()).toContain(`http port ${taken} on 127.0.0.1 is in use`);
      const after = await post(
        `${t.http}/json-rpc`,
        { command: 'config', subcommand: 'getconfig' },
        auth(t),
      );
      expect(after.json.success).toBe(true);
    } finally {
      blocker.close();
    }
  });
});

describe('WebSocket heartbeat', () => {
  it('drops a client that stops answering pings, and keeps one that answers', async () => {
    // A ping a second: often, for a short test, and yet on a loaded machine (a stalled event loop
    // runs the next beat before it reads the pong) the lively client answers in time.
    t = await startServer({ tcpPort: 0, heartbeatMs: 1000 });
    const headers = { Authorization: `Bearer ${t.token}` };
    const silent = new WebSocket(t.ws, { headers, autoPong: false });
    const lively = new WebSocket(t.ws, { headers });
    await Promise.all([once(silent, 'open'), once(lively, 'open')]);
    const [code] = (await once(silent, 'close')) as [number];
    expect(code).toBe(1006); // terminated: no closing handshake
    expect(t.logText()).toContain('did not answer a ping');
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(lively.readyState).toBe(WebSocket.OPEN);
    lively.close();
  });
});
