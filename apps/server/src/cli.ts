import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  configurationInBackup,
  describeJsonSyntaxError,
  escapeControlCharacters,
  parseJson,
} from '@glowkit/protocol';
import { CliSession, replyProblem } from './cli-session.js';
import { databaseFile, defaultDataDir } from './data-dir.js';
import { ensureAdminToken } from './first-start.js';
import { createLogger } from './logger.js';
import { restoreConfigurationOf } from './rpc/normalize.js';
import { createServer, storedTcpPort } from './server.js';
import { ConfigStore } from './store/config-store.js';
import { importConfiguration } from './store/export.js';

const HELP = `glowkit — the Glowkit reference LED server

Usage:
  glowkit [start] [options]              run the server (HTTP, HTTPS and WebSocket JSON-RPC)
  glowkit token create --comment <text>  create an admin token; it is shown once
  glowkit token list                     list tokens (ids and comments, never the tokens)
  glowkit token revoke <id>              revoke a token
  glowkit token requests                 list the token requests waiting in the running server
  glowkit token approve <id>             give the client of token request <id> its token
  glowkit token deny <id>                deny token request <id>
  glowkit token deny --all               deny every waiting token request (a flood of them)
                                         (requests, approve and deny ask the server running
                                         with this data directory, on 127.0.0.1 and its TCP
                                         JSON port: --tcp-port, else jsonServer.port, else 19444)
  glowkit config export [file]           write the stored configuration (stdout without a file)
  glowkit config import <file>           replace the stored configuration (the old one is kept
                                         as a snapshot); a running server applies it on restart.
                                         The file: getconfig's reply or its info, or a restore
                                         request

Options (each also an environment variable):
  --data-dir <dir>     GLOWKIT_DATA         data directory (default ~/.local/share/glowkit)
  --host <address>     GLOWKIT_HOST         address to listen on (default 0.0.0.0)
  --port <n>           GLOWKIT_PORT         HTTP port (default webConfig.port, else 8090)
  --ssl-port <n>       GLOWKIT_SSL_PORT     HTTPS port (default webConfig.sslPort, else 8092)
  --tcp-port <n>       GLOWKIT_TCP_PORT     TCP JSON port (default jsonServer.port, else 19444);
                                            for token requests|approve|deny, the server's
  --body-limit <size>  GLOWKIT_BODY_LIMIT   largest request, e.g. 10MB, 512KB (default 10MB)
  --web-dir <dir>      GLOWKIT_WEB_DIR      the web UI's build to serve at / (default apps/web/dist)
  --log-level <level>  GLOWKIT_LOG_LEVEL    fatal, error, warn, info, debug, trace, silent
  -h, --help                                this help
  -v, --version                             the version
`;

/** A mistake in how glowkit was called: one line, exit code 2. */
class UsageError extends Error {}

/** A file that could not be read or written, in one line: which, and what to do. */
function fileProblem(error: unknown, path: string, doing: 'read' | 'write'): Error {
  const code = (error as NodeJS.ErrnoException).code;
  const where = resolve(path);
  const text =
    code === 'ENOENT' && doing === 'read'
      ? `${where}: no such file`
      : code === 'ENOENT'
        ? `cannot write ${where}: there is no directory ${dirname(where)}; create it first`
        : code === 'EISDIR'
          ? `${where} is a directory; name a file`
          : code === 'ENOTDIR'
            ? `cannot ${doing} ${where}: a part of the path is not a directory`
            : code === 'EACCES' || code === 'EPERM'
              ? `cannot ${doing} ${where}: permission denied`
              : `cannot ${doing} ${where}: ${error instanceof Error ? error.message : String(error)}`;
  return new Error(text);
}

/**
 * Opens the store of a data directory for a command that only reads it, or changes what must
 * already be there: a missing database is an error, never created (no data directory is left
 * behind by `token list` or `config export`).
 */
function openExisting(dataDir: string): ConfigStore {
  const file = databaseFile(dataDir);
  try {
    return warned(ConfigStore.open(file, { create: false }));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(
      `${message} (glowkit start creates it; or name another data directory with --data-dir)`,
    );
  }
}

/** Prints a store's warnings (e.g. a database others can read) on standard error. */
function warned(store: ConfigStore): ConfigStore {
  for (const warning of store.warnings) process.stderr.write(`glowkit: warning: ${warning}\n`);
  return store;
}

function port(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) {
    throw new UsageError(`${name} must be a port number from 0 to 65535, not "${value}"`);
  }
  return n;
}

