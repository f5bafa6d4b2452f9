// MQTT against a real broker (Debian's mosquitto on a loopback port, with a password file): a
// second MQTT client plays Home Assistant, a `file` device shows what the LEDs do.
import { join } from 'node:path';
import { defaultGroup } from '@glowkit/protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startBroker, type TestBroker, type Watcher, watch } from './support/broker.js';
import { post } from './support/client.js';
import { setconfigRequest } from './support/configs.js';
import { fileDeviceConfiguration, lastFrame, shows } from './support/file-device.js';
import { FlatbufClient, rawImageMessage, registerMessage } from './support/flatbuf-client.js';
import type { Json } from './support/json.js';
import { startServer, type TestServer } from './support/server.js';
import { until } from './support/until.js';

const LEDS = 6;
const same = (rgb: string) => Array.from({ length: LEDS }, () => rgb);

const LINEAR = (() => {
  const color = defaultGroup('color') as { channelAdjustment: Record<string, unknown>[] };
  const entry = {
    ...color.channelAdjustment[0],
    gammaRed: 1,
    gammaGreen: 1,
    gammaBlue: 1,
    brightnessCompensation: 0,
  };
  return { ...color, channelAdjustment: [entry] };
})();

let broker: TestBroker;
let servers: TestServer[] = [];
let watchers: Watcher[] = [];

beforeEach(async () => {
  broker = await startBroker();
});

afterEach(async () => {
  for (const w of watchers) await w.close();
  watchers = [];
  for (const s of servers) await s.close();
  servers = [];
  await broker.close();
});

/** A server with one instance on a `file` device, its MQTT client pointed at the broker. */
async function mqttServer(
  mqtt: Record<string, unknown> = {},
  adjustment = true,
  globalSettings: Record<string, unknown> = {},
) {
  let output = '';
  const t = await startServer({
    mqtt: {
      reconnectMinMs: 100,
      reconnectMaxMs: 400,
      connectTimeoutMs: 3000,
      latencyIntervalMs: 100,
    },
    prepare: (server) => {
      output = join(server.options.dataDir, 'leds.txt');
      const config = fileDeviceConfiguration(output, LEDS, {
        // One colour adjustment (for the brightness), linear, so the device writes what is sent.
        color: adjustment
          ? LINEAR
          : { imageToLedMappingType: 'multicolor_mean', channelAdjustment: [] },
      });
      config.global.settings.network = { mqtt: { ...broker.clientSettings(), ...mqtt } };
      Object.assign(config.global.settings, globalSettings);
      server.store.replace(config, 'test set-up');
    },
  });
  servers.push(t);
  const info = (await rpc(t, { command: 'sysinfo' })) as { info: { hyperion: { id: string } } };
  const id = info.info.hyperion.id;
  return { t, output, id, base: `glowkit/${id}` };
}

const rpc = async (t: TestServer, body: Record<string, unknown>) =>
  (await post(`${t.http}/json-rpc`, body, { headers: { Authorization: `Bearer ${t.token}` } }))
    .json as Record<string, unknown>;

async function watcher(topics: string[]): Promise<Watcher> {
  const w = await watch(broker, topics);
  watchers.push(w);
  return w;
}

/** A discovery config's topic value with `~` substituted at its start or end (HA's rule). */
const resolve = (config: Record<string, unknown>, value: unknown): string => {
  const text = String(value);
  const base = String(config['~'] ?? '');
  if (text.startsWith('~')) return base + text.slice(1);
  if (text.endsWith('~')) return text.slice(0, -1) + base;
  return text;
};

