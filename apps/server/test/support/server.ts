import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { createLogger } from '../../src/logger.js';
import { createServer, type GlowkitServer, type ServerOptions } from '../../src/server.js';

/** A server on loopback ephemeral ports in a fresh data directory, with an admin token. */
export interface TestServer {
  server: GlowkitServer;
  dataDir: string;
  token: string;
  http: string;
  https: string;
  ws: string;
  wss: string;
  /** The self-signed certificate, to trust it in clients. */
  ca: string;
  /** Every log line, parsed. */
  logs: Record<string, unknown>[];
  /** Raw log text (to check that secrets never reach it). */
  logText(): string;
  close(): Promise<void>;
}

/**
 * Starts a real server; `close()` stops it and removes its data directory. `adminToken` is a
 * token the data directory's database holds already (none is created then: the database may be
 * read-only).
 */
export async function startServer(
  options: Partial<ServerOptions> & {
    prepare?: (server: GlowkitServer) => void;
    adminToken?: string;
  } = {},
): Promise<TestServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'glowkit-server-'));
  const chunks: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, callback) {
      chunks.push(String(chunk));
      callback();
    },
  });
  const logger = createLogger({ level: 'debug', pretty: false, destination });
  const { prepare: _prepare, adminToken, ...serverOptions } = options;
  const server = createServer({
    host: '127.0.0.1',
    port: 0,
    sslPort: 0,
    tcpPort: 0,
    // Tests restore configurations with flatbufServer and protoServer enabled on 19400 and
    // 19445: never the real ports.
    flatbufPort: 0,
    protoPort: 0,
    // No system bus: a machine running the tests that goes to sleep must not suspend them.
    systemBusAddress: 'unix:path=/nonexistent/glowkit-test-system-bus',
    // No SSDP or mDNS: many test servers run at once, and announcements are tested in a network
    // namespace of their own (announce.test.ts) where nothing reaches a real interface.
    announce: false,
    logger,
    ...serverOptions,
    dataDir,
  });
  const token = adminToken ?? server.store.tokens.create('test admin token').token;
  options.prepare?.(server);
  const { http, https } = await server.start();
  return {
    server,
    dataDir,
    token,
    http: `http://127.0.0.1:${http.port}`,
    https: `https://127.0.0.1:${https.port}`,
    ws: `ws://127.0.0.1:${http.port}`,
    wss: `wss://127.0.0.1:${https.port}`,
    // The generated certificate (a test may configure its own instead).
    ca: existsSync(join(dataDir, 'tls', 'cert.pem'))
      ? readFileSync(join(dataDir, 'tls', 'cert.pem'), 'utf8')
      : '',
    get logs() {
      return chunks
        .join('')
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
    },
    logText: () => chunks.join(''),
    async close() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Holds every restart of a server between stopping and starting again until `release()`: a
 * test's requests then surely land inside the restart, however slow the machine is, rather than
 * within a window of so many milliseconds.
 */
export function holdRestarts(s: TestServer): { release(): void } {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const stop = s.server.runtime.stop.bind(s.server.runtime);
  s.server.runtime.stop = async () => {
    await stop();
    await gate;
  };
  return { release };
}
