import {
  boolean,
  type Check,
  checkObject,
  constant,
  type Field,
  oneOf,
  own,
  string,
  stringWords,
  tanField,
} from './checks.js';
import { COMMANDS, type SubcommandOf } from './envelope.js';
import { type Parser, parserOf } from './parse.js';
import { type Violation, violation } from './violations.js';

const SUBCOMMANDS = COMMANDS.authorize;

/** The `authorize` subcommands that take nothing but `tan`. */
type BareAuthorizeSubcommand = Exclude<
  SubcommandOf<'authorize'>,
  'login' | 'createToken' | 'deleteToken' | 'requestToken' | 'answerRequest' | 'newPassword'
>;

/** A valid `authorize` request, told apart by `subcommand` (see {@link validateAuthorizeRequest}). */
export type AuthorizeRequest = { command: 'authorize'; tan?: number } & (
  | { subcommand: BareAuthorizeSubcommand }
  | {
      subcommand: 'login';
      /** The token, 1 to 512 characters. */
      token: string;
      password?: undefined;
    }
  | {
      subcommand: 'login';
      /** The admin password, 8 to 1024 characters. */
      password: string;
      token?: undefined;
    }
  | {
      subcommand: 'newPassword';
      /** The admin password to set, 8 to 1024 characters. */
      newPassword: string;
      /** The current admin password: needed once one exists. */
      password?: string;
    }
  | {
      subcommand: 'createToken';
      /** What the token is for, 5 to 100 characters. */
      comment: string;
    }
  | {
      subcommand: 'deleteToken';
      /** The token's id, 1 to 64 characters. */
      id: string;
    }
  | {
      subcommand: 'requestToken';
      /** The requester's name, 5 to 100 characters. */
      comment: string;
      /** The requester's id for the request, exactly 5 characters. */
      id: string;
      /** False cancels the session's pending request `id`. */
      accept?: boolean;
    }
  | {
      subcommand: 'answerRequest';
      /** The pending request's id, exactly 5 characters. */
      id: string;
      /** True grants a token, false denies. */
      accept: boolean;
    }
);

/** Length of a token request's `id`: exactly 5 characters, as Hyperion.ng's schema says. */
export const TOKEN_REQUEST_ID_LENGTH = 5;

/** Length of the admin password: 8 (Hyperion.ng's minimum) to 1024 characters. */
export const PASSWORD_LENGTH = { min: 8, max: 1024 } as const;

/** Length of a token's `comment`: 5 to 100 characters (Hyperion.ng's minimum is 5). */
export const TOKEN_COMMENT_LENGTH = { min: 5, max: 100 } as const;

const COMMON_FIELDS: ReadonlyArray<readonly [string, Field]> = [
  ['command', { required: '"authorize"', check: constant('authorize') }],
  ['subcommand', { required: `one of: ${SUBCOMMANDS.join(', ')}`, check: oneOf(SUBCOMMANDS) }],
  ['tan', tanField],
];

// Bounds keep hostile sizes out of hashing and the database. A token is at most 512 characters
// (Glowkit's are far shorter; Hyperion.ng's user token is 128); a comment is 5 to 100 characters
// (Hyperion.ng's minimum is 5); a token id is 1 to 64 characters (Hyperion.ng's are 5).
const tokenField: Field = { required: stringWords(1, 512), check: string(1, 512) };
const commentField: Field = {
  required: stringWords(TOKEN_COMMENT_LENGTH.min, TOKEN_COMMENT_LENGTH.max),
  check: string(TOKEN_COMMENT_LENGTH.min, TOKEN_COMMENT_LENGTH.max),
};
const tokenIdField: Field = { required: stringWords(1, 64), check: string(1, 64) };
// A password is bounded so that a huge one cannot make the slow hash slower still.
const passwordField: Field = {
  required: stringWords(PASSWORD_LENGTH.min, PASSWORD_LENGTH.max),
  check: string(PASSWORD_LENGTH.min, PASSWORD_LENGTH.max),
};
const passwordCheck: Field = { check: passwordField.check };

const REQUEST_ID_WORDS = `a string of exactly ${TOKEN_REQUEST_ID_LENGTH} characters`;

/** A token request's id: exactly 5 characters (code points), e.g. Home Assistant's `a1B2c`. */
const requestId: Check = (value, pointer, out) => {
  const length = typeof value === 'string' ? [...value].length : -1;
  if (length !== TOKEN_REQUEST_ID_LENGTH)
    out.push(violation(pointer, `must be ${REQUEST_ID_WORDS}`));
};
const requestIdField: Field = { required: REQUEST_ID_WORDS, check: requestId };

function fields(...more: ReadonlyArray<readonly [string, Field]>): ReadonlyMap<string, Field> {
  return new Map([...COMMON_FIELDS, ...more]);
}

const NOTHING_MORE: ReadonlyMap<string, Field> = fields();

