import { ERRORS, errorReply } from '@glowkit/protocol';
import express, {
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';
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
import {
  type Dispatch,
  labelOfParts,
  labelOfText,
  outcomeOfText,
  pause,
  replyText,
} from './rpc-text.js';
import { securityHeaders } from './security-headers.js';

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
  webUi?: RequestHandler;
}

/** "10 MB", "512 KB": a byte count for people. */
export const bytesText = (bytes: number): string =>
  bytes >= 1024 * 1024
    ? `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`
    : bytes >= 1024
      ? `${Number((bytes / 1024).toFixed(1))} KB`
      : `${bytes} bytes`;

function send(res: Response, outcome: Outcome): void {
  res.status(outcome.status ?? 200);
  for (const [name, value] of Object.entries(outcome.headers ?? {})) res.setHeader(name, value);
  res.type('application/json');
  if (outcome.after) res.once('finish', outcome.after);
  res.send(replyText(outcome));
}

/**
 * The express application for HTTP and HTTPS: JSON-RPC on `POST /json-rpc` and any path below
 * it (Hyperion's `/json-rpc/confog/restore` included), any content type, the body limit, CORS
 * for browser clients (bearer tokens, no cookies), discovery, the web UI's files, and JSON errors
 * for everything else. Error
 * replies name the request's command and tan wherever its text shows them (a body over the
 * limit included), so that clients matching replies by tan get theirs.
 */
export function createHttpApp(options: HttpAppOptions): express.Express {
  const { dispatch, authenticator, logger, bodyLimit, maxDepth } = options;
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', false);
  // First: every response below carries them, errors and 404s included.
  app.use(securityHeaders);

  app.use((req, res, next) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Methods', 'POST, GET, OPTIONS');
    res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type');
    if (req.method === 'OPTIONS') {
      res.setHeader('Access-Control-Max-Age', '86400');
      res.status(204).end();
      return;
    }
    next();
  });

  const rpc = async (req: Request, res: Response) => {
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
      send(res, {
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
    if (hasTokenInQuery(req.originalUrl)) {
      // The token is now in this URL, and URLs end up in logs and histories: refuse it.
      logger.warn({ address }, 'refused a token in a URL');
      const { command, tan } = labelOfText(text, maxDepth);
      send(res, {
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
    send(res, outcome);
  };
  app.post('/json-rpc', rpc);
  app.post('/json-rpc/{*rest}', rpc);

  if (options.discovery) {
    const discovery = options.discovery;
    // Discovery, before any token: clients ask where the JSON port is and who this server is.
    app.get('/cgi/cfg_jsonserver', (_req, res) => {
      res.type('text/plain').send(cfgJsonServerText(discovery()));
    });
    app.get('/description.xml', (req, res) => {
      const encrypted = (req.socket as { encrypted?: boolean }).encrypted === true;
      const base = baseUrlOf(
        encrypted ? 'https' : 'http',
        req.socket.localAddress ?? '127.0.0.1',
        req.socket.localPort ?? 0,
      );
      res.type('text/xml; charset=utf-8').send(descriptionXml(discovery(), base));
    });
  }

  if (options.webUi) {
    app.use(options.webUi);
  } else {
    app.get('/', (_req, res) => {
      res
        .type('text/plain')
        .send('Glowkit server. JSON-RPC: POST /json-rpc, or a WebSocket on this port.\n');
    });
  }

  app.use((req: Request, res: Response) => {
    res.status(404).json({
      success: false,
      error: 'Not found',
      errorCode: 'not-found',
      errorData: [
        {
          description: `${req.method} ${req.path}: no such file or path (the web UI is at /; JSON-RPC is POST /json-rpc)`,
        },
      ],
    });
  });

  // Anything else: a JSON answer, never a stack trace.
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    logger.error({ err: error, path: req.path }, 'a request failed unexpectedly');
    send(res, {
      reply: errorReply(
        'unknown',
        0,
        'Internal error',
        ['the server failed to handle this request; see its log'],
        { code: 'internal' },
      ),
      status: 500,
    });
  });
  return app;
}
