/**
 * Hyperion.ng's old ways of writing a setting, which its own migrations rewrite and which a
 * database or a snapshot may still hold: each rewritten as the schema has it, before the
 * migration looks at bounds and types (see migrate.ts). One function per shape.
 */
import { isJsonObject, type JsonObject } from '@glowkit/json';
import type { SettingsGroupName } from './defaults.js';
import { elementAt } from './format.js';
import type { SettingChange } from './migrate.js';
import { groupSchemaOf, isDeviceType } from './validate.js';

type Rewrite = (value: unknown, changes: SettingChange[]) => void;

const EDGES = ['hmin', 'hmax', 'vmin', 'vmax'];

/** The LED layout before 2.0.0-alpha.9: `{hscan: {minimum, maximum}, vscan}` or `{h: {min, max}, v}`. */
const ledShapes: Rewrite = (value, changes) => {
  if (!Array.isArray(value)) return;
  // Copied for the change report only when an LED is rewritten: a layout of today's shape (every
  // stored one, once migrated) costs a look at each LED and no copy.
  let old: unknown[] | undefined;
  value.forEach((led, index) => {
    if (!isJsonObject(led) || EDGES.some((edge) => Object.hasOwn(led, edge))) return;
    const { hscan, vscan, h, v, ...rest } = led;
    let edges: unknown[] | undefined;
    if (isJsonObject(hscan) && isJsonObject(vscan)) {
      edges = [hscan.minimum, hscan.maximum, vscan.minimum, vscan.maximum];
    } else if (isJsonObject(h) && isJsonObject(v)) {
      edges = [h.min, h.max, v.min, v.max];
    }
    if (edges === undefined) return;
    const [hmin, hmax, vmin, vmax] = edges;
    old ??= structuredClone(value);
    value[index] = { hmin, hmax, vmin, vmax, ...rest };
  });
  // One change for the layout: a line per LED would flood the log.
  if (old !== undefined) {
    changes.push({
      pointer: '',
      old,
      new: structuredClone(value),
      rule: "holds LEDs in Hyperion.ng's old hscan/vscan or h/v shape: rewritten as hmin, hmax, vmin, vmax",
    });
  }
};

const MAPPING_TYPE = '/imageToLedMappingType';

/** The mapping type as Hyperion.ng's integer code: the schema lists the types in its order. */
const mappingCode: Rewrite = (value, changes) => {
  if (!isJsonObject(value)) return;
  const code = value.imageToLedMappingType;
  const element = elementAt(groupSchemaOf('color', value), MAPPING_TYPE);
  const types = element && Array.isArray(element.enum) ? element.enum : [];
  if (typeof code !== 'number' || !Number.isInteger(code) || types[code] === undefined) return;
  value.imageToLedMappingType = types[code];
  changes.push({
    pointer: MAPPING_TYPE,
    old: code,
    new: types[code],
    rule: "is Hyperion.ng's integer code of a mapping type: written as its name",
  });
};

/** A device type in capitals or with spaces, which the engine reads as the type it names. */
function deviceTypeName(device: JsonObject, changes: SettingChange[]): void {
  const type = device.type;
  const known = typeof type === 'string' ? type.trim().toLowerCase() : undefined;
  if (known === type || !isDeviceType(known)) return;
  device.type = known;
  changes.push({
    pointer: '/type',
    old: type,
    new: known,
    rule: 'names a device type in other letters: written as the engine reads it',
  });
}

/** adalight's `lightberry_apa102_mode` (before 2.0.13), when no streamProtocol says otherwise. */
function lightberrySwitch(device: JsonObject, changes: SettingChange[]): void {
  const mode = device.lightberry_apa102_mode;
  if (
    device.type !== 'adalight' ||
    typeof mode !== 'boolean' ||
    device.streamProtocol !== undefined
  )
    return;
  const protocol = mode ? '1' : '0';
  delete device.lightberry_apa102_mode;
  device.streamProtocol = protocol;
  changes.push(
    {
      pointer: '/lightberry_apa102_mode',
      old: mode,
      new: undefined,
      rule: `is Hyperion.ng's old switch of the LightBerry APA102 protocol: now streamProtocol "${protocol}"`,
    },
    {
      pointer: '/streamProtocol',
      old: undefined,
      new: protocol,
      rule: "takes the old switch's protocol",
    },
  );
}

/** wled's `UDP-RAW`, the old name of `RAW`. */
function wledRaw(device: JsonObject, changes: SettingChange[]): void {
  const protocol = device.streamProtocol;
  if (device.type !== 'wled' || typeof protocol !== 'string') return;
  if (protocol.trim().toUpperCase() !== 'UDP-RAW') return;
  device.streamProtocol = 'RAW';
  changes.push({
    pointer: '/streamProtocol',
    old: protocol,
    new: 'RAW',
    rule: 'is the old name of "RAW"',
  });
}

/**
 * adalight's `rate` without `rateList`, as Hyperion.ng writes it (its code reads only `rate`; the
 * list is its web UI's): the list names the rate, or `CUSTOM` when it is not listed, so that the
 * list's default does not replace the rate.
 */
function adalightRate(device: JsonObject, changes: SettingChange[]): void {
  const rate = device.rate;
  if (device.type !== 'adalight' || device.rateList !== undefined || typeof rate !== 'number')
    return;
  const element = elementAt(groupSchemaOf('device', device), '/rateList');
  const listed = element && Array.isArray(element.enum) ? element.enum : [];
  const choice = listed.includes(String(rate)) ? String(rate) : 'CUSTOM';
  device.rateList = choice;
  changes.push({
    pointer: '/rateList',
    old: undefined,
    new: choice,
    rule: `is missing beside rate ${rate} (Hyperion.ng's shape): set to the rate's entry`,
  });
}

const deviceShapes: Rewrite = (value, changes) => {
  if (!isJsonObject(value)) return;
  deviceTypeName(value, changes);
  lightberrySwitch(value, changes);
  wledRaw(value, changes);
  adalightRate(value, changes);
};

const REWRITES: Partial<Record<SettingsGroupName, Rewrite>> = {
  leds: ledShapes,
  color: mappingCode,
  device: deviceShapes,
};

/** Rewrites the old shapes group `name`'s value (the migration's own copy) holds, in place. */
export function rewriteOldShapes(name: SettingsGroupName, value: unknown): SettingChange[] {
  const changes: SettingChange[] = [];
  REWRITES[name]?.(value, changes);
  return changes;
}
