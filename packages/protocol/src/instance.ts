import { checkObject, type Field, integerWords, oneOf, own, tanField } from './checks.js';
import { commandField, instanceIndex, MAX_INSTANCE_INDEX } from './control-checks.js';
import { COMMANDS, type SubcommandOf } from './envelope.js';
import { INSTANCE_NAME_WORDS, instanceNameCheck } from './instance-name.js';
import { type Parser, parserOf } from './parse.js';
import type { Violation } from './violations.js';

/** A valid `instance` request: switch the session to, start, stop, create, delete or rename an instance. */
export type InstanceRequest =
  | {
      command: 'instance';
      subcommand: Exclude<SubcommandOf<'instance'>, 'createInstance' | 'saveName'>;
      tan?: number;
      /** The instance, 0 to 254. */
      instance: number;
    }
  | {
      command: 'instance';
      subcommand: 'createInstance';
      tan?: number;
      /** The new instance's name, at least 5 characters (a restore's rule). */
      name: string;
    }
  | {
      command: 'instance';
      subcommand: 'saveName';
      tan?: number;
      /** The instance to rename, 0 to 254. */
      instance: number;
      /** Its new name, at least 5 characters (a restore's rule). */
      name: string;
    };

const SUBCOMMANDS = COMMANDS.instance;

const COMMON: ReadonlyArray<readonly [string, Field]> = [
  ['command', commandField('instance')],
  ['subcommand', { required: `one of: ${SUBCOMMANDS.join(', ')}`, check: oneOf(SUBCOMMANDS) }],
  ['tan', tanField],
];

const INDEX_WORDS = integerWords(0, MAX_INSTANCE_INDEX);

const instanceField = (required: boolean): Field => ({
  required: required ? INDEX_WORDS : undefined,
  check: instanceIndex,
});
// The name rule is restore's, so that a rename takes every name a restore takes.
const nameField: Field = { required: INSTANCE_NAME_WORDS, check: instanceNameCheck };

// createInstance picks the index itself (one given anyway must still be an index); a name is
// read only by createInstance and saveName, elsewhere it is one more ignored property.
const FIELDS_BY_SUBCOMMAND: ReadonlyMap<string, ReadonlyMap<string, Field>> = new Map(
  SUBCOMMANDS.map((subcommand): [string, ReadonlyMap<string, Field>] => {
    const named = subcommand === 'createInstance' || subcommand === 'saveName';
    const instance = instanceField(subcommand !== 'createInstance');
    return [
      subcommand,
      new Map([
        ...COMMON,
        ['instance', instance],
        ...(named ? [['name', nameField] as const] : []),
      ]),
    ];
  }),
);

const NOTHING_MORE: ReadonlyMap<string, Field> = new Map(COMMON);

/**
 * Every violation of an `instance` request, in document order; `[]` when it is valid (see
 * {@link InstanceRequest}).
 *
 * `instance` (an index from 0 to 254) is required by every subcommand but `createInstance`
 * (Hyperion.ng: "No instance provided, but required"); `createInstance` and `saveName` need
 * `name`, a string of at least 5 characters, as a restore takes it. Whether the instance exists is for the server to say. Other
 * top-level properties are allowed.
 *
 * @param request - the parsed request.
 * @returns all violations at once.
 */
export function validateInstanceRequest(request: unknown): Violation[] {
  const out: Violation[] = [];
  const subcommand = own(request, 'subcommand');
  const fieldsOfRequest =
    (typeof subcommand === 'string' ? FIELDS_BY_SUBCOMMAND.get(subcommand) : undefined) ??
    NOTHING_MORE;
  checkObject(out, '', request, 'a JSON object', fieldsOfRequest, 'allow');
  return out;
}

/** The typed value of a valid `instance` request (see {@link InstanceRequest}), or its violations. */
export const parseInstanceRequest: Parser<InstanceRequest> = parserOf(validateInstanceRequest);
