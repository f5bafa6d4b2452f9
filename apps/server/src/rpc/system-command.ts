/**
 * `system`: suspend, resume, idle or restart the service, as Hyperion.ng's `system` command and
 * its power menu do (automation.md §6), through the server's one {@link PowerState}.
 */
import { type SystemRequest, successReply } from '@glowkit/protocol';
import type { PowerAction, PowerEvent, PowerState } from '../runtime/power-state.js';
import type { CommandContext } from './command.js';
import type { Outcome } from './outcome.js';

/** What `system` needs from the server. */
export interface SystemDeps {
  /** The working / idle / suspended state every event source feeds. */
  power: PowerState;
  /** Restarts the service; called once the reply is flushed. */
  requestRestart(reason: string): void;
  /** Tells the sessions subscribed to `event-update` what happened. */
  event(event: PowerEvent): void;
}

/** The state machine's action for each subcommand but `restart`. */
const ACTIONS: Readonly<Record<Exclude<SystemRequest['subcommand'], 'restart'>, PowerAction>> = {
  suspend: 'Suspend',
  resume: 'Resume',
  toggleSuspend: 'ToggleSuspend',
  idle: 'Idle',
  resumeIdle: 'ResumeIdle',
  toggleIdle: 'ToggleIdle',
};

/**
 * `system suspend` / `resume` / `toggleSuspend` / `idle` / `resumeIdle` / `toggleIdle` /
 * `restart`. Always a success, as in Hyperion.ng, even when there was nothing to do (a resume
 * while working); each event that happened is pushed as `event-update` to its subscribers.
 */
export async function systemCommand({
  value,
  name,
  tan,
  deps,
}: CommandContext<SystemRequest, SystemDeps>): Promise<Outcome> {
  if (value.subcommand === 'restart') {
    deps.event('Restart');
    return {
      reply: successReply(name, tan),
      after: () => deps.requestRestart('system restart'),
    };
  }
  await deps.power.request(ACTIONS[value.subcommand], 'system command');
  return { reply: successReply(name, tan) };
}
