import {
  boolean,
  type Check,
  checkObject,
  constant,
  type Field,
  integer,
  integerWords,
  isJsonObject,
  tanField,
} from './checks.js';
import { MAX_INSTANCE_INDEX, UNNAMED_INSTANCE_ID } from './control-checks.js';
import { checkGlobalSettings, checkInstanceSettings, groupValue } from './groups.js';
import { instanceNameCheck } from './instance-name.js';
import { type Parser, parserOf } from './parse.js';
import type { SettingsGroupName } from './settings/defaults.js';
import { validateGroup } from './settings/validate.js';
import { childPointer, type Violation, violation } from './violations.js';

// Limits from spec/restore-operation.md: an instance's id is 0 to 255, an item of instanceIds 0
// to 254. So instanceIds lists every instance but 255 (it cannot), and a backup holding instance
// 255 still restores. 255 is Hyperion.ng's NO_INSTANCE_ID: its instance commands stop at 254, as
// Glowkit's do (see UNNAMED_INSTANCE_ID).
/** The largest id of an instance in a configuration (`config.instances[].id`): 255. */
export const MAX_INSTANCE_ID = UNNAMED_INSTANCE_ID;
/** The largest id `instanceIds` lists (and getconfig's filter, and the commands, name): 254. */
export const MAX_LISTED_INSTANCE_ID = MAX_INSTANCE_INDEX;

/**
 * `settingsCheck` (the spec's check of a settings object) followed, key by key in document order,
 * by the check of each group's content against its schema (`validateGroup`), for each group the
 * spec check found no fault with: every violation at once, in document order. A null group means
 * its default and is not checked; a string holding JSON is checked as the value it holds.
 */
function withGroupChecks(settingsCheck: Check): Check {
  return (value, pointer, out) => {
    const found: Violation[] = [];
    settingsCheck(value, pointer, found);
    if (!isJsonObject(value)) {
      out.push(...found);
      return;
    }
    // The spec's violations by the key they fall under (its escaped pointer token), so that each
    // group's come right before its own further check: linear in keys and violations.
    const byKey = new Map<string, Violation[]>();
    for (const v of found) {
      const token = v.pointer.startsWith(`${pointer}/`)
        ? (v.pointer.slice(pointer.length + 1).split('/')[0] ?? '')
        : undefined;
      if (token === undefined) {
        out.push(v);
      } else {
        const list = byKey.get(token);
        if (list) list.push(v);
        else byKey.set(token, [v]);
      }
    }
    for (const [key, raw] of Object.entries(value)) {
      const at = childPointer(pointer, key);
      const faults = byKey.get(at.slice(pointer.length + 1));
      // Without a fault, the key is a group of this level (the spec check says so).
      if (faults) out.push(...faults);
      else if (raw !== null)
        out.push(...validateGroup(key as SettingsGroupName, groupValue(raw), at));
    }
  };
}

/**
 * The groups of a settings object as a restore carries them: group name → an object (an array
 * for `leds`), a string holding one as JSON (`groupValue` reads it), or null (its default).
 */
export type RestoreSettings = Record<string, unknown>;

/** One instance of a restore's `config.instances`. */
export interface RestoreInstance {
  /** 0 to 255, unique. */
  id: number;
  /** At least 5 characters; `Instance <id>` when absent. */
  name?: string;
  /** Whether it runs at start; true when absent. */
  enabled?: boolean;
  /** Only instance groups; a group left out gets its default. */
  settings: RestoreSettings;
}

/** The `config` of a valid `config restoreconfig` request (spec/restore-operation.md). */
export interface RestoreConfig {
  global?: {
    /** Only global groups; a group left out gets its default. */
    settings: RestoreSettings;
    /** The database's UUID; ignored (a restore keeps the server's). */
    uuid?: string;
  };
  /** Every instance's id but 255. */
  instanceIds?: number[];
  instances?: RestoreInstance[];
}

