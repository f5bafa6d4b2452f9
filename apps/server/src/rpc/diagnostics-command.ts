/**
 * `diagnostics getInfo` / `getBundle` (Glowkit's own): the System page's figures, and the same
 * with the configuration (secrets redacted), the host's description and the recent log as one
 * JSON document for a bug report.
 */
import { statSync } from 'node:fs';
import {
  type DiagnosticsBundle,
  type DiagnosticsInfo,
  type DiagnosticsRequest,
  type InstanceFigures,
  successReply,
} from '@glowkit/protocol';
import { redactSecrets } from '../diagnostics/redact.js';
import type { SystemMonitor } from '../diagnostics/system-monitor.js';
import { type Logger, logFeedOf } from '../logger.js';
import type { ServiceRuntime } from '../runtime/service-runtime.js';
import type { ConfigStore } from '../store/config-store.js';
import type { CommandContext } from './command.js';
import { logMessageOf } from './log-streams.js';
import type { Outcome } from './outcome.js';
import { GLOWKIT_VERSION, HYPERION_API_VERSION, sysinfoInfo } from './sysinfo.js';

/** What `diagnostics` needs from the server. */
export interface DiagnosticsDeps {
  store: ConfigStore;
  runtime: ServiceRuntime;
  logger: Logger;
  /** The rates and percentages over the last interval. */
  systemMonitor: SystemMonitor;
  /** The effects' Python interpreter, for the bundle's `sysinfo` (default `python3`). */
  python?: string | undefined;
}

/** The size of a file, 0 when it is not there. */
function sizeOf(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

/** The figures of the System page (`diagnostics getInfo`'s `info`). */
export async function diagnosticsInfo(deps: DiagnosticsDeps): Promise<DiagnosticsInfo> {
  const { store, runtime } = deps;
  const interval = await deps.systemMonitor.figures();
  const memory = process.memoryUsage();
  const instances: InstanceFigures[] = runtime.instances.map(({ id, name, running }) => {
    const instance = runtime.instance(id);
    const rates = interval.instances.get(id);
    if (!instance) {
      return { id, name, running, fps: 0, framesDropped: 0, framesDroppedTotal: 0 };
    }
    const { status } = instance.device;
    const counters = instance.device.counters;
    return {
      id,
      name,
      running,
      fps: rates?.fps ?? 0,
      framesDropped: rates?.framesDropped ?? 0,
      framesDroppedTotal: counters.dropped + counters.superseded,
      device: {
        type: status.type,
        state: status.state,
        ...(status.error === undefined ? {} : { error: status.error }),
        writes: counters.writes,
        writeMsMean: rates?.writeMsMean ?? null,
        writeMsMax: Math.round(counters.writeMsMax * 100) / 100,
      },
    };
  });
  return {
    version: GLOWKIT_VERSION,
    apiVersion: HYPERION_API_VERSION,
    nodeVersion: process.versions.node,
    uptimeS: Math.floor(process.uptime()),
    time: interval.time,
    intervalMs: interval.intervalMs,
    server: {
      pid: process.pid,
      cpuPercent: interval.serverCpuPercent,
      rssBytes: memory.rss,
      heapUsedBytes: memory.heapUsed,
      heapTotalBytes: memory.heapTotal,
      externalBytes: memory.external,
    },
    eventLoop: interval.eventLoop,
    effects: interval.effects,
    instances,
    database: {
      file: store.file,
      sizeBytes: sizeOf(store.file) + sizeOf(`${store.file}-wal`),
      snapshots: store.snapshots().length,
    },
  };
}

/** The bug report's document (`diagnostics getBundle`'s `info`). */
export async function diagnosticsBundle(deps: DiagnosticsDeps): Promise<DiagnosticsBundle> {
  const [figures, sysinfo] = await Promise.all([
    diagnosticsInfo(deps),
    sysinfoInfo({ store: deps.store, python: deps.python }),
  ]);
  const ring = logFeedOf(deps.logger)?.ring;
  return {
    kind: 'glowkit-diagnostics',
    createdAt: new Date().toISOString(),
    figures,
    sysinfo,
    configuration: redactSecrets(deps.store.read()),
    log: (ring?.lines() ?? []).map(logMessageOf),
  };
}

/** `diagnostics getInfo` (any signed-in client) and `getBundle` (an admin's). */
export async function diagnosticsCommand({
  value,
  name,
  tan,
  deps,
}: CommandContext<DiagnosticsRequest, DiagnosticsDeps>): Promise<Outcome> {
  const info =
    value.subcommand === 'getBundle' ? await diagnosticsBundle(deps) : await diagnosticsInfo(deps);
  return { reply: successReply(name, tan, info) };
}
