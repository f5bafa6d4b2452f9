import {
  type BackgroundEffectSettings,
  type Filled,
  type ForegroundEffectSettings,
  PRIORITY,
} from '@glowkit/protocol';
import type { EngineResult } from '../errors.js';
import type { PriorityMuxer } from '../muxer/priority-muxer.js';
import type { EffectRequest } from './effect-runner.js';

/** What the boot effects need of their instance. */
export interface BootEffectsContext {
  /** The `foregroundEffect` group (valid and complete: see protocol's InstanceRunSettings). */
  foreground: Filled<ForegroundEffectSettings>;
  /** The `backgroundEffect` group, likewise. */
  background: Filled<BackgroundEffectSettings>;
  muxer: PriorityMuxer;
  run(request: EffectRequest): Promise<EngineResult>;
  setColor(priority: number, color: number[], durationMs: number): unknown;
  log(level: 'info' | 'warn' | 'error', message: string): void;
  /**
   * How long a background effect keeps running hidden before it is stopped, in ms (default
   * {@link BACKGROUND_HIDE_GRACE_MS}).
   */
  hideGraceMs?: number;
}

/**
 * A background effect covered by another source keeps running this long before it stops. Short
 * sources come and go all the time (a notification's colour, a doorbell effect, a remote's
 * preview): within this time the background comes back at once, where it left off, instead of
 * restarting its script; after it, a hidden background costs nothing.
 */
export const BACKGROUND_HIDE_GRACE_MS = 5000;

/** A boot or background source: the part of its group that says what to show. */
type SourceSettings = Pick<
  Filled<BackgroundEffectSettings>,
  'enable' | 'type' | 'color' | 'effect'
>;

/**
 * The instance's boot effect (`foregroundEffect`, once at start, priority 1) and background
 * effect (`backgroundEffect`, priority 254, endless). The background only runs while nothing
 * else is registered below it, so a hidden background effect does not burn CPU for long (a known
 * Hyperion.ng complaint: it runs hidden for good), and comes back when the last source is cleared.
 * A background effect (not a colour) stops only once it has been covered for
 * {@link BACKGROUND_HIDE_GRACE_MS}.
 */
export class BootEffects {
  readonly #context: BootEffectsContext;
  readonly #foreground: Filled<ForegroundEffectSettings>;
  readonly #background: Filled<BackgroundEffectSettings>;
  /**
   * Off (disabled or failed), shown, being started, covered by another source but still running
   * (for the grace), or hidden behind other sources and stopped.
   */
  #state: 'off' | 'starting' | 'on' | 'covered' | 'hidden' = 'hidden';
  /** Ends the grace of a covered background effect. */
  #graceTimer: NodeJS.Timeout | undefined;
  #suspended = false;
  #closed = false;
  #pending = false;
  /** Effects running when ALL was switched off, restarted when it is switched on. */
  #cached: EffectRequest[] = [];

  constructor(context: BootEffectsContext) {
    this.#context = context;
    this.#foreground = context.foreground;
    this.#background = context.background;
    if (!this.#background.enable) this.#state = 'off';
  }

  /** Starts the boot effect, then the background when nothing else shows. */
  async start(): Promise<void> {
    const fg = this.#foreground;
    if (fg.enable) {
      const started = await this.#startSource(fg, PRIORITY.FOREGROUND, fg.duration_ms);
      if (!started) this.#context.log('warn', 'the boot effect did not start (see above)');
    }
    this.prioritiesChanged();
  }

  /** Called when the muxer's list changes: shows or hides the background. */
  prioritiesChanged(): void {
    // Deferred: the muxer is in the middle of emitting, and the background changes it again.
    if (this.#pending || this.#closed) return;
    this.#pending = true;
    queueMicrotask(() => {
      this.#pending = false;
      void this.#update();
    });
  }

  async #update(): Promise<void> {
    if (this.#closed || this.#suspended || this.#state === 'off') return;
    const { muxer } = this.#context;
    const others = muxer.inputs.some((i) => i.priority < PRIORITY.BACKGROUND);
    const registered = muxer.get(PRIORITY.BACKGROUND) !== undefined;
    if ((this.#state === 'on' || this.#state === 'covered') && !registered) {
      // The background effect ended by itself; like a failure, it is not restarted in a loop.
      this.#endGrace();
      this.#state = 'off';
    } else if (others && this.#state === 'on') {
      if (this.#background.type === 'effect') {
        this.#state = 'covered';
        this.#graceTimer = setTimeout(() => {
          this.#graceTimer = undefined;
          if (this.#state === 'covered') this.#hide();
        }, this.#context.hideGraceMs ?? BACKGROUND_HIDE_GRACE_MS);
        // The grace alone never keeps the process alive.
        this.#graceTimer.unref();
      } else {
        this.#hide();
      }
    } else if (!others && this.#state === 'covered') {
      // Back before its grace ended: it never stopped.
      this.#endGrace();
      this.#state = 'on';
    } else if (!others && this.#state === 'hidden') {
      this.#state = 'starting';
      const started = await this.#startSource(this.#background, PRIORITY.BACKGROUND, -1);
      if (this.#state !== 'starting') return;
      if (started) {
        this.#state = 'on';
        // Something may have arrived while it started: look again.
        this.prioritiesChanged();
      } else {
        // Not retried until the settings change: a broken background must not loop.
        this.#state = 'off';
        this.#context.log('warn', 'the background effect is off until its settings change');
      }
    }
  }

  /** Stops showing the background (its effect stops with its muxer input). */
  #hide(): void {
    this.#endGrace();
    this.#state = 'hidden';
    this.#context.muxer.clear(PRIORITY.BACKGROUND);
  }

  #endGrace(): void {
    clearTimeout(this.#graceTimer);
    this.#graceTimer = undefined;
  }

  async #startSource(
    source: SourceSettings,
    priority: number,
    durationMs: number,
  ): Promise<boolean> {
    if (source.type === 'color') {
      this.#context.setColor(priority, [...source.color], durationMs);
      return true;
    }
    const result = await this.#context.run({
      name: source.effect,
      priority,
      durationMs,
      origin: 'System',
    });
    if (!result.ok) {
      this.#context.log(
        'warn',
        `effect '${source.effect}' at priority ${priority}: ${result.error.message}`,
      );
    }
    return result.ok;
  }

  /** `ALL` off: remembers the running effects and clears every source. */
  async suspend(effects: EffectRequest[] = []): Promise<void> {
    this.#suspended = true;
    this.#cached = effects.filter((e) => e.priority !== PRIORITY.BACKGROUND);
    this.#endGrace();
    if (this.#state !== 'off') this.#state = 'hidden';
    this.#context.muxer.clearEverything();
  }

  /** `ALL` on: restarts the remembered effects (origin "System"), then the background. */
  async resume(): Promise<void> {
    this.#suspended = false;
    const cached = this.#cached;
    this.#cached = [];
    for (const request of cached) await this.#context.run({ ...request, origin: 'System' });
    this.prioritiesChanged();
  }

  /** Stops reacting; the instance stops the effects themselves. */
  close(): void {
    this.#closed = true;
    this.#endGrace();
  }
}
