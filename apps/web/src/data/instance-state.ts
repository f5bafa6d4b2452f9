/**
 * What the web UI knows of one running instance, made from its `serverinfo` and kept current by
 * its pushes: each function returns a new state, so that an element given the state sees a new
 * object exactly when something changed.
 */
import type {
  AdjustmentInfo,
  ComponentInfo,
  DeviceStatus,
  LedsSettings,
  PriorityInfo,
} from '@glowkit/protocol';

/** One running instance as the pages show it. */
export interface InstanceState {
  /** Its LED device; null while it has none (as serverinfo says of a stopped instance). */
  device: DeviceStatus | null;
  /** What it shows, at which priority: the visible entry first. */
  priorities: readonly PriorityInfo[];
  /** False while a priority is pinned (`sourceselect`): the pinned entry is the visible one. */
  autoSelect: boolean;
  /** `performance.now()` when `priorities` arrived: time left counts down from there. */
  prioritiesAt: number;
  /** Components by name (`ALL`, `LEDDEVICE`, `SMOOTHING`) → on. */
  components: Readonly<Record<string, boolean>>;
  /** The first colour adjustment's brightness, 0..100 (the one `adjustment` without an id sets). */
  brightness: number | undefined;
  /** Its LED layout. */
  leds: LedsSettings;
}

/** The parts of a `serverinfo` reply (`ServerInfo`) an instance's state is made of. */
export interface InstanceParts {
  device: DeviceStatus | null;
  priorities: readonly PriorityInfo[];
  /** Absent: true (automatic selection). */
  priorities_autoselect?: boolean;
  components: readonly ComponentInfo[];
  adjustment: readonly Pick<AdjustmentInfo, 'brightness'>[];
  leds: LedsSettings;
}

/** `[{ name, enabled }]` as a record. */
export function componentsOf(list: readonly ComponentInfo[]): Record<string, boolean> {
  return Object.fromEntries(list.map(({ name, enabled }) => [name, enabled]));
}

/** The brightness of the first adjustment (the one `adjustment` without an id changes). */
export function brightnessOf(
  list: readonly Pick<AdjustmentInfo, 'brightness'>[],
): number | undefined {
  return list[0]?.brightness;
}

/** An instance's state from its serverinfo reply, read at `now` (`performance.now()`). */
export function stateOf(info: InstanceParts, now: number): InstanceState {
  return {
    device: info.device,
    priorities: info.priorities,
    autoSelect: info.priorities_autoselect ?? true,
    prioritiesAt: now,
    components: componentsOf(info.components),
    brightness: brightnessOf(info.adjustment),
    leds: info.leds,
  };
}

/** A `priorities-update`: the whole list and whether a priority is pinned, arrived at `now`. */
export function withPriorities(
  state: InstanceState,
  priorities: readonly PriorityInfo[],
  autoSelect: boolean,
  now: number,
): InstanceState {
  return { ...state, priorities, autoSelect, prioritiesAt: now };
}

/** A `components-update`: one component switched. */
export function withComponent(state: InstanceState, component: ComponentInfo): InstanceState {
  return { ...state, components: { ...state.components, [component.name]: component.enabled } };
}

/** An `adjustment-update`: every adjustment as it applies now. */
export function withAdjustments(
  state: InstanceState,
  adjustments: readonly Pick<AdjustmentInfo, 'brightness'>[],
): InstanceState {
  return { ...state, brightness: brightnessOf(adjustments) ?? state.brightness };
}

/** A `device-update`: the device's new state. */
export function withDevice(state: InstanceState, device: DeviceStatus): InstanceState {
  return { ...state, device };
}

/** A `leds-update`: a new layout. */
export function withLeds(state: InstanceState, leds: LedsSettings): InstanceState {
  return { ...state, leds };
}