function size(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const match = /^(\d+(?:\.\d+)?)\s*(b|kb|k|mb|m|gb|g)?$/i.exec(value.trim());
  if (!match)
    throw new UsageError(`--body-limit must be a size such as 10MB or 512KB, not "${value}"`);
  const unit = (match[2] ?? 'b').toLowerCase()[0];
  const factor = unit === 'k' ? 1024 : unit === 'm' ? 1024 ** 2 : unit === 'g' ? 1024 ** 3 : 1;
  const bytes = Math.floor(Number(match[1]) * factor);
  if (bytes < 1024) throw new UsageError('--body-limit must be at least 1KB');
  return bytes;
}

/** A directory flag's value, absolute (relative to where glowkit was started); unset: undefined. */
function dir(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : resolve(value);
}

type Values = Record<string, string | boolean | undefined>;

/** A setting: its flag, else its environment variable; unset: undefined. */
function setting(values: Values, flag: string, variable: string): string | undefined {
  return (values[flag] as string | undefined) ?? process.env[variable] ?? undefined;
}

/** `--tcp-port`, else `GLOWKIT_TCP_PORT` (0: any free port); unset: undefined. */
const tcpPortSetting = (values: Values): number | undefined =>
  port(setting(values, 'tcp-port', 'GLOWKIT_TCP_PORT'), '--tcp-port');

function version(): string {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  return String(manifest.version);
}

async function start(values: Values): Promise<void> {
  const text = (flag: string, variable: string) => setting(values, flag, variable);
  const dataDir = (values['data-dir'] as string | undefined) ?? defaultDataDir();
  const options = {
    dataDir,
    host: text('host', 'GLOWKIT_HOST'),
    port: port(text('port', 'GLOWKIT_PORT'), '--port'),
    sslPort: port(text('ssl-port', 'GLOWKIT_SSL_PORT'), '--ssl-port'),
    tcpPort: tcpPortSetting(values),
    bodyLimit: size(text('body-limit', 'GLOWKIT_BODY_LIMIT')),
    webDir: dir(text('web-dir', 'GLOWKIT_WEB_DIR')),
  };
  const logger = createLogger({ level: text('log-level', 'GLOWKIT_LOG_LEVEL') ?? 'info' });
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
    await server.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
  await server.start();
  logger.info({ dataDir, database: databaseFile(dataDir) }, 'data directory');
  if (first) {
    // Printed once, on standard output and never through the logger: it is a secret.
    process.stdout.write(
      `\nAdmin token (shown once; also in ${first.file}, readable by you only):\n\n  ${first.token}\n\nUse it as "Authorization: Bearer <token>".\n\n`,
    );
  }
}

async function token(args: string[], values: Values) {
  const dataDir = (values['data-dir'] as string | undefined) ?? defaultDataDir();
  const [action, id] = args;
  // Usage is checked before anything is opened, so that a mistake creates nothing.
  const comment = (values.comment as string | undefined)?.trim();
  if (action === 'create' && (!comment || comment.length < 5)) {
    throw new UsageError('token create needs --comment <text> of at least 5 characters');
  }
  if (action === 'revoke' && !id) {
    throw new UsageError('token revoke needs the id of a token (see glowkit token list)');
  }
  if (action === 'requests' || action === 'approve' || action === 'deny') {
    await tokenRequests(action, id, values, dataDir);
    return;
  }
  if (values.all) throw new UsageError('--all goes with token deny only');
  if (action !== 'create' && action !== 'list' && action !== 'revoke') {
    throw new UsageError(
      'token needs create, list, revoke, requests, approve or deny (see glowkit --help)',
    );
  }
  // Only create may make a new data directory: list and revoke need tokens to exist.
  const store =
    action === 'create' ? warned(ConfigStore.open(databaseFile(dataDir))) : openExisting(dataDir);
  try {
    if (action === 'create') {
      const { info, token: secret } = store.tokens.create(comment as string);
      process.stdout.write(
        `Token ${info.id} (${info.comment}); shown once, keep it safe:\n\n  ${secret}\n\n`,
      );
    } else if (action === 'list') {
      const tokens = store.tokens.list();
      if (tokens.length === 0) process.stdout.write('No tokens.\n');
      for (const t of tokens) {
        process.stdout.write(
          `${t.id}  ${t.comment}  created ${t.createdAt}  last used ${t.lastUse ?? 'never'}\n`,
        );
      }
    } else {
      if (!store.tokens.revoke(id as string))
        throw new Error(`no token has the id ${id} (see glowkit token list)`);
      process.stdout.write(`Token ${id} revoked.\n`);
    }
  } finally {
    store.close();
  }
}

