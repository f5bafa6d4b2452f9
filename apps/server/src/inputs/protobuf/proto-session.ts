/**
 * The protobuf protocol of Hyperion.ng's older clients (TCP 19445: the Android grabber, the Kodi
 * add-on, HyperionScreenCap): what one client's requests do to its source, and what it is
 * answered.
 */
import type { InputConnection, InputProtocol, InputSession } from '../input-server.js';
import { clearRefusal } from '../own-priority.js';
import { MalformedMessage, PROTO_ERRORS, readRequest, writeReply } from './proto-codec.js';

/** The priorities a protobuf request may carry (Hyperion.ng's range). */
export const PROTO_PRIORITIES = { min: 100, max: 199 } as const;

/** `protoServer.port`'s default. */
export const DEFAULT_PROTO_PORT = 19445;

/** The client's part of its origin: `priorities` shows `Proto@<address>`. */
const ORIGIN = 'Proto';

/**
 * The success reply, written once on first use: written here at import time it would load
 * protobufjs (and parse message.proto) when the server starts, which the codec's first-use
 * loading exists to avoid.
 */
let success: Uint8Array | undefined;
const failure = (error: string) => writeReply({ success: false, error });

/**
 * One client. There is no registration: each COLOR and IMAGE carries its priority, and the
 * client's source moves there when it changes. Every request is answered `{type: REPLY,
 * success}`, with Hyperion.ng's error text when it fails.
 *
 * Differences from Hyperion.ng, each what a user expects:
 * - Every message of a TCP segment is handled (ng handles one per read, so the second of a
 *   write waits for more bytes).
 * - A message that does not parse is answered "Unable to parse message" and the connection is
 *   closed, nothing of it acted on (ng dispatches the half it read, and keeps a client whose
 *   stream is out of step). So is a picture whose size is not exactly 3·w·h (RGB) or 4·w·h
 *   (RGBA, alpha ignored): ng copies sizes in between past its buffer.
 * - A colour stays the client's source (component PROTOSERVER, its origin), not a COLOR entry.
 * - CLEAR takes the client's own priority or -1, as flatbuffers' Clear does; CLEARALL clears
 *   what this client set, not every colour and effect (ng's clear-all, which the Kodi add-on
 *   triggers whenever a frame is late).
 * - The source's origin is always `Proto@<address>` (ng also says `PROTO@…` after an instance
 *   restart), and no phantom priority 0 is created by the first message.
 */
class ProtoSession implements InputSession {
  readonly #connection: InputConnection;
  /** The last priority used, so that a repeated CLEAR of it is not refused. */
  #own: number | undefined;

  constructor(connection: InputConnection) {
    this.#connection = connection;
  }

  message(body: Buffer, receivedAt: number): void {
    const connection = this.#connection;
    const { source } = connection;
    let request: ReturnType<typeof readRequest>;
    try {
      request = readRequest(body);
    } catch (error) {
      if (!(error instanceof MalformedMessage)) throw error;
      connection.fail(
        `not a protobuf HyperionRequest (${error.message})`,
        failure(PROTO_ERRORS.parse),
      );
      return;
    }
    switch (request.command) {
      case 'refused':
        connection.send(failure(request.error));
        return;
      case 'clear': {
        const refusal = clearRefusal(request.priority, this.#own);
        if (refusal) {
          connection.send(failure(refusal));
          return;
        }
        source.clear();
        break;
      }
      case 'clear-all':
        source.clear();
        break;
      default: {
        const { priority } = request;
        if (
          !Number.isInteger(priority) ||
          priority < PROTO_PRIORITIES.min ||
          priority > PROTO_PRIORITIES.max
        ) {
          connection.send(
            failure(
              `The priority ${priority} is not in the valid priority range between ${PROTO_PRIORITIES.min} and ${PROTO_PRIORITIES.max}.`,
            ),
          );
          return;
        }
        if (request.command === 'bad-image') {
          connection.fail(request.problem.detail, failure(request.problem.error));
          return;
        }
        // After a CLEAR too: the client's next frame brings its source back.
        if (source.priority !== priority) source.register(priority, ORIGIN);
        this.#own = priority;
        source.offer(
          request.command === 'color'
            ? { kind: 'color', rgb: request.rgb, durationMs: request.durationMs }
            : {
                kind: 'picture',
                picture: request.picture,
                durationMs: request.durationMs,
                receivedAt,
              },
        );
      }
    }
    success ??= writeReply({ success: true });
    connection.send(success);
  }
}

/** The protobuf picture protocol. */
export const PROTOBUF: InputProtocol = {
  name: 'protobuf',
  component: 'PROTOSERVER',
  session: (connection) => new ProtoSession(connection),
};
