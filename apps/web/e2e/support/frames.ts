// What a page says to the server and hears back over its WebSockets, as the browser saw the
// frames: for tests that a page learns something from a push rather than by asking again.
import type { Page } from 'playwright-core';

/** A JSON message of one of the page's sockets (`socket`: 0 for the first the page opened). */
export interface Frame {
  socket: number;
  message: Record<string, unknown>;
}

/** Every frame of a page's sockets, from when {@link recordFrames} was called. */
export interface FrameLog {
  /** Requests the page sent, in order. */
  readonly sent: Frame[];
  /** Replies and pushes it received, in order. */
  readonly received: Frame[];
  /** How many sockets the page has opened (more after each reconnect). */
  readonly sockets: number;
  /** The requests sent so far whose `command` is `command` (and `subcommand`, when given). */
  requests(command: string, subcommand?: string): Frame[];
  /** Whether the request `frame` has been answered (a reply with its tan on its socket). */
  answered(frame: Frame): boolean;
}

const parse = (payload: string | Buffer): Record<string, unknown> | undefined => {
  try {
    const value: unknown = JSON.parse(String(payload));
    return value !== null && typeof value === 'object'
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
};

/** Records the frames of every socket `page` opens from now on: call before it opens one. */
export function recordFrames(page: Page): FrameLog {
  const sent: Frame[] = [];
  const received: Frame[] = [];
  let sockets = 0;
  page.on('websocket', (ws) => {
    const socket = sockets++;
    ws.on('framesent', ({ payload }) => {
      const message = parse(payload);
      if (message) sent.push({ socket, message });
    });
    ws.on('framereceived', ({ payload }) => {
      const message = parse(payload);
      if (message) received.push({ socket, message });
    });
  });
  return {
    sent,
    received,
    get sockets() {
      return sockets;
    },
    requests(command, subcommand) {
      return sent.filter(
        ({ message }) =>
          message.command === command &&
          (subcommand === undefined || message.subcommand === subcommand),
      );
    },
    answered(frame) {
      return received.some(
        ({ socket, message }) =>
          socket === frame.socket && 'success' in message && message.tan === frame.message.tan,
      );
    },
  };
}
