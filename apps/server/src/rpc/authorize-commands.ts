import {
  ERRORS,
  errorReply,
  own,
  type SubcommandOf,
  successReply,
  validateAuthorizeRequest,
} from '@glowkit/protocol';
import { type Authenticator, failureText } from '../auth/authenticator.js';
import type { Logger } from '../logger.js';
import type { ConfigStore } from '../store/config-store.js';
import type { Outcome } from './outcome.js';
import { invalidParams } from './params.js';
import { isHttp, type Session } from './session.js';

/** What the authorize commands need from the server. */
export interface AuthorizeDeps {
  store: ConfigStore;
  authenticator: Authenticator;
  logger: Logger;
}

/** The `authorize` subcommands. Those that change tokens are for admins (checked before). */
export function authorize(
  request: unknown,
  subcommand: SubcommandOf<'authorize'>,
  name: string,
  tan: number,
  session: Session,
  deps: AuthorizeDeps,
): Outcome {
  const invalid = invalidParams(name, tan, validateAuthorizeRequest(request));
  if (invalid) return invalid;
  switch (subcommand) {
    case 'tokenRequired':
      return { reply: successReply(name, tan, { required: true }) };
    case 'login': {
      if (isHttp(session)) {
        return {
          reply: errorReply(name, tan, ERRORS.invalidCommand, [
            'login keeps a WebSocket session logged in; over HTTP send "Authorization: Bearer <token>" with each request',
          ]),
        };
      }
      const result = deps.authenticator.verify(String(own(request, 'token')), session.address);
      if (!result.ok) {
        session.auth = undefined;
        return {
          reply: errorReply(name, tan, ERRORS.noAuthorization, [failureText[result.reason]]),
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
      return { reply: successReply(name, tan) };
    case 'createToken': {
      const comment = String(own(request, 'comment'));
      const { info, token } = deps.store.tokens.create(comment);
      deps.logger.info({ id: info.id, comment }, 'token created');
      return { reply: successReply(name, tan, { id: info.id, comment: info.comment, token }) };
    }
    case 'getTokenList':
      return {
        reply: successReply(
          name,
          tan,
          deps.store.tokens.list().map((t) => ({
            id: t.id,
            comment: t.comment,
            created_at: t.createdAt,
            last_use: t.lastUse,
          })),
        ),
      };
    case 'deleteToken': {
      const id = String(own(request, 'id'));
      if (!deps.store.tokens.revoke(id)) {
        return {
          reply: errorReply(name, tan, 'Token deletion failed', [`/id: no token has the id ${id}`]),
        };
      }
      deps.logger.info({ id }, 'token revoked');
      return { reply: successReply(name, tan) };
    }
  }
}
