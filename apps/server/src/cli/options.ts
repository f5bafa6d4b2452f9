/**
 * The options the commands share: each a flag and an environment variable, declared once for
 * parsing, reading and the help.
 */
import { resolve } from 'node:path';
import { defaultDataDir } from '../data-dir.js';
import { UsageError, type Values } from './command.js';

/** One shared option: what its value looks like, its variable, and its lines of the help. */
interface SharedOption {
  value: string;
  variable: string;
  help: readonly string[];
}

/** The shared options, in the order the help lists them. */
export const OPTIONS = {
  'data-dir': {
    value: '<dir>',
    variable: 'GLOWKIT_DATA',
    help: ['data directory (default ~/.local/share/glowkit)'],
  },
  host: {
    value: '<address>',
    variable: 'GLOWKIT_HOST',
    help: ['address to listen on (default 0.0.0.0)'],
  },
  port: {
    value: '<n>',
    variable: 'GLOWKIT_PORT',
    help: ['HTTP port (default webConfig.port, else 8090)'],
  },
  'ssl-port': {
    value: '<n>',
    variable: 'GLOWKIT_SSL_PORT',
    help: ['HTTPS port (default webConfig.sslPort, else 8092)'],
  },
  'tcp-port': {
    value: '<n>',
    variable: 'GLOWKIT_TCP_PORT',
    help: [
      'TCP JSON port (default jsonServer.port, else 19444);',
      "for token requests|approve|deny, the server's",
    ],
  },
  'flatbuf-port': {
    value: '<n>',
    variable: 'GLOWKIT_FLATBUF_PORT',
    help: ['flatbuffers picture input port (default flatbufServer.port, else 19400)'],
  },
  'proto-port': {
    value: '<n>',
    variable: 'GLOWKIT_PROTO_PORT',
    help: ['protobuf picture input port (default protoServer.port, else 19445)'],
  },
  'body-limit': {
    value: '<size>',
    variable: 'GLOWKIT_BODY_LIMIT',
    help: ['largest request, e.g. 10MB, 512KB (default 10MB)'],
  },
  'web-dir': {
    value: '<dir>',
    variable: 'GLOWKIT_WEB_DIR',
    help: ["the web UI's build to serve at / (default: the package's web/ or apps/web/dist)"],
  },
  ffmpeg: {
    value: '<program>',
    variable: 'GLOWKIT_FFMPEG',
    help: ['the ffmpeg the screen and USB grabbers run (default ffmpeg on PATH)'],
  },
  'log-level': {
    value: '<level>',
    variable: 'GLOWKIT_LOG_LEVEL',
    help: [
      'fatal, error, warn, info, debug, trace, silent',
      '(default: the logger settings group, warn; given, it wins)',
    ],
  },
} as const satisfies Record<string, SharedOption>;

/** The name of a shared option: its flag without the dashes. */
export type OptionName = keyof typeof OPTIONS;

/** An option: its flag, else its environment variable; unset: undefined. */
export function setting(values: Values, name: OptionName): string | undefined {
  return (values[name] as string | undefined) ?? process.env[OPTIONS[name].variable] ?? undefined;
}

/** `--data-dir`, else `GLOWKIT_DATA`, else the per-user default. */
export function dataDirOf(values: Values): string {
  return (values['data-dir'] as string | undefined) ?? defaultDataDir();
}

/** The options that name a port. */
type PortOption = 'port' | 'ssl-port' | 'tcp-port' | 'flatbuf-port' | 'proto-port';

/** A port option's value (0: any free port); unset: undefined. */
export function portOf(values: Values, name: PortOption): number | undefined {
  const value = setting(values, name);
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) {
    throw new UsageError(`--${name} must be a port number from 0 to 65535, not "${value}"`);
  }
  return n;
}

/** `--body-limit` in bytes, from a size such as 10MB or 512KB; unset: undefined. */
export function bodyLimitOf(values: Values): number | undefined {
  const value = setting(values, 'body-limit');
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

/** A directory option's value, absolute (relative to where glowkit was started); unset: undefined. */
export function dirOf(values: Values, name: 'web-dir'): string | undefined {
  const value = setting(values, name);
  return value === undefined || value === '' ? undefined : resolve(value);
}
