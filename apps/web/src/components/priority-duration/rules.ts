/**
 * The one set of rules of where a colour or an effect goes and for how long, for every page that
 * sets one: a priority from 1 to 253 (lower wins), 50 unless changed, as Hyperion.ng's web UI
 * offers; and a duration in seconds, to the tenth, or none (until cleared).
 */
import { MAX_DURATION_MS, MAX_PRIORITY, MIN_PRIORITY } from '@glowkit/protocol';

/** The priority offered first: Hyperion.ng's web UI uses 50 too. */
export const DEFAULT_PRIORITY = 50;

/**
 * The step (and least value) of a duration, in seconds: a tenth, so that "1.5" is taken as a
 * person means it, and a colour can flash for half a second.
 */
export const DURATION_STEP_S = 0.1;

/** The longest duration the server takes, in whole seconds (about 24.8 days). */
export const MAX_DURATION_S = Math.floor(MAX_DURATION_MS / 1000);

/** Where and for how long, as the fields hold it. */
export interface PriorityDuration {
  /** 1 to 253. */
  priority: number;
  /** Milliseconds; absent: until cleared. */
  durationMs?: number;
}

/** The priority typed, or undefined when it is no whole number from 1 to 253. */
export function priorityOf(text: string): number | undefined {
  const trimmed = text.trim();
  const priority = Number(trimmed);
  return trimmed !== '' &&
    Number.isInteger(priority) &&
    priority >= MIN_PRIORITY &&
    priority <= MAX_PRIORITY
    ? priority
    : undefined;
}

/**
 * The duration typed, in milliseconds: `null` for an empty field (until cleared), undefined when
 * it is not a number of tenths of a second from 0.1 to {@link MAX_DURATION_S}.
 */
export function durationOf(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const seconds = Number(trimmed);
  const tenths = Math.round(seconds * 10);
  if (!Number.isFinite(seconds) || Math.abs(tenths - seconds * 10) > 1e-6) return undefined;
  if (tenths < 1 || seconds > MAX_DURATION_S) return undefined;
  return tenths * 100;
}

/** Both fields read, or undefined when either is invalid. */
export function priorityDurationOf(
  priority: string,
  seconds: string,
): PriorityDuration | undefined {
  const p = priorityOf(priority);
  const ms = durationOf(seconds);
  if (p === undefined || ms === undefined) return undefined;
  return ms === null ? { priority: p } : { priority: p, durationMs: ms };
}

/** Milliseconds as seconds for people, to the tenth: `2500` → `2.5`, `28000` → `28`. */
export function secondsOf(ms: number): number {
  return Math.round(ms / 100) / 10;
}
