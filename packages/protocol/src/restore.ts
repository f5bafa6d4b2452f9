import {
  boolean,
  type Check,
  checkObject,
  constant,
  type Field,
  integer,
  integerWords,
  isJsonObject,
  string,
  tanField,
} from './checks.js';
import { checkGlobalSettings, checkInstanceSettings } from './groups.js';
import { childPointer, type Violation, violation } from './violations.js';

// Limits from spec/restore-operation.md.
/** The largest instance id (`config.instances[].id`); getconfig's filter takes the same ids. */
export const MAX_INSTANCE_ID = 255;
const MAX_LISTED_INSTANCE_ID = 254;
const MIN_NAME_LENGTH = 5;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const checkUuid: Check = (value, pointer, out) => {
  if (typeof value !== 'string' || !UUID.test(value)) {
    out.push(
      violation(
        pointer,
        'must be a UUID string of 8-4-4-4-12 hex digits, e.g. 0f1c6a0e-3b1d-5c2a-9e4f-6a7b8c9d0e1f',
      ),
    );
  }
};

const GLOBAL_FIELDS: ReadonlyMap<string, Field> = new Map([
  ['settings', { required: 'an object of global setting groups', check: checkGlobalSettings }],
  ['uuid', { check: checkUuid }],
]);

const checkGlobal: Check = (value, pointer, out) => {
  checkObject(
    out,
    pointer,
    value,
    'an object with settings (and optionally uuid)',
    GLOBAL_FIELDS,
    'reject',
  );
};

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

// instanceIds must name exactly the instances (the spec lists both; a list that disagrees with
// the instances it describes is a broken backup, better refused than guessed at).
function checkInstanceIds(instanceIds: Set<number> | undefined): Check {
  const itemCheck = integer(0, MAX_LISTED_INSTANCE_ID);
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
      const missing = [...instanceIds].filter((id) => !listed.has(id));
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

// One check per instances array: it remembers the first index of each id to name it when the id
// comes again.
function checkInstances(): Check {
  return (value, pointer, out) => {
    if (!Array.isArray(value)) {
      out.push(violation(pointer, 'must be an array of instances'));
      return;
    }
    const firstIndex = new Map<number, number>();
    const idCheck = integer(0, MAX_INSTANCE_ID);
    value.forEach((item, index) => {
      const itemPointer = childPointer(pointer, index);
      const checkId: Check = (id, at, sink) => {
        idCheck(id, at, sink);
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
        ['name', { check: string(MIN_NAME_LENGTH) }],
        ['enabled', { check: boolean }],
        [
          'settings',
          { required: 'an object of instance setting groups', check: checkInstanceSettings },
        ],
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
    ['global', { check: checkGlobal }],
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
 * that list exactly the instances' ids; `instances` with a unique `id` (0 to 255), an optional
 * `name` (5 characters or more) and `enabled`, and `settings` (only the `INSTANCE_GROUPS`).
 * Each group is an object, an array, a string holding a JSON object or array, or null. Other
 * properties at the top level of the request are allowed; inside `config` they are not.
 *
 * @param request - the parsed request.
 * @returns all violations at once, never only the first.
 */
export function validateRestoreRequest(request: unknown): Violation[] {
  const out: Violation[] = [];
  checkObject(out, '', request, 'a JSON object', REQUEST_FIELDS, 'allow');
  return out;
}
