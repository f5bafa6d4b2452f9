/**
 * A protobuf client written from the reference (inputs.md §3), not from the server's codec: its
 * own copy of Hyperion.ng's message definitions, encoded and decoded with protobufjs.
 */
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import protobuf from 'protobufjs';

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

/** A message with its u32 big-endian length. */
export function framed(body: Uint8Array): Buffer {
  const out = Buffer.alloc(4 + body.length);
  out.writeUInt32BE(body.length, 0);
  out.set(body, 4);
  return out;
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

/** A connected client: sends messages, reads replies in order, sees the connection close. */
export class ProtoClient {
  readonly socket: Socket;
  readonly replies: Reply[] = [];
  #buffer = Buffer.alloc(0);
  #waiting: (() => void)[] = [];
  closed = false;

  private constructor(socket: Socket) {
    this.socket = socket;
    socket.on('data', (chunk: Buffer) => {
      this.#buffer = Buffer.concat([this.#buffer, chunk]);
      while (this.#buffer.length >= 4) {
        const length = this.#buffer.readUInt32BE(0);
        if (this.#buffer.length < 4 + length) break;
        this.replies.push(readReply(this.#buffer.subarray(4, 4 + length)));
        this.#buffer = this.#buffer.subarray(4 + length);
      }
      this.#wake();
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      this.closed = true;
      this.#wake();
    });
  }

  static async connect(port: number): Promise<ProtoClient> {
    const socket = connect({ host: '127.0.0.1', port });
    await once(socket, 'connect');
    return new ProtoClient(socket);
  }

  #wake(): void {
    for (const wake of this.#waiting.splice(0)) wake();
  }

  async #wait(done: () => boolean, what: string): Promise<void> {
    const deadline = Date.now() + 10_000;
    while (!done()) {
      if (Date.now() > deadline) throw new Error(what);
      await new Promise<void>((resolve) => {
        this.#waiting.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  send(body: Uint8Array): void {
    this.socket.write(framed(body));
  }

  /** Resolves with the n-th reply (0-based) once it is there; rejects if the connection closes first. */
  async reply(n: number): Promise<Reply> {
    await this.#wait(() => {
      if (this.replies.length <= n && this.closed) {
        throw new Error(`closed after ${this.replies.length} replies`);
      }
      return this.replies.length > n;
    }, 'no reply in time');
    return this.replies[n] as Reply;
  }

  /** Sends a message and waits for its reply (the client must have read all earlier ones). */
  async ask(body: Uint8Array): Promise<Reply> {
    const n = this.replies.length;
    this.send(body);
    return this.reply(n);
  }

  /** Resolves once the server closed the connection. */
  async whenClosed(): Promise<void> {
    await this.#wait(() => this.closed, 'the connection stayed open');
  }

  close(): void {
    this.socket.destroy();
  }
}
