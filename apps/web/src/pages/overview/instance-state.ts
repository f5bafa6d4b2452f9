/** An entry of serverinfo's `priorities` (Hyperion.ng's shape; see the engine's PriorityInfo). */
export interface PriorityEntry {
  priority: number;
  /** `COLOR`, `EFFECT`, `IMAGE`, … */
  componentId: string;
  /** The effect's or picture's name. */
  owner?: string;
  /** Who set it: `"<origin>@<address>"`. */
  origin?: string;
  /** Milliseconds left when the server answered; absent for entries that last until cleared. */
  duration_ms?: number;
  /** For colours: the first LED's colour. */
  value?: { RGB?: [number, number, number] };
  visible: boolean;
  active?: boolean;
}

/** serverinfo's `device` (Glowkit's own key): the instance's LED device. */
export interface DeviceStatus {
  type: string;
  /** `off`, `opening`, `on`, `error`, `closed`. */
  state: string;
  enabled: boolean;
  /** Why it is in error, as the device said it. */
  error?: string;
  /** Re-open attempts since the last failure. */
  attempts: number;
  frames: number;
  dropped: number;
}

/** What the overview knows of one instance. */
export interface InstanceState {
  device: DeviceStatus | null;
  priorities: PriorityEntry[];
  /** `performance.now()` when `priorities` arrived: time left counts down from there. */
  prioritiesAt: number;
  /** Components by name (`ALL`, `LEDDEVICE`, `SMOOTHING`) → on. */
  components: Record<string, boolean>;
  /** The first colour adjustment's brightness, 0..100. */
  brightness: number | undefined;
  /** How many LEDs the layout has. */
  ledCount: number;
}

/** The fields of a serverinfo reply the overview reads. */
export interface ServerInfoReply {
  device?: DeviceStatus | null;
  priorities?: unknown;
  components?: unknown;
  adjustment?: unknown;
  leds?: unknown;
  instance?: unknown;
}

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** The priorities of a serverinfo reply or a `priorities-update` push's `data.priorities`. */
export function prioritiesOf(value: unknown): PriorityEntry[] {
  return list(value).filter(
    (p): p is PriorityEntry =>
      p !== null && typeof p === 'object' && typeof (p as PriorityEntry).priority === 'number',
  );
}

/** `[{ name, enabled }]` as a record. */
export function componentsOf(value: unknown): Record<string, boolean> {
  const out: Record<string, boolean> = {};
  for (const c of list(value)) {
    const { name, enabled } = (c ?? {}) as { name?: unknown; enabled?: unknown };
    if (typeof name === 'string') out[name] = enabled === true;
  }
  return out;
}

/** The brightness of the first adjustment (the one `adjustment` without an id changes). */
export function brightnessOf(value: unknown): number | undefined {
  const brightness = (list(value)[0] as { brightness?: unknown } | undefined)?.brightness;
  return typeof brightness === 'number' ? brightness : undefined;
}

/** An instance's state from its serverinfo reply. */
export function stateOf(info: ServerInfoReply, now: number): InstanceState {
  return {
    device: info.device && typeof info.device === 'object' ? info.device : null,
    priorities: prioritiesOf(info.priorities),
    prioritiesAt: now,
    components: componentsOf(info.components),
    brightness: brightnessOf(info.adjustment),
    ledCount: list(info.leds).length,
  };
}

/**
 * Whether a switch of the card is on as the user left it. The server shows `LEDDEVICE` off while
 * its device is in error, as Hyperion.ng does, yet keeps it switched on and reconnects: a device
 * in error is one meant to be on, so its switch stays on (the device line says what is wrong).
 */
export function switchedOn(state: InstanceState, component: string): boolean {
  if (component === 'LEDDEVICE' && state.device?.state === 'error') return true;
  return state.components[component] ?? false;
}

/** Whether a switch turned the LED output off (a lost device is not: the device line tells it). */
export function outputSwitchedOff(state: InstanceState): boolean {
  if (state.components.ALL === false) return true;
  return state.components.LEDDEVICE === false && !switchedOn(state, 'LEDDEVICE');
}

/** The entry the LEDs show now, if any. */
export function visiblePriority(state: InstanceState): PriorityEntry | undefined {
  return state.priorities.find((p) => p.visible);
}

/** Milliseconds left of a timed entry at `now`; undefined when it lasts until cleared. */
export function timeLeft(
  state: InstanceState,
  entry: PriorityEntry,
  now: number,
): number | undefined {
  if (typeof entry.duration_ms !== 'number') return undefined;
  return Math.max(0, entry.duration_ms - (now - state.prioritiesAt));
}

/** A time span as `m:ss` or `h:mm:ss` (digits read the same in every language). */
export function clock(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** `#rrggbb` of an RGB triple. */
export function hex(rgb: readonly number[]): string {
  return `#${rgb
    .slice(0, 3)
    .map((v) =>
      Math.max(0, Math.min(255, Math.round(v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}
