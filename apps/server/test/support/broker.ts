/**
 * A real MQTT broker for tests (scripts/mosquitto.mjs: Debian's mosquitto on a free loopback
 * port, with a password file), and a second MQTT client that plays Home Assistant.
 */
import mqtt, { type MqttClient } from 'mqtt';
import type { TestBroker } from '../../../../scripts/mosquitto.mjs';
import { until } from './until.js';

export { startBroker, type TestBroker } from '../../../../scripts/mosquitto.mjs';

/** A message a watcher received. */
export interface Received {
  topic: string;
  payload: string;
  retain: boolean;
}

/**
 * A second MQTT client playing Home Assistant: subscribes, keeps every message (the last per
 * topic too), publishes.
 */
export interface Watcher {
  client: MqttClient;
  messages: Received[];
  /** The last payload on each topic (retained or not). */
  last: Map<string, string>;
  /** Waits (10 s at most) for a message on `topic` matching `check`, and returns it. */
  next(topic: string, check?: (payload: string) => boolean, since?: number): Promise<Received>;
  publish(topic: string, payload: string, retain?: boolean): Promise<void>;
  close(): Promise<void>;
}

/** Connects a watcher to `broker`, subscribed to `topics`. */
export async function watch(broker: TestBroker, topics: string[]): Promise<Watcher> {
  const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${broker.port}`, {
    username: broker.username,
    password: broker.password,
    reconnectPeriod: 0,
  });
  const messages: Received[] = [];
  const last = new Map<string, string>();
  client.on('message', (topic, payload, packet) => {
    messages.push({ topic, payload: String(payload), retain: packet.retain });
    last.set(topic, String(payload));
  });
  await client.subscribeAsync(topics);
  return {
    client,
    messages,
    last,
    next: (topic, check = () => true, since = 0) =>
      until(() => messages.slice(since).find((m) => m.topic === topic && check(m.payload))),
    async publish(topic, payload, retain = false) {
      await client.publishAsync(topic, payload, { retain });
    },
    async close() {
      await client.endAsync(true);
    },
  };
}
