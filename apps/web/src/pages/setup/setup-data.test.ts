import { DEVICE_TYPES, type GroupFormSchema, settingsForms } from '@glowkit/protocol';
import { describe, expect, it } from 'vitest';
import {
  changedGroups,
  colorDraft,
  deviceFormSchema,
  GLOBAL_GROUPS,
  pageFormSchema,
  sectionForms,
  sectionOfViolation,
  switchDeviceType,
  violationsBySection,
} from './setup-data.js';

const schema = (...keys: string[]): GroupFormSchema => ({
  type: 'object',
  title: 'edt_dev_general_heading_title',
  properties: Object.fromEntries(keys.map((k) => [k, { type: 'string', title: k }])),
});

describe('deviceFormSchema', () => {
  it('leaves the port out of a serial device form (the port chooser edits it)', () => {
    const adalight = schema('output', 'rate', 'hardwareLedCount');
    expect(Object.keys(deviceFormSchema(adalight, 'adalight').properties)).toEqual([
      'rate',
      'hardwareLedCount',
    ]);
    const file = schema('output', 'hardwareLedCount');
    expect(deviceFormSchema(file, 'file')).toBe(file);
  });

  it('leaves out the type (the page has its select) and nested parts of the server’s forms', () => {
    const { devices } = settingsForms({ effects: [], deviceTypes: [...DEVICE_TYPES] });
    const wled = deviceFormSchema(devices.wled as GroupFormSchema, 'wled');
    expect(Object.keys(wled.properties)).toEqual(
      expect.arrayContaining(['host', 'streamProtocol', 'brightness', 'hardwareLedCount']),
    );
    expect(wled.properties).not.toHaveProperty('type');
    expect(wled.properties).not.toHaveProperty('segments');
    const adalight = deviceFormSchema(devices.adalight as GroupFormSchema, 'adalight');
    expect(adalight.properties).not.toHaveProperty('output');
    expect(adalight.properties).toHaveProperty('rateList');
  });
});

describe('pageFormSchema and sectionForms', () => {
  it('show the keys of one input each: no object, no list of objects', () => {
    const form = {
      ...schema('name'),
      properties: {
        name: { type: 'string', title: 'name' },
        colour: { type: 'array', format: 'colorpicker', items: { type: 'integer' } },
        segments: { type: 'object', title: 'segments', properties: {} },
        entries: { type: 'array', title: 'entries', items: { type: 'object', properties: {} } },
      },
    } as GroupFormSchema;
    expect(Object.keys(pageFormSchema(form).properties)).toEqual(['name', 'colour']);
    expect(Object.keys(pageFormSchema(form, ['name']).properties)).toEqual(['colour']);
    const flat = schema('a', 'b');
    expect(pageFormSchema(flat)).toBe(flat);
  });

  it('give the colour section the group’s own keys, and one adjustment entry’s form', () => {
    const forms = sectionForms(settingsForms({ effects: ['Warm Pulse'], deviceTypes: ['file'] }));
    expect(forms.color?.properties).not.toHaveProperty('channelAdjustment');
    expect(forms.color?.properties).toHaveProperty('imageToLedMappingType');
    expect(forms.channelAdjustment?.properties).toHaveProperty('gammaRed');
    expect(forms.smoothing?.properties).toHaveProperty('time_ms');
    expect(sectionForms({ groups: {}, devices: {} } as never)).toEqual({});
  });

  it('give the input servers and the black-border detector their groups’ forms', () => {
    const forms = sectionForms(settingsForms({ effects: [], deviceTypes: ['file'] }));
    expect(forms.blackborderdetector?.properties).toHaveProperty('mode');
    expect(forms.boblightServer?.properties).toHaveProperty('port');
    expect(forms.flatbufServer?.properties).toHaveProperty('timeout');
    expect(forms.protoServer?.properties).toHaveProperty('timeout');
  });

  it('give the network section the group’s own keys, and its MQTT object a form of its own', () => {
    const forms = sectionForms(settingsForms({ effects: [], deviceTypes: ['file'] }));
    expect(forms.network?.properties).toHaveProperty('internetAccessAPI');
    expect(forms.network?.properties).not.toHaveProperty('mqtt');
    expect(Object.keys(forms.mqtt?.properties ?? {})).toEqual(
      expect.arrayContaining(['enable', 'host', 'port', 'password', 'baseTopic', 'groupTopic']),
    );
    expect(forms.mqtt?.title).toBe('edt_conf_network_mqtt_title');
    expect(
      sectionOfViolation('/config/network/mqtt/port: must be an integer from 1 to 65535'),
    ).toBe('network');
    expect(GLOBAL_GROUPS).toContain('network');
  });

  it('give the boot and background effects their groups’ forms, offering the server’s effects', () => {
    const forms = sectionForms(
      settingsForms({ effects: ['Campfire', 'Scanner'], deviceTypes: ['file'] }),
    );
    expect(forms.foregroundEffect?.properties.effect?.enum).toEqual(['Campfire', 'Scanner']);
    expect(forms.backgroundEffect?.properties).toHaveProperty('color');
    expect(sectionOfViolation('/config/backgroundEffect/effect: must be …')).toBe('effects');
  });
});

