import {
  ERRORS,
  errorReply,
  own,
  RESTORE_INFO,
  successReply,
  successReplyText,
  validateGetConfigRequest,
  validateRestoreRequest,
  validateSnapshotRequest,
} from '@glowkit/protocol';
import type { Logger } from '../logger.js';
import { type ConfigStore, type Configuration, StoreError } from '../store/config-store.js';
import { configurationOf } from './normalize.js';
import type { Outcome } from './outcome.js';
import { invalidParams } from './params.js';
import type { Session } from './session.js';

/** What the config commands need from the server. */
export interface ConfigCommandDeps {
  store: ConfigStore;
  logger: Logger;
  /** Restarts the service; called once the reply is flushed. */
  requestRestart(reason: string): void;
}

type Json = Record<string, unknown>;

const who = (session: Session): string =>
  `${session.transport} from ${session.address}${session.auth?.ok ? ` (token ${session.auth.token.id})` : ''}`;

/** What a successful replace of the stored configuration is reported as. */
interface Replaced {
  /** The log line's fields and message. */
  log: { fields: Record<string, unknown>; message: string };
  /** The success reply's `info`. */
  info: unknown;
}

/**
 * Runs `replace`, which replaces the stored configuration: on success logs it and answers with
 * its info, then restarts once the reply is flushed; a failure (the store is then unchanged) is
 * logged and answered "restore failed".
 */
function replaced(
  name: string,
  tan: number,
  deps: ConfigCommandDeps,
  restartReason: string,
  replace: () => Replaced,
): Outcome {
  try {
    const { log, info } = replace();
    deps.logger.info(log.fields, log.message);
    return {
      reply: successReply(name, tan, info),
      after: () => deps.requestRestart(restartReason),
    };
  } catch (error) {
    const message = error instanceof StoreError ? error.message : String(error);
    deps.logger.error({ error: message }, 'restore failed; the stored configuration is unchanged');
    return { reply: errorReply(name, tan, ERRORS.restoreFailed, [message]) };
  }
}

/** `config restoreconfig`: validate, keep the current configuration as a snapshot, replace. */
export function restoreConfig(
  request: unknown,
  name: string,
  tan: number,
  session: Session,
  deps: ConfigCommandDeps,
): Outcome {
  const invalid = invalidParams(name, tan, validateRestoreRequest(request));
  if (invalid) return invalid;
  const result = configurationOf(own(request, 'config'));
  if (!result.ok) return invalidParams(name, tan, result.violations);
  const { configuration } = result;
  return replaced(name, tan, deps, 'restore', () => {
    const started = performance.now();
    const { snapshot } = deps.store.replace(configuration, `restore over ${who(session)}`);
    return {
      log: {
        fields: {
          snapshot,
          instances: configuration.instances.length,
          ms: Math.round(performance.now() - started),
        },
        message: 'configuration restored; the previous one is kept as a snapshot',
      },
      info: RESTORE_INFO,
    };
  });
}

/** The configuration narrowed by a `configFilter` (hyperion.md §6), with warnings. */
function filtered(
  configuration: Configuration,
  filter: unknown,
): { info: Json; warnings: string[] } {
  const warnings: string[] = [];
  const info: Json = {};
  const globalFilter = own(filter, 'global');
  const globalTypes = own(globalFilter, 'types');
  if (globalFilter === undefined) {
    info.global = configuration.global;
  } else if (globalFilter !== null && globalTypes !== null) {
    const wanted = Array.isArray(globalTypes) ? new Set(globalTypes) : undefined;
    info.global = {
      ...configuration.global,
      settings: Object.fromEntries(
        Object.entries(configuration.global.settings).filter(([g]) => !wanted || wanted.has(g)),
      ),
    };
  }
  const instanceFilter = own(filter, 'instances');
  const ids = own(instanceFilter, 'ids');
  const types = own(instanceFilter, 'types');
  if (instanceFilter === undefined) {
    info.instanceIds = configuration.instanceIds;
    info.instances = configuration.instances;
  } else if (instanceFilter !== null && ids !== null) {
    const wantedIds = Array.isArray(ids) ? new Set(ids) : undefined;
    const wantedTypes = Array.isArray(types) ? new Set(types) : undefined;
    for (const id of wantedIds ?? []) {
      if (!configuration.instanceIds.includes(id as number)) {
        warnings.push(`Given instance number '${id}' does not exist.`);
      }
    }
    const instances = configuration.instances
      .filter((i) => !wantedIds || wantedIds.has(i.id))
      .map((i) => ({
        ...i,
        settings: Object.fromEntries(
          Object.entries(i.settings).filter(([g]) => !wantedTypes || wantedTypes.has(g)),
        ),
      }));
    info.instanceIds = instances.map((i) => i.id);
    info.instances = instances;
  }
  return { info, warnings };
}

/** `config getconfig`: the stored configuration in the shape restore takes. */
export function getConfig(
  request: unknown,
  name: string,
  tan: number,
  deps: ConfigCommandDeps,
): Outcome {
  const invalid = invalidParams(name, tan, validateGetConfigRequest(request));
  if (invalid) return invalid;
  const filter = own(request, 'configFilter');
  if (filter === undefined) {
    // The whole configuration: straight from the stored JSON text, nothing parsed.
    return {
      reply: successReply(name, tan),
      text: successReplyText(name, tan, deps.store.readText()),
    };
  }
  const { info, warnings } = filtered(deps.store.read(), filter);
  return { reply: successReply(name, tan, info, warnings) };
}

/** `config getsnapshots`: the kept configurations, newest first. */
export function getSnapshots(
  request: unknown,
  name: string,
  tan: number,
  deps: ConfigCommandDeps,
): Outcome {
  const invalid = invalidParams(name, tan, validateSnapshotRequest(request));
  if (invalid) return invalid;
  return { reply: successReply(name, tan, deps.store.snapshots()) };
}

/** `config restoresnapshot`: undo — the snapshot becomes the configuration, then a restart. */
export function restoreSnapshot(
  request: unknown,
  name: string,
  tan: number,
  session: Session,
  deps: ConfigCommandDeps,
): Outcome {
  const invalid = invalidParams(name, tan, validateSnapshotRequest(request));
  if (invalid) return invalid;
  const id = own(request, 'snapshot') as number;
  if (!deps.store.hasSnapshot(id)) {
    return {
      reply: errorReply(name, tan, ERRORS.restoreFailed, [
        `/snapshot: there is no snapshot ${id} (config getsnapshots lists them)`,
      ]),
    };
  }
  return replaced(name, tan, deps, 'snapshot', () => {
    const { snapshot } = deps.store.restoreSnapshot(id);
    return {
      log: { fields: { restored: id, snapshot, by: who(session) }, message: 'snapshot restored' },
      info: `Restarting after restoring snapshot ${id}; the replaced configuration is snapshot ${snapshot}.`,
    };
  });
}
