import {
  type AuthorizeRequest,
  ERRORS,
  errorReply,
  successReply,
  type TokenInfo,
} from '@glowkit/protocol';
import { type Authenticator, failureText } from '../auth/authenticator.js';
import type { TokenRequests } from '../auth/token-requests.js';
import type { Logger } from '../logger.js';
import type { ConfigStore } from '../store/config-store.js';
import type { CommandContext } from './command.js';
import type { Outcome } from './outcome.js';
import { isHttp, type SessionState } from './session.js';
import { storeFailure } from './store-failure.js';

/** What the authorize commands need from the server. */
export interface AuthorizeDeps {
  store: ConfigStore;
  authenticator: Authenticator;
  logger: Logger;
  /** The pending token requests (`requestToken`, `answerRequest`). */
  tokenRequests: TokenRequests;
  /** Tells subscribed sessions that the token list changed (`token-update`). */
  tokensChanged?(list: TokenInfo[]): void;
  /** Signs out the open sessions logged in with token `id`; returns how many there were. */
  signOut?(id: string): number;
  /** Ends what a session that logged out was given: its subscriptions and streams. */
  signedOut?(session: SessionState): void;
  /**
   * Why an address may not create the admin password (the `network` group's rules), or
   * undefined when it may. Default: every address may.
   */
  claimRefused?(address: string): string | undefined;
}

/**
 * The token list as `getTokenList` and `token-update` show it, with Glowkit's `admin` mark; with
 * `own` (the asking session's token id, for the `getTokenList` reply only: the push goes to every
 * admin alike), that token is marked `current`.
 */
const tokenListOf = (deps: AuthorizeDeps, own?: string): TokenInfo[] =>
  deps.store.tokens.list().map((t) => ({
    id: t.id,
    comment: t.comment,
    created_at: t.createdAt,
    last_use: t.lastUse,
    admin: t.admin,
    ...(t.id === own ? { current: true } : {}),
  }));

/** An authorize handler's argument. */
type Authorize<T = AuthorizeRequest> = CommandContext<T, AuthorizeDeps>;

/**
 * The `authorize` subcommands. Those that manage tokens and token requests are for admin tokens
 * only (the dispatcher checked that).
 */
