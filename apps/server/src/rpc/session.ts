import type { Reply } from '@glowkit/protocol';
import type { AuthResult } from '../auth/authenticator.js';
import type { SignInHold } from '../auth/sign-in-grace.js';
import type { EncodedPush } from './encoded-push.js';

/**
 * A message the server sends on its own: a `*-update` push (`data`), a request to admin
 * sessions (`authorize-tokenRequest`, with `info`), or a late reply to an earlier request
 * (`authorize-requestToken`, with `success` and that request's `tan`).
 */
export type Push =
  | { command: string; instance?: number; data: unknown }
  | { command: string; info: unknown }
  | Reply;

/** What a stateful session (WebSocket or TCP) has beyond a request's credentials. */
export interface SessionState {
  /** The instance the session's commands go to; undefined until its first instance command. */
  instance: number | undefined;
  /** The `*-update` topics it asked for. */
  readonly subscriptions: Set<string>;
  /** Whether it receives the live LED colours of any instance. */
  ledstream: boolean;
  /**
   * Instances whose `*-update` pushes it receives besides its own: those it asked about by
   * `instance` (`serverinfo`, `ledcolors`). One session then follows several instances (the web
   * UI's overview shows them all); Hyperion.ng's clients, which never ask so, see no difference.
   */
  watched?: Set<number>;
  /** Sends a push to the client. */
  push(message: Push): void;
  /**
   * Sends a push encoded once for every session that receives it (its shared bytes, unchanged);
   * without it, {@link push} gets the message and encodes it again.
   */
  pushEncoded?(push: EncodedPush): void;
  /**
   * Bytes sent but not yet taken by the client (its socket's buffer): a live stream that must
   * not grow memory holds back while this is large.
   */
  unsentBytes?(): number;
  /** Keeps the session open while it waits for something (its token request), though not signed in. */
  signIn?: SignInHold;
}

/** Who is asking, as the dispatcher sees it. */
export interface Session {
  /** The client's address (as auth/client-address.ts writes it), for the throttle and the logs. */
  readonly address: string;
  /**
   * How the request came: HTTP and WebSocket, plain or over TLS, the TCP JSON server, or a
   * broker (MQTT: the broker's credentials stand for a token, see src/mqtt/).
   */
  readonly transport: 'http' | 'https' | 'ws' | 'wss' | 'tcp' | 'mqtt';
  /**
   * The result of checking the credentials the request (HTTP) or the session (WebSocket, TCP)
   * came with; undefined while a session has not logged in.
   */
  auth: AuthResult | undefined;
  /** A WebSocket or TCP session's state; HTTP requests have none. */
  readonly state?: SessionState;
}

/** Whether the session is stateless: one request, its own credentials (HTTP). */
export const isHttp = (session: Session): boolean =>
  session.transport === 'http' || session.transport === 'https';
