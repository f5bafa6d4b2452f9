import { type Check, checkObject, constant, type Field, integer, tanField } from './checks.js';
import { GLOBAL_GROUPS, INSTANCE_GROUPS } from './groups.js';
import { MAX_INSTANCE_ID } from './restore.js';
import { childPointer, quote, type Violation, violation } from './violations.js';

// Filters take instance ids as they exist (0 to MAX_INSTANCE_ID, like config.instances[].id); an
// id that names no instance is not a violation but a warning in the reply, as in Hyperion.ng.

// null means "leave this section out" (hyperion.md §6), so every filter part may be null.
function nullOr(check: Check): Check {
  return (value, pointer, out) => {
    if (value !== null) check(value, pointer, out);
  };
}

function arrayOf(words: string, item: Check): Check {
  return (value, pointer, out) => {
    if (!Array.isArray(value)) {
      out.push(violation(pointer, `must be an array of ${words}, or null`));
      return;
    }
    value.forEach((entry: unknown, index) => {
      item(entry, childPointer(pointer, index), out);
    });
  };
}

function groupName(kind: 'global' | 'instance', names: readonly string[]): Check {
  const aGroup = kind === 'global' ? 'a global group' : 'an instance group';
  return (value, pointer, out) => {
    if (typeof value !== 'string') {
      out.push(violation(pointer, `must be the name of ${aGroup}`));
    } else if (!names.includes(value)) {
      const rule = `${quote(value)} is not ${aGroup} (${kind} groups: ${names.join(', ')})`;
      out.push(violation(pointer, rule));
    }
  };
}

const GLOBAL_FILTER: ReadonlyMap<string, Field> = new Map([
  ['types', { check: nullOr(arrayOf('global group names', groupName('global', GLOBAL_GROUPS))) }],
]);

const INSTANCES_FILTER: ReadonlyMap<string, Field> = new Map([
  ['ids', { check: nullOr(arrayOf('instance ids', integer(0, MAX_INSTANCE_ID))) }],
  [
    'types',
    { check: nullOr(arrayOf('instance group names', groupName('instance', INSTANCE_GROUPS))) },
  ],
]);

const FILTER: ReadonlyMap<string, Field> = new Map([
  [
    'global',
    {
      check: nullOr((value, pointer, out) => {
        checkObject(out, pointer, value, 'an object with types, or null', GLOBAL_FILTER, 'reject');
      }),
    },
  ],
  [
    'instances',
    {
      check: nullOr((value, pointer, out) => {
        checkObject(
          out,
          pointer,
          value,
          'an object with ids and/or types, or null',
          INSTANCES_FILTER,
          'reject',
        );
      }),
    },
  ],
]);

const REQUEST_FIELDS: ReadonlyMap<string, Field> = new Map([
  ['command', { required: '"config"', check: constant('config') }],
  ['subcommand', { required: '"getconfig"', check: constant('getconfig') }],
  [
    'configFilter',
    {
      check: (value, pointer, out) => {
        checkObject(
          out,
          pointer,
          value,
          'an object with global and/or instances',
          FILTER,
          'reject',
        );
      },
    },
  ],
  ['tan', tanField],
]);

/**
 * Every violation of a `config getconfig` request, in document order; `[]` when it is valid.
 *
 * The optional `configFilter` is Hyperion.ng's (hyperion.md §6):
 * `{ global?: { types?: GlobalGroup[] | null } | null, instances?: { ids?: integer[] | null, types?: InstanceGroup[] | null } | null }`,
 * with no other properties in it or its parts; ids are integers from 0 to 255 (an id that names
 * no instance is for the server to warn about). Other properties at the top level are allowed.
 *
 * @param request - the parsed request.
 * @returns all violations at once.
 */
export function validateGetConfigRequest(request: unknown): Violation[] {
  const out: Violation[] = [];
  checkObject(out, '', request, 'a JSON object', REQUEST_FIELDS, 'allow');
  return out;
}
