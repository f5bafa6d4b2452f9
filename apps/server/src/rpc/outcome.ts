import type { Reply } from '@glowkit/protocol';

/** What a request leads to: the reply, and what the transport does around it. */
export interface Outcome {
  /** What the reply says (its `info` may be left out when `text` carries it). */
  reply: Reply;
  /** The reply already serialised, when it was built from stored JSON text. */
  text?: string;
  /** The HTTP status (default 200). */
  status?: number;
  /** Extra HTTP headers, e.g. WWW-Authenticate, Retry-After. */
  headers?: Record<string, string>;
  /** Milliseconds to wait before replying (failed authorizations are slowed down). */
  delayMs?: number;
  /** Runs once the reply has been flushed to the client (the restart after a restore). */
  after?: () => void;
  /**
   * Send nothing now: the reply comes later through the session's `push` (a token request is
   * answered when an admin decides). `reply` is then only what the logs show.
   */
  silent?: boolean;
  /** Close the WebSocket after the reply with this code and reason. */
  close?: { code: number; reason: string };
}
