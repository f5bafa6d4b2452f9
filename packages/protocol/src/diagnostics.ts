import { checkObject, type Field, oneOf, tanField } from './checks.js';
import type { Configuration } from './configuration.js';
import { commandField } from './control-checks.js';
import { COMMANDS, type SubcommandOf } from './envelope.js';
import type { LogMessage } from './logging.js';
import { type Parser, parserOf } from './parse.js';
import type { DeviceState } from './server-info.js';
import type { Violation } from './violations.js';

/**
 * A valid `diagnostics` request (Glowkit's own command; Hyperion.ng has none): `getInfo` answers
 * the server's running figures ({@link DiagnosticsInfo}), `getBundle` the same with the
 * configuration (secrets redacted) and the recent log, one JSON document to attach to a bug
 * report ({@link DiagnosticsBundle}).
 */
export interface DiagnosticsRequest {
  command: 'diagnostics';
  subcommand: SubcommandOf<'diagnostics'>;
  tan?: number;
}

/** CPU and memory of one process. */
export interface ProcessFigures {
  pid: number;
  /**
   * Percent of one core used over the last interval (100 = one core busy); over the process's
   * life when it started within the interval. `null` when it could not be read.
   */
  cpuPercent: number | null;
  /** Resident memory, bytes; `null` when it could not be read. */
  rssBytes: number | null;
}

/** The server's own process: {@link ProcessFigures} and V8's heap. */
export interface ServerProcessFigures extends ProcessFigures {
  /** V8 heap in use, bytes. */
  heapUsedBytes: number;
  /** V8 heap reserved, bytes. */
  heapTotalBytes: number;
  /** Memory of JavaScript objects held outside the heap (buffers), bytes. */
  externalBytes: number;
}

/**
 * How late the server's event loop ran its timers over the last interval
 * (`perf_hooks.monitorEventLoopDelay`), milliseconds. All `null` before a first interval ended.
 */
export interface EventLoopDelay {
  p50Ms: number | null;
  p99Ms: number | null;
  maxMs: number | null;
}

/** A running effect's `python3` child. */
export interface EffectChildFigures extends ProcessFigures {
  instance: number;
  priority: number;
  /** The effect's name. */
  name: string;
}

/** An instance's LED device: its state and how its writes went over the last interval. */
export interface DeviceFigures {
  /** `device.type`. */
  type: string;
  state: DeviceState;
  /** Why the device is in error: one line; absent otherwise. */
  error?: string;
  /** Writes that reached the device since the instance started. */
  writes: number;
  /** Mean time of one write over the last interval, ms; `null` when nothing was written. */
  writeMsMean: number | null;
  /** The longest write since the instance started, ms. */
  writeMsMax: number;
}

/** One configured instance. */
export interface InstanceFigures {
  id: number;
  name: string;
  running: boolean;
  /** Frames per second that reached the device over the last interval (0 when not running). */
  fps: number;
  /**
   * Frames the device did not get over the last interval: dropped by its latch time, or replaced
   * by a newer frame while a write was under way.
   */
  framesDropped: number;
  /** The same since the instance started. */
  framesDroppedTotal: number;
  /** Absent while the instance is stopped. */
  device?: DeviceFigures;
}

/** The `info` of a `diagnostics getInfo` reply: the figures of the System page. */
export interface DiagnosticsInfo {
  /** Glowkit's version. */
  version: string;
  /** The Hyperion.ng JSON API version the server follows (as `sysinfo` reports it). */
  apiVersion: string;
  /** Node's version. */
  nodeVersion: string;
  /** Whole seconds since the server's process started. */
  uptimeS: number;
  /** When these figures were taken, ms since the epoch. */
  time: number;
  /** The length of the interval the rates, percentages and delays are taken over, ms. */
  intervalMs: number;
  server: ServerProcessFigures;
  eventLoop: EventLoopDelay;
  /** The running effects' children, by instance, then priority. */
  effects: EffectChildFigures[];
  /** Every configured instance, by id. */
  instances: InstanceFigures[];
  database: {
    /** The database file's absolute path. */
    file: string;
    /** The database file with its write-ahead log, bytes. */
    sizeBytes: number;
    /** How many previous configurations are kept (`config getsnapshots`). */
    snapshots: number;
  };
}

/**
 * The `info` of a `diagnostics getBundle` reply: everything a bug report needs, as one JSON
 * document. Tokens, passwords, the TLS pass phrase and the MQTT password are replaced by
 * `"[redacted]"`, as the log redacts them.
 */
export interface DiagnosticsBundle {
  /** What this document is: `"glowkit-diagnostics"`. */
  kind: 'glowkit-diagnostics';
  /** When it was made, ISO-8601 UTC. */
  createdAt: string;
  figures: DiagnosticsInfo;
  /** `sysinfo`'s `info`: the host and the server's build. */
  sysinfo: Record<string, unknown>;
  /** The stored configuration, secrets redacted. */
  configuration: Configuration;
  /** The server's recent log lines, oldest first. */
  log: LogMessage[];
}

const SUBCOMMANDS = COMMANDS.diagnostics;

const REQUEST_FIELDS: ReadonlyMap<string, Field> = new Map([
  ['command', commandField('diagnostics')],
  ['subcommand', { required: `one of: ${SUBCOMMANDS.join(', ')}`, check: oneOf(SUBCOMMANDS) }],
  ['tan', tanField],
]);

/**
 * Every violation of a `diagnostics` request; `[]` when it is valid (see
 * {@link DiagnosticsRequest}). Other top-level properties are allowed.
 *
 * @param request - the parsed request.
 * @returns all violations at once.
 */
export function validateDiagnosticsRequest(request: unknown): Violation[] {
  const out: Violation[] = [];
  checkObject(out, '', request, 'a JSON object', REQUEST_FIELDS, 'allow');
  return out;
}

/** The typed value of a valid `diagnostics` request (see {@link DiagnosticsRequest}), or its violations. */
export const parseDiagnosticsRequest: Parser<DiagnosticsRequest> = parserOf(
  validateDiagnosticsRequest,
);
