import {
  checkObject,
  constant,
  type Field,
  integer,
  integerWords,
  oneOf,
  own,
  tanField,
} from './checks.js';
import { COMMANDS, type SubcommandOf } from './envelope.js';
import { type Parser, parserOf } from './parse.js';
import type { Violation } from './violations.js';

// The snapshot subcommands of `config`: getsnapshots and restoresnapshot.
const SUBCOMMANDS = COMMANDS.config.filter(
  (name): name is Extract<SubcommandOf<'config'>, `${string}snapshot${string}`> =>
    name.includes('snapshot'),
);

/** A valid `config getsnapshots` request: the kept configurations, newest first. */
export interface GetSnapshotsRequest {
  command: 'config';
  subcommand: 'getsnapshots';
  tan?: number;
}

/** A valid `config restoresnapshot` request: a kept configuration becomes the configuration. */
export interface RestoreSnapshotRequest {
  command: 'config';
  subcommand: 'restoresnapshot';
  tan?: number;
  /** The number of the snapshot to restore, 1 or more. */
  snapshot: number;
}

/** A valid `config getsnapshots` or `config restoresnapshot` request. */
export type SnapshotRequest = GetSnapshotsRequest | RestoreSnapshotRequest;

/** A kept configuration as `config getsnapshots` lists it (newest first), without its content. */
export interface SnapshotInfo {
  /** Snapshot number, growing; never reused. */
  id: number;
  /** When it was taken (ISO-8601 UTC). */
  createdAt: string;
  /** Why the configuration it holds was replaced, e.g. "restore over HTTP". */
  reason: string;
  /** Number of instances in it. */
  instances: number;
  /** Size of its JSON, in bytes. */
  bytes: number;
}

const COMMON_FIELDS: ReadonlyArray<readonly [string, Field]> = [
  ['command', { required: '"config"', check: constant('config') }],
  ['subcommand', { required: SUBCOMMANDS.join(' or '), check: oneOf(SUBCOMMANDS) }],
  ['tan', tanField],
];

const GET_FIELDS: ReadonlyMap<string, Field> = new Map(COMMON_FIELDS);

const RESTORE_FIELDS: ReadonlyMap<string, Field> = new Map([
  ...COMMON_FIELDS,
  ['snapshot', { required: integerWords(1), check: integer(1) }],
]);

/**
 * Every violation of a `config getsnapshots` or `config restoresnapshot` request, in document
 * order; `[]` when it is valid. `restoresnapshot` needs `snapshot`, the number of the snapshot to
 * restore (an integer of 1 or more); `getsnapshots` needs nothing more. Other properties at the
 * top level are allowed (and ignored), as for every request.
 *
 * @param request - the parsed request.
 * @returns all violations at once.
 */
export function validateSnapshotRequest(request: unknown): Violation[] {
  const out: Violation[] = [];
  const restoring = own(request, 'subcommand') === 'restoresnapshot';
  checkObject(out, '', request, 'a JSON object', restoring ? RESTORE_FIELDS : GET_FIELDS, 'allow');
  return out;
}

/** The typed value of a valid snapshot request (see {@link SnapshotRequest}), or its violations. */
export const parseSnapshotRequest: Parser<SnapshotRequest> = parserOf(validateSnapshotRequest);

// Each subcommand's own parser, for a dispatcher that knows it: another subcommand is a violation.
const subcommandParser = <T extends SnapshotRequest>(subcommand: T['subcommand']): Parser<T> =>
  parserOf((request) => {
    const out = validateSnapshotRequest(request);
    if (own(request, 'subcommand') !== subcommand)
      constant(subcommand)(own(request, 'subcommand'), '/subcommand', out);
    return out;
  });

/** The typed value of a valid `config getsnapshots` request, or its violations. */
export const parseGetSnapshotsRequest: Parser<GetSnapshotsRequest> =
  subcommandParser('getsnapshots');

/** The typed value of a valid `config restoresnapshot` request, or its violations. */
export const parseRestoreSnapshotRequest: Parser<RestoreSnapshotRequest> =
  subcommandParser('restoresnapshot');
