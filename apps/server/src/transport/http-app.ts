import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { ERRORS, errorReply } from '@glowkit/protocol';
import type { Authenticator } from '../auth/authenticator.js';
import { clientAddress } from '../auth/client-address.js';
import { hasTokenInQuery } from '../auth/credentials.js';
import type { Logger } from '../logger.js';
import {
  baseUrlOf,
  cfgJsonServerText,
  type DiscoveryInfo,
  descriptionXml,
} from '../rpc/discovery.js';
import type { Outcome } from '../rpc/outcome.js';
import type { Session } from '../rpc/session.js';
import { readBody } from './http-body.js';
import { type HttpHandler, pathOf, sendBody } from './http-reply.js';
import {
  type Dispatch,
  labelOfParts,
  labelOfText,
  outcomeOfText,
  pause,
  replyText,
} from './rpc-text.js';
import { SECURITY_HEADERS } from './security-headers.js';

/** What the HTTP side needs. */
export interface HttpAppOptions {
  dispatch: Dispatch;
  authenticator: Authenticator;
  logger: Logger;
  /** Largest request body, in bytes. */
  bodyLimit: number;
  /** Deepest JSON nesting accepted. */
  maxDepth: number;
  /** What `/cgi/cfg_jsonserver` and `/description.xml` say; without it they are not served. */
  discovery?: () => DiscoveryInfo;
  /** The web UI's files (see web-ui.ts); without it `/` answers one line of text. */
  webUi?: HttpHandler;
}

/** "10 MB", "512 KB": a byte count for people. */
export const bytesText = (bytes: number): string =>
  bytes >= 1024 * 1024
    ? `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`
    : bytes >= 1024
      ? `${Number((bytes / 1024).toFixed(1))} KB`
      : `${bytes} bytes`;

const JSON_TYPE = 'application/json; charset=utf-8';

function send(req: IncomingMessage, res: ServerResponse, outcome: Outcome): void {
  res.statusCode = outcome.status ?? 200;
  for (const [name, value] of Object.entries(outcome.headers ?? {})) res.setHeader(name, value);
  if (outcome.after) res.once('finish', outcome.after);
  sendBody(req, res, replyText(outcome), JSON_TYPE);
}

/** Express's paths matched case-insensitively, a trailing slash allowed; these routes keep that. */
const JSON_RPC_PATH = /^\/json-rpc(?:\/.*)?$/i;
const CFG_JSONSERVER_PATH = /^\/cgi\/cfg_jsonserver\/?$/i;
const DESCRIPTION_PATH = /^\/description\.xml\/?$/i;

/**
 * The request handler for HTTP and HTTPS (on node:http; see http-reply.ts for why not express): JSON-RPC on `POST /json-rpc` and any path below
 * it (Hyperion's `/json-rpc/confog/restore` included), any content type, the body limit, CORS
 * for browser clients (bearer tokens, no cookies), discovery, the web UI's files, and JSON errors
 * for everything else. Error
 * replies name the request's command and tan wherever its text shows them (a body over the
 * limit included), so that clients matching replies by tan get theirs.
 */