describe('MQTT with Home Assistant discovery', () => {
  it('announces each instance as a light, switches and sensors under one device, retained, as HA reads them', async () => {
    const { t, id, base } = await mqttServer();
    const ha = await watcher(['homeassistant/#', `${base}/#`]);
    await ha.next(`homeassistant/light/${id}_0/config`);
    await ha.next(`${base}/status`, (p) => p === 'online');
    // Retained: Home Assistant started later still finds everything.
    const late = await watcher(['homeassistant/#', `${base}/status`]);
    const light = await late.next(`homeassistant/light/${id}_0/config`);
    expect(light.retain).toBe(true);
    expect((await late.next(`${base}/status`)).payload).toBe('online');

    const configs = late.messages
      .filter((m) => m.topic.endsWith('/config') && m.payload !== '')
      .map((m) => ({ topic: m.topic, config: JSON.parse(m.payload) as Json }));
    const components = configs.map((c) => c.topic.split('/')[1]);
    expect(components.filter((c) => c === 'light')).toHaveLength(1);
    expect(components).toContain('switch');
    expect(components).toContain('sensor');
    const ids = configs.map((c) => c.config.uniq_id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { topic, config } of configs) {
      // <prefix>/<component>/<object id>/config, object id = unique id, [a-zA-Z0-9_-] only.
      expect(topic).toBe(`homeassistant/${topic.split('/')[1]}/${config.uniq_id}/config`);
      expect(config.uniq_id).toMatch(/^[a-zA-Z0-9_-]+$/);
      expect(config.dev).toMatchObject({ ids: [id], mf: 'Glowkit' });
      expect(config.o.name).toBe('Glowkit');
      expect(config.avty_t).toBe(`${base}/status`);
      expect(config.stat_t).toBeDefined();
      if (topic.includes('/light/') || topic.includes('/switch/'))
        expect(config.cmd_t).toBeDefined();
    }
    const l = light && (JSON.parse(light.payload) as Json);
    expect(l).toMatchObject({
      schema: 'json',
      brightness: true,
      supported_color_modes: ['rgb'],
      effect: true,
    });
    expect(resolve(l, l.cmd_t)).toBe(`${base}/0/set`);
    expect(resolve(l, l.stat_t)).toBe(`${base}/0/state`);
    const effects = t.server.runtime.catalogue.serverInfo().map((e) => e.name);
    expect(l.fx_list).toEqual(effects);
    expect(l.fx_list).toContain('Rainbow Wave');
    const switches = configs.filter((c) => c.topic.includes('/switch/'));
    expect(switches.map((s) => resolve(s.config, s.config.cmd_t))).toEqual(
      expect.arrayContaining([
        `${base}/0/component/LEDDEVICE/set`,
        `${base}/0/component/SMOOTHING/set`,
        `${base}/0/component/BLACKBORDER/set`,
      ]),
    );
    // Every state topic a config names holds a retained value (the latency's only once a
    // picture has shown).
    for (const { config } of configs) {
      const stateTopic = resolve(config, config.stat_t);
      if (stateTopic.endsWith('/latency')) continue;
      await late.client.subscribeAsync(stateTopic);
      await late.next(stateTopic);
    }
    expect(JSON.parse(late.last.get(`${base}/0/state`) ?? '')).toMatchObject({ state: 'ON' });
    expect(late.last.get(`${base}/0/component/LEDDEVICE`)).toBe('ON');

    // Home Assistant's birth message: every config is published again.
    const since = ha.messages.length;
    await ha.publish('homeassistant/status', 'online');
    await ha.next(`homeassistant/light/${id}_0/config`, () => true, since);
    // The broker's password never reaches the log.
    expect(t.logText()).not.toContain(broker.password);
  });

  it('adds the entities of a new instance and deletes those of a deleted one', async () => {
    const { t, id } = await mqttServer();
    const ha = await watcher(['homeassistant/#']);
    await ha.next(`homeassistant/light/${id}_0/config`);
    const created = await rpc(t, {
      command: 'instance',
      subcommand: 'createInstance',
      name: 'Kitchen',
    });
    expect(created.success).toBe(true);
    const light = await ha.next(`homeassistant/light/${id}_1/config`);
    expect(JSON.parse(light.payload)).toMatchObject({ name: 'Kitchen', uniq_id: `${id}_1` });
    await ha.next(`homeassistant/sensor/${id}_1_visible/config`, (p) => p !== '');

    const since = ha.messages.length;
    await rpc(t, { command: 'instance', subcommand: 'deleteInstance', instance: 1 });
    // An empty retained payload: Home Assistant removes the entity.
    await ha.next(`homeassistant/light/${id}_1/config`, (p) => p === '', since);
    await ha.next(`homeassistant/sensor/${id}_1_visible/config`, (p) => p === '', since);
    // Retained no more: a new subscriber finds instance 0's light only.
    const late = await watcher(['homeassistant/light/#']);
    await late.next(`homeassistant/light/${id}_0/config`);
    expect(late.messages.map((m) => m.topic)).toEqual([`homeassistant/light/${id}_0/config`]);
  });

  it('turns the LEDs the colour a light command asks for, and publishes the state it leads to', async () => {
    const { output, base } = await mqttServer();
    const ha = await watcher([`${base}/#`]);
    await ha.next(`${base}/status`, (p) => p === 'online');
    await ha.publish(
      `${base}/0/set`,
      JSON.stringify({ state: 'ON', color: { r: 255, g: 80, b: 0 } }),
    );
    await shows(output, same('255,80,0'));
    const state = await ha.next(`${base}/0/state`, (p) => p.includes('"color"'));
    expect(JSON.parse(state.payload)).toMatchObject({
      state: 'ON',
      color_mode: 'rgb',
      color: { r: 255, g: 80, b: 0 },
      effect: null,
    });
    // Retained: a client subscribing now gets it.
    const late = await watcher([`${base}/0/state`]);
    const kept = await late.next(`${base}/0/state`);
    expect(kept.retain).toBe(true);
    expect(JSON.parse(kept.payload)).toMatchObject({ color: { r: 255, g: 80, b: 0 } });
    await ha.next(`${base}/0/visible`, (p) => p === 'colour #ff5000 (priority 128)');

    // OFF switches the LED device off: black, and the switch and the light say so.
    await ha.publish(`${base}/0/set`, JSON.stringify({ state: 'OFF' }));
    await shows(output, same('0,0,0'));
    await ha.next(`${base}/0/component/LEDDEVICE`, (p) => p === 'OFF');
    await ha.next(`${base}/0/state`, (p) => JSON.parse(p).state === 'OFF');
    // ON with a brightness: the device comes back, dimmer.
    await ha.publish(`${base}/0/set`, JSON.stringify({ state: 'ON', brightness: 128 }));
    await ha.next(
      `${base}/0/state`,
      (p) => JSON.parse(p).state === 'ON' && JSON.parse(p).brightness === 128,
    );
    await until(() => {
      const red = lastFrame(output)[0]?.[0] ?? 0;
      return red > 0 && red < 255;
    });
  });

  it('shows white when switched on with nothing to show, as a bulb does', async () => {
    const { output, base } = await mqttServer();
    const ha = await watcher([`${base}/#`]);
    await ha.next(`${base}/0/visible`, (p) => p === 'nothing');
    await ha.publish(`${base}/0/set`, JSON.stringify({ state: 'ON' }));
    await shows(output, same('255,255,255'));
    await ha.next(`${base}/0/state`, (p) => p.includes('"color":{"r":255,"g":255,"b":255}'));
  });

  it('runs an effect chosen by name, and a component switched from its switch', async () => {
    const { t, base } = await mqttServer();
    const ha = await watcher([`${base}/#`]);
    await ha.next(`${base}/status`, (p) => p === 'online');
    await ha.publish(`${base}/0/set`, JSON.stringify({ state: 'ON', effect: 'Rainbow Wave' }));
    await ha.next(`${base}/0/state`, (p) => JSON.parse(p).effect === 'Rainbow Wave');
    await ha.next(`${base}/0/visible`, (p) => p === 'effect Rainbow Wave (priority 128)');
    expect(t.server.runtime.instance(0)?.view.activeEffects).toMatchObject([
      { name: 'Rainbow Wave', priority: 128 },
    ]);

    await ha.publish(`${base}/0/component/SMOOTHING/set`, 'ON');
    await ha.next(`${base}/0/component/SMOOTHING`, (p) => p === 'ON');
    expect(
      t.server.runtime.instance(0)?.view.components.find((c) => c.name === 'SMOOTHING')?.enabled,
    ).toBe(true);
  });

  it('publishes the capture latency of pictures as serverinfo has it, and what is visible', async () => {
    const flatbufServer = { enable: true, port: 19400, timeout: 30 };
    const { t, base } = await mqttServer({}, true, { flatbufServer });
    const ha = await watcher([`${base}/#`]);
    await ha.next(`${base}/status`, (p) => p === 'online');
    const port = t.server.listening.flatbuf?.port;
    if (!port) throw new Error('the flatbuffers server is not listening');
    const client = await FlatbufClient.connect(port);
    try {
      await client.ask(registerMessage('Grabber', 150));
      const frames = () => t.server.runtime.instance(0)?.view.latency.frames ?? 0;
      for (let i = 1; i <= 3; i++) {
        await client.ask(rawImageMessage(new Uint8Array(8 * 2 * 3).fill(i * 20), 8, 2));
        // Written before the next comes (one that a newer frame replaces is not counted).
        await until(() => frames() >= i);
      }
      const total = t.server.runtime.instance(0)?.view.latency.total;
      // The last figure published is the server's own p50, in ms.
      await ha.next(`${base}/0/latency`, (p) => p === total?.p50.toFixed(1));
      expect(Number(ha.last.get(`${base}/0/latency`))).toBeGreaterThanOrEqual(0);
      await ha.next(
        `${base}/0/visible`,
        (p) => p.startsWith('flatbufserver ') && p.endsWith('(priority 150)'),
      );
    } finally {
      client.close();
    }
  });

  it('publishes the frames per second of the picture an instance shows, and 0 once none comes', async () => {
    const flatbufServer = { enable: true, port: 19400, timeout: 30 };
    const { t, id, base } = await mqttServer({}, true, { flatbufServer });
    const ha = await watcher(['homeassistant/#', `${base}/#`]);
    const config = JSON.parse(
      (await ha.next(`homeassistant/sensor/${id}_0_fps/config`)).payload,
    ) as Json;
    expect(config).toMatchObject({ unit_of_meas: 'fps', stat_cla: 'measurement' });
    expect(resolve(config, config.stat_t)).toBe(`${base}/0/fps`);
    // Nothing shows a picture yet: 0, retained.
    expect((await ha.next(`${base}/0/fps`)).payload).toBe('0');
    const port = t.server.listening.flatbuf?.port;
    if (!port) throw new Error('the flatbuffers server is not listening');
    const client = await FlatbufClient.connect(port);
    try {
      await client.ask(registerMessage('Grabber', 150));
      const since = ha.messages.length;
      // Pictures until the sensor reads a rate (bounded by count, not by time).
      const rated = () =>
        ha.messages.findIndex(
          (m, at) => at >= since && m.topic === `${base}/0/fps` && Number(m.payload) > 0,
        );
      for (let i = 0; i < 2000 && rated() < 0; i++) {
        await client.ask(rawImageMessage(new Uint8Array(8 * 2 * 3).fill(i % 256), 8, 2));
        if (i % 10 === 9) await new Promise((r) => setTimeout(r, 20));
      }
      const at = rated();
      expect(at).toBeGreaterThanOrEqual(0);
      expect(ha.messages[at]?.payload).toMatch(/^\d+(\.\d)?$/);
      // The pictures stop (the entry stays visible): the rate goes back to 0.
      await ha.next(`${base}/0/fps`, (p) => p === '0', at);
      expect(t.server.runtime.instance(0)?.view.priorities.find((p) => p.visible)).toMatchObject({
        componentId: 'FLATBUFSERVER',
      });
    } finally {
      client.close();
    }
  });

  it('refuses a command with a bad value whole, on the error topic, and changes nothing', async () => {
    const { t, output, base } = await mqttServer();
    const ha = await watcher([`${base}/#`]);
    await ha.next(`${base}/status`, (p) => p === 'online');
    await ha.publish(`${base}/0/set`, JSON.stringify({ color: { r: 0, g: 0, b: 255 } }));
    await shows(output, same('0,0,255'));
    const brightness = () => t.server.runtime.instance(0)?.view.adjustments[0]?.brightness;
    const before = brightness();

    // The brightness is fine, the colour is not: neither is applied.
    await ha.publish(
      `${base}/0/set`,
      JSON.stringify({ state: 'ON', brightness: 20, color: { r: 300, g: 0, b: 0 } }),
    );
    const error = JSON.parse((await ha.next(`${base}/error`)).payload);
    expect(error).toMatchObject({
      success: false,
      error: 'Invalid params',
      errorData: [{ description: '/color/r: must be an integer from 0 to 255' }],
      topic: `${base}/0/set`,
    });
    // An effect this server does not have, a payload that is not JSON, a switch told "maybe".
    await ha.publish(`${base}/0/set`, JSON.stringify({ effect: 'No Such Effect' }));
    await ha.next(`${base}/error`, (p) => p.includes('/effect: must be the name of an effect'));
    await ha.publish(`${base}/0/set`, '{"state":');
    await ha.next(`${base}/error`, (p) => JSON.parse(p).error === 'Parse error');
    await ha.publish(`${base}/0/component/SMOOTHING/set`, 'maybe');
    await ha.next(`${base}/error`, (p) => p.includes('must be \\"ON\\" or \\"OFF\\"'));
    // A running instance only.
    await ha.publish(`${base}/7/set`, JSON.stringify({ color: { r: 1, g: 2, b: 3 } }));
    await ha.next(`${base}/error`, (p) => p.includes('instance 7 is not running'));

    expect(brightness()).toBe(before);
    await shows(output, same('0,0,255'));
    // The server lives on, and takes the next good command.
    await ha.publish(`${base}/0/set`, JSON.stringify({ color: { r: 0, g: 255, b: 0 } }));
    await shows(output, same('0,255,0'));
  });

  it('refuses a brightness an instance cannot take before switching anything on', async () => {
    const { t, output, base } = await mqttServer({}, false);
    const ha = await watcher([`${base}/#`]);
    await ha.next(`${base}/status`, (p) => p === 'online');
    await ha.publish(`${base}/0/set`, JSON.stringify({ state: 'OFF' }));
    await ha.next(`${base}/0/component/LEDDEVICE`, (p) => p === 'OFF');
    // ON alone would switch the device on; with a brightness it cannot set, nothing happens.
    await ha.publish(`${base}/0/set`, JSON.stringify({ state: 'ON', brightness: 20 }));
    const error = JSON.parse((await ha.next(`${base}/error`)).payload);
    expect(error.errorData[0].description).toMatch(
      /^\/brightness: an instance has no colour adjustment/,
    );
    const ledDevice = () =>
      t.server.runtime.instance(0)?.view.components.find((c) => c.name === 'LEDDEVICE')?.enabled;
    expect(ledDevice()).toBe(false);
    await ha.publish(`${base}/0/set`, JSON.stringify({ state: 'ON' }));
    await until(() => ledDevice());
    await shows(output, same('255,255,255'));
  });

  it('runs JSON-RPC from <base>/jsonrpc as a signed-in client that is not an admin', async () => {
    const { output, base } = await mqttServer();
    const ha = await watcher([`${base}/jsonrpc/response`, `${base}/status`]);
    await ha.next(`${base}/status`, (p) => p === 'online');
    await ha.publish(
      `${base}/jsonrpc`,
      JSON.stringify([
        { command: 'color', color: [255, 0, 255], priority: 50, tan: 1 },
        { command: 'config', subcommand: 'getconfig', tan: 2 },
      ]),
    );
    const replies = JSON.parse((await ha.next(`${base}/jsonrpc/response`)).payload);
    expect(replies).toMatchObject([
      { command: 'color', success: true, tan: 1 },
      { command: 'config-getconfig', success: false, error: 'No Authorization', tan: 2 },
    ]);
    await shows(output, same('255,0,255'));
  });

  it('reconnects to a broker restarted mid-run and publishes its state again', async () => {
    const { output, base } = await mqttServer();
    const first = await watcher([`${base}/#`]);
    await first.next(`${base}/status`, (p) => p === 'online');
    await first.publish(`${base}/0/set`, JSON.stringify({ color: { r: 10, g: 20, b: 30 } }));
    await first.next(`${base}/0/state`, (p) => p.includes('"r":10'));
    await first.close();
    watchers = watchers.filter((w) => w !== first);

    // The broker keeps nothing (persistence off): what a new client sees was published anew.
    await broker.stop();
    await broker.start();
    const after = await watcher([`${base}/#`]);
    await after.next(`${base}/status`, (p) => p === 'online');
    const state = await after.next(`${base}/0/state`);
    expect(JSON.parse(state.payload)).toMatchObject({ color: { r: 10, g: 20, b: 30 } });
    // Commands work again.
    await after.publish(`${base}/0/set`, JSON.stringify({ color: { r: 0, g: 255, b: 255 } }));
    await shows(output, same('0,255,255'));
  });

  it('says once in one line that the broker refused a wrong password, and the LEDs go on', async () => {
    const { t, output } = await mqttServer({ password: 'wrong-password-Zk4' });
    const refusal = (line: Record<string, unknown>) =>
      String(line.msg).includes('refused the sign-in');
    await until(() => t.logs.some(refusal));
    // Several attempts later (counted on the broker's side), it still said so once.
    await until(() => (broker.output().match(/not authorised/gi) ?? []).length >= 3);
    const lines = t.logs.filter(refusal);
    expect(lines).toHaveLength(1);
    expect(String(lines[0]?.msg)).toBe(
      `MQTT broker 127.0.0.1:${broker.port} refused the sign-in (Connection refused: Not authorized): check network.mqtt.username and password`,
    );
    expect(t.logText()).not.toContain('wrong-password-Zk4');
    await rpc(t, { command: 'color', color: [255, 255, 0], priority: 50 });
    await shows(output, same('255,255,0'));
  });

  it('speaks TLS: refuses a broker it cannot trust in one line, and connects when told to accept it', async () => {
    const secure = await startBroker({ tls: true });
    try {
      const tls = { tls: true, port: secure.port, password: secure.password };
      const strict = await mqttServer(tls);
      const untrusted = (line: Record<string, unknown>) =>
        String(line.msg).includes('has a certificate this machine does not trust');
      await until(() => strict.t.logs.some(untrusted));
      expect(String(strict.t.logs.find(untrusted)?.msg)).toMatch(
        /\(self[- ]signed certificate\): give it one the system trusts, or switch off network\.mqtt\.rejectUnauthorized$/,
      );
      const lenient = await mqttServer({ ...tls, rejectUnauthorized: false });
      await until(() => lenient.t.logs.some((l) => l.msg === 'MQTT connected'));
      expect(strict.t.logs.some((l) => l.msg === 'MQTT connected')).toBe(false);
    } finally {
      for (const s of servers.splice(0)) await s.close();
      await secure.close();
    }
  });

  it('never holds the server up while the broker is down, and connects once it is up', async () => {
    await broker.stop();
    // start() resolves with the broker down; the LEDs take commands meanwhile.
    const { t, output, base } = await mqttServer();
    await until(() => t.logs.some((l) => String(l.msg).includes('is not reachable')));
    await rpc(t, { command: 'color', color: [0, 0, 255], priority: 50 });
    await shows(output, same('0,0,255'));
    await broker.start();
    const ha = await watcher([`${base}/#`]);
    await ha.next(`${base}/status`, (p) => p === 'online');
    await ha.next(`${base}/0/visible`, (p) => p === 'colour #0000ff (priority 50)');
  });

  it('follows network.mqtt saved with setconfig: connects, and says offline when switched off', async () => {
    const { t, base } = await mqttServer({ enable: false });
    const ha = await watcher([`${base}/status`]);
    const mqtt = broker.clientSettings();
    const saved = await rpc(t, setconfigRequest({ network: { mqtt } }));
    expect(saved).toMatchObject({ success: true, info: { restarted: 'none' } });
    await ha.next(`${base}/status`, (p) => p === 'online');
    const since = ha.messages.length;
    await rpc(t, setconfigRequest({ network: { mqtt: { ...mqtt, enable: false } } }));
    await ha.next(`${base}/status`, (p) => p === 'offline', since);
  });

  it('lights two servers at once from one publish on their group topic', async () => {
    const group = 'glowkit/group/living';
    const a = await mqttServer({ groupTopic: group });
    const b = await mqttServer({ groupTopic: group });
    expect(a.id).not.toBe(b.id);
    const ha = await watcher([`${a.base}/status`, `${b.base}/status`]);
    await ha.next(`${a.base}/status`, (p) => p === 'online');
    await ha.next(`${b.base}/status`, (p) => p === 'online');
    await ha.publish(
      `${group}/set`,
      JSON.stringify({ state: 'ON', color: { r: 255, g: 0, b: 80 } }),
    );
    await shows(a.output, same('255,0,80'));
    await shows(b.output, same('255,0,80'));
  });
});
