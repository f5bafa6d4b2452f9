import {
  type ConfigFilter,
  ERRORS,
  errorReply,
  type GetConfigRequest,
  type GetSchemaRequest,
  type GetSnapshotsRequest,
  RESTORE_INFO,
  type RestoreRequest,
  type RestoreSnapshotRequest,
  settingsForms,
  successReply,
  successReplyText,
  UNNAMED_INSTANCE_ID,
} from '@glowkit/protocol';
import { listedInstanceIds, unlistedInstanceNote } from '../config/configuration.js';
import type { Logger } from '../logger.js';
import { type ConfigStore, type Configuration, migrationLine } from '../store/config-store.js';
import type { CommandContext } from './command.js';
import { configurationOf } from './normalize.js';
import type { Outcome } from './outcome.js';
import type { Session } from './session.js';
import { storeFailure } from './store-failure.js';

/** What the config commands need from the server. */
export interface ConfigCommandDeps {
  store: ConfigStore;
  logger: Logger;
  /** Restarts the service; called once the reply is flushed. */
  requestRestart(reason: string): void;
}

type Json = Record<string, unknown>;

/** Who changed the configuration, for snapshots' reasons and the log. */
export const who = (session: Session): string =>
  `${session.transport} from ${session.address}${session.auth?.ok ? ` (token ${session.auth.token.id})` : ''}`;

/** What a successful replace of the stored configuration is reported as. */
interface Replaced {
  /** The log line's fields and message. */
  log: { fields: Record<string, unknown>; message: string };
  /** The success reply's `info`. */
  info: unknown;
  /** Non-fatal notes for the reply's `errorData` (e.g. instance 255 left out of instanceIds). */
  notes?: string[];
}

/** The notes of a configuration's reply: that instanceIds leaves instance 255 out, if it does. */
const notesOf = (instances: readonly { id: number }[]): string[] => {
  const note = unlistedInstanceNote(instances);
  return note === undefined ? [] : [note];
};

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
    const { log, info, notes } = replace();
    deps.logger.info(log.fields, log.message);
    return {
      reply: successReply(name, tan, info, notes),
      after: () => deps.requestRestart(restartReason),
    };
  } catch (error) {
    return storeFailure(
      name,
      tan,
      error,
      deps.logger,
      'restore failed; the stored configuration is unchanged',
      ERRORS.restoreFailed,
    );
  }
}

/** `config restoreconfig`: validate, keep the current configuration as a snapshot, replace. */
export function restoreConfig({
  value,
  name,
  tan,
  session,
  deps,
}: CommandContext<RestoreRequest, ConfigCommandDeps>): Outcome {
  const configuration = configurationOf(value.config);
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
      notes: notesOf(configuration.instances),
    };
  });
}

/** The settings whose group is in `types` (all of them when it is absent or empty). */
function pick(settings: object, types: readonly string[] | null | undefined): Json {
  if (!types || types.length === 0) return { ...settings };
  const wanted = new Set<string>(types);
  return Object.fromEntries(Object.entries(settings).filter(([group]) => wanted.has(group)));
}

/**
 * The instance ids a filter's `ids` asks for, read as Hyperion.ng's clients mean them: ids that
 * are not integers are skipped (with a warning), and a list left empty asks for every instance.
 * An integer that names no instance stays (it matches none) and is warned about.
 */
function wantedIds(
  ids: readonly unknown[] | undefined,
  existing: readonly number[],
  warnings: string[],
): Set<number> | undefined {
  if (ids === undefined) return undefined;
  const wanted = new Set<number>();
  ids.forEach((id: unknown, index) => {
    if (typeof id !== 'number' || !Number.isInteger(id)) {
      const shown = JSON.stringify(id) ?? String(id);
      warnings.push(
        `/configFilter/instances/ids/${index}: ${shown.length > 40 ? `${shown.slice(0, 39)}…` : shown} is not an instance id (an integer); skipped.`,
      );
      return;
    }
    if (!existing.includes(id)) warnings.push(`Given instance number '${id}' does not exist.`);
    wanted.add(id);
  });
  return wanted.size === 0 ? undefined : wanted;
}

/**
 * The configuration narrowed by a `configFilter` (hyperion.md §6), with warnings. A section given
 * as null, or whose list is null, is left out; `types: []`, `ids: []` and `instances: []` mean all.
 */
