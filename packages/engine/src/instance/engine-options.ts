import type { DeviceFactory } from '../devices/led-device.js';
import type { EffectConfinement } from '../effects/effect-confinement.js';
import type { EffectLimits } from '../effects/effect-process.js';

/** What every instance of a server shares: where effects find things, and what they may use. */
export interface EngineOptions {
  /**
   * More folders that effects' `:name` images resolve in, searched after the effect's own
   * (beside its definition and script, `effects.paths`, the bundled folder).
   */
  resourceDirs: readonly string[];
  /** Device types beyond the built-in ones (or replacing them, by name). */
  deviceTypes?: ReadonlyMap<string, DeviceFactory> | undefined;
  /** The Python interpreter for effects. Default `python3`. */
  python?: string | undefined;
  /** Limits of every effect child (frames per second, memory, grace time). */
  effectLimits?: Partial<EffectLimits> | undefined;
  /** How effect children are confined (the user they run as, the paths hidden from them). */
  effectConfinement?: Omit<EffectConfinement, 'network'> | undefined;
}
