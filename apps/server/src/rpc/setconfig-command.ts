import {
  errorReply,
  groupValue,
  type SetConfigInfo,
  type SetConfigRequest,
  type SetConfigRestart,
  successReply,
} from '@glowkit/protocol';
import type { Logger } from '../logger.js';
import type { ServiceRuntime } from '../runtime/service-runtime.js';
import type { ConfigStore } from '../store/config-store.js';
import type { CommandContext } from './command.js';
import { who } from './config-commands.js';
import type { Outcome } from './outcome.js';
import type { PushHub } from './pushes.js';
import { storeFailure } from './store-failure.js';

/** What `config setconfig` needs from the server. */
export interface SetConfigDeps {
  store: ConfigStore;
  logger: Logger;
  runtime: ServiceRuntime;
  pushes: PushHub;
  /** Restarts the whole service; called once the reply is flushed. */
  requestRestart(reason: string): void;
  /**
   * What keeps the grabbers of the saved groups from capturing (ffmpeg missing, a device this
   * machine has no capture for), one line each: the reply's warnings.
   */
  capture?: { problems(groups: readonly string[]): string[] } | undefined;
  /**
   * The level the log keeps whatever `logger.level` says (given with `--log-level`); undefined
   * when the group's level applies.
   */
  fixedLogLevel?: (() => string | undefined) | undefined;
}

/**
 * The global groups a running service reads only when it starts: the listeners (`webConfig`:
 * ports and certificate; `jsonServer`: the TCP port; `flatbufServer`, `protoServer`: the picture
 * inputs), the effect folders (`effects`) and the `forwarder`. Saving one restarts the service, as a restore does (a
 * listener whose port did not change stays, with its clients). Every other global group is
 * stored and applies without a restart: `general` (the name discovery and the UI show, read
 * from the store on each request), `network` (the input servers read it at each new
 * connection; the SSDP and mDNS announcements follow the runtime's `settings` event), the
 * grabbers (`framegrabber`; the capture follows the runtime's `settings` event: a changed group
 * starts its ffmpeg child again), `schedEvents` and `osEvents` (the schedule's timers and the
 * system-sleep listener follow the same event), `logger` (the log level follows the runtime's
 * `settings` event) and the groups this server does not act on (`cecEvents`), kept for
 * Hyperion.ng.
 */
export const SERVICE_RESTART_GROUPS: ReadonlySet<string> = new Set([
  'webConfig',
  'jsonServer',
  'flatbufServer',
  'protoServer',
  'effects',
  'forwarder',
]);

// Every instance group is read when its LedInstance is built (device, leds, color,
// smoothing, ledConfig's blacklist, the boot effects…), so saving any of them rebuilds that
// instance: the others keep running, and sessions stay connected.

/**
 * `config setconfig`: validates the groups as a restore does (every violation at once, with its
 * pointer), saves them in one transaction after a snapshot of the configuration, and applies
 * them: an instance's groups rebuild that instance alone before the reply (which so comes once
 * it runs with them); global groups in {@link SERVICE_RESTART_GROUPS} restart the service after
 * the reply; others apply at once. Subscribers get the `settings-update` (and
 * `leds-update`, `imageToLedMapping-update`, … as they changed) pushes of what changed.
 */
export async function setConfig({
  value,
  name,
  tan,
  session,
  deps,
}: CommandContext<SetConfigRequest, SetConfigDeps>): Promise<Outcome> {
  const { instance, config: given } = value;
  // Configured is enough: a stopped instance's groups are saved and apply when it starts.
  if (instance !== undefined && !deps.runtime.info(instance)) {
    return {
      reply: errorReply(
        name,
        tan,
        `Instance [${instance}] does not exist.`,
        [`/instance: no instance ${instance} is configured; serverinfo's "instance" lists them`],
        { code: 'instance-not-found', params: { id: instance } },
      ),
    };
  }
  const groups: Record<string, unknown> = {};
  for (const [group, value] of Object.entries(given)) {
    groups[group] = value === null ? null : groupValue(value);
  }

  let saved: ReturnType<ConfigStore['setGroups']>;
  try {
    saved = deps.store.setGroups(instance, groups, `setconfig over ${who(session)}`);
  } catch (error) {
    return storeFailure(
      name,
      tan,
      error,
      deps.logger,
      'setconfig failed; the stored configuration is unchanged',
    );
  }
  const { snapshot, changed, configuration } = saved;
  // Keys in sorted order, as Hyperion.ng's replies are written.
  const info = (restarted: SetConfigRestart): SetConfigInfo => ({
    changed,
    ...(instance === undefined ? {} : { instance }),
    restarted,
    snapshot: snapshot ?? null,
  });
  if (changed.length === 0) return { reply: successReply(name, tan, info('none')) };
  deps.logger.info(
    { instance, groups: changed, snapshot, by: who(session) },
    'settings saved; the previous configuration is kept as a snapshot',
  );

  if (instance === undefined) {
    if (changed.some((group) => SERVICE_RESTART_GROUPS.has(group))) {
      return {
        reply: successReply(name, tan, info('service')),
        after: () => deps.requestRestart('setconfig'),
      };
    }
    const before = deps.pushes.view();
    deps.runtime.useGlobalSettings(configuration.global.settings);
    deps.pushes.announceSince(before);
    const problems = deps.capture?.problems(changed) ?? [];
    const fixed = changed.includes('logger') ? deps.fixedLogLevel?.() : undefined;
    if (fixed !== undefined) {
      problems.push(
        `logger.level is saved, but the server logs at "${fixed}" while it runs with --log-level (or GLOWKIT_LOG_LEVEL): start it without that to use this setting`,
      );
    }
    return { reply: successReply(name, tan, info('none'), problems) };
  }

  const stored = configuration.instances.find((i) => i.id === instance);
  const before = deps.pushes.view();
  const warnings: string[] = [];
  let running = false;
  try {
    running =
      stored !== undefined && (await deps.runtime.restartInstance(stored))?.running === true;
  } catch (error) {
    // The settings are stored; the instance could not be rebuilt with them (logged). A restart
    // or startInstance tries again.
    const message = error instanceof Error ? error.message : String(error);
    deps.logger.error({ instance, error: message }, 'the instance could not be rebuilt');
    warnings.push(`instance ${instance} could not be restarted with the new settings: ${message}`);
  }
  deps.pushes.announceSince(before);
  return { reply: successReply(name, tan, info(running ? 'instance' : 'none'), warnings) };
}
