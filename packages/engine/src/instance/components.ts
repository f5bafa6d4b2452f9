/** The components an instance has, in Hyperion.ng's enum order. */
export const COMPONENTS = ['ALL', 'SMOOTHING', 'LEDDEVICE'] as const;

/** A component of an instance. */
export type ComponentName = (typeof COMPONENTS)[number];

/** Components of Hyperion.ng that this server does not have (no grabbers, no other servers). */
const ABSENT = new Set([
  'BLACKBORDER',
  'FORWARDER',
  'BOBLIGHTSERVER',
  'GRABBER',
  'V4L',
  'AUDIO',
  'FLATBUFSERVER',
  'PROTOSERVER',
  'COLOR',
  'IMAGE',
  'EFFECT',
]);

/**
 * The on/off switches of an instance (`componentstate`, `serverinfo.components`). `ALL` starts
 * on; `SMOOTHING` follows `smoothing.enable`, `LEDDEVICE` follows `device.autoStart`.
 */
export class ComponentSwitches {
  readonly #state = new Map<ComponentName, boolean>();

  constructor(initial: { smoothing: boolean; ledDevice: boolean }) {
    this.#state.set('ALL', true);
    this.#state.set('SMOOTHING', initial.smoothing);
    this.#state.set('LEDDEVICE', initial.ledDevice);
  }

  /** Whether a component is on. */
  get(name: ComponentName): boolean {
    return this.#state.get(name) === true;
  }

  /** Switches a component; false when it already was in that state. */
  set(name: ComponentName, enabled: boolean): boolean {
    if (this.get(name) === enabled) return false;
    this.#state.set(name, enabled);
    return true;
  }

  /** `serverinfo.components`: `[{ enabled, name }]` in enum order. */
  list(): { enabled: boolean; name: ComponentName }[] {
    return COMPONENTS.map((name) => ({ enabled: this.get(name), name }));
  }

  /** A component name of a request, or why it cannot be switched here. */
  resolve(
    name: string,
  ): { ok: true; name: ComponentName } | { ok: false; error: string; details: string[] } {
    if ((COMPONENTS as readonly string[]).includes(name)) {
      return { ok: true, name: name as ComponentName };
    }
    if (ABSENT.has(name)) {
      return {
        ok: false,
        error: `Component ${name} is not available`,
        details: [
          `/componentstate/component: this server has no ${name}; it switches ${COMPONENTS.join(', ')}`,
        ],
      };
    }
    return {
      ok: false,
      error: `Unknown component name: ${name}`,
      details: [`/componentstate/component: one of ${COMPONENTS.join(', ')}`],
    };
  }
}
