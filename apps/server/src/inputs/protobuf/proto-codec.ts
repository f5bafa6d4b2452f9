/**
 * Reads the requests and writes the replies of `message.proto` (Hyperion.ng's protobuf picture
 * protocol) with protobufjs.
 *
 * protobufjs is loaded and the `.proto` file parsed once, when the first message is read or the
 * first reply written (about 5 ms), not when the server starts: most installations never see a
 * protobuf client, and the library would cost them about a megabyte of heap and code for
 * nothing. The file is parsed rather than compiled to static code with `pbjs`: the file stays the one description of the protocol,
 * the build needs no code generator, and nothing generated is committed. Static code would type
 * the decoded messages, but they are checked field by field here anyway (presence, ranges) and
 * turned into {@link ProtoRequest}, which is what the session sees.
 */
import { readFileSync } from 'node:fs';
import type * as Protobuf from 'protobufjs';
import { onFirstUse } from '../../runtime/on-first-use.js';
import { PICTURE_ERRORS, type Picture, type PictureError, rawPicture } from '../picture.js';

/**
 * The `.proto` file, beside this module's source. Both `src/inputs/protobuf/` and
 * `dist/inputs/protobuf/` lie three levels below the package, so one path serves the tests (run
 * from the sources) and the built server.
 */
const PROTO_FILE = new URL('../../../src/inputs/protobuf/message.proto', import.meta.url);

/** The request and reply types, from protobufjs and the `.proto` file loaded on first use. */
const messageTypes = onFirstUse('protobufjs', import.meta.url, (protobuf: typeof Protobuf) => {
  const { root } = protobuf.parse(readFileSync(PROTO_FILE, 'utf8'), { keepCase: true });
  return {
    request: root.lookupType('proto.HyperionRequest'),
    reply: root.lookupType('proto.HyperionReply'),
  };
});

/** `HyperionRequest.Command`. */
export const COMMAND = { COLOR: 1, IMAGE: 2, CLEAR: 3, CLEARALL: 4 } as const;

/** The extensions' names as protobufjs keys them on a decoded request. */
const EXTENSION = {
  color: '.proto.ColorRequest.colorRequest',
  image: '.proto.ImageRequest.imageRequest',
  clear: '.proto.ClearRequest.clearRequest',
} as const;

/** Hyperion.ng's reply texts, kept for its clients. */
export const PROTO_ERRORS = {
  parse: 'Unable to parse message',
  missing: (command: 'COLOR' | 'IMAGE' | 'CLEAR', request: string) =>
    `Received ${command} command without ${request}`,
} as const;

/** A request, read and checked. */
export type ProtoRequest =
  | { command: 'color'; priority: number; rgb: [number, number, number]; durationMs: number }
  | { command: 'image'; priority: number; picture: Picture; durationMs: number }
  /** An image whose sizes are wrong: what to tell the client and the log. */
  | { command: 'bad-image'; priority: number; problem: PictureError }
  | { command: 'clear'; priority: number }
  | { command: 'clear-all' }
  /** A well-formed request the server cannot act on: told to the client, the connection kept. */
  | { command: 'refused'; error: string };

/** A message that is not a `HyperionRequest`; its message says why, in one line. */
export class MalformedMessage extends Error {}

type Fields = Record<string, unknown>;

const has = (message: Fields, key: string): boolean => Object.hasOwn(message, key);

/** The extension's request, when the message carries it. */
const extension = (message: Fields, key: string): Fields | undefined =>
  has(message, key) ? (message[key] as Fields) : undefined;

/** An optional `duration`: absent means endless (-1). */
const durationOf = (request: Fields): number =>
  has(request, 'duration') ? (request.duration as number) : -1;

/**
 * Reads a request. A message that does not decode, or lacks a required field (the request's own
 * or its extension's), throws {@link MalformedMessage}: nothing of it is acted on (Hyperion.ng
 * answers, then dispatches what it read).
 */
export function readRequest(body: Uint8Array): ProtoRequest {
  let message: Fields;
  try {
    message = messageTypes().request.decode(body) as unknown as Fields;
  } catch (error) {
    // protobufjs says where in one line ("missing required 'priority'", "index out of range").
    throw new MalformedMessage((error as Error).message.split('\n')[0]);
  }
  switch (message.command) {
    case COMMAND.COLOR: {
      const request = extension(message, EXTENSION.color);
      if (!request)
        return { command: 'refused', error: PROTO_ERRORS.missing('COLOR', 'ColorRequest') };
      const rgb = request.RgbColor as number;
      return {
        command: 'color',
        priority: request.priority as number,
        rgb: [(rgb >> 16) & 255, (rgb >> 8) & 255, rgb & 255],
        durationMs: durationOf(request),
      };
    }
    case COMMAND.IMAGE: {
      const request = extension(message, EXTENSION.image);
      if (!request)
        return { command: 'refused', error: PROTO_ERRORS.missing('IMAGE', 'ImageRequest') };
      const priority = request.priority as number;
      const picture = rawPicture(
        request.imagedata as Uint8Array,
        request.imagewidth as number,
        request.imageheight as number,
      );
      if ('error' in picture) {
        // One text for every size problem, as Hyperion.ng's protobuf server words it.
        return {
          command: 'bad-image',
          priority,
          problem: { error: PICTURE_ERRORS.rawSize, detail: picture.detail },
        };
      }
      return { command: 'image', priority, picture, durationMs: durationOf(request) };
    }
    case COMMAND.CLEAR: {
      const request = extension(message, EXTENSION.clear);
      if (!request)
        return { command: 'refused', error: PROTO_ERRORS.missing('CLEAR', 'ClearRequest') };
      return { command: 'clear', priority: request.priority as number };
    }
    case COMMAND.CLEARALL:
      return { command: 'clear-all' };
    default:
      // protobufjs reads an unknown value of the closed (proto2) enum as a missing `command`, as
      // Hyperion.ng's parser does: its "Command not implemented" is never sent.
      throw new MalformedMessage(`unknown command ${String(message.command)}`);
  }
}

/** A `HyperionReply` of type REPLY: success, or failure with Hyperion.ng's text. */
export function writeReply(
  reply: { success: true } | { success: false; error: string },
): Uint8Array {
  return messageTypes()
    .reply.encode({ type: 1, ...reply })
    .finish();
}
