import {
  checkObject,
  constant,
  type Field,
  oneOf,
  own,
  string,
  stringWords,
  tanField,
} from './checks.js';
import { COMMANDS } from './envelope.js';
import type { Violation } from './violations.js';

const SUBCOMMANDS = COMMANDS.authorize;

const COMMON_FIELDS: ReadonlyArray<readonly [string, Field]> = [
  ['command', { required: '"authorize"', check: constant('authorize') }],
  ['subcommand', { required: `one of: ${SUBCOMMANDS.join(', ')}`, check: oneOf(SUBCOMMANDS) }],
  ['tan', tanField],
];

// Bounds keep hostile sizes out of hashing and the database. A token is at most 512 characters
// (Glowkit's are far shorter; Hyperion.ng's user token is 128); a comment is 5 to 100 characters
// (Hyperion.ng's minimum is 5); an id is 1 to 64 characters (Hyperion.ng's are 5).
function needs(name: string, min: number, max: number): ReadonlyMap<string, Field> {
  return new Map([
    ...COMMON_FIELDS,
    [name, { required: stringWords(min, max), check: string(min, max) }],
  ]);
}

const NOTHING_MORE: ReadonlyMap<string, Field> = new Map(COMMON_FIELDS);

const FIELDS_BY_SUBCOMMAND: ReadonlyMap<string, ReadonlyMap<string, Field>> = new Map([
  ['login', needs('token', 1, 512)],
  ['createToken', needs('comment', 5, 100)],
  ['deleteToken', needs('id', 1, 64)],
]);

/**
 * Every violation of an `authorize` request, in document order; `[]` when it is valid.
 *
 * `login` needs `token` (a string of 1 to 512 characters), `createToken` needs `comment`
 * (5 to 100 characters), `deleteToken` needs `id` (1 to 64 characters); `logout`,
 * `tokenRequired` and `getTokenList` need nothing more. Other properties at the top level are
 * allowed (and ignored), as for every request.
 *
 * @param request - the parsed request.
 * @returns all violations at once.
 */
export function validateAuthorizeRequest(request: unknown): Violation[] {
  const out: Violation[] = [];
  const subcommand = own(request, 'subcommand');
  const fields =
    (typeof subcommand === 'string' ? FIELDS_BY_SUBCOMMAND.get(subcommand) : undefined) ??
    NOTHING_MORE;
  checkObject(out, '', request, 'a JSON object', fields, 'allow');
  return out;
}
