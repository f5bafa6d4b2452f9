/**
 * The forms of `config getschema`, made from the settings schemas with what the server has when
 * asked: its effects for the boot and background effects, its device types for `device`.
 */
import { describe, expect, it } from 'vitest';
import {
  DEVICE_TYPES,
  deviceTypeSchemas,
  settingsForms,
  settingsGroupSchemas,
} from '../../src/index.js';

const choices = { effects: ['Knight rider', 'Warm Pulse'], deviceTypes: [...DEVICE_TYPES] };

describe('settingsForms', () => {
  it("offers the server's effects, starting at the declared one when the server has it", () => {
    const { groups } = settingsForms(choices);
    expect(groups.backgroundEffect.properties.effect).toMatchObject({
      enum: ['Knight rider', 'Warm Pulse'],
      default: 'Warm Pulse',
    });
    // 'Rainbow Wave' is not among them: the first effect instead.
    expect(groups.foregroundEffect.properties.effect).toMatchObject({
      enum: ['Knight rider', 'Warm Pulse'],
      default: 'Knight rider',
    });
  });

  it('leaves the effect a text as declared when the server has no effect', () => {
    const { groups } = settingsForms({ ...choices, effects: [] });
    expect(groups.foregroundEffect).toEqual(settingsGroupSchemas.foregroundEffect);
    expect(groups.backgroundEffect.properties.effect).not.toHaveProperty('enum');
  });

  it('offers the device types in the device group, and gives a type without a schema the keys every device has', () => {
    const { groups, devices } = settingsForms({ ...choices, deviceTypes: ['file', 'test-strip'] });
    expect(groups.device.properties.type).toMatchObject({
      enum: ['file', 'test-strip'],
      default: 'file',
    });
    expect(Object.keys(devices)).toEqual(['file', 'test-strip']);
    expect(devices.file).toEqual(deviceTypeSchemas.file);
    const common = settingsGroupSchemas.device as { properties: Record<string, unknown> };
    expect(devices['test-strip']).toEqual({
      ...common,
      properties: {
        ...common.properties,
        type: {
          ...(common.properties.type as object),
          enum: ['test-strip'],
          default: 'test-strip',
        },
      },
    });
  });

  it('returns copies: changing a reply changes neither the schemas nor the next reply', () => {
    const first = settingsForms(choices);
    first.groups.smoothing.properties.time_ms = { type: 'integer', title: 'changed' };
    (first.devices.wled?.properties.host as Record<string, unknown>).default = 'changed';
    first.groups.channelAdjustment.title = 'changed';
    const second = settingsForms(choices);
    expect(second.groups.smoothing).toEqual(settingsGroupSchemas.smoothing);
    expect(second.devices.wled).toEqual(deviceTypeSchemas.wled);
    expect(second.groups.channelAdjustment.title).toBe(
      'edt_conf_color_channelAdjustment_header_itemtitle',
    );
  });
});
