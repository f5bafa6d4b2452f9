/**
 * Home Assistant's MQTT discovery configs of a server (automation.md §4): per running instance a
 * `light` (JSON schema), a `switch` per component, and sensors, all under one device block.
 */
import type { ComponentName } from '@glowkit/protocol';

/** The components offered as switches, when an instance has them. */
export const SWITCHED_COMPONENTS: readonly ComponentName[] = [
  'LEDDEVICE',
  'SMOOTHING',
  'BLACKBORDER',
  'GRABBER',
  'V4L',
];

/** How a component's switch is named in Home Assistant (after the instance's name). */
const COMPONENT_LABELS: Readonly<Partial<Record<ComponentName, string>>> = {
  LEDDEVICE: 'LED device',
  SMOOTHING: 'smoothing',
  BLACKBORDER: 'black border',
  GRABBER: 'screen capture',
  V4L: 'USB capture',
};

/** What the configs are made from. */
export interface DiscoverySubject {
  /** The server's id (`sysinfo` `info.hyperion.id`): the device's identifier. */
  serverId: string;
  /** `general.name`: the device's name. */
  name: string;
  /** Glowkit's version. */
  version: string;
  /** The effect names of the catalogue (`effect_list`). */
  effects: readonly string[];
  /** The running instances. */
  instances: readonly {
    id: number;
    name: string;
    components: readonly ComponentName[];
  }[];
}

/** A message to publish: a topic and its payload ('' on a retained config deletes it). */
export interface MqttMessage {
  topic: string;
  payload: string;
}

/** The topics of one instance under a base topic. */
export const instanceTopic = (base: string, instance: number): string => `${base}/${instance}`;

/** The switch of component `name` of an instance: its state topic (`/set` to command it). */
export const componentTopic = (base: string, instance: number, name: string): string =>
  `${instanceTopic(base, instance)}/component/${name}`;

/** The availability topic (the will): `online` / `offline`, retained. */
export const statusTopic = (base: string): string => `${base}/status`;

/**
 * Every discovery config of `subject` under `prefix`, with the topics of `base`. Each entity's
 * `unique_id` is `<server id>_<instance>[_<part>]`, also its object id, so that two servers on one
 * broker never clash.
 */
export function discoveryConfigs(
  prefix: string,
  base: string,
  subject: DiscoverySubject,
): MqttMessage[] {
  const sid = subject.serverId;
  const device = {
    ids: [sid],
    name: subject.name,
    mf: 'Glowkit',
    mdl: 'Glowkit LED server',
    sw: subject.version,
  };
  const origin = { name: 'Glowkit', sw: subject.version };
  const common = {
    avty_t: statusTopic(base),
    pl_avail: 'online',
    pl_not_avail: 'offline',
    dev: device,
    o: origin,
  };
  const configs: MqttMessage[] = [];
  const add = (component: string, objectId: string, config: Record<string, unknown>) =>
    configs.push({
      topic: `${prefix}/${component}/${objectId}/config`,
      payload: JSON.stringify({ ...config, uniq_id: objectId, ...common }),
    });
  for (const instance of subject.instances) {
    const uid = `${sid}_${instance.id}`;
    add('light', uid, {
      '~': instanceTopic(base, instance.id),
      name: instance.name,
      schema: 'json',
      cmd_t: '~/set',
      stat_t: '~/state',
      brightness: true,
      bri_scl: 255,
      supported_color_modes: ['rgb'],
      effect: true,
      fx_list: [...subject.effects],
    });
    for (const component of SWITCHED_COMPONENTS) {
      if (!instance.components.includes(component)) continue;
      add('switch', `${uid}_${component.toLowerCase()}`, {
        '~': componentTopic(base, instance.id, component),
        name: `${instance.name} ${COMPONENT_LABELS[component] ?? component}`,
        cmd_t: '~/set',
        stat_t: '~',
        pl_on: 'ON',
        pl_off: 'OFF',
      });
    }
    add('sensor', `${uid}_visible`, {
      '~': instanceTopic(base, instance.id),
      name: `${instance.name} visible`,
      stat_t: '~/visible',
      ic: 'mdi:layers',
    });
    // Unknown in Home Assistant until a picture source has shown (colours and effects have none).
    add('sensor', `${uid}_latency`, {
      '~': instanceTopic(base, instance.id),
      name: `${instance.name} capture latency`,
      stat_t: '~/latency',
      unit_of_meas: 'ms',
      stat_cla: 'measurement',
      ic: 'mdi:timer-outline',
    });
    // 0 while no picture source shows (a colour, an effect, nothing).
    add('sensor', `${uid}_fps`, {
      '~': instanceTopic(base, instance.id),
      name: `${instance.name} picture rate`,
      stat_t: '~/fps',
      unit_of_meas: 'fps',
      stat_cla: 'measurement',
      ic: 'mdi:filmstrip',
    });
  }
  return configs;
}