describe('switchDeviceType', () => {
  it('keeps the keys both types have and drops the old type’s own', () => {
    const device = { type: 'udpraw', host: '10.0.0.2', port: 5568, hardwareLedCount: 60 };
    expect(
      switchDeviceType(device, 'wled', schema('host', 'hardwareLedCount', 'colorOrder')),
    ).toEqual({
      type: 'wled',
      host: '10.0.0.2',
      hardwareLedCount: 60,
    });
    expect(switchDeviceType(device, 'virtual', undefined)).toEqual({ type: 'virtual' });
  });

  it('moves the output only between types of one kind (a port is no file path)', () => {
    const serial = { type: 'adalight', output: '/dev/ttyUSB0', hardwareLedCount: 60 };
    expect(switchDeviceType(serial, 'file', schema('output', 'hardwareLedCount'))).toEqual({
      type: 'file',
      hardwareLedCount: 60,
    });
    const file = { type: 'file', output: '/tmp/leds.txt' };
    expect(switchDeviceType(file, 'adalight', schema('output'))).toEqual({ type: 'adalight' });
  });

  it('gives a key the new type’s default when it held the old type’s default (DDP 4048, not 5568)', () => {
    const { devices } = settingsForms({ effects: [], deviceTypes: [...DEVICE_TYPES] });
    const raw = { type: 'udpraw', host: '10.0.0.2', port: 5568, hardwareLedCount: 60 };
    const ddp = switchDeviceType(raw, 'udpddp', devices.udpddp, { previous: devices.udpraw });
    // No port: the form fills in DDP's own default.
    expect(ddp).toEqual({ type: 'udpddp', host: '10.0.0.2', hardwareLedCount: 60 });
    expect(devices.udpddp?.properties.port?.default).toBe(4048);
  });

  it('keeps a value the user chose, even one equal to the old type’s default', () => {
    const { devices } = settingsForms({ effects: [], deviceTypes: [...DEVICE_TYPES] });
    const chosen = { type: 'udpraw', host: '10.0.0.2', port: 7000 };
    expect(
      switchDeviceType(chosen, 'udpddp', devices.udpddp, { previous: devices.udpraw }),
    ).toEqual({ type: 'udpddp', host: '10.0.0.2', port: 7000 });
    const typed = { type: 'udpraw', port: 5568 };
    expect(
      switchDeviceType(typed, 'udpddp', devices.udpddp, {
        previous: devices.udpraw,
        typed: new Set(['port']),
      }),
    ).toEqual({ type: 'udpddp', port: 5568 });
  });
});

// Equality itself (jsonEqual) is tested with it, in @glowkit/json.
describe('changedGroups', () => {
  it('lists the groups of a draft that differ from what is saved', () => {
    const saved = { device: { type: 'file', hardwareLedCount: 1 }, smoothing: { enable: true } };
    const draft = {
      device: { hardwareLedCount: 1, type: 'file' },
      smoothing: { enable: false },
      leds: [],
    };
    expect(changedGroups(saved, draft)).toEqual(['smoothing', 'leds']);
  });
});

describe('sectionOfViolation', () => {
  it('finds the section of a violation from its pointer', () => {
    expect(
      sectionOfViolation('/config/device/hardwareLedCount: must be an integer of at least 1'),
    ).toBe('device');
    expect(sectionOfViolation('/config/leds/3/hmax: must not be less than hmin')).toBe('layout');
    expect(sectionOfViolation('/config/ledConfig: must be an object')).toBe('layout');
    expect(sectionOfViolation('/config/smoothing/time_ms: must be …')).toBe('smoothing');
    expect(sectionOfViolation('/config/color/channelAdjustment/0/red: must be …')).toBe('color');
    expect(sectionOfViolation('/instance: no instance 3 is configured')).toBeUndefined();
    expect(sectionOfViolation('/config/general: "general" is a global group')).toBeUndefined();
  });
});

describe('violationsBySection', () => {
  it('sorts the lines by section, the request’s own under other', () => {
    expect(
      violationsBySection([
        '/config/leds/0/hmax: must not be less than hmin',
        '/instance: no instance 3 is configured',
        '/config/device/rate: must be …',
        '/config/leds/1/vmax: must not be less than vmin',
        '/config/flatbufServer/timeout: must be an integer of at least 1',
        '/config/blackborderdetector/mode: must be one of …',
      ]),
    ).toEqual({
      inputs: ['/config/flatbufServer/timeout: must be an integer of at least 1'],
      blackborder: ['/config/blackborderdetector/mode: must be one of …'],
      layout: [
        '/config/leds/0/hmax: must not be less than hmin',
        '/config/leds/1/vmax: must not be less than vmin',
      ],
      other: ['/instance: no instance 3 is configured'],
      device: ['/config/device/rate: must be …'],
    });
  });
});

describe('colorDraft', () => {
  it('puts the form values over the stored keys and each adjustment over its stored entry', () => {
    const stored = {
      imageToLedMappingType: 'unicolor_mean',
      extra: 1,
      channelAdjustment: [{ id: 'a', leds: '*', more: true }],
    };
    expect(
      colorDraft(
        stored,
        { imageToLedMappingType: 'multicolor_mean' },
        [{ id: 'a', leds: '*', more: true }],
        [{ id: 'a', leds: '*', brightness: 50 }],
      ),
    ).toEqual({
      imageToLedMappingType: 'multicolor_mean',
      extra: 1,
      channelAdjustment: [{ id: 'a', leds: '*', more: true, brightness: 50 }],
    });
    expect(colorDraft(stored, undefined, [], [])).toEqual(stored);
  });
});
