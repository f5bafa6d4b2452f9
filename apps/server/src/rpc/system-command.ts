/**
 * `system`: suspend and resume every running instance, or restart the service, as Hyperion.ng's
 * `system` command and its power menu do (automation.md §6).
 */
import { type SystemRequest, successReply } from '@glowkit/protocol';
import type { Logger } from '../logger.js';
import type { ServiceRuntime } from '../runtime/service-runtime.js';
import type { CommandContext } from './command.js';
import type { Outcome } from './outcome.js';

/**
 * Which instances a `system suspend` switched off, so that `resume` switches on those and no
 * other: an instance its user had switched off stays off. A service restart rebuilds every
 * instance switched on, so a suspension does not outlive it (as in Hyperion.ng, whose restart is a
 * new process).
 */
export class Suspension {
  #ids = new Set<number>();

  /** Whether a suspension holds: an instance it switched off runs and is still off. */
  suspended(runtime: ServiceRuntime): boolean {
    for (const id of this.#ids) {
      if (runtime.instance(id)?.components.get('ALL') === false) return true;
    }
    return false;
  }

  /** Switches every running instance's `ALL` off (its effects kept for the resume). */
  async suspend(runtime: ServiceRuntime): Promise<void> {
    for (const { id } of runtime.instances) {
      const instance = runtime.instance(id);
      if (!instance?.components.get('ALL')) continue;
      this.#ids.add(id);
      await instance.setComponent('ALL', false);
    }
  }

  /** Switches on again what {@link suspend} switched off (its effects run again). */
  async resume(runtime: ServiceRuntime): Promise<void> {
    const ids = [...this.#ids];
    this.#ids.clear();
    for (const id of ids) await runtime.instance(id)?.setComponent('ALL', true);
  }
}

/** What `system` needs from the server. */
export interface SystemDeps {
  runtime: ServiceRuntime;
  logger: Logger;
  suspension: Suspension;
  /** Restarts the service; called once the reply is flushed. */
  requestRestart(reason: string): void;
  /** Tells the sessions subscribed to `event-update` what happened. */
  event(event: 'Suspend' | 'Resume' | 'Restart'): void;
}

/**
 * `system suspend` / `resume` / `toggleSuspend` / `restart`. Always a success, as in Hyperion.ng,
 * even when there was nothing to do (a resume while not suspended); each event that happened is
 * pushed as `event-update` to its subscribers.
 */
export async function systemCommand({
  value,
  name,
  tan,
  deps,
}: CommandContext<SystemRequest, SystemDeps>): Promise<Outcome> {
  const { runtime, suspension } = deps;
  let subcommand = value.subcommand;
  if (subcommand === 'toggleSuspend') {
    subcommand = suspension.suspended(runtime) ? 'resume' : 'suspend';
  }
  switch (subcommand) {
    case 'suspend':
      if (!suspension.suspended(runtime)) {
        await suspension.suspend(runtime);
        deps.logger.info('suspended: every instance is off until resumed');
        deps.event('Suspend');
      }
      break;
    case 'resume':
      if (suspension.suspended(runtime)) {
        await suspension.resume(runtime);
        deps.logger.info('resumed');
        deps.event('Resume');
      }
      break;
    case 'restart':
      deps.event('Restart');
      return {
        reply: successReply(name, tan),
        after: () => deps.requestRestart('system restart'),
      };
  }
  return { reply: successReply(name, tan) };
}
