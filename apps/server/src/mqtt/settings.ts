import type { GlobalSettings } from '@glowkit/protocol';

/** The stored `network.mqtt` object: valid against its schema, each key optional (its default). */
export type StoredMqttSettings = NonNullable<NonNullable<GlobalSettings['network']>['mqtt']>;

/** Where and how the MQTT client connects, and the topics it uses: `network.mqtt` resolved. */
export interface MqttSettings {
  /** `mqtt://host:port` or `mqtts://host:port`. */
  url: string;
  /** The broker's address and port, as the log names it (never with the credentials). */
  broker: string;
  username: string | undefined;
  password: string | undefined;
  rejectUnauthorized: boolean;
  /** The prefix of every topic of this server (`glowkit/<id>` when not set). */
  baseTopic: string;
  /** Home Assistant's discovery prefix; empty: no discovery. */
  discoveryPrefix: string;
  /** The multi-room topic (`<groupTopic>/set`); empty: none. */
  groupTopic: string;
}

/** A topic as stored, without the slashes at its ends that would make an empty level. */
const trimTopic = (topic: string): string => topic.trim().replace(/^\/+|\/+$/g, '');

/**
 * `network.mqtt` resolved for server `id`: undefined when the client is off (`enable` false),
 * or the reason it cannot run (a host missing) as one line for the log.
 */
export function mqttSettingsOf(
  stored: StoredMqttSettings | undefined,
  id: string,
): MqttSettings | string | undefined {
  if (!stored?.enable) return undefined;
  const host = (stored.host ?? '').trim();
  if (host === '') {
    return 'MQTT is enabled but network.mqtt.host is empty: set the broker address to connect';
  }
  const port = stored.port ?? 1883;
  const tls = stored.tls ?? false;
  // An IPv6 literal goes in brackets in a URL.
  const hostPart = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return {
    url: `${tls ? 'mqtts' : 'mqtt'}://${hostPart}:${port}`,
    broker: `${hostPart}:${port}`,
    username: stored.username ? stored.username : undefined,
    password: stored.password ? stored.password : undefined,
    rejectUnauthorized: stored.rejectUnauthorized ?? true,
    baseTopic: trimTopic(stored.baseTopic ?? '') || `glowkit/${id}`,
    discoveryPrefix: trimTopic(stored.discoveryPrefix ?? 'homeassistant'),
    groupTopic: trimTopic(stored.groupTopic ?? ''),
  };
}

/** Whether two resolved settings need a new connection (anything but nothing changed). */
export const sameSettings = (a: MqttSettings | undefined, b: MqttSettings | undefined): boolean =>
  JSON.stringify(a) === JSON.stringify(b);