const FIELDS_BY_SUBCOMMAND: ReadonlyMap<string, ReadonlyMap<string, Field>> = new Map([
  ['login', fields(['token', { check: tokenField.check }], ['password', passwordCheck])],
  ['newPassword', fields(['password', passwordCheck], ['newPassword', passwordField])],
  ['createToken', fields(['comment', commentField])],
  ['deleteToken', fields(['id', tokenIdField])],
  [
    'requestToken',
    fields(['comment', commentField], ['id', requestIdField], ['accept', { check: boolean }]),
  ],
  [
    'answerRequest',
    fields(
      ['id', requestIdField],
      ['accept', { required: 'true to grant a token, false to deny', check: boolean }],
    ),
  ],
]);

/**
 * Every violation of an `authorize` request, in document order; `[]` when it is valid.
 *
 * - `login` needs `token` (a string of 1 to 512 characters) or `password` (8 to 1024), not both;
 * - `newPassword` needs `newPassword` (8 to 1024 characters) and takes `password`, the current
 *   one (the server asks for it once a password exists);
 * - `createToken` needs `comment` (5 to 100 characters); `deleteToken` needs `id` (1 to 64);
 * - `requestToken` needs `comment` (5 to 100 characters) and `id` (exactly 5 characters, the
 *   requester's choice), and takes `accept` (true or false; false cancels the request);
 * - `answerRequest` needs `id` (exactly 5 characters) and `accept` (true grants, false denies);
 * - `logout`, `tokenRequired`, `adminRequired`, `newPasswordRequired`, `getTokenList`,
 *   `getPendingTokenRequests` and `denyPendingTokenRequests` (Glowkit's own: deny every pending
 *   request at once) need nothing more.
 *
 * Other properties at the top level are allowed (and ignored), as for every request.
 *
 * @param request - the parsed request.
 * @returns all violations at once.
 */
export function validateAuthorizeRequest(request: unknown): Violation[] {
  const out: Violation[] = [];
  const subcommand = own(request, 'subcommand');
  const known = typeof subcommand === 'string' ? FIELDS_BY_SUBCOMMAND.get(subcommand) : undefined;
  checkObject(out, '', request, 'a JSON object', known ?? NOTHING_MORE, 'allow');
  if (subcommand === 'login' && out.length === 0) {
    const token = own(request, 'token') !== undefined;
    const password = own(request, 'password') !== undefined;
    if (token === password) {
      out.push(
        violation(
          token ? '/password' : '/token',
          token
            ? 'give either a token or a password, not both'
            : `is required (${stringWords(1, 512)})`,
        ),
      );
    }
  }
  return out;
}

/** The typed value of a valid `authorize` request (see {@link AuthorizeRequest}), or its violations. */
export const parseAuthorizeRequest: Parser<AuthorizeRequest> = parserOf(validateAuthorizeRequest);

/** A token as `getTokenList` and the `token-update` push list it: never the token itself. */
export interface TokenInfo {
  id: string;
  comment: string;
  /** When it was created (ISO-8601 UTC). */
  created_at: string;
  /** When it last authenticated (ISO-8601 UTC, kept to the minute), or null if never. */
  last_use: string | null;
  /**
   * Glowkit's: whether it is an admin token (one made by a token request only drives the LEDs).
   * Hyperion.ng's list has no such key: its tokens are all admin tokens.
   */
  admin?: boolean;
  /** Glowkit's, in the `getTokenList` reply only: true on the token the asking session uses. */
  current?: boolean;
}

/** The `info` of `createToken`, and of the late `requestToken` reply that grants one. */
export interface CreatedToken {
  id: string;
  comment: string;
  /** The token itself: shown once, never listed again. */
  token: string;
}

/**
 * The `info` of a password `login`, and of the `newPassword` that created the admin password: a
 * new admin token the client signs in with from now on (a browser keeps it, and stays signed in
 * across a server restart), and its id (to revoke it).
 */
export interface PasswordSignIn {
  token: string;
  id: string;
}

/** A token request waiting for an admin, as the `authorize-tokenRequest` push tells admins. */
export interface TokenRequestInfo {
  /** The name the requester gave itself. */
  comment: string;
  /** The requester's 5-character id. */
  id: string;
  /** Milliseconds left before it times out. */
  timeout: number;
}

/** An entry of `getPendingTokenRequests`: a waiting request, with the tan its answer carries. */
export interface PendingTokenRequest extends TokenRequestInfo {
  tan: number;
}

/** A request `denyPendingTokenRequests` denied. */
export interface DeniedTokenRequest {
  id: string;
  comment: string;
}

/** The `info` of `denyPendingTokenRequests`: the requests it denied, oldest first. */
export interface DeniedTokenRequests {
  denied: DeniedTokenRequest[];
}

/**
 * The `data` of Glowkit's `authorize-event` push: `revoked` to the sessions of a token just
 * revoked; to admin sessions, `tokenRequestsDenied` when an admin denied every pending request,
 * and `tokenRequestEnded` when one request is no longer pending (answered, cancelled, timed out,
 * or its requester disconnected).
 */
export type AuthorizeEvent =
  | { event: 'revoked'; id: string }
  | { event: 'tokenRequestsDenied'; ids: string[] }
  | { event: 'tokenRequestEnded'; id: string };

/** The push that tells admin sessions of a new token request (its request in `info`, like a reply). */
export interface TokenRequestPush {
  command: 'authorize-tokenRequest';
  info: TokenRequestInfo;
}
