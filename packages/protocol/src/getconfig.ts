import { type Check, checkObject, constant, type Field, tanField } from './checks.js';
import { GLOBAL_GROUPS, type GlobalGroup, INSTANCE_GROUPS, type InstanceGroup } from './groups.js';
import { type Parser, parserOf } from './parse.js';
import { childPointer, quote, type Violation, violation } from './violations.js';

/**
 * The `configFilter` of `config getconfig` (Hyperion.ng's, hyperion.md §6): a section given as
 * null, or whose list is null, is left out; `types: []`, `ids: []` and `instances: []` mean all.
 */
export interface ConfigFilter {
  global?: { types?: GlobalGroup[] | null } | null;
  /** `ids` may hold anything: ids that are not integers are skipped with a warning. */
  instances?: { ids?: unknown[] | null; types?: InstanceGroup[] | null } | [] | null;
}

/** A valid `config getconfig` request: the stored configuration, all of it or filtered. */
export interface GetConfigRequest {
  command: 'config';
  subcommand: 'getconfig';
  tan?: number;
  configFilter?: ConfigFilter;
}

// Filters are read as Hyperion.ng reads them, since its clients send them that way
// (hyperion.md §6): an empty list of types or ids means all of them, `instances: []` means all
// instances, and an id that is not an integer is skipped. An id that names no instance (an
// integer out of range included) is not a violation but a warning in the reply, as in Hyperion.ng.

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
  // Any item: the server skips those that are not integers and warns about each.
  ['ids', { check: nullOr(arrayOf('instance ids', () => {})) }],
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
        // Hyperion.ng reads an array here as an empty object: all instances.
        if (Array.isArray(value) && value.length === 0) return;
        checkObject(
          out,
          pointer,
          value,
          'an object with ids and/or types, [] (all) or null',
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
 * `{ global?: { types?: GlobalGroup[] | null } | null, instances?: { ids?: unknown[] | null, types?: InstanceGroup[] | null } | [] | null }`,
 * with no other properties in it or its parts. `[]` for a list of types or ids, and for
 * `instances`, means all; ids that are not integers, or name no instance, are for the server to
 * skip and warn about. Other properties at the top level are allowed.
 *
 * @param request - the parsed request.
 * @returns all violations at once.
 */
export function validateGetConfigRequest(request: unknown): Violation[] {
  const out: Violation[] = [];
  checkObject(out, '', request, 'a JSON object', REQUEST_FIELDS, 'allow');
  return out;
}

/** The typed value of a valid `config getconfig` request (see {@link GetConfigRequest}), or its violations. */
export const parseGetConfigRequest: Parser<GetConfigRequest> = parserOf(validateGetConfigRequest);
