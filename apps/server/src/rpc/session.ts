import type { AuthResult } from '../auth/authenticator.js';

/** A message the server sends on its own: a `*-update` push. */
export interface Push {
  command: string;
  instance?: number;
  data: unknown;
}

/** What a stateful session (WebSocket) has beyond a request's credentials. */
export interface SessionState {
  /** The instance the session's commands go to; undefined until its first instance command. */
  instance: number | undefined;
  /** The `*-update` topics it asked for. */
  readonly subscriptions: Set<string>;
  /** Whether it receives the live LED colours of its instance. */
  ledstream: boolean;
  /** Sends a push to the client. */
  push(message: Push): void;
}

/** Who is asking, as the dispatcher sees it. */
export interface Session {
  /** The client's address, for the failure throttle and the logs. */
  readonly address: string;
  /** How the request came: HTTP and WebSocket, plain or over TLS. */
  readonly transport: 'http' | 'https' | 'ws' | 'wss';
  /**
   * The result of checking the credentials the request (HTTP) or the session (WebSocket) came
   * with; undefined while a WebSocket session has not logged in.
   */
  auth: AuthResult | undefined;
  /** A WebSocket session's state; HTTP requests have none. */
  readonly state?: SessionState;
}

/** Whether the session is stateless: one request, its own credentials (HTTP). */
export const isHttp = (session: Session): boolean =>
  session.transport === 'http' || session.transport === 'https';