export function authorize(context: Authorize): Outcome | Promise<Outcome> {
  const { value, name, tan, session, deps } = context;
  switch (value.subcommand) {
    case 'tokenRequired':
      return { reply: successReply(name, tan, { required: true }) };
    case 'adminRequired':
      return { reply: successReply(name, tan, { adminRequired: true }) };
    case 'newPasswordRequired': {
      let exists: boolean;
      try {
        exists = deps.store.password.exists();
      } catch (error) {
        return storeFailure(name, tan, error, deps.logger, 'the admin password was not looked up');
      }
      // True until the admin password is created (Hyperion.ng: while it is still the default).
      return { reply: successReply(name, tan, { newPasswordRequired: !exists }) };
    }
    case 'newPassword':
      return newPassword({ ...context, value });
    case 'requestToken':
      return requestToken({ ...context, value });
    case 'answerRequest': {
      const { id, accept } = value;
      const by = session.auth?.ok ? session.auth.token.id : 'unknown';
      let answered: boolean;
      try {
        answered = deps.tokenRequests.answer(id, accept, by);
      } catch (error) {
        // The requester was told it gets no token.
        return storeFailure(name, tan, error, deps.logger, `token request ${id} was not granted`);
      }
      if (!answered) {
        return {
          reply: errorReply(
            name,
            tan,
            'Unable to handle token acceptance or denial',
            [
              `/id: no token request "${id}" is pending (it was answered, timed out, or its requester disconnected)`,
            ],
            { code: 'token-request-not-pending', params: { id } },
          ),
        };
      }
      // An approved request made a token: other admins' token lists show it at once.
      if (accept) deps.tokensChanged?.(tokenListOf(deps));
      return { reply: successReply(name, tan) };
    }
    case 'getPendingTokenRequests':
      return { reply: successReply(name, tan, deps.tokenRequests.pending()) };
    case 'denyPendingTokenRequests': {
      const by = session.auth?.ok ? session.auth.token.id : 'unknown';
      return { reply: successReply(name, tan, { denied: deps.tokenRequests.denyAll(by) }) };
    }
    case 'login': {
      if (isHttp(session)) {
        return {
          reply: errorReply(name, tan, ERRORS.invalidCommand, [
            'login keeps a WebSocket session logged in; over HTTP send "Authorization: Bearer <token>" with each request',
          ]),
        };
      }
      if (value.password !== undefined) return passwordLogin({ ...context, value });
      const result = deps.authenticator.verify(value.token, session.address);
      if (!result.ok) {
        session.auth = undefined;
        return {
          reply: errorReply(name, tan, ERRORS.noAuthorization, [failureText[result.reason]], {
            code: `sign-in-${result.reason}`,
          }),
          delayMs: result.delayMs,
          ...(result.reason === 'blocked'
            ? { close: { code: 1008, reason: 'Too many failed authorization attempts' } }
            : {}),
        };
      }
      session.auth = result;
      deps.logger.info({ address: session.address, token: result.token.id }, 'logged in');
      return { reply: successReply(name, tan) };
    }
    case 'logout':
      session.auth = undefined;
      // Pushes and streams were given to the signed-in session: they end with it (Hyperion.ng
      // keeps sending them to a session that logged out).
      if (session.state) deps.signedOut?.(session.state);
      return { reply: successReply(name, tan) };
    case 'createToken': {
      const comment = value.comment;
      let created: ReturnType<ConfigStore['tokens']['create']>;
      try {
        created = deps.store.tokens.create(comment);
      } catch (error) {
        return storeFailure(name, tan, error, deps.logger, 'the token was not created');
      }
      const { info, token } = created;
      deps.logger.info({ id: info.id, comment }, 'token created');
      deps.tokensChanged?.(tokenListOf(deps));
      return { reply: successReply(name, tan, { id: info.id, comment: info.comment, token }) };
    }
    case 'getTokenList': {
      const own = session.auth?.ok ? session.auth.token.id : undefined;
      return { reply: successReply(name, tan, tokenListOf(deps, own)) };
    }
    case 'deleteToken': {
      const id = value.id;
      let revoked: boolean;
      try {
        revoked = deps.store.tokens.revoke(id);
      } catch (error) {
        return storeFailure(name, tan, error, deps.logger, `token ${id} was not revoked`);
      }
      if (!revoked) {
        return {
          reply: errorReply(
            name,
            tan,
            'Token deletion failed',
            [`/id: no token has the id ${id}`],
            { code: 'token-not-found', params: { id } },
          ),
        };
      }
      // Its open sessions are signed out now, not at their next request: they stop receiving
      // pushes and the live stream at once, and a browser shows its sign-in page.
      const sessions = deps.signOut?.(id) ?? 0;
      deps.logger.info({ id, sessions }, 'token revoked');
      deps.tokensChanged?.(tokenListOf(deps));
      return { reply: successReply(name, tan) };
    }
  }
}

/**
 * `requestToken`: no reply now; the requester hears `authorize-requestToken` when an admin
 * answers, or the denial when the request times out. `accept: false` cancels the session's own
 * request `id` (the cancelled request is answered with the denial).
 */
