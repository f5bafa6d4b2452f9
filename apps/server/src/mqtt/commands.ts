/**
 * Home Assistant's JSON light commands (automation.md §4) as the JSON-RPC requests that do the
 * same, so that they run through the dispatcher's validation and permissions like any client's.
 */

/** The priority MQTT's colours and effects show at (Home Assistant's Hyperion integration's). */
export const MQTT_PRIORITY = 128;

/** The origin MQTT's colours and effects are stored with (`<origin>@<peer>`). */
export const MQTT_ORIGIN = 'MQTT';

/** A light command translated: the requests in order, or why it is refused (one line each). */
export type Translated =
  | { ok: true; requests: Record<string, unknown>[] }
  | { ok: false; errors: string[] };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isByte = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 255;

/** What the instances a light command goes to allow, read before any request is made. */
export interface LightTargets {
  /** The instances (running). */
  instances: readonly number[];
  /** The effect names of the catalogue. */
  effects: readonly string[];
  /** Whether every instance's LED device is on. */
  ledOn: boolean;
  /** Whether every instance has a colour adjustment whose brightness can be set. */
  adjustable: boolean;
  /** Whether every instance shows something (a source is visible). */
  showing: boolean;
}

/**
 * The JSON-RPC requests of a light command for `instances`: `OFF` switches the LED device off;
 * `ON` (or no `state`) switches it on when `ledOn` says it is off, then sets `brightness` (the
 * first adjustment's, 0–255 → 0–100), and shows `color` or runs `effect` (one of `effects`) at
 * {@link MQTT_PRIORITY}; `ON` alone where nothing shows shows white. Every key is checked before any request is made: a command with one bad
 * value gives no request at all. `transition` and unknown keys are ignored, as Home Assistant
 * ignores unknown keys.
 */
export function lightRequests(payload: unknown, targets: LightTargets): Translated {
  const { instances, effects, ledOn, adjustable, showing } = targets;
  if (!isObject(payload)) {
    return { ok: false, errors: ['/: must be a JSON object, e.g. {"state":"ON"}'] };
  }
  const errors: string[] = [];
  const { state, brightness, color, effect } = payload;
  if (state !== undefined && state !== 'ON' && state !== 'OFF') {
    errors.push('/state: must be one of "ON", "OFF"');
  }
  if (brightness !== undefined && !isByte(brightness)) {
    errors.push('/brightness: must be an integer from 0 to 255');
  } else if (brightness !== undefined && !adjustable) {
    // Refused here, not by the adjustment after the LED device was switched on.
    errors.push(
      '/brightness: an instance has no colour adjustment to set it on: add one to its color group (channelAdjustment)',
    );
  }
  if (color !== undefined) {
    if (!isObject(color)) errors.push('/color: must be an object {"r":…,"g":…,"b":…}');
    else {
      for (const key of ['r', 'g', 'b']) {
        if (!isByte(color[key])) errors.push(`/color/${key}: must be an integer from 0 to 255`);
      }
    }
  }
  if (effect !== undefined) {
    if (typeof effect !== 'string' || !effects.includes(effect)) {
      errors.push(
        `/effect: must be the name of an effect of this server (${JSON.stringify(effect)} is none)`,
      );
    }
  }
  if (color !== undefined && effect !== undefined) {
    errors.push('/: give either color or effect, not both');
  }
  if (errors.length > 0) return { ok: false, errors };
  const instance = [...instances];
  const ledDevice = (on: boolean) => ({
    command: 'componentstate',
    componentstate: { component: 'LEDDEVICE', state: on },
    instance,
  });
  if (state === 'OFF') return { ok: true, requests: [ledDevice(false)] };
  const requests: Record<string, unknown>[] = [];
  if (!ledOn) requests.push(ledDevice(true));
  if (brightness !== undefined) {
    requests.push({
      command: 'adjustment',
      adjustment: { brightness: Math.round(((brightness as number) * 100) / 255) },
      instance,
    });
  }
  // Switched on with nothing to show, a light is white, as a bulb is.
  const shown = isObject(color)
    ? [color.r, color.g, color.b]
    : state === 'ON' && effect === undefined && !showing
      ? [255, 255, 255]
      : undefined;
  if (shown) {
    requests.push({
      command: 'color',
      color: shown,
      priority: MQTT_PRIORITY,
      origin: MQTT_ORIGIN,
      instance,
    });
  }
  if (typeof effect === 'string') {
    requests.push({
      command: 'effect',
      effect: { name: effect },
      priority: MQTT_PRIORITY,
      origin: MQTT_ORIGIN,
      instance,
    });
  }
  return { ok: true, requests };
}

/** The request of a component switch's command (`ON` / `OFF`), or why it is refused. */
export function componentRequest(payload: string, component: string, instance: number): Translated {
  if (payload !== 'ON' && payload !== 'OFF') {
    return { ok: false, errors: [`/: must be "ON" or "OFF" (not ${JSON.stringify(payload)})`] };
  }
  return {
    ok: true,
    requests: [
      {
        command: 'componentstate',
        componentstate: { component, state: payload === 'ON' },
        instance: [instance],
      },
    ],
  };
}
