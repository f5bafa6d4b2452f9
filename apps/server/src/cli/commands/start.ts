/**
 * `glowkit [start]`: runs the server until SIGINT or SIGTERM, which stop it (LEDs off, WLED
 * handed back, effect children gone); SIGHUP reloads the configuration from the store in-process,
 * keeping every connection (systemd's `ExecReload`, or after `glowkit config import`).
 */
import { databaseFile } from '../../data-dir.js';
import { type Command, KEEPS_RUNNING } from '../command.js';
import { bodyLimitOf, dataDirOf, dirOf, portOf, setting } from '../options.js';

/** How long SIGTERM may take before the process ends regardless (issue 25: within 2 s). */
const STOP_DEADLINE_MS = 2000;

export const startCommand: Command = {
  name: 'start',
  summary: 'run the server',
  usage: [
    {
      synopsis: 'glowkit [start] [options]',
      text: ['run the server (HTTP, HTTPS and WebSocket JSON-RPC)'],
    },
  ],
  options: [
    'data-dir',
    'host',
    'port',
    'ssl-port',
    'tcp-port',
    'flatbuf-port',
    'proto-port',
    'body-limit',
    'web-dir',
    'ffmpeg',
    'log-level',
  ],
  async run(_args, values, io) {
    const dataDir = dataDirOf(values);
    const options = {
      dataDir,
      host: setting(values, 'host'),
      port: portOf(values, 'port'),
      sslPort: portOf(values, 'ssl-port'),
      tcpPort: portOf(values, 'tcp-port'),
      flatbufPort: portOf(values, 'flatbuf-port'),
      protoPort: portOf(values, 'proto-port'),
      bodyLimit: bodyLimitOf(values),
      webDir: dirOf(values, 'web-dir'),
      ffmpeg: setting(values, 'ffmpeg'),
    };
    // The server is loaded once the flags are read: a mistake in them is said without it.
    const [
      { ensureAdminToken },
      { createLogger },
      { GLOWKIT_VERSION },
      { startHeapTrim },
      { createServer },
    ] = await Promise.all([
      import('../../first-start.js'),
      import('../../logger.js'),
      import('../../rpc/sysinfo.js'),
      import('../../runtime/heap-trim.js'),
      import('../../server.js'),
    ]);
    // Given, the level is fixed; else the `logger` group's level applies (warn by default).
    const logger = createLogger({ level: setting(values, 'log-level') });
    // The server logs the store's warnings (e.g. a database readable by others) as it opens it.
    const server = createServer({ ...options, logger });
    const first = await ensureAdminToken(server.store, dataDir);
    let stopping = false;
    const stop = async (signal: string) => {
      if (stopping) {
        logger.warn({ signal }, 'stopping at once');
        process.exit(1);
      }
      stopping = true;
      logger.info({ signal }, 'stopping');
      // A service manager waits for the stop; one that hangs (a device that never answers)
      // must not hold the machine's shutdown: past the deadline, the process ends anyway.
      setTimeout(() => {
        logger.error({ signal, ms: STOP_DEADLINE_MS }, 'the stop took too long: exiting now');
        process.exit(1);
      }, STOP_DEADLINE_MS).unref();
      await server.stop();
      process.exit(0);
    };
    process.once('SIGINT', () => void stop('SIGINT'));
    process.once('SIGTERM', () => void stop('SIGTERM'));
    process.on('SIGHUP', () => {
      if (stopping) return;
      logger.info({ signal: 'SIGHUP' }, 'reloading the configuration from the store');
      // Failures are logged by the restart; the server keeps serving what it ran.
      server.restart('SIGHUP', { keepConnections: true }).catch(() => {});
    });
    const { http, https, tcp } = await server.start();
    // The heap a burst of requests grew is given back (runtime/heap-trim.ts).
    startHeapTrim();
    logger.info({ dataDir, database: databaseFile(dataDir) }, 'data directory');
    // Written whatever the log level: at the `logger` group's default (warn, as in Hyperion.ng)
    // the log says nothing of a start that went well, and whoever started it wants to know where
    // to go.
    const where = options.host === undefined ? 'every interface' : options.host;
    io.stdout.write(
      `Glowkit ${GLOWKIT_VERSION} is running on ${where}: web UI on port ${http.port} (HTTPS ${https.port})${tcp ? `, JSON on TCP ${tcp.port}` : ''}.\n`,
    );
    if (first) {
      // Printed once, on standard output and never through the logger: it is a secret.
      io.stdout.write(
        `\nAdmin token (shown once; also in ${first.file}, readable by you only):\n\n  ${first.token}\n\nUse it as "Authorization: Bearer <token>".\n`,
      );
    }
    let passwordMissing = false;
    try {
      passwordMissing = !server.store.password.exists();
    } catch {
      // The store's problem is the server's to report; this line is only a hint.
    }
    if (passwordMissing) {
      // No console needed for the web UI: its first visit creates the admin password.
      io.stdout.write(
        `No admin password yet: open the web UI (port ${server.listening.http.port}) from your local network to create it.\n\n`,
      );
    }
    return KEEPS_RUNNING;
  },
};