function requestToken({
  value,
  name,
  tan,
  session,
  deps,
}: Authorize<Extract<AuthorizeRequest, { subcommand: 'requestToken' }>>): Outcome {
  if (isHttp(session)) {
    return {
      reply: errorReply(
        name,
        tan,
        'Command not supported via single API calls using HTTP/S',
        [
          'a token request is answered when an admin decides: send it over a WebSocket or the TCP JSON port',
        ],
        { code: 'http-unsupported' },
      ),
    };
  }
  const id = value.id;
  if (value.accept === false) {
    if (deps.tokenRequests.cancel(session, id))
      return { reply: successReply(name, tan), silent: true };
    return {
      reply: errorReply(
        name,
        tan,
        'Token request failed',
        [`/id: this session has no pending token request "${id}" to cancel`],
        { code: 'token-request-not-pending', params: { id } },
      ),
    };
  }
  const taken = deps.tokenRequests.request(session, {
    comment: value.comment,
    id,
    tan,
  });
  if (!taken.ok)
    return {
      reply: errorReply(name, tan, 'Token request failed', [taken.detail], { code: taken.code }),
    };
  return { reply: successReply(name, tan), silent: true };
}

/** A `newPassword` or password `login` request. */
type NewPassword = Authorize<Extract<AuthorizeRequest, { subcommand: 'newPassword' }>>;
type PasswordLogin = Authorize<Extract<AuthorizeRequest, { subcommand: 'login' }>>;

const PASSWORD_FAILED = 'Failed to update user password';

/**
 * Signs the session in with the credential a password gives: a new admin token, named after the
 * sign-in and its day, answered as `{ token, id }` for the client to keep as it keeps any token
 * (a browser in its storage: it stays signed in across a server restart). It is listed and
 * revoked like every token; revoking it signs out the sessions using it. A stateful session is
 * signed in with it at once (an HTTP request carries its own credentials).
 */
function signInWithNewToken(
  { name, tan, session, deps }: Authorize<unknown>,
  logLine: string,
): Outcome {
  const day = new Date().toISOString().slice(0, 10);
  const browser = session.transport === 'ws' || session.transport === 'wss';
  let created: ReturnType<ConfigStore['tokens']['create']>;
  try {
    created = deps.store.tokens.create(
      browser ? `Web UI sign-in (${day})` : `Password sign-in (${day})`,
    );
  } catch (error) {
    return storeFailure(name, tan, error, deps.logger, 'the session was not signed in');
  }
  deps.tokensChanged?.(tokenListOf(deps));
  if (!isHttp(session)) session.auth = { ok: true, token: created.info };
  deps.logger.info({ address: session.address, token: created.info.id }, logLine);
  return { reply: successReply(name, tan, { token: created.token, id: created.info.id }) };
}

/** Whether the session is signed in with an admin token that still exists. */
function isSignedInAdmin(session: Authorize['session'], deps: AuthorizeDeps): boolean {
  const auth = session.auth;
  if (auth?.ok !== true || !auth.token.admin) return false;
  return isHttp(session) || deps.authenticator.stillValid(auth.token.id);
}

/** The refusal of a password that was wrong, or of an address blocked for its failures. */
function passwordRefused(
  name: string,
  tan: number,
  error: string,
  result: { reason: 'password' | 'blocked'; delayMs: number },
  pointer = '',
): Outcome {
  return {
    reply: errorReply(name, tan, error, [`${pointer}${failureText[result.reason]}`], {
      code: `sign-in-${result.reason}`,
    }),
    delayMs: result.delayMs,
    ...(result.reason === 'blocked'
      ? { close: { code: 1008, reason: 'Too many failed authorization attempts' } }
      : {}),
  };
}

/**
 * `login` with `password`: the admin password signs the session in as admin, with a new admin
 * token in the reply (`info: {token, id}`, as Hyperion.ng answers with its user token) that the
 * client may log in with later. A wrong password counts against the address like a wrong token.
 */
