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
  /** Why the configuration it holds was replaced, as stored, e.g. "restore over http from 10.0.0.2". */
  reason: string;
  /**
   * The same as a code (see {@link snapshotReasonOf}: `saved-websocket`, `restored-http`,
   * `undone`…), so that a UI says it in its language; `other` for a reason it does not know.
   */
  reasonCode: string;
  /** The values the code's phrase names (`{ snapshot: 3 }`); left out when there are none. */
  reasonParams?: Readonly<Record<string, string | number>>;
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

/** A snapshot's reason as a code and the values its phrase names. */
export interface SnapshotReason {
  code: string;
  params?: Readonly<Record<string, string | number>>;
}

/** How the change came, by the transport the server names in a reason. */
const CHANNELS: Readonly<Record<string, string>> = {
  ws: 'websocket',
  wss: 'websocket',
  http: 'http',
  https: 'http',
  tcp: 'tcp',
};

/**
 * The code of a snapshot's stored reason, read from the words the server writes (which older
 * databases hold too): `saved-<channel>` for `config setconfig`, `restored-<channel>` for a
 * restore (channel `websocket` — the web UI's way —, `http` or `tcp`), `undone` (params
 * `snapshot`), `imported` (`file`, from `glowkit config import`), `instance-created`,
 * `instance-renamed`, `instance-deleted` (`id`), else `other`.
 */
export function snapshotReasonOf(reason: string): SnapshotReason {
  const over = /^(setconfig|restore) over (\w+) from /.exec(reason);
  if (over) {
    const channel = CHANNELS[over[2] ?? ''];
    if (channel) return { code: `${over[1] === 'setconfig' ? 'saved' : 'restored'}-${channel}` };
  }
  const undo = /^undo to snapshot (\d+)$/.exec(reason);
  if (undo) return { code: 'undone', params: { snapshot: Number(undo[1]) } };
  const imported = /^import of (.+)$/.exec(reason);
  if (imported) return { code: 'imported', params: { file: imported[1] ?? '' } };
  const instance = /^(create|rename|delete) instance (\d+)$/.exec(reason);
  if (instance) {
    const done = { create: 'created', rename: 'renamed', delete: 'deleted' }[instance[1] ?? ''];
    return { code: `instance-${done}`, params: { id: Number(instance[2]) } };
  }
  return { code: 'other' };
}
