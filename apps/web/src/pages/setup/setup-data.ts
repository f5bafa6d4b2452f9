/**
 * The setup page's data, without the DOM: the instances of a `config getconfig` reply, the device
 * form of a type, what a switch of device type keeps, which groups changed, and which section a
 * violation of `config setconfig` belongs to.
 */
import { type GroupFormSchema, isJsonObject, jsonEqual } from '@glowkit/protocol';

/** A JSON object. */
export type Json = Record<string, unknown>;

/** One instance of the stored configuration. */
export interface InstanceEntry {
  id: number;
  name: string;
  enabled: boolean;
  /** Its settings groups, by name. */
  settings: Json;
}

/** The sections of the page; each saves some of the instance's groups. */
export type Section = 'device' | 'layout' | 'smoothing' | 'color';

/** Every section, in page order. */
export const SECTIONS: readonly Section[] = ['device', 'layout', 'smoothing', 'color'];

/** The instance groups each section edits (the layout's inputs are kept in `ledConfig`). */
export const SECTION_GROUPS: Readonly<Record<Section, readonly string[]>> = {
  device: ['device'],
  layout: ['leds', 'ledConfig'],
  smoothing: ['smoothing'],
  color: ['color'],
};

/**
 * Device types behind a serial port, whose `output` is a port chosen from the ports the server
 * lists (`leddevice discover` lists them for these types only).
 */
export const SERIAL_TYPES: ReadonlySet<string> = new Set(['adalight']);

/** The instances of a `config getconfig` reply's `info`, in its order. */
export function instancesOf(info: unknown): InstanceEntry[] {
  const list = isJsonObject(info) && Array.isArray(info.instances) ? info.instances : [];
  return list.filter(isJsonObject).flatMap((i) =>
    typeof i.id === 'number'
      ? [
          {
            id: i.id,
            name: typeof i.name === 'string' ? i.name : '',
            enabled: i.enabled !== false,
            settings: isJsonObject(i.settings) ? i.settings : {},
          },
        ]
      : [],
  );
}

/**
 * The form the page shows for a device type: the server's form without `output` for serial
 * types (the page's port chooser edits it instead).
 */
export function deviceFormSchema(schema: GroupFormSchema, type: string): GroupFormSchema {
  if (!SERIAL_TYPES.has(type) || !Object.hasOwn(schema.properties, 'output')) return schema;
  const { output: _, ...properties } = schema.properties;
  return { ...schema, properties };
}

/**
 * The device group after a switch to `type`: the keys the new type's form has keep their values
 * (the LED count, the colour order…), keys only the old type knew are dropped. `output` moves only
 * between types of one kind: a file's path is no serial port, and a port no file.
 */
export function switchDeviceType(
  device: Json,
  type: string,
  schema: GroupFormSchema | undefined,
): Json {
  const next: Json = { type };
  const from = typeof device.type === 'string' ? device.type : '';
  const sameKind = SERIAL_TYPES.has(from) === SERIAL_TYPES.has(type);
  for (const key of Object.keys(schema?.properties ?? {})) {
    if (key === 'type' || (key === 'output' && !sameKind)) continue;
    if (Object.hasOwn(device, key)) next[key] = device[key];
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

/** A `config setconfig` request saving `groups` of instance `instance`. */
export function setConfigRequest(instance: number, groups: Json): Json {
  return { command: 'config', subcommand: 'setconfig', instance, config: groups };
}
