import type { AuthResult } from '../auth/authenticator.js';

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
}

/** Whether the session is stateless: one request, its own credentials (HTTP). */
export const isHttp = (session: Session): boolean =>
  session.transport === 'http' || session.transport === 'https';
