import { hostname } from 'node:os';
import { DEVICE_TYPES, type LedInstance, rgbToHsl } from '@glowkit/engine';
import type { ServiceRuntime } from '../runtime/service-runtime.js';

/** `instance`: every configured instance, `[{ friendly_name, instance, running }]`. */
export function instanceList(
  runtime: ServiceRuntime,
): { friendly_name: string; instance: number; running: boolean }[] {
  return runtime.instances.map((i) => ({
    friendly_name: i.name,
    instance: i.id,
    running: i.running,
  }));
}

/** `priorities` of a running instance. */
export const prioritiesOf = (pipeline: LedInstance): unknown[] => pipeline.priorities;

/** `adjustment` of a running instance. */
export const adjustmentOf = (pipeline: LedInstance): unknown[] => [...pipeline.colors.adjustments];

/** `components` of a running instance: `[{ enabled, name }]` in Hyperion.ng's enum order. */
export const componentsOf = (pipeline: LedInstance): { enabled: boolean; name: string }[] =>
  pipeline.components.list();

/** `activeLedColor`: the visible colour, when a colour shows and its first LED is not black. */
function activeLedColor(pipeline: LedInstance): unknown[] {
  const visible = pipeline.muxer.visible;
  const colors = visible?.component === 'COLOR' ? visible.colors : undefined;
  if (!colors || colors.length < 3) return [];
  const rgb: [number, number, number] = [colors[0] ?? 0, colors[1] ?? 0, colors[2] ?? 0];
  if (rgb[0] + rgb[1] + rgb[2] === 0) return [];
  return [{ 'HSL Value': rgbToHsl(rgb), 'RGB Value': rgb }];
}

/**
 * The `info` of `serverinfo` for a session bound to `instanceId`, in Hyperion.ng's shape (keys in
 * its sorted order). Glowkit adds `device` (the state of the instance's LED device, with the
 * reason when it cannot open), `effectErrors` (effects that failed or were killed lately, with
 * the reason) and `effectProblems` (effect files left out of the list, with their diagnostics).
 * Parts of an instance are empty while it is stopped.
 */
export function serverInfo(runtime: ServiceRuntime, instanceId: number | undefined): unknown {
  const pipeline = instanceId === undefined ? undefined : runtime.pipeline(instanceId);
  const catalogue = runtime.catalogue;
  return {
    activeEffects: pipeline ? pipeline.activeEffects : [],
    activeLedColor: pipeline ? activeLedColor(pipeline) : [],
    adjustment: pipeline ? adjustmentOf(pipeline) : [],
    cec: { enabled: false },
    components: pipeline ? componentsOf(pipeline) : [],
    device: pipeline ? pipeline.device.status : null,
    effectErrors: pipeline ? [...pipeline.effectProblems] : [],
    effectProblems: catalogue.problems,
    effects: catalogue.serverInfo(),
    grabbers: {
      audio: { active: [], available: [] },
      screen: { active: [], available: [] },
      video: { active: [], available: [] },
    },
    hostname: hostname(),
    imageToLedMappingType: pipeline ? pipeline.mappingType : 'multicolor_mean',
    instance: instanceList(runtime),
    ledDevices: { available: [...DEVICE_TYPES.keys()].sort() },
    leds: pipeline ? (pipeline.settings.leds ?? []) : [],
    priorities: pipeline ? prioritiesOf(pipeline) : [],
    priorities_autoselect: true,
    services: ['effectengine'],
    videomode: '2D',
  };
}