/** The comment of the admin token `token requests|approve|deny` make for themselves. */
export const CLI_TOKEN_COMMENT = 'glowkit CLI answering token requests';

/** Time left, for people: "2 min 55 s", "40 s". */
function timeLeft(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  const minutes = Math.floor(seconds / 60);
  return minutes > 0 ? `${minutes} min ${seconds % 60} s` : `${seconds} s`;
}

/** A pending request as `getPendingTokenRequests` lists it. */
interface PendingRequest {
  id: string;
  comment: string;
  timeout: number;
}

/** The requests of a reply's list (`getPendingTokenRequests`, or those denied); `timeout` 0 if none. */
function requestsOf(list: unknown): PendingRequest[] {
  const info = Array.isArray(list) ? list : [];
  return info
    .filter((r): r is Record<string, unknown> => !!r && typeof r === 'object')
    .map((r) => ({
      id: String(r.id ?? ''),
      comment: String(r.comment ?? ''),
      timeout: typeof r.timeout === 'number' ? r.timeout : 0,
    }));
}

/**
 * `token requests`, `token approve <id>` and `token deny <id>`: token requests live in the
 * running server's memory, so these ask it, over its TCP JSON port on loopback, with an admin
 * token made for the purpose and revoked before glowkit exits, whatever happens (an error, the
 * server going away, Ctrl-C).
 */
async function tokenRequests(
  action: 'requests' | 'approve' | 'deny',
  id: string | undefined,
  values: Values,
  dataDir: string,
): Promise<void> {
  const all = values.all === true;
  if (all && (action !== 'deny' || id)) {
    throw new UsageError('--all goes with token deny alone: deny one request by its id, or all');
  }
  if (action !== 'requests' && !id && !all) {
    throw new UsageError(
      `token ${action} needs the id of a token request (see glowkit token requests)${action === 'deny' ? ', or --all' : ''}`,
    );
  }
  const option = tcpPortSetting(values);
  if (option === 0) {
    throw new UsageError(
      '--tcp-port 0 (any free port) does not say where the server listens: give the port it logged as "tcp"',
    );
  }
  const store = openExisting(dataDir);
  let temporary: string | undefined;
  /** Revokes the temporary token; says so, in one line, if that fails. */
  const revoke = () => {
    if (temporary === undefined) return;
    const tokenId = temporary;
    temporary = undefined;
    try {
      store.tokens.revoke(tokenId);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      process.stderr.write(
        `glowkit: could not revoke the temporary token ${tokenId} (${message}): run glowkit token revoke ${tokenId}\n`,
      );
    }
  };
  // Ctrl-C, or the terminal closing, while waiting for the server: revoke, then exit.
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
  const onSignal = (signal: NodeJS.Signals) => {
    revoke();
    store.close();
    process.stderr.write(`glowkit: stopped by ${signal}; the temporary token is revoked\n`);
    process.exit(signal === 'SIGINT' ? 130 : signal === 'SIGTERM' ? 143 : 129);
  };
  for (const signal of signals) process.once(signal, onSignal);
  try {
    const session = await CliSession.connect(option ?? storedTcpPort(store.read()));
    try {
      const created = store.tokens.create(CLI_TOKEN_COMMENT);
      temporary = created.info.id;
      const login = await session.call({
        command: 'authorize',
        subcommand: 'login',
        token: created.token,
      });
      if (login.success !== true) {
        throw new Error(
          login.error === 'No Authorization'
            ? `the server on ${session.where} refused a token of ${dataDir} (${replyProblem(login)}): is it running with another data directory? name that with --data-dir`
            : login.error === 'Service Unavailable'
              ? `the server on ${session.where} is restarting: try again in a moment`
              : `the server on ${session.where} refused to log in: ${replyProblem(login)}`,
        );
      }
      if (all) {
        await denyAll(session);
        return;
      }
      const listed = await session.call({
        command: 'authorize',
        subcommand: 'getPendingTokenRequests',
      });
      if (listed.success !== true) throw new Error(replyProblem(listed));
      const pending = requestsOf(listed.info);
      if (action === 'requests') {
        if (pending.length === 0) process.stdout.write('No token requests are waiting.\n');
        // Anyone on the network may send a token request: its text is printed escaped, so that
        // it cannot break a line or drive the terminal.
        for (const r of pending) {
          process.stdout.write(
            `${escapeControlCharacters(r.id)}  ${escapeControlCharacters(r.comment)}  ${timeLeft(r.timeout)} left\n`,
          );
        }
        return;
      }
      const accept = action === 'approve';
      const answered = await session.call({
        command: 'authorize',
        subcommand: 'answerRequest',
        id,
        accept,
      });
      if (answered.success !== true) throw new Error(replyProblem(answered));
      const request = pending.find((r) => r.id === id);
      const name = request ? ` (“${escapeControlCharacters(request.comment)}”)` : '';
      process.stdout.write(
        accept
          ? `Approved request ${escapeControlCharacters(id as string)}${name}: that client now has its token.\n`
          : `Denied request ${escapeControlCharacters(id as string)}${name}: that client is told it gets no token.\n`,
      );
    } finally {
      session.close();
    }
  } finally {
    for (const signal of signals) process.off(signal, onSignal);
    revoke();
    store.close();
  }
}

