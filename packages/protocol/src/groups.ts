import { describeJsonSyntaxError, parseJson } from '@glowkit/json';
import { type Check, checkObject, type Field } from './checks.js';
import { quote, violation } from './violations.js';

/** The setting groups of the global section (`config.global.settings`), as Hyperion.ng names them. */
export const GLOBAL_GROUPS = [
  'cecEvents',
  'effects',
  'flatbufServer',
  'forwarder',
  'framegrabber',
  'general',
  'grabberAudio',
  'grabberV4L2',
  'jsonServer',
  'logger',
  'network',
  'osEvents',
  'protoServer',
  'schedEvents',
  'webConfig',
] as const;

/** The setting groups of one instance (`config.instances[].settings`), as Hyperion.ng names them. */
export const INSTANCE_GROUPS = [
  'backgroundEffect',
  'blackborderdetector',
  'boblightServer',
  'color',
  'device',
  'foregroundEffect',
  'instCapture',
  'ledConfig',
  'leds',
  'smoothing',
] as const;

/** The name of a global setting group. */
export type GlobalGroup = (typeof GLOBAL_GROUPS)[number];

/** The name of an instance setting group. */
export type InstanceGroup = (typeof INSTANCE_GROUPS)[number];

/** True when `name` is one of {@link GLOBAL_GROUPS}. */
export function isGlobalGroup(name: unknown): name is GlobalGroup {
  return (GLOBAL_GROUPS as readonly unknown[]).includes(name);
}

/** True when `name` is one of {@link INSTANCE_GROUPS}. */
export function isInstanceGroup(name: unknown): name is InstanceGroup {
  return (INSTANCE_GROUPS as readonly unknown[]).includes(name);
}

const GROUP_VALUE = 'an object, an array, a string holding JSON, or null';

// The spec declares every group "type string" (Hyperion.ng stores each group as JSON text), while
// Hyperion.ng's own export writes objects and arrays; both forms are accepted, and so is null,
// which asks for the group's defaults. What a string holds is checked too: it must be what an
// object or array group would be, or the stored configuration could not be read back.
/** Checks one group value: an object, an array, a string holding a JSON object or array, or null. */
export const checkGroupValue: Check = (value, pointer, out) => {
  if (value === null || typeof value === 'object') return;
  if (typeof value !== 'string') {
    out.push(violation(pointer, `must be ${GROUP_VALUE}`));
    return;
  }
  const parsed = parseJson(value);
  if (!parsed.ok) {
    out.push(
      violation(
        pointer,
        `must be ${GROUP_VALUE}: the string is not valid JSON (${describeJsonSyntaxError(parsed.error)})`,
      ),
    );
  } else if (parsed.value === null || typeof parsed.value !== 'object') {
    const held = parsed.value === null ? 'null' : `a ${typeof parsed.value}`;
    out.push(
      violation(
        pointer,
        `must be ${GROUP_VALUE}: the string holds ${held}, not an object or array`,
      ),
    );
  }
};

/**
 * A group value as a request may carry it, turned into what is stored: a string holding JSON
 * becomes its parsed value; objects and arrays are returned as they are (the same reference); null
 * stays null (the caller resets the group to its default).
 *
 * Call it on values a validator accepted.
 *
 * @param value - the value of one setting group from a request.
 * @throws TypeError when the value is none of those forms (a request that was not validated).
 */
export function groupValue(value: unknown): unknown {
  if (value === null || typeof value === 'object') return value;
  if (typeof value === 'string') {
    const parsed = parseJson(value);
    if (parsed.ok && typeof parsed.value === 'object' && parsed.value !== null) return parsed.value;
  }
  throw new TypeError(
    `groupValue: a group value must be ${GROUP_VALUE} holding an object or array`,
  );
}

function groupFields(names: readonly string[]): ReadonlyMap<string, Field> {
  return new Map(names.map((name) => [name, { check: checkGroupValue }]));
}

const GLOBAL_FIELDS = groupFields(GLOBAL_GROUPS);
const INSTANCE_FIELDS = groupFields(INSTANCE_GROUPS);

/** Checks `config.global.settings`: an object holding only global groups, each a valid group value. */
export const checkGlobalSettings: Check = (value, pointer, out) => {
  checkObject(
    out,
    pointer,
    value,
    'an object of global setting groups',
    GLOBAL_FIELDS,
    (key, at, sink) => {
      const rule = isInstanceGroup(key)
        ? `${quote(key)} is an instance group, not a global group: move it into an instance's settings`
        : `${quote(key)} is not a global group (global groups: ${GLOBAL_GROUPS.join(', ')})`;
      sink.push(violation(at, rule));
    },
  );
};

/** Checks `config.instances[].settings`: an object holding only instance groups, each a valid group value. */
export const checkInstanceSettings: Check = (value, pointer, out) => {
  checkObject(
    out,
    pointer,
    value,
    'an object of instance setting groups',
    INSTANCE_FIELDS,
    (key, at, sink) => {
      const rule = isGlobalGroup(key)
        ? `${quote(key)} is a global group, not an instance group: move it into config.global.settings`
        : `${quote(key)} is not an instance group (instance groups: ${INSTANCE_GROUPS.join(', ')})`;
      sink.push(violation(at, rule));
    },
  );
};
