// Home Assistant's light commands as JSON-RPC requests (src/mqtt/commands.ts), and the settings
// they run under: what a command becomes, and that one bad value makes no request at all.
import { describe, expect, it } from 'vitest';
import { componentRequest, type LightTargets, lightRequests } from '../src/mqtt/commands.js';
import { mqttSettingsOf } from '../src/mqtt/settings.js';

const targets: LightTargets = {
  instances: [0],
  effects: ['Rainbow Wave', 'Campfire'],
  ledOn: true,
  adjustable: true,
  showing: true,
};

describe('lightRequests', () => {
  it('turns OFF into the LED device switched off, and nothing else', () => {
    expect(lightRequests({ state: 'OFF', brightness: 10 }, targets)).toEqual({
      ok: true,
      requests: [
        {
          command: 'componentstate',
          componentstate: { component: 'LEDDEVICE', state: false },
          instance: [0],
        },
      ],
    });
  });

  it('switches the device on first, then the brightness, then the colour at priority 128', () => {
    const translated = lightRequests(
      { state: 'ON', brightness: 255, color: { r: 1, g: 2, b: 3 }, transition: 2 },
      { ...targets, ledOn: false, instances: [0, 2] },
    );
    expect(translated).toEqual({
      ok: true,
      requests: [
        {
          command: 'componentstate',
          componentstate: { component: 'LEDDEVICE', state: true },
          instance: [0, 2],
        },
        { command: 'adjustment', adjustment: { brightness: 100 }, instance: [0, 2] },
        { command: 'color', color: [1, 2, 3], priority: 128, origin: 'MQTT', instance: [0, 2] },
      ],
    });
  });

  it('runs an effect by name, and shows white for ON alone where nothing shows', () => {
    expect(lightRequests({ effect: 'Campfire' }, targets)).toMatchObject({
      ok: true,
      requests: [{ command: 'effect', effect: { name: 'Campfire' }, priority: 128 }],
    });
    expect(lightRequests({ state: 'ON' }, targets)).toEqual({ ok: true, requests: [] });
    expect(lightRequests({ state: 'ON' }, { ...targets, showing: false })).toMatchObject({
      ok: true,
      requests: [{ command: 'color', color: [255, 255, 255] }],
    });
  });

  it('refuses a command with any bad value whole, saying each in one line', () => {
    expect(
      lightRequests(
        { state: 'on', brightness: 256, color: { r: 0, g: -1, b: 1.5 }, effect: 7 },
        targets,
      ),
    ).toEqual({
      ok: false,
      errors: [
        '/state: must be one of "ON", "OFF"',
        '/brightness: must be an integer from 0 to 255',
        '/color/g: must be an integer from 0 to 255',
        '/color/b: must be an integer from 0 to 255',
        '/effect: must be the name of an effect of this server (7 is none)',
        '/: give either color or effect, not both',
      ],
    });
    expect(lightRequests([], targets)).toEqual({
      ok: false,
      errors: ['/: must be a JSON object, e.g. {"state":"ON"}'],
    });
    expect(lightRequests({ brightness: 5 }, { ...targets, adjustable: false })).toMatchObject({
      ok: false,
    });
  });

  it('takes ON and OFF for a switch, nothing else', () => {
    expect(componentRequest('ON', 'SMOOTHING', 1)).toMatchObject({
      ok: true,
      requests: [{ componentstate: { component: 'SMOOTHING', state: true }, instance: [1] }],
    });
    expect(componentRequest('on', 'SMOOTHING', 1)).toEqual({
      ok: false,
      errors: ['/: must be "ON" or "OFF" (not "on")'],
    });
  });
});

describe('mqttSettingsOf', () => {
  it('is off unless enabled, and says so when enabled without a host', () => {
    expect(mqttSettingsOf(undefined, 'id')).toBeUndefined();
    expect(mqttSettingsOf({ host: 'broker' }, 'id')).toBeUndefined();
    expect(mqttSettingsOf({ enable: true }, 'id')).toMatch(/network\.mqtt\.host is empty/);
  });

  it('fills in the defaults: port 1883, glowkit/<id>, homeassistant, no group', () => {
    expect(mqttSettingsOf({ enable: true, host: 'broker', password: 'p' }, 'abc')).toEqual({
      url: 'mqtt://broker:1883',
      broker: 'broker:1883',
      username: undefined,
      password: 'p',
      rejectUnauthorized: true,
      baseTopic: 'glowkit/abc',
      discoveryPrefix: 'homeassistant',
      groupTopic: '',
    });
    expect(
      mqttSettingsOf(
        { enable: true, host: 'fd00::1', port: 8883, tls: true, baseTopic: '/lights/tv/' },
        'abc',
      ),
    ).toMatchObject({ url: 'mqtts://[fd00::1]:8883', baseTopic: 'lights/tv' });
  });
});
