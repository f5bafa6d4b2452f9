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
export function authorize(context: Authorize): Outcome {
  const { value, name, tan, session, deps } = context;
  switch (value.subcommand) {
    case 'tokenRequired':
      return { reply: successReply(name, tan, { required: true }) };
    case 'adminRequired':
      return { reply: successReply(name, tan, { adminRequired: true }) };
    case 'newPasswordRequired':
      // Glowkit has no password (tokens only), so there is none to change.
      return { reply: successReply(name, tan, { newPasswordRequired: false }) };
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
