/**
 * A real MQTT broker for tests: Debian's `mosquitto`, on a free loopback port, with a password
 * file and a configuration written to a temp dir. It can be stopped and started again on the
 * same port (a broker restarted mid-test).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { freePort } from './ports.js';
import { until } from './until.js';

/** The broker's program: on PATH, else where Debian puts it. */
const MOSQUITTO = existsSync('/usr/sbin/mosquitto') ? '/usr/sbin/mosquitto' : 'mosquitto';

/** A running mosquitto and the one user it lets in. */
export interface TestBroker {
  readonly port: number;
  readonly username: string;
  readonly password: string;
  /** Every line mosquitto logged. */
  output(): string;
  /** Stops the broker (SIGTERM, waiting for its exit). */
  stop(): Promise<void>;
  /** Starts it again on the same port. */
  start(): Promise<void>;
  /** Stops it and removes its files. */
  close(): Promise<void>;
}

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** Starts mosquitto with one user (`glowkit` and a password) and no anonymous access. */
export async function startBroker(): Promise<TestBroker> {
  const dir = mkdtempSync(join(tmpdir(), 'glowkit-broker-'));
  const port = await freePort();
  const username = 'glowkit';
  const password = 'broker-secret-Xq7';
  const passwords = join(dir, 'passwords');
  writeFileSync(passwords, '');
  execFileSync('mosquitto_passwd', ['-b', passwords, username, password]);
  const config = join(dir, 'mosquitto.conf');
  writeFileSync(
    config,
    [
      `listener ${port} 127.0.0.1`,
      // Run as root, mosquitto would become user `mosquitto`, who cannot read this private dir.
      `user ${userInfo().username}`,
      'allow_anonymous false',
      `password_file ${passwords}`,
      'persistence false',
      'log_dest stderr',
      '',
    ].join('\n'),
  );
  let log = '';
  let child: ChildProcess | undefined;
  const start = async () => {
    const running = spawn(MOSQUITTO, ['-c', config], { stdio: ['ignore', 'pipe', 'pipe'] });
    child = running;
    running.stdout?.on('data', (d) => {
      log += String(d);
    });
    running.stderr?.on('data', (d) => {
      log += String(d);
    });
    await until(async () => {
      if (running.exitCode !== null) throw new Error(`mosquitto exited: ${log.trim()}`);
      return portOpen(port);
    });
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
  };
  await start();
  return {
    port,
    username,
    password,
    output: () => log,
    stop,
    start,
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

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