async function passwordLogin({ value, name, tan, session, deps }: PasswordLogin): Promise<Outcome> {
  const password = value.password as string;
  let exists: boolean;
  try {
    exists = deps.store.password.exists();
  } catch (error) {
    return storeFailure(name, tan, error, deps.logger, 'the password was not checked');
  }
  if (!exists) {
    session.auth = undefined;
    return {
      reply: errorReply(
        name,
        tan,
        ERRORS.noAuthorization,
        [
          'no admin password has been created yet: create it first (authorize newPassword, as the web UI does on its first visit), or sign in with a token',
        ],
        { code: 'password-none' },
      ),
    };
  }
  let result: Awaited<ReturnType<Authenticator['password']>>;
  try {
    result = await deps.authenticator.password(
      () => deps.store.password.verify(password),
      session.address,
    );
  } catch (error) {
    return storeFailure(name, tan, error, deps.logger, 'the password was not checked');
  }
  if (!result.ok) {
    session.auth = undefined;
    return passwordRefused(name, tan, ERRORS.noAuthorization, result);
  }
  return signInWithNewToken({ value, name, tan, session, deps }, 'logged in with the password');
}

/**
 * `newPassword`. While no admin password exists, anyone the `network` group lets in may create
 * it (the first visit to the web UI: no console needed), and is signed in with a new admin token
 * (`info: {token, id}`); of two racing claims exactly one wins, the other is told the password
 * exists now. Once it exists, only an admin session may change it, with the current `password`
 * (a wrong one counts against the address like a wrong token).
 */
async function newPassword({ value, name, tan, session, deps }: NewPassword): Promise<Outcome> {
  const admin = isSignedInAdmin(session, deps);
  let exists: boolean;
  try {
    exists = deps.store.password.exists();
  } catch (error) {
    return storeFailure(name, tan, error, deps.logger, 'the admin password was not set');
  }
  if (exists) {
    if (!admin) {
      return {
        reply: errorReply(
          name,
          tan,
          ERRORS.noAuthorization,
          [
            'the admin password exists already: sign in with it (authorize login with "password"), then change it; forgotten? `glowkit password reset` on the server removes it',
          ],
          { code: 'password-exists' },
        ),
        status: 401,
      };
    }
    if (value.password === undefined) {
      return {
        reply: errorReply(
          name,
          tan,
          PASSWORD_FAILED,
          ['/password: is required: give the current admin password to change it'],
          { code: 'password-current-required' },
        ),
      };
    }
    const current = value.password;
    let result: Awaited<ReturnType<Authenticator['password']>>;
    try {
      result = await deps.authenticator.password(
        () => deps.store.password.change(current, value.newPassword),
        session.address,
      );
    } catch (error) {
      return storeFailure(name, tan, error, deps.logger, 'the admin password was not changed');
    }
    if (!result.ok) return passwordRefused(name, tan, PASSWORD_FAILED, result, '/password: ');
    deps.logger.info({ address: session.address }, 'admin password changed');
    return { reply: successReply(name, tan) };
  }
  if (!admin) {
    const refused = deps.claimRefused?.(session.address);
    if (refused !== undefined) {
      deps.logger.warn({ address: session.address }, `admin password not created: ${refused}`);
      return {
        reply: errorReply(
          name,
          tan,
          ERRORS.noAuthorization,
          [
            `the admin password can only be created from an address the network settings let in: ${session.address} is refused (${refused})`,
          ],
          { code: 'password-address-refused', params: { address: session.address } },
        ),
        status: 403,
      };
    }
  }
  let created: boolean;
  try {
    created = await deps.store.password.create(value.newPassword);
  } catch (error) {
    return storeFailure(name, tan, error, deps.logger, 'the admin password was not created');
  }
  if (!created) {
    return {
      reply: errorReply(
        name,
        tan,
        PASSWORD_FAILED,
        [
          'the admin password was created a moment ago from elsewhere: sign in with it; forgotten? `glowkit password reset` on the server removes it',
        ],
        { code: 'password-claimed' },
      ),
    };
  }
  deps.logger.info({ address: session.address }, 'admin password created');
  // A session signed in as admin already stays so; anyone else is signed in by the creation.
  if (admin) return { reply: successReply(name, tan) };
  return signInWithNewToken(
    { value, name, tan, session, deps },
    'signed in by creating the admin password',
  );
}