function filtered(
  configuration: Configuration,
  filter: ConfigFilter,
): { info: Json; warnings: string[] } {
  const warnings: string[] = [];
  const info: Json = {};
  const globalFilter = filter.global;
  if (globalFilter === undefined) {
    info.global = configuration.global;
  } else if (globalFilter !== null && globalFilter.types !== null) {
    info.global = {
      ...configuration.global,
      settings: pick(configuration.global.settings, globalFilter.types),
    };
  }
  const instanceFilter = filter.instances;
  // `instances: []` is the empty filter: all instances.
  const { ids, types } =
    instanceFilter === undefined || instanceFilter === null || Array.isArray(instanceFilter)
      ? {}
      : instanceFilter;
  if (instanceFilter === undefined) {
    info.instanceIds = configuration.instanceIds;
    info.instances = configuration.instances;
  } else if (instanceFilter !== null && ids !== null) {
    const wanted = wantedIds(ids ?? undefined, configuration.instanceIds, warnings);
    const instances = configuration.instances
      .filter((i) => !wanted || wanted.has(i.id))
      .map((i) => ({ ...i, settings: pick(i.settings, types) }));
    info.instanceIds = listedInstanceIds(instances);
    info.instances = instances;
  }
  if (Array.isArray(info.instances)) warnings.push(...notesOf(info.instances));
  return { info, warnings };
}

/** `config getconfig`: the stored configuration in the shape restore takes. */
export function getConfig({
  value,
  name,
  tan,
  deps,
}: CommandContext<GetConfigRequest, ConfigCommandDeps>): Outcome {
  const filter = value.configFilter;
  if (filter === undefined) {
    // The whole configuration: straight from the stored JSON text, nothing parsed.
    const notes = deps.store.hasInstance(UNNAMED_INSTANCE_ID)
      ? notesOf([{ id: UNNAMED_INSTANCE_ID }])
      : [];
    return {
      reply: successReply(name, tan, undefined, notes),
      text: successReplyText(name, tan, deps.store.readText(), notes),
    };
  }
  const { info, warnings } = filtered(deps.store.read(), filter);
  return { reply: successReply(name, tan, info, warnings) };
}

/** `config getsnapshots`: the kept configurations, newest first. */
export function getSnapshots({
  name,
  tan,
  deps,
}: CommandContext<GetSnapshotsRequest, ConfigCommandDeps>): Outcome {
  return { reply: successReply(name, tan, deps.store.snapshots()) };
}

/** `config restoresnapshot`: undo — the snapshot becomes the configuration, then a restart. */
export function restoreSnapshot({
  value,
  name,
  tan,
  session,
  deps,
}: CommandContext<RestoreSnapshotRequest, ConfigCommandDeps>): Outcome {
  const id = value.snapshot;
  if (!deps.store.hasSnapshot(id)) {
    return {
      reply: errorReply(name, tan, ERRORS.restoreFailed, [
        `/snapshot: there is no snapshot ${id} (config getsnapshots lists them)`,
      ]),
    };
  }
  return replaced(name, tan, deps, 'snapshot', () => {
    const { snapshot, migrations } = deps.store.restoreSnapshot(id);
    // A snapshot older than the groups' schemas: what was brought into range, logged and told.
    const notes = migrations.map(migrationLine);
    for (const [index, migration] of migrations.entries()) {
      const { group, instance, pointer } = migration;
      deps.logger.warn({ snapshot: id, group, instance, key: pointer }, notes[index]);
    }
    return {
      log: { fields: { restored: id, snapshot, by: who(session) }, message: 'snapshot restored' },
      info: `Restarting after restoring snapshot ${id}; the replaced configuration is snapshot ${snapshot}.`,
      notes,
    };
  });
}

/** What `config getschema` needs: the effects (for the boot effects' select) and device types. */
export interface GetSchemaDeps {
  /** The names of the effects the server has now. */
  effectNames(): readonly string[];
  /** The option schemas of the effects the server has now (Hyperion.ng's `effectSchemas`). */
  effectSchemas(): ReadonlyArray<{
    script: string;
    schemaLocation: string;
    schemaContent: Record<string, unknown>;
    type: string;
  }>;
  /** The device types the instances can drive, sorted. */
  deviceTypes: readonly string[];
}

/**
 * `config getschema`: every settings group's schema (protocol's), the form the web UI renders
 * with `<gk-effect-form>`, with the effects and device types the server has now as choices.
 */
export function getSchema({
  name,
  tan,
  deps,
}: CommandContext<GetSchemaRequest, GetSchemaDeps>): Outcome {
  // The effects' own schemas come along, as in Hyperion.ng's reply: the web UI renders an effect's
  // options from them. Paths on this machine stay here (scriptFile, schemaFile).
  const effectSchemas = deps
    .effectSchemas()
    .map(({ script, schemaLocation, schemaContent, type }) => ({
      script,
      schemaLocation,
      schemaContent,
      type,
    }));
  return {
    reply: successReply(name, tan, {
      ...settingsForms({ effects: deps.effectNames(), deviceTypes: deps.deviceTypes }),
      effectSchemas,
    }),
  };
}
