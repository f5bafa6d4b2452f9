import type { PriorityInfo } from '@glowkit/protocol';
import type { ServerConnection } from '../../api/connection.js';
import { clearPriority, runEffect, type Target } from '../../data/calls.js';

/** How long option changes wait for the next one before the effect is run again with them. */
export const RERUN_DELAY_MS = 300;

/** Where and for how long an effect runs. */
export type RunTarget = Target;

/** The effect this page started and believes still runs. */
export interface Running extends RunTarget {
  name: string;
  /** When its duration is over (`Date.now()` time); absent when it runs until stopped. */
  endsAt?: number;
}

/**
 * The effect that runs at `priority` on `instance`, read from that instance's `serverinfo`
 * `priorities` (`{ priority, componentId: 'EFFECT', owner: <name>, duration_ms? }`), whoever
 * started it; undefined when none does.
 */
export function runningAt(
  priorities:
    | readonly Pick<PriorityInfo, 'priority' | 'componentId' | 'owner' | 'duration_ms'>[]
    | undefined,
  instance: number,
  priority: number,
  now: number = Date.now(),
): Running | undefined {
  const entry = priorities?.find((p) => p.priority === priority && p.componentId === 'EFFECT');
  if (entry?.owner === undefined) return undefined;
  const left = entry.duration_ms;
  return {
    name: entry.owner,
    instance,
    priority,
    ...(left === undefined ? {} : { durationMs: left, endsAt: now + left }),
  };
}

/**
 * Runs and stops effects, and runs the running one again when its options change, so the change
 * shows on the LEDs: changes are taken a {@link RERUN_DELAY_MS} pause after the last one (or at
 * once), and while a run is on its way only the newest options wait for it, so a slider dragged
 * across never queues a run per step.
 *
 * Events: `change` when {@link EffectRunner.running} changes; `rerun` when it ran again with
 * changed options; `error` (a `CustomEvent` whose `detail` is the server's error) when that failed.
 */
export class EffectRunner extends EventTarget {
  readonly #connection: ServerConnection;
  #running: Running | undefined;
  #endTimer: ReturnType<typeof setTimeout> | undefined;
  #delayTimer: ReturnType<typeof setTimeout> | undefined;
  /** The newest options waiting to be run, while a run is on its way or the delay lasts. */
  #pending: Record<string, unknown> | undefined;
  #inFlight = false;
  /** Counts runs and stops, so that news of the server older than the last of them is ignored. */
  #version = 0;

  constructor(connection: ServerConnection) {
    super();
    this.#connection = connection;
  }

  /** The effect this page started and that has not ended or been stopped since. */
  get running(): Running | undefined {
    return this.#running;
  }

  /** A mark to hand back to {@link EffectRunner.learn} with what the server says runs. */
  get version(): number {
    return this.#version;
  }

  /**
   * Learns what runs at `priority` on `instance` (asked of the server when `version` was
   * current): an effect started before the page was opened counts as running, and one that
   * ended early (it failed, or someone cleared it) no longer does. Ignored when a run or stop
   * came since.
   */
  learn(version: number, instance: number, priority: number, found: Running | undefined): void {
    if (version !== this.#version) return;
    const running = this.#running;
    if (found) {
      if (
        running?.name !== found.name ||
        running.instance !== instance ||
        running.priority !== priority
      ) {
        this.#setRunning(found);
      }
    } else if (running && running.instance === instance && running.priority === priority) {
      this.#setRunning(undefined);
    }
  }

  /** Runs `name` with `args`; resolves once the server runs it, rejects with its reason. */
  async run(name: string, args: Record<string, unknown>, target: RunTarget): Promise<void> {
    this.#version += 1;
    this.#cancelPending();
    await runEffect(this.#connection, name, args, target);
    this.#setRunning({
      ...target,
      name,
      ...(target.durationMs === undefined ? {} : { endsAt: Date.now() + target.durationMs }),
    });
  }

  /** Clears `priority` on `instance` (whatever runs there); rejects with the server's reason. */
  async stop(instance: number, priority: number): Promise<void> {
    this.#version += 1;
    this.#cancelPending();
    const running = this.#running;
    // Forgotten before the reply: an option changed meanwhile must not start it again.
    if (running && running.instance === instance && running.priority === priority) {
      this.#setRunning(undefined);
    }
    await clearPriority(this.#connection, instance, priority);
  }

  /**
   * Runs the running effect again with changed options, when it is `name`: after the delay, or
   * at once with `now` (a committed change). Does nothing when something else runs.
   */
  optionsChanged(name: string, args: Record<string, unknown>, now: boolean): void {
    if (this.#running?.name !== name) return;
    this.#pending = args;
    clearTimeout(this.#delayTimer);
    this.#delayTimer = undefined;
    if (now) void this.#flush();
    else this.#delayTimer = setTimeout(() => void this.#flush(), RERUN_DELAY_MS);
  }

  /** Forgets waiting changes and timers (the page is left); a running effect keeps running. */
  dispose(): void {
    this.#cancelPending();
    clearTimeout(this.#endTimer);
  }

  async #flush(): Promise<void> {
    this.#delayTimer = undefined;
    // One run at a time: the one on its way sends what waits when it is answered.
    if (this.#inFlight) return;
    const args = this.#pending;
    const running = this.#running;
    this.#pending = undefined;
    if (!args || !running) return;
    // The rest of the duration, not all of it again: changing an option does not add time.
    const left = running.endsAt === undefined ? undefined : running.endsAt - Date.now();
    if (left !== undefined && left <= 0) return;
    this.#inFlight = true;
    try {
      const target: RunTarget = {
        instance: running.instance,
        priority: running.priority,
        ...(left === undefined ? {} : { durationMs: Math.ceil(left) }),
      };
      await runEffect(this.#connection, running.name, args, target);
      this.dispatchEvent(new Event('rerun'));
    } catch (error) {
      this.dispatchEvent(new CustomEvent('error', { detail: error }));
    } finally {
      this.#inFlight = false;
    }
    if (this.#pending && this.#delayTimer === undefined) await this.#flush();
  }

  #cancelPending(): void {
    clearTimeout(this.#delayTimer);
    this.#delayTimer = undefined;
    this.#pending = undefined;
  }

  #setRunning(running: Running | undefined): void {
    clearTimeout(this.#endTimer);
    this.#endTimer = undefined;
    this.#running = running;
    if (running?.endsAt !== undefined) {
      // The server ends a timed effect on time; the page stops treating it as running then.
      this.#endTimer = setTimeout(
        () => this.#setRunning(undefined),
        Math.max(0, running.endsAt - Date.now()),
      );
    }
    this.dispatchEvent(new Event('change'));
  }
}
