/**
 * The setup page's data, without the DOM: what the sections show of the server's forms, what a switch of device type keeps, which groups changed,
 * and which section a violation of `config setconfig` belongs to.
 */
import {
  type GroupFormSchema,
  isJsonObject,
  jsonEqual,
  type SettingsSchemasInfo,
} from '@glowkit/protocol';

/** A JSON object. */
export type Json = Record<string, unknown>;

/** The sections of the page; each saves some of the instance's groups (`inputs`: global ones). */
export type Section =
  | 'device'
  | 'layout'
  | 'smoothing'
  | 'color'
  | 'effects'
  | 'blackborder'
  | 'boblight'
  | 'inputs'
  | 'network';

/** Every section, in page order. */
export const SECTIONS: readonly Section[] = [
  'device',
  'layout',
  'smoothing',
  'color',
  'effects',
  'blackborder',
  'boblight',
  'inputs',
  'network',
];

/** The groups each section edits (the layout's inputs are kept in `ledConfig`). */
export const SECTION_GROUPS: Readonly<Record<Section, readonly string[]>> = {
  device: ['device'],
  layout: ['leds', 'ledConfig'],
  smoothing: ['smoothing'],
  color: ['color'],
  effects: ['foregroundEffect', 'backgroundEffect'],
  blackborder: ['blackborderdetector'],
  boblight: ['boblightServer'],
  inputs: ['flatbufServer', 'protoServer'],
  network: ['network'],
};

/**
 * The global groups the page edits (the daemon-wide picture inputs, `network` with its MQTT
 * client): saved in a setconfig of their own, without `instance` (the picture inputs restart the
 * service's listeners; `network` applies at once).
 */
export const GLOBAL_GROUPS: readonly string[] = [
  ...SECTION_GROUPS.inputs,
  ...SECTION_GROUPS.network,
];

/** The groups shown each in a form of its own, as the schema has them, saved over the stored one. */
export const PLAIN_GROUPS = [
  'foregroundEffect',
  'backgroundEffect',
  'blackborderdetector',
  'boblightServer',
  'flatbufServer',
  'protoServer',
] as const;

/** A group of {@link PLAIN_GROUPS}. */
export type PlainGroup = (typeof PLAIN_GROUPS)[number];

/**
 * Device types behind a serial port, whose `output` is a port chosen from the ports the server
 * lists (`leddevice discover` lists them for these types only).
 */
export const SERIAL_TYPES: ReadonlySet<string> = new Set(['adalight']);

/** Whether a form's key is an object or a list of objects: no input of its own. */
function nested(option: Json): boolean {
  return option.type === 'object' || (isJsonObject(option.items) && option.items.type === 'object');
}

/**
 * What `<gk-effect-form>` shows of a group's form (the server sends each group's whole schema):
 * its keys of one input each, without objects (wled's `segments`) and lists of objects
 * (`color.channelAdjustment`), and without the keys in `leave`, which the page edits itself. The
 * page saves the form's values over the stored group, so those keys keep what they hold. The
 * schema itself when nothing is left out.
 */
export function pageFormSchema(
  schema: GroupFormSchema,
  leave: readonly string[] = [],
): GroupFormSchema {
  const shown = Object.entries(schema.properties).filter(
    ([key, option]) => !leave.includes(key) && !nested(option),
  );
  if (shown.length === Object.keys(schema.properties).length) return schema;
  return { ...schema, properties: Object.fromEntries(shown) };
}

/**
 * The form the page shows for a device type: the server's form without `type` (the page's type
 * select) and, for serial types, without `output` (the page's port chooser edits it).
 */
export function deviceFormSchema(schema: GroupFormSchema, type: string): GroupFormSchema {
  return pageFormSchema(schema, SERIAL_TYPES.has(type) ? ['type', 'output'] : ['type']);
}

/** The forms of the sections made of group forms, as `<gk-effect-form>` shows them. */
export type SectionForms = {
  smoothing?: GroupFormSchema;
  color?: GroupFormSchema;
  /** One entry of `color.channelAdjustment`. */
  channelAdjustment?: GroupFormSchema;
  /** The `network` group's own keys. */
  network?: GroupFormSchema;
  /** The form of `network.mqtt` (an object of the group): the MQTT client's settings. */
  mqtt?: GroupFormSchema;
} & { [G in PlainGroup]?: GroupFormSchema };

