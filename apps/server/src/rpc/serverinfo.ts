import { hostname } from 'node:os';
import { DEVICE_TYPES, rgbToHsl } from '@glowkit/engine';
import type {
  ActiveLedColorInfo,
  CaptureGrabberList,
  ComponentInfo,
  ForwarderInfo,
  InputSourceInfo,
  InstanceInfo,
  InstanceLatencyInfo,
  LedsSettings,
  PowerStateName,
  PriorityInfo,
  ServerInfo,
} from '@glowkit/protocol';
import { idleStatus } from '../capture/grabber.js';
import type { ServiceRuntime } from '../runtime/service-runtime.js';

/** `instance`: every configured instance, `[{ friendly_name, instance, running }]`. */
export function instanceList(runtime: ServiceRuntime): InstanceInfo[] {
  return runtime.instances.map((i) => ({
    friendly_name: i.name,
    instance: i.id,
    running: i.running,
  }));
}

/**
 * `latency`: each running instance's picture-to-LED figures by stage (daemon-wide, as
 * `inputSources`: the overview shows every instance's from one read or push).
 */
export function latencyList(runtime: ServiceRuntime): InstanceLatencyInfo[] {
  const list: InstanceLatencyInfo[] = [];
  for (const { id, running } of runtime.instances) {
    const view = running ? runtime.instance(id)?.view : undefined;
    if (view) list.push({ instance: id, ...view.latency });
  }
  return list;
}

/** `activeLedColor`: the visible colour, when a colour shows and its first LED is not black. */
function activeLedColor(priorities: readonly PriorityInfo[]): ActiveLedColorInfo[] {
  const visible = priorities.find((p) => p.visible);
  const rgb = visible?.componentId === 'COLOR' ? visible.value?.RGB : undefined;
  if (!rgb || rgb[0] + rgb[1] + rgb[2] === 0) return [];
  return [{ 'HSL Value': rgbToHsl(rgb), 'RGB Value': rgb }];
}

/** What the server's daemon-wide picture inputs (and the forwarder) add to `serverinfo`. */
export interface InputsInfo {
  /** Their components (`FLATBUFSERVER`: on while it listens), after the instance's. */
  components(): ComponentInfo[];
  /** `inputSources`: their clients' sources. */
  sources(): InputSourceInfo[];
  /** `forwarder`: what the forwarder does. */
  forwarder?(): ForwarderInfo;
  /** `grabbers.screen` and `grabbers.video`: the capture on the box. */
  grabbers?(kind: 'screen' | 'video'): CaptureGrabberList;
}

/** A grabber's entry while the server has none of that kind. */
const noGrabber = (kind: 'screen' | 'video'): CaptureGrabberList => ({
  active: [],
  available: [],
  status: idleStatus(kind),
});

/**
 * The `info` of `serverinfo` for a session bound to `instanceId`, in Hyperion.ng's shape (keys in
 * its sorted order). Glowkit adds `device` (the state of the instance's LED device, with the
 * reason when it cannot open), `effectErrors` (effects that failed or were killed lately, with
 * the reason), `effectProblems` (effect files left out of the list, with their diagnostics),
 * `forwarder` (its targets and their state), `inputSources` (the picture inputs' clients, with
 * their frame counts), `latency` (each running instance's picture-to-LED time by stage) and
 * `grabbers.screen.status`, `grabbers.video.status` (what the capture on the box is doing) and
 * `power.state` (working, idle or suspended). Parts of an instance are empty while it is stopped.
 */
export function serverInfo(
  runtime: ServiceRuntime,
  instanceId: number | undefined,
  inputs?: InputsInfo,
  power: PowerStateName = 'working',
): ServerInfo {
  const view = instanceId === undefined ? undefined : runtime.instance(instanceId)?.view;
  const catalogue = runtime.catalogue;
  const priorities = view ? view.priorities : [];
  return {
    activeEffects: view ? view.activeEffects : [],
    activeLedColor: activeLedColor(priorities),
    adjustment: view ? [...view.adjustments] : [],
    cec: { enabled: false },
    components: view ? [...view.components, ...(inputs?.components() ?? [])] : [],
    device: view ? view.device : null,
    effectErrors: view ? [...view.effectProblems] : [],
    effectProblems: catalogue.problems,
    effects: catalogue.serverInfo(),
    forwarder: inputs?.forwarder?.() ?? { enabled: false, instance: null, targets: [] },
    grabbers: {
      audio: { active: [], available: [] },
      screen: inputs?.grabbers?.('screen') ?? noGrabber('screen'),
      video: inputs?.grabbers?.('video') ?? noGrabber('video'),
    },
    hostname: hostname(),
    imageToLedMappingType: view ? view.mappingType : 'multicolor_mean',
    inputSources: inputs?.sources() ?? [],
    instance: instanceList(runtime),
    latency: latencyList(runtime),
    ledDevices: { available: [...DEVICE_TYPES.keys()].sort() },
    // The instance was built from a layout the store accepted.
    leds: view ? ((view.settings.leds ?? []) as LedsSettings) : [],
    power: { state: power },
    priorities,
    priorities_autoselect: view ? view.autoSelect : true,
    services: ['effectengine'],
    videomode: runtime.videoMode,
  };
}
