import { createRequire } from 'node:module';
import type { Writable } from 'node:stream';
import { type Logger, type LoggerOptions, multistream, pino } from 'pino';
import type PinoPretty from 'pino-pretty';
import { LogRing } from './log-ring.js';

export type { Logger } from 'pino';

/** How the server logs. */
export interface LogOptions {
  /**
   * pino level: fatal, error, warn, info, debug, trace or silent. Given, it is fixed: the
   * `logger` settings group does not change it (`--log-level` wins). Left out, the logger starts
   * at info and follows `logger.level` once the server has read it (see {@link followSettingsLevel}).
   */
  level?: string;
  /**
   * Human-readable lines instead of JSON. Default: when standard output is a terminal, so that a
   * person starting the server reads it, and a service manager still gets structured JSON.
   */
  pretty?: boolean;
  /** Where to write; default standard output. */
  destination?: Writable;
  /** The ring the last lines are kept in (default: a new one of 500 lines). */
  ring?: LogRing;
}

/** What the server reads of a logger made by {@link createLogger}: its ring and whether its level is fixed. */
export interface LogFeed {
  /** The last lines, as they were written (level and redaction applied). */
  readonly ring: LogRing;
  /** Whether the level was given ({@link LogOptions.level}): the settings then leave it alone. */
  readonly fixed: boolean;
}

const feeds = new WeakMap<Logger, LogFeed>();

/** The ring and level rule of a logger made by {@link createLogger}; undefined for another pino. */
export function logFeedOf(logger: Logger): LogFeed | undefined {
  return feeds.get(logger);
}

/** The `logger.level` choices (Hyperion.ng's) as pino levels: `verbose` is pino's info. */
export const SETTINGS_LEVELS: Readonly<Record<string, string>> = {
  silent: 'silent',
  warn: 'warn',
  verbose: 'info',
  debug: 'debug',
};

/** The `logger` group's default level, Hyperion.ng's. */
const DEFAULT_SETTINGS_LEVEL = 'warn';

/**
 * Sets the level from the `logger` group's `level` (default warn) unless the logger's level was
 * given when it was made (the command line's `--log-level` wins). Returns the pino level in force.
 */
export function followSettingsLevel(logger: Logger, level: string | undefined): string {
  const feed = feeds.get(logger);
  if (!feed || feed.fixed) return logger.level;
  const wanted = SETTINGS_LEVELS[level ?? DEFAULT_SETTINGS_LEVEL] ?? 'warn';
  if (logger.level !== wanted) logger.level = wanted;
  return logger.level;
}

/** What the log and a diagnostics bundle show in place of a secret. */
export const REDACTED = '[redacted]';

/**
 * The names of the fields that hold secrets, wherever they are: what the log censors (see
 * {@link SECRET_PATHS}) and what a diagnostics bundle leaves out of the configuration
 * (`forwarder.targets[].token`, `network.mqtt.password`, `webConfig.keyPassPhrase`).
 */
export const SECRET_KEYS: readonly string[] = [
  'token',
  'authorization',
  'password',
  'newPassword',
  'keyPassPhrase',
];

/**
 * Fields that hold secrets, at any depth a caller is likely to pass them: tokens, Authorization
 * headers, passwords (sign-in, the admin password, `network.mqtt.password`), the TLS key's pass
 * phrase. The server never logs them on purpose; these are censored in case a caller passes one
 * anyway, on standard output and in the ring alike.
 */
const SECRET_PATHS = [
  'token',
  '*.token',
  'authorization',
  '*.authorization',
  'headers.authorization',
  ...['password', 'newPassword', 'keyPassPhrase'].flatMap((key) => [
    key,
    `*.${key}`,
    `*.*.${key}`,
    `*.*.*.${key}`,
  ]),
];

/**
 * pino-pretty, loaded only for a terminal: a service writes JSON lines, and the formatter and its
 * dependencies would only take memory there. It is CommonJS, so it loads synchronously.
 */
function prettyStream(): typeof PinoPretty {
  const loaded = createRequire(import.meta.url)('pino-pretty') as
    | typeof PinoPretty
    | { default: typeof PinoPretty };
  return 'default' in loaded ? loaded.default : loaded;
}

/**
 * The server's structured logger (pino), writing each line to standard output (or
 * `destination`) and to a {@link LogRing} of the last lines, which `logging` streams to a
 * session. Tokens, passwords and the TLS pass phrase never reach either: the server logs token
 * ids only, and {@link SECRET_PATHS} are redacted in case a caller passes one anyway.
 */
export function createLogger(options: LogOptions = {}): Logger {
  const config: LoggerOptions = {
    level: options.level ?? 'info',
    base: undefined,
    redact: { paths: SECRET_PATHS, censor: REDACTED },
  };
  const destination = options.destination ?? process.stdout;
  const human = options.pretty ?? (destination === process.stdout && process.stdout.isTTY === true);
  const out = human
    ? prettyStream()({
        destination,
        colorize: destination === process.stdout && process.stdout.isTTY === true,
        ignore: 'pid,hostname',
        translateTime: 'HH:MM:ss.l',
        sync: true,
      })
    : destination;
  const ring = options.ring ?? new LogRing();
  // Both at the lowest level: the logger's own level (which the settings may change) decides.
  const logger = pino(
    config,
    multistream([
      { level: 'trace', stream: out },
      { level: 'trace', stream: ring },
    ]),
  );
  feeds.set(logger, { ring, fixed: options.level !== undefined });
  return logger;
}
