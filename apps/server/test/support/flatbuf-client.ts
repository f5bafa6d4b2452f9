/**
 * A flatbuffers client written from the reference (inputs.md §2), not from the server's codec:
 * it builds Hyperion.ng's request tables with the `flatbuffers` runtime and reads its replies.
 */
import { Builder, ByteBuffer } from 'flatbuffers';
import { connectTo, FramedClient } from './framed-client.js';

export { framed } from './framed-client.js';

// Union tags and field slots, as inputs.md lists them.
const CMD = { Color: 1, Image: 2, Clear: 3, Register: 4 };
const IMG = { RawImage: 1, NV12Image: 2 };

function request(b: Builder, type: number, command: number): Uint8Array {
  b.startObject(2);
  b.addFieldInt8(0, type, 0);
  b.addFieldOffset(1, command, 0);
  b.finish(b.endObject());
  return b.asUint8Array();
}

/** Register(origin, priority). */
export function registerMessage(origin: string, priority: number): Uint8Array {
  const b = new Builder(128);
  const name = b.createString(origin);
  b.startObject(2);
  b.addFieldOffset(0, name, 0);
  b.addFieldInt32(1, priority, 0);
  return request(b, CMD.Register, b.endObject());
}

/** Color(0x00RRGGBB, duration ms); an absent `data` is white. */
export function colorMessage(rgb: number | undefined, durationMs = -1): Uint8Array {
  const b = new Builder(64);
  b.startObject(2);
  if (rgb !== undefined) b.addFieldInt32(0, rgb, -1);
  b.addFieldInt32(1, durationMs, -1);
  return request(b, CMD.Color, b.endObject());
}

/** Image(RawImage(data, width, height), duration ms). */
export function rawImageMessage(
  data: Uint8Array,
  width: number,
  height: number,
  durationMs = -1,
): Uint8Array {
  const b = new Builder(data.length + 128);
  const vector = b.createByteVector(data);
  b.startObject(3);
  b.addFieldOffset(0, vector, 0);
  b.addFieldInt32(1, width, -1);
  b.addFieldInt32(2, height, -1);
  const raw = b.endObject();
  b.startObject(3);
  b.addFieldInt8(0, IMG.RawImage, 0);
  b.addFieldOffset(1, raw, 0);
  b.addFieldInt32(2, durationMs, -1);
  return request(b, CMD.Image, b.endObject());
}

/** Image(NV12Image(y, uv, width, height, strides)). */
export function nv12Message(
  y: Uint8Array,
  uv: Uint8Array,
  width: number,
  height: number,
  strideY = 0,
  strideUv = 0,
): Uint8Array {
  const b = new Builder(y.length + uv.length + 128);
  const yv = b.createByteVector(y);
  const uvv = b.createByteVector(uv);
  b.startObject(6);
  b.addFieldOffset(0, yv, 0);
  b.addFieldOffset(1, uvv, 0);
  b.addFieldInt32(2, width, 0);
  b.addFieldInt32(3, height, 0);
  b.addFieldInt32(4, strideY, 0);
  b.addFieldInt32(5, strideUv, 0);
  const nv12 = b.endObject();
  b.startObject(3);
  b.addFieldInt8(0, IMG.NV12Image, 0);
  b.addFieldOffset(1, nv12, 0);
  return request(b, CMD.Image, b.endObject());
}

/** Clear(priority); -1 clears all. */
export function clearMessage(priority: number): Uint8Array {
  const b = new Builder(64);
  b.startObject(1);
  b.addFieldInt32(0, priority, 0);
  return request(b, CMD.Clear, b.endObject());
}

/** A Reply as a client reads it: absent fields at their defaults. */
export interface Reply {
  error?: string;
  video: number;
  registered: number;
}

function readReply(bytes: Uint8Array): Reply {
  const bb = new ByteBuffer(bytes);
  const table = bb.readInt32(0);
  const vtable = table - bb.readInt32(table);
  const vtableSize = bb.readInt16(vtable);
  const slot = (id: number) => (4 + 2 * id < vtableSize ? bb.readInt16(vtable + 4 + 2 * id) : 0);
  const int = (id: number) => (slot(id) ? bb.readInt32(table + slot(id)) : -1);
  const reply: Reply = { video: int(1), registered: int(2) };
  if (slot(0)) reply.error = bb.__string(table + slot(0)) as string;
  return reply;
}

/** A connected flatbuffers client. */
export class FlatbufClient extends FramedClient<Reply> {
  static async connect(port: number): Promise<FlatbufClient> {
    return new FlatbufClient(await connectTo(port), readReply);
  }
}