export function createHttpApp(options: HttpAppOptions): RequestListener {
  const { dispatch, authenticator, logger, bodyLimit, maxDepth } = options;

  const rpc = async (req: IncomingMessage, res: ServerResponse) => {
    const address = clientAddress(req.socket.remoteAddress);
    const transport = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
    const body = await readBody(req, bodyLimit);
    if (!body.ok) {
      if (body.status === 0) return; // The client went away: nobody to answer.
      // The reply names the request's command and tan when its ends show them.
      const { command, tan } = labelOfParts(body.head, body.tail);
      const stopped = body.status === 413 && body.encoding !== undefined;
      const detail = stopped
        ? `the request body inflates to more than the limit (${bytesText(bodyLimit)}, set with --body-limit): it was not inflated further, and the connection is closed`
        : body.status === 413
          ? `the request body is over the limit (${bytesText(body.received)}; the limit is ${bytesText(bodyLimit)}, set with --body-limit)`
          : `the request body could not be read: ${body.detail}`;
      logger.warn(
        {
          address,
          command,
          tan,
          status: body.status,
          ...(stopped ? { encoding: body.encoding, inflated: body.received } : {}),
        },
        detail,
      );
      send(req, res, {
        reply: errorReply(command, tan, body.status === 413 ? ERRORS.tooLarge : ERRORS.parse, [
          detail,
        ]),
        status: body.status,
        // The rest of the body was never read: the connection cannot carry another request.
        ...(stopped ? { headers: { Connection: 'close' } } : {}),
      });
      return;
    }
    const text = body.text;
    if (hasTokenInQuery(req.url ?? '')) {
      // The token is now in this URL, and URLs end up in logs and histories: refuse it.
      logger.warn({ address }, 'refused a token in a URL');
      const { command, tan } = labelOfText(text, maxDepth);
      send(req, res, {
        reply: errorReply(command, tan, ERRORS.noAuthorization, [
          'tokens in URLs are refused: send "Authorization: Bearer <token>", and revoke the token you sent',
        ]),
        status: 401,
        headers: { 'WWW-Authenticate': 'Bearer realm="glowkit", error="invalid_request"' },
      });
      return;
    }
    const session: Session = {
      address,
      transport,
      auth: authenticator.fromHeader(req.headers.authorization, address),
    };
    const outcome = await outcomeOfText(text, session, dispatch, logger, maxDepth);
    await pause(outcome.delayMs ?? 0);
    send(req, res, outcome);
  };

  const notFound = (req: IncomingMessage, res: ServerResponse) => {
    res.statusCode = 404;
    const reply = {
      success: false,
      error: 'Not found',
      errorCode: 'not-found',
      errorData: [
        {
          description: `${req.method} ${pathOf(req)}: no such file or path (the web UI is at /; JSON-RPC is POST /json-rpc)`,
        },
      ],
    };
    sendBody(req, res, JSON.stringify(reply), JSON_TYPE);
  };

  // Anything else: a JSON answer, never a stack trace.
  const failed = (req: IncomingMessage, res: ServerResponse, error: unknown) => {
    logger.error({ err: error, path: pathOf(req) }, 'a request failed unexpectedly');
    if (res.headersSent) {
      // Part of another reply is out: the connection cannot carry this one.
      res.destroy();
      return;
    }
    send(req, res, {
      reply: errorReply(
        'unknown',
        0,
        'Internal error',
        ['the server failed to handle this request; see its log'],
        { code: 'internal' },
      ),
      status: 500,
    });
  };

  const route = (req: IncomingMessage, res: ServerResponse): void | Promise<void> => {
    const path = pathOf(req);
    const method = req.method;
    // GET routes answer HEAD too, without the body.
    const get = method === 'GET' || method === 'HEAD';
    if (method === 'POST' && JSON_RPC_PATH.test(path)) return rpc(req, res);
    if (options.discovery && get) {
      const discovery = options.discovery;
      // Discovery, before any token: clients ask where the JSON port is and who this server is.
      if (CFG_JSONSERVER_PATH.test(path)) {
        sendBody(req, res, cfgJsonServerText(discovery()), 'text/plain; charset=utf-8');
        return;
      }
      if (DESCRIPTION_PATH.test(path)) {
        const encrypted = (req.socket as { encrypted?: boolean }).encrypted === true;
        const base = baseUrlOf(
          encrypted ? 'https' : 'http',
          req.socket.localAddress ?? '127.0.0.1',
          req.socket.localPort ?? 0,
        );
        sendBody(req, res, descriptionXml(discovery(), base), 'text/xml; charset=utf-8');
        return;
      }
    }
    if (options.webUi) {
      options.webUi(req, res, (error?: unknown) => {
        if (error === undefined) notFound(req, res);
        else failed(req, res, error);
      });
      return;
    }
    if (get && (path === '/' || path === '')) {
      sendBody(
        req,
        res,
        'Glowkit server. JSON-RPC: POST /json-rpc, or a WebSocket on this port.\n',
        'text/plain; charset=utf-8',
      );
      return;
    }
    notFound(req, res);
  };

  return (req, res) => {
    // First: every response carries them, errors and 404s included.
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Methods', 'POST, GET, OPTIONS');
    res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type');
    if (req.method === 'OPTIONS') {
      res.setHeader('Access-Control-Max-Age', '86400');
      res.statusCode = 204;
      res.end();
      return;
    }
    try {
      const running = route(req, res);
      if (running) running.catch((error: unknown) => failed(req, res, error));
    } catch (error) {
      failed(req, res, error);
    }
  };
}
