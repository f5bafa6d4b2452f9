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
}

/** A boot or background source: the part of its group that says what to show. */
type SourceSettings = Pick<
  Filled<BackgroundEffectSettings>,
  'enable' | 'type' | 'color' | 'effect'
>;

/**
 * The instance's boot effect (`foregroundEffect`, once at start, priority 1) and background
 * effect (`backgroundEffect`, priority 254, endless). The background only runs while nothing
 * else is registered below it, so a hidden background effect never burns CPU (a known
 * Hyperion.ng complaint), and comes back when the last source is cleared.
 */
export class BootEffects {
  readonly #context: BootEffectsContext;
  readonly #foreground: Filled<ForegroundEffectSettings>;
  readonly #background: Filled<BackgroundEffectSettings>;
  /** Off (disabled or failed), shown, being started, or hidden behind other sources. */
  #state: 'off' | 'starting' | 'on' | 'hidden' = 'hidden';
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
    if (others && this.#state === 'on') {
      this.#state = 'hidden';
      muxer.clear(PRIORITY.BACKGROUND);
    } else if (!others && this.#state === 'hidden') {
      this.#state = 'starting';
      const started = await this.#startSource(this.#background, PRIORITY.BACKGROUND, -1);
      if (this.#state !== 'starting') return;
      if (started) {
        this.#state = 'on';
        // Something may have arrived while it started: look again, so it never runs hidden.
        this.prioritiesChanged();
      } else {
        // Not retried until the settings change: a broken background must not loop.
        this.#state = 'off';
        this.#context.log('warn', 'the background effect is off until its settings change');
      }
    } else if (this.#state === 'on' && !muxer.get(PRIORITY.BACKGROUND)) {
      // The background effect ended by itself; like a failure, it is not restarted in a loop.
      this.#state = 'off';
    }
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
    if (this.#state === 'on' || this.#state === 'starting') this.#state = 'hidden';
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
  }
}
