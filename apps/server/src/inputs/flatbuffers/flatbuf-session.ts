/**
 * The flatbuffers protocol of Hyperion.ng's grabbers (TCP 19400): what one client's requests do
 * to its source, and what it is answered.
 */
import type { InputConnection, InputProtocol, InputSession } from '../input-server.js';
import { clearRefusal } from '../own-priority.js';
import { MalformedMessage, readRequest, writeReply } from './flatbuf-codec.js';

/** The priorities a flatbuffers client may register at (Hyperion.ng's range). */
export const FLATBUF_PRIORITIES = { min: 100, max: 199 } as const;

/** `flatbufServer.port`'s default. */
export const DEFAULT_FLATBUF_PORT = 19400;

/** The origin of a client that registers with an empty one. */
const DEFAULT_ORIGIN = 'FlatBuffer';

/**
 * One client. Every request is answered, as Hyperion.ng's clients expect: `registered` with the
 * client's priority, or -1 when it must register first (its grabbers send nothing until their
 * Register is answered with their priority).
 *
 * Differences from Hyperion.ng, each what a user expects:
 * - A Color or Image before Register is not shown (ng shows a colour at priority 0, above
 *   everything, kept after the client leaves); the client is told to register (`registered: -1`).
 * - A colour stays the client's source (component FLATBUFSERVER, its origin), not a COLOR entry.
 * - Clear takes the client's own priority or -1, and removes only what this client set: one
 *   grabber cannot switch off another's picture or a user's colour. Another priority is refused
 *   with an error reply, and nothing is cleared.
 * - A message that is not a Request, or a picture whose size does not match its width and
 *   height, closes the connection after the error reply (ng keeps reading from a client whose
 *   stream is out of step).
 */
class FlatbufSession implements InputSession {
  readonly #connection: InputConnection;
  /** The last priority registered, so that a repeated Clear of it is not refused. */
  #registered: number | undefined;
  /** The last `registered` reply, kept: a stream gets the same one for every frame. */
  #reply: { registered: number; bytes: Uint8Array } | undefined;

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
        `not a flatbuffers Request (${error.message})`,
        writeReply({ error: 'Invalid FlatBuffer message received' }),
      );
      return;
    }
    switch (request.command) {
      case 'register': {
        const { priority } = request;
        if (
          !Number.isInteger(priority) ||
          priority < FLATBUF_PRIORITIES.min ||
          priority > FLATBUF_PRIORITIES.max
        ) {
          connection.send(
            writeReply({
              error: `The priority ${priority} is not in the priority range between ${FLATBUF_PRIORITIES.min} and ${FLATBUF_PRIORITIES.max}`,
              registered: source.priority ?? -1,
            }),
          );
          return;
        }
        source.register(priority, request.origin || DEFAULT_ORIGIN);
        this.#registered = priority;
        connection.send(writeReply({ registered: priority }));
        return;
      }
      case 'color':
        source.offer({ kind: 'color', rgb: request.rgb, durationMs: request.durationMs });
        break;
      case 'image':
        source.offer({
          kind: 'picture',
          picture: request.picture,
          durationMs: request.durationMs,
          receivedAt,
        });
        break;
      case 'bad-image':
        connection.fail(request.problem.detail, writeReply({ error: request.problem.error }));
        return;
      case 'clear': {
        const refusal = clearRefusal(request.priority, this.#registered);
        if (refusal) {
          connection.send(writeReply({ error: refusal, registered: source.priority ?? -1 }));
          return;
        }
        source.clear();
        break;
      }
    }
    // Unregistered (never, or since a Clear): -1 tells the client to register (again).
    connection.send(this.#registeredReply(source.priority ?? -1));
  }

  #registeredReply(registered: number): Uint8Array {
    if (this.#reply?.registered !== registered) {
      this.#reply = { registered, bytes: writeReply({ registered }) };
    }
    return this.#reply.bytes;
  }
}

/** The flatbuffers picture protocol. */
export const FLATBUFFERS: InputProtocol = {
  name: 'flatbuffers',
  component: 'FLATBUFSERVER',
  session: (connection) => new FlatbufSession(connection),
};
