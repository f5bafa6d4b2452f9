/**
 * `schedEvents`: actions at times of day (automation.md §6). Each entry of `actions` fires daily
 * at its local time, `HH:MM` on 24 hours, through the server's {@link PowerState}; the group is
 * read again at each start, restart and `config setconfig`.
 */
import type { SchedEventsSettings } from '@glowkit/protocol';
import type { Logger } from '../logger.js';
import type { PowerAction, PowerState } from '../runtime/power-state.js';
import type { ServiceRuntime } from '../runtime/service-runtime.js';
import { type Clock, SYSTEM_CLOCK } from './clock.js';

/** A timer never waits longer than this before it reads the wall clock again. */
const CHECK_MS = 60_000;
/**
 * An action found this much past its time is skipped, not run late: the clock jumped (set at
 * boot on a board without a real-time clock) or the machine slept through it.
 */
const LATE_MS = 2 * CHECK_MS;
const DAY_MS = 24 * 60 * 60 * 1000;

/** One scheduled action. */
interface Entry {
  /** As configured (`"23:00"`), for the log. */
  time: string;
  hour: number;
  minute: number;
  action: PowerAction;
  /** When it runs next (ms since the epoch). */
  at: number;
  timer: unknown;
}

/** What a {@link Schedule} needs. */
export interface ScheduleOptions {
  runtime: ServiceRuntime;
  power: PowerState;
  logger: Logger;
  /** The wall clock and timers (default the machine's). */
  clock?: Clock | undefined;
}

/** `"H:MM"` or `"HH:MM"` on 24 hours; undefined for anything else. */
export function timeOfDay(text: string): { hour: number; minute: number } | undefined {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) return undefined;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  return hour < 24 && minute < 60 ? { hour, minute } : undefined;
}

/** The first moment after `after` (ms) that is `hour:minute` local time. */
export function nextTimeOfDay(after: number, hour: number, minute: number): number {
  const day = new Date(after);
  day.setHours(hour, minute, 0, 0);
  // setHours again after moving the date: a day may be 23 or 25 hours long.
  if (day.getTime() <= after) {
    day.setDate(day.getDate() + 1);
    day.setHours(hour, minute, 0, 0);
  }
  return day.getTime();
}

/**
 * The timers of the `schedEvents` group. A timer reads the wall clock at least once a minute, so
 * that a clock set or moved meanwhile (NTP at boot, a time zone change) is followed.
 */
export class Schedule {
  readonly #options: ScheduleOptions;
  readonly #clock: Clock;
  #entries: Entry[] = [];
  #closed = false;
  readonly #onSettings = (): void => this.apply();

  constructor(options: ScheduleOptions) {
    this.#options = options;
    this.#clock = options.clock ?? SYSTEM_CLOCK;
    options.runtime.on('settings', this.#onSettings);
  }

  /**
   * Sets the timers from the running `schedEvents` group, in place of the previous ones; an entry
   * whose time cannot be read is logged and left out.
   */
  apply(): void {
    this.#clear();
    if (this.#closed) return;
    const { runtime, logger } = this.#options;
    const group: SchedEventsSettings = runtime.globalSettings.schedEvents ?? {};
    if (group.enable !== true) return;
    const now = this.#clock.now();
    for (const [index, entry] of (group.actions ?? []).entries()) {
      const time = entry.event ?? '23:00';
      const action = entry.action ?? 'Suspend';
      const parsed = timeOfDay(time);
      if (!parsed) {
        logger.warn(
          { group: 'schedEvents', key: `/actions/${index}/event`, value: time },
          'a scheduled action is skipped: its time is not HH:MM on 24 hours (e.g. 23:00); correct it in the schedule settings',
        );
        continue;
      }
      const scheduled: Entry = {
        time,
        ...parsed,
        action,
        at: nextTimeOfDay(now, parsed.hour, parsed.minute),
        timer: undefined,
      };
      this.#entries.push(scheduled);
      this.#arm(scheduled);
    }
    if (this.#entries.length > 0) {
      logger.info(
        { actions: this.#entries.map((e) => `${e.time} ${e.action}`) },
        'schedule: daily actions set',
      );
    }
  }

  /** Clears the timers and stops following the settings. */
  close(): void {
    this.#closed = true;
    this.#clear();
    this.#options.runtime.off('settings', this.#onSettings);
  }

  #clear(): void {
    for (const entry of this.#entries) this.#clock.clearTimeout(entry.timer);
    this.#entries = [];
  }

  #arm(entry: Entry): void {
    const wait = Math.min(Math.max(entry.at - this.#clock.now(), 0), CHECK_MS);
    entry.timer = this.#clock.setTimeout(() => this.#check(entry), wait);
  }

  #check(entry: Entry): void {
    if (!this.#entries.includes(entry)) return;
    const now = this.#clock.now();
    if (now < entry.at) {
      // The clock went back by more than a day: the next time is the one from now.
      if (entry.at - now > DAY_MS) entry.at = nextTimeOfDay(now, entry.hour, entry.minute);
      this.#arm(entry);
      return;
    }
    if (now - entry.at <= LATE_MS) {
      void this.#options.power.request(entry.action, `schedule ${entry.time}`);
    } else {
      this.#options.logger.info(
        { time: entry.time, action: entry.action },
        'a scheduled action was skipped: the clock moved past its time (set, or the machine slept)',
      );
    }
    entry.at = nextTimeOfDay(Math.max(now, entry.at), entry.hour, entry.minute);
    this.#arm(entry);
  }
}
