import type { Writable } from 'node:stream';
import { type Logger, type LoggerOptions, pino } from 'pino';
import pretty from 'pino-pretty';

export type { Logger } from 'pino';

/** How the server logs. */
export interface LogOptions {
  /** pino level: fatal, error, warn, info, debug, trace or silent. Default info. */
  level?: string;
  /**
   * Human-readable lines instead of JSON. Default: when standard output is a terminal, so that a
   * person starting the server reads it, and a service manager still gets structured JSON.
   */
  pretty?: boolean;
  /** Where to write; default standard output. */
  destination?: Writable;
}

/**
 * The server's structured logger (pino). Tokens and Authorization headers never reach a log: the
 * server logs token ids only, and these paths are redacted in case a caller passes them anyway.
 */
export function createLogger(options: LogOptions = {}): Logger {
  const config: LoggerOptions = {
    level: options.level ?? 'info',
    base: undefined,
    redact: {
      paths: ['token', '*.token', 'authorization', '*.authorization', 'headers.authorization'],
      censor: '[redacted]',
    },
  };
  const destination = options.destination ?? process.stdout;
  const human = options.pretty ?? (destination === process.stdout && process.stdout.isTTY === true);
  if (human) {
    return pino(
      config,
      pretty({
        destination,
        colorize: destination === process.stdout && process.stdout.isTTY === true,
        ignore: 'pid,hostname',
        translateTime: 'HH:MM:ss.l',
        sync: true,
      }),
    );
  }
  return pino(config, destination);
}