/** The section forms of a `config getschema` reply's `info` (a group it lacks is not shown). */
export function sectionForms(info: SettingsSchemasInfo): SectionForms {
  const groups: Partial<SettingsSchemasInfo['groups']> = info.groups ?? {};
  const forms: SectionForms = {};
  for (const name of [
    'smoothing',
    'color',
    'channelAdjustment',
    'network',
    ...PLAIN_GROUPS,
  ] as const) {
    const schema = groups[name];
    if (isJsonObject(schema) && isJsonObject(schema.properties))
      forms[name] = pageFormSchema(schema);
  }
  // An object of the group, shown as a form of its own (its keys are one input each).
  const mqtt = groups.network?.properties.mqtt;
  if (isJsonObject(mqtt) && isJsonObject(mqtt.properties)) {
    forms.mqtt = pageFormSchema(mqtt as unknown as GroupFormSchema);
  }
  return forms;
}

/** What a switch of device type knows of the old type: its form, and the keys the user typed. */
export interface SwitchFrom {
  /** The old type's form: a key holding its default takes the new type's default instead. */
  previous?: GroupFormSchema | undefined;
  /** Keys the user set since the device was loaded: they keep their value, default or not. */
  typed?: ReadonlySet<string>;
}

/**
 * The device group after a switch to `type`: the keys the new type's form has keep their values
 * (the LED count, the colour order…), keys only the old type knew are dropped. A key that holds
 * the old type's default and was not typed is left out, so that the form gives it the new type's
 * default (Raw UDP's port 5568 becomes DDP's 4048). `output` moves only between types of one kind:
 * a file's path is no serial port, and a port no file.
 */
export function switchDeviceType(
  device: Json,
  type: string,
  schema: GroupFormSchema | undefined,
  from: SwitchFrom = {},
): Json {
  const next: Json = { type };
  const old = typeof device.type === 'string' ? device.type : '';
  const sameKind = SERIAL_TYPES.has(old) === SERIAL_TYPES.has(type);
  for (const key of Object.keys(schema?.properties ?? {})) {
    if (key === 'type' || (key === 'output' && !sameKind)) continue;
    if (!Object.hasOwn(device, key)) continue;
    const oldDefault = from.previous?.properties[key]?.default;
    const untouched = oldDefault !== undefined && jsonEqual(device[key], oldDefault);
    if (untouched && !from.typed?.has(key)) continue;
    next[key] = device[key];
  }
  return next;
}

/** The groups of `draft` whose value differs from `saved`, in the order of `draft`. */
export function changedGroups(saved: Json, draft: Json): string[] {
  return Object.keys(draft).filter((group) => !jsonEqual(saved[group], draft[group]));
}

/**
 * The section a line of the server's violations belongs to, from its JSON pointer
 * (`/config/leds/3/hmin: …` → layout); `undefined` for lines about the request as a whole.
 */
export function sectionOfViolation(line: string): Section | undefined {
  const match = /^\/config\/([^/:\s]+)/.exec(line);
  if (!match) return undefined;
  const group = (match[1] as string).replaceAll('~1', '/').replaceAll('~0', '~');
  return SECTIONS.find((s) => SECTION_GROUPS[s].includes(group));
}

/** The lines of the server's violations by the section they concern (`other`: the request's own). */
export type Violations = Partial<Record<Section | 'other', string[]>>;

/** Sorts the server's violation lines into the sections they concern, keeping their order. */
export function violationsBySection(lines: readonly string[]): Violations {
  const violations: Violations = {};
  for (const line of lines) {
    const section = sectionOfViolation(line) ?? 'other';
    violations[section] = [...(violations[section] ?? []), line];
  }
  return violations;
}

/**
 * The `color` group as edited: the stored keys, the form's own keys, and each adjustment entry
 * (stored keys, then its form's values). Without adjustment forms the stored list stays.
 */
export function colorDraft(
  stored: Json,
  own: Json | undefined,
  adjustments: readonly Json[],
  forms: readonly Json[],
): Json {
  const color: Json = { ...stored, ...(own ?? {}) };
  if (forms.length > 0)
    color.channelAdjustment = forms.map((value, i) => ({ ...adjustments[i], ...value }));
  return color;
}