/** `token deny --all`: every waiting request denied by the server in one go, listed. */
async function denyAll(session: CliSession): Promise<void> {
  const reply = await session.call({
    command: 'authorize',
    subcommand: 'denyPendingTokenRequests',
  });
  if (reply.success !== true) throw new Error(replyProblem(reply));
  const requests = requestsOf((reply.info as { denied?: unknown } | undefined)?.denied);
  if (requests.length === 0) {
    process.stdout.write('No token requests were waiting: nothing was denied.\n');
    return;
  }
  const names = requests
    .map((r) => `${escapeControlCharacters(r.id)} (“${escapeControlCharacters(r.comment)}”)`)
    .join(', ');
  const count = requests.length === 1 ? '1 request' : `${requests.length} requests`;
  process.stdout.write(
    `Denied ${count}: ${names}; ${requests.length === 1 ? 'that client is' : 'those clients are'} told ${requests.length === 1 ? 'it gets' : 'they get'} no token.\n`,
  );
}

async function config(args: string[], values: Values) {
  const dataDir = (values['data-dir'] as string | undefined) ?? defaultDataDir();
  const file = databaseFile(dataDir);
  const [action, path] = args;
  if (action === 'export') {
    const store = openExisting(dataDir);
    let text: string;
    try {
      text = `${JSON.stringify(store.read(), null, 2)}\n`;
    } finally {
      store.close();
    }
    if (path) {
      await writeFile(path, text).catch((error: unknown) => {
        throw fileProblem(error, path, 'write');
      });
      process.stderr.write(`Configuration written to ${path}.\n`);
    } else {
      process.stdout.write(text);
    }
    return;
  }
  if (action !== 'import')
    throw new UsageError('config needs export or import (see glowkit --help)');
  if (!path) throw new UsageError('config import needs the file to import');
  const source = await readFile(path, 'utf8').catch((error: unknown) => {
    throw fileProblem(error, path, 'read');
  });
  const parsed = parseJson(source);
  if (!parsed.ok) throw new Error(`${path}: ${describeJsonSyntaxError(parsed.error)}`);
  const content = configurationInBackup(parsed.value);
  if (!content.ok) throw new Error(`${path} ${content.problem}`);
  const result = restoreConfigurationOf(content.config);
  if (!result.ok) {
    const problems = result.violations.map((v) => v.description);
    throw new Error(
      `${path} is not a valid configuration (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n  ${problems.join('\n  ')}`,
    );
  }
  const { snapshot } = importConfiguration(file, result.configuration, `import of ${path}`);
  process.stdout.write(
    `Imported ${path} (${content.form}); the previous configuration is snapshot ${snapshot}. A running server applies it when it restarts.\n`,
  );
}

/** Runs the command line; resolves to the exit code. */
export async function main(argv: string[]): Promise<number> {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        'data-dir': { type: 'string' },
        host: { type: 'string' },
        port: { type: 'string' },
        'ssl-port': { type: 'string' },
        'tcp-port': { type: 'string' },
        'body-limit': { type: 'string' },
        'web-dir': { type: 'string' },
        'log-level': { type: 'string' },
        comment: { type: 'string' },
        all: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
    });
    if (values.help) {
      process.stdout.write(HELP);
      return 0;
    }
    if (values.version) {
      process.stdout.write(`${version()}\n`);
      return 0;
    }
    const [command = 'start', ...rest] = positionals;
    if (command === 'start') {
      await start(values);
      return -1; // keeps running
    }
    if (command === 'token') await token(rest, values);
    else if (command === 'config') await config(rest, values);
    else throw new UsageError(`unknown command "${command}" (see glowkit --help)`);
    return 0;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`glowkit: ${message}\n`);
    return error instanceof UsageError ||
      (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
      ? 2
      : 1;
  }
}
