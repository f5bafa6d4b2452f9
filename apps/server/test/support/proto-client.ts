/**
 * A protobuf client written from the reference (inputs.md §3), not from the server's codec: its
 * own copy of Hyperion.ng's message definitions, encoded and decoded with protobufjs.
 */
import protobuf from 'protobufjs';
import { connectTo, FramedClient } from './framed-client.js';

export { framed } from './framed-client.js';

const { root } = protobuf.parse(
  `syntax = "proto2";
  package proto;
  message HyperionRequest {
    enum Command { COLOR = 1; IMAGE = 2; CLEAR = 3; CLEARALL = 4; }
    required Command command = 1;
    extensions 10 to 100;
  }
  message ColorRequest {
    extend HyperionRequest { optional ColorRequest colorRequest = 10; }
    required int32 priority = 1;
    required int32 RgbColor = 2;
    optional int32 duration = 3;
  }
  message ImageRequest {
    extend HyperionRequest { optional ImageRequest imageRequest = 11; }
    required int32 priority = 1;
    required int32 imagewidth = 2;
    required int32 imageheight = 3;
    required bytes imagedata = 4;
    optional int32 duration = 5;
  }
  message ClearRequest {
    extend HyperionRequest { optional ClearRequest clearRequest = 12; }
    required int32 priority = 1;
  }
  message HyperionReply {
    enum Type { REPLY = 1; VIDEO = 2; }
    required Type type = 1;
    optional bool success = 2;
    optional string error = 3;
    optional int32 video = 4;
  }`,
  { keepCase: true },
);
const Request = root.lookupType('proto.HyperionRequest');
const ReplyType = root.lookupType('proto.HyperionReply');

/** COLOR at a priority, 0x00RRGGBB, with a duration in ms when given. */
export function colorMessage(priority: number, rgb: number, durationMs?: number): Uint8Array {
  return Request.encode({
    command: 1,
    '.proto.ColorRequest.colorRequest': {
      priority,
      RgbColor: rgb,
      ...(durationMs === undefined ? {} : { duration: durationMs }),
    },
  }).finish();
}

/** IMAGE at a priority: rows of RGB or RGBA bytes. */
export function imageMessage(
  priority: number,
  data: Uint8Array,
  width: number,
  height: number,
  durationMs?: number,
): Uint8Array {
  return Request.encode({
    command: 2,
    '.proto.ImageRequest.imageRequest': {
      priority,
      imagewidth: width,
      imageheight: height,
      imagedata: data,
      ...(durationMs === undefined ? {} : { duration: durationMs }),
    },
  }).finish();
}

/** CLEAR of a priority. */
export function clearMessage(priority: number): Uint8Array {
  return Request.encode({ command: 3, '.proto.ClearRequest.clearRequest': { priority } }).finish();
}

/** CLEARALL. */
export function clearAllMessage(): Uint8Array {
  return Request.encode({ command: 4 }).finish();
}

/** A bare command without its request (COLOR without a ColorRequest…). */
export function bareCommand(command: number): Uint8Array {
  return Request.encode({ command }).finish();
}

/** A HyperionReply as a client reads it (absent fields left out). */
export interface Reply {
  type: number;
  success?: boolean;
  error?: string;
  video?: number;
}

function readReply(bytes: Uint8Array): Reply {
  const message = ReplyType.decode(bytes);
  return ReplyType.toObject(message) as Reply;
}

/** A connected protobuf client. */
export class ProtoClient extends FramedClient<Reply> {
  static async connect(port: number): Promise<ProtoClient> {
    return new ProtoClient(await connectTo(port), readReply);
  }
}