/** A valid `config restoreconfig` request: the configuration that replaces the stored one. */
export interface RestoreRequest {
  command: 'config';
  subcommand: 'restoreconfig';
  tan?: number;
  config: RestoreConfig;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// Whether `value` is a UUID string as `config.global.uuid` takes it.
function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

const checkUuid: Check = (value, pointer, out) => {
  if (!isUuid(value)) {
    out.push(
      violation(
        pointer,
        'must be a UUID string of 8-4-4-4-12 hex digits, e.g. 0f1c6a0e-3b1d-5c2a-9e4f-6a7b8c9d0e1f',
      ),
    );
  }
};

function checkGlobal(): Check {
  const fields: ReadonlyMap<string, Field> = new Map([
    [
      'settings',
      {
        required: 'an object of global setting groups',
        check: withGroupChecks(checkGlobalSettings),
      },
    ],
    ['uuid', { check: checkUuid }],
  ]);
  return (value, pointer, out) => {
    checkObject(
      out,
      pointer,
      value,
      'an object with settings (and optionally uuid)',
      fields,
      'reject',
    );
  };
}

// The integer ids of the instances, for the cross-checks with instanceIds. Ids that are not
// integers are left out: their own violation already says what is wrong with them.
function instanceIdsOf(instances: unknown): Set<number> | undefined {
  if (!Array.isArray(instances)) return undefined;
  const ids = new Set<number>();
  for (const item of instances) {
    if (isJsonObject(item) && Object.hasOwn(item, 'id') && Number.isInteger(item.id)) {
      ids.add(item.id as number);
    }
  }
  return ids;
}

function listOf(ids: number[]): string {
  return ids.sort((a, b) => a - b).join(', ');
}

// instanceIds must name exactly the instances but 255, which it cannot list (the spec lists both;
// a list that disagrees with the instances it describes is a broken backup, better refused than
// guessed at).
function checkInstanceIds(instanceIds: Set<number> | undefined): Check {
  const itemCheck: Check = (item, at, out) => {
    if (item === UNNAMED_INSTANCE_ID) {
      const rule = `must be ${integerWords(0, MAX_LISTED_INSTANCE_ID)}: instanceIds cannot list ${UNNAMED_INSTANCE_ID}; leave it out (instance ${UNNAMED_INSTANCE_ID} is restored all the same)`;
      out.push(violation(at, rule));
    } else {
      integer(0, MAX_LISTED_INSTANCE_ID)(item, at, out);
    }
  };
  return (value, pointer, out) => {
    if (!Array.isArray(value)) {
      out.push(
        violation(
          pointer,
          `must be an array of instance ids (integers from 0 to ${MAX_LISTED_INSTANCE_ID})`,
        ),
      );
      return;
    }
    const listed = new Set(value.filter((item): item is number => Number.isInteger(item)));
    if (instanceIds !== undefined) {
      const missing = [...instanceIds].filter(
        (id) => !listed.has(id) && id !== UNNAMED_INSTANCE_ID,
      );
      const extra = [...listed].filter((id) => !instanceIds.has(id));
      const parts = [
        ...(missing.length > 0 ? [`missing ${listOf(missing)}`] : []),
        ...(extra.length > 0 ? [`no instance has ${listOf(extra)}`] : []),
      ];
      if (parts.length > 0) {
        out.push(
          violation(pointer, `must list exactly the ids of config.instances: ${parts.join('; ')}`),
        );
      }
    }
    const firstIndex = new Map<number, number>();
    value.forEach((item: unknown, index) => {
      const at = childPointer(pointer, index);
      itemCheck(item, at, out);
      if (!Number.isInteger(item)) return;
      const first = firstIndex.get(item as number);
      if (first === undefined) {
        firstIndex.set(item as number, index);
      } else {
        const rule = `repeats the id at ${childPointer(pointer, first)}: ids must be unique`;
        out.push(violation(at, rule));
      }
    });
  };
}

const INSTANCE_WORDS = 'an object with id, settings and optionally name and enabled';

const checkInstanceId: Check = integer(0, MAX_INSTANCE_ID);

// One check per instances array: it remembers the first index of each id to name it when the id
// comes again.
function checkInstances(): Check {
  const checkSettings = withGroupChecks(checkInstanceSettings);
  return (value, pointer, out) => {
    if (!Array.isArray(value)) {
      out.push(violation(pointer, 'must be an array of instances'));
      return;
    }
    const firstIndex = new Map<number, number>();
    value.forEach((item, index) => {
      const itemPointer = childPointer(pointer, index);
      const checkId: Check = (id, at, sink) => {
        checkInstanceId(id, at, sink);
        if (!Number.isInteger(id)) return;
        const first = firstIndex.get(id as number);
        if (first === undefined) {
          firstIndex.set(id as number, index);
        } else {
          const rule = `repeats the id of ${childPointer(pointer, first)}: instance ids must be unique`;
          sink.push(violation(at, rule));
        }
      };
      const fields: ReadonlyMap<string, Field> = new Map([
        ['id', { required: integerWords(0, MAX_INSTANCE_ID), check: checkId }],
        ['name', { check: instanceNameCheck }],
        ['enabled', { check: boolean }],
        ['settings', { required: 'an object of instance setting groups', check: checkSettings }],
      ]);
      checkObject(out, itemPointer, item, INSTANCE_WORDS, fields, 'reject');
    });
  };
}

const checkConfig: Check = (value, pointer, out) => {
  if (
    isJsonObject(value) &&
    !Object.hasOwn(value, 'global') &&
    !Object.hasOwn(value, 'instanceIds') &&
    !Object.hasOwn(value, 'instances')
  ) {
    out.push(violation(pointer, 'no configuration data provided (global or instances)'));
  }
  // A missing instances array counts as no instances, so that instanceIds cannot list ghosts.
  const ids =
    isJsonObject(value) && Object.hasOwn(value, 'instances')
      ? instanceIdsOf(value.instances)
      : new Set<number>();
  const fields: ReadonlyMap<string, Field> = new Map([
    ['global', { check: checkGlobal() }],
    ['instanceIds', { check: checkInstanceIds(ids) }],
    ['instances', { check: checkInstances() }],
  ]);
  checkObject(
    out,
    pointer,
    value,
    'an object with global, instanceIds and/or instances',
    fields,
    'reject',
  );
};

const REQUEST_FIELDS: ReadonlyMap<string, Field> = new Map([
  ['command', { required: '"config"', check: constant('config') }],
  ['subcommand', { required: '"restoreconfig"', check: constant('restoreconfig') }],
  ['config', { required: 'the configuration to restore', check: checkConfig }],
  ['tan', tanField],
]);

/**
 * Every violation of a `config restoreconfig` request, in document order; `[]` when it is valid.
 *
 * Checks the request as spec/restore-operation.md describes it, strictly (Hyperion.ng checks
 * nothing and silently "corrects" instead): `command`, `subcommand`, `tan`; `config` with only
 * `global`, `instanceIds` and `instances`, at least one of them; `global` with `settings` (only the
 * `GLOBAL_GROUPS`) and an optional `uuid`; `instanceIds` as unique integers from 0 to 254
 * that list exactly the instances' ids but 255 (which it cannot list); `instances` with a unique
 * `id` (0 to 255, see {@link MAX_INSTANCE_ID}), an optional
 * `name` (5 characters or more) and `enabled`, and `settings` (only the `INSTANCE_GROUPS`).
 * Each group is an object, an array, a string holding a JSON object or array, or null. Other
 * properties at the top level of the request are allowed; inside `config` they are not.
 *
 * Each group's content is checked against its schema where it stands (`validateGroup`: the one
 * validator of the settings groups), so that the spec's rules and the groups' are reported
 * together, in document order.
 *
 * @param request - the parsed request.
 * @returns all violations at once, never only the first.
 */
export function validateRestoreRequest(request: unknown): Violation[] {
  const out: Violation[] = [];
  checkObject(out, '', request, 'a JSON object', REQUEST_FIELDS, 'allow');
  return out;
}

/** The typed value of a valid `config restoreconfig` request (see {@link RestoreRequest}), or its violations. */
export const parseRestoreRequest: Parser<RestoreRequest> = parserOf(validateRestoreRequest);
