import { type EngineResult, failed } from '../errors.js';

/** The components an instance has, in Hyperion.ng's enum order. */
export const COMPONENTS = [
  'ALL',
  'SMOOTHING',
  'BLACKBORDER',
  'FORWARDER',
  'BOBLIGHTSERVER',
  'GRABBER',
  'V4L',
  'LEDDEVICE',
] as const;

/** A component of an instance. */
export type ComponentName = (typeof COMPONENTS)[number];

/** Components of Hyperion.ng that this server does not have (no audio grabber, no other servers). */
const ABSENT = new Set(['AUDIO', 'FLATBUFSERVER', 'PROTOSERVER', 'COLOR', 'IMAGE', 'EFFECT']);

/**
 * The on/off switches of an instance (`componentstate`, `serverinfo.components`). `ALL` starts
 * on; `SMOOTHING` follows `smoothing.enable`, `BLACKBORDER` `blackborderdetector.enable`,
 * `BOBLIGHTSERVER` `boblightServer.enable` (the server opens the instance's boblight listener
 * while it is on), `FORWARDER` the server's `forwarder` group (the server forwards the instance
 * while it is on), `GRABBER` and `V4L` `instCapture.systemEnable` and `v4lEnable` (the instance
 * takes the screen, resp. the USB video grabber's frames while it is on), `LEDDEVICE`
 * `device.autoStart`.
 *
 * `FORWARDER` is listed on every instance, as in Hyperion.ng, but only the instance the
 * `forwarder` group names can have it on: elsewhere it is unavailable and always shows off
 * (switching it is answered, and changes nothing that shows).
 *
 * What a user switched (the intent, {@link get}) is kept apart from what clients are shown
 * ({@link enabled}, {@link list}): as in Hyperion.ng, a component in fault (`LEDDEVICE` while its
 * device is in error) shows off, and shows on again once the fault is over, unless the user
 * switched it off meanwhile.
 */
export class ComponentSwitches {
  readonly #state = new Map<ComponentName, boolean>();
  readonly #faults = new Set<ComponentName>();

  constructor(initial: {
    smoothing: boolean;
    blackBorder: boolean;
    ledDevice: boolean;
    boblightServer?: boolean;
    /** Whether the instance takes the screen grabber's frames (`instCapture.systemEnable`). */
    grabber?: boolean;
    /** Whether it takes the USB video grabber's frames (`instCapture.v4lEnable`). */
    v4l?: boolean;
    /** Whether forwarding starts on; undefined: this instance is not the forwarded one. */
    forwarder?: boolean | undefined;
  }) {
    this.#state.set('ALL', true);
    this.#state.set('SMOOTHING', initial.smoothing);
    this.#state.set('BLACKBORDER', initial.blackBorder);
    this.#state.set('FORWARDER', initial.forwarder ?? false);
    if (initial.forwarder === undefined) this.#faults.add('FORWARDER');
    this.#state.set('BOBLIGHTSERVER', initial.boblightServer ?? false);
    this.#state.set('GRABBER', initial.grabber ?? false);
    this.#state.set('V4L', initial.v4l ?? false);
    this.#state.set('LEDDEVICE', initial.ledDevice);
  }

  /** Whether a component is switched on (the user's intent, whatever its fault). */
  get(name: ComponentName): boolean {
    return this.#state.get(name) === true;
  }

  /** Switches a component; false when it already was in that state. */
  set(name: ComponentName, enabled: boolean): boolean {
    if (this.get(name) === enabled) return false;
    this.#state.set(name, enabled);
    return true;
  }

  /** Whether a component is on as clients see it: switched on and not in fault. */
  enabled(name: ComponentName): boolean {
    return this.get(name) && !this.#faults.has(name);
  }

  /** Marks a component in fault or out of it; true when that changed what {@link enabled} says. */
  setFault(name: ComponentName, faulty: boolean): boolean {
    const before = this.enabled(name);
    if (faulty) this.#faults.add(name);
    else this.#faults.delete(name);
    return this.enabled(name) !== before;
  }

  /** `serverinfo.components`: `[{ enabled, name }]` in enum order, as clients see them. */
  list(): { enabled: boolean; name: ComponentName }[] {
    return COMPONENTS.map((name) => ({ enabled: this.enabled(name), name }));
  }

  /** A component name of a request, or why it cannot be switched here. */
  resolve(name: string): EngineResult<{ name: ComponentName }> {
    if ((COMPONENTS as readonly string[]).includes(name)) {
      return { ok: true, name: name as ComponentName };
    }
    return failed(ABSENT.has(name) ? 'component-unavailable' : 'component-unknown', {
      name,
      known: [...COMPONENTS],
    });
  }
}
