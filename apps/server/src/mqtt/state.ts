/**
 * The retained state messages of one instance, as Home Assistant's entities read them: the JSON
 * light's state, each component switch, and the sensors (what is visible, the picture rate, the
 * capture latency).
 */
import type { InstanceView } from '@glowkit/engine';
import type { PriorityInfo } from '@glowkit/protocol';
import {
  componentTopic,
  instanceTopic,
  type MqttMessage,
  SWITCHED_COMPONENTS,
} from './discovery.js';

/** What of an instance the state messages are made from. */
export type StateView = Pick<InstanceView, 'priorities' | 'components' | 'adjustments' | 'latency'>;

const hex = (rgb: readonly number[]): string =>
  `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;

/** What the `visible` sensor says: what shows now, in a few words. */
export function visibleText(priorities: readonly PriorityInfo[]): string {
  const visible = priorities.find((p) => p.visible);
  if (!visible) return 'nothing';
  const at = `priority ${visible.priority}`;
  if (visible.componentId === 'COLOR' && visible.value) {
    return `colour ${hex(visible.value.RGB)} (${at})`;
  }
  if (visible.componentId === 'EFFECT') return `effect ${visible.owner ?? ''} (${at})`.trim();
  return `${visible.componentId.toLowerCase()} ${visible.owner ?? visible.origin} (${at})`;
}

/**
 * The JSON light's state (automation.md §4): `state` from the LED device component, `brightness`
 * from the first adjustment's (0–100 → 0–255), `color` of the visible colour, `effect` of the
 * visible effect (null when none shows, so Home Assistant clears it).
 */
export function lightState(view: StateView): Record<string, unknown> {
  const on = view.components.find((c) => c.name === 'LEDDEVICE')?.enabled ?? false;
  const brightness = view.adjustments[0]?.brightness ?? 100;
  const visible = view.priorities.find((p) => p.visible);
  const rgb = visible?.componentId === 'COLOR' ? visible.value?.RGB : undefined;
  return {
    state: on ? 'ON' : 'OFF',
    brightness: Math.round((brightness * 255) / 100),
    color_mode: 'rgb',
    ...(rgb ? { color: { r: rgb[0], g: rgb[1], b: rgb[2] } } : {}),
    effect: visible?.componentId === 'EFFECT' ? (visible.owner ?? null) : null,
  };
}

/**
 * Every retained state message of instance `id` under `base`; `fps` is the rate of the pictures
 * it shows (the bridge measures it), 0 when none comes.
 */
export function instanceStates(base: string, id: number, view: StateView, fps = 0): MqttMessage[] {
  const topic = instanceTopic(base, id);
  const messages: MqttMessage[] = [
    { topic: `${topic}/state`, payload: JSON.stringify(lightState(view)) },
    { topic: `${topic}/visible`, payload: visibleText(view.priorities) },
  ];
  for (const component of view.components) {
    if (!SWITCHED_COMPONENTS.includes(component.name)) continue;
    messages.push({
      topic: componentTopic(base, id, component.name),
      payload: component.enabled ? 'ON' : 'OFF',
    });
  }
  messages.push({ topic: `${topic}/fps`, payload: String(fps) });
  const total = view.latency.total;
  if (total) messages.push({ topic: `${topic}/latency`, payload: total.p50.toFixed(1) });
  return messages;
}
