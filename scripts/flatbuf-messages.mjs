// The messages a flatbuffers picture client sends (Hyperion.ng's grabbers: hyperion-x11,
// HyperionScreenCap, …), written from the reference (/work/shared/reference/inputs.md §2), not
// from the server's codec, so that a test built on them checks the server against the protocol.
// Shared by the server's tests, the web UI's end-to-end tests and bench/inputs.mjs; a plain
// module beside its declarations (flatbuf-messages.d.mts), so that each imports it without a
// build. Each message is a Request table whose `command` union holds the request.
import { Builder } from 'flatbuffers';

// Union tags and field slots, as inputs.md lists them.
const COMMAND = { Color: 1, Image: 2, Clear: 3, Register: 4 };
const IMAGE = { RawImage: 1, NV12Image: 2 };

/** The Request table around a command, finished. */
function request(b, type, command) {
  b.startObject(2);
  b.addFieldInt8(0, type, 0);
  b.addFieldOffset(1, command, 0);
  b.finish(b.endObject());
  return b.asUint8Array();
}

/** A message with its u32 big-endian length, as the flatbuffers and protobuf ports read it. */
export function framed(body) {
  const out = Buffer.alloc(4 + body.length);
  out.writeUInt32BE(body.length, 0);
  out.set(body, 4);
  return out;
}

/** Register(origin, priority). */
export function registerMessage(origin, priority) {
  const b = new Builder(128);
  const name = b.createString(origin);
  b.startObject(2);
  b.addFieldOffset(0, name, 0);
  b.addFieldInt32(1, priority, 0);
  return request(b, COMMAND.Register, b.endObject());
}

/** Color(0x00RRGGBB, duration ms); an absent `data` is white. */
export function colorMessage(rgb, durationMs = -1) {
  const b = new Builder(64);
  b.startObject(2);
  if (rgb !== undefined) b.addFieldInt32(0, rgb, -1);
  b.addFieldInt32(1, durationMs, -1);
  return request(b, COMMAND.Color, b.endObject());
}

/** Image(RawImage(data, width, height), duration ms): rows of RGB, or RGBX, bytes. */
export function rawImageMessage(data, width, height, durationMs = -1) {
  const b = new Builder(data.length + 128);
  const vector = b.createByteVector(data);
  b.startObject(3);
  b.addFieldOffset(0, vector, 0);
  b.addFieldInt32(1, width, -1);
  b.addFieldInt32(2, height, -1);
  const raw = b.endObject();
  b.startObject(3);
  b.addFieldInt8(0, IMAGE.RawImage, 0);
  b.addFieldOffset(1, raw, 0);
  b.addFieldInt32(2, durationMs, -1);
  return request(b, COMMAND.Image, b.endObject());
}

/** Image(NV12Image(y, uv, width, height, strides)). */
export function nv12Message(y, uv, width, height, strideY = 0, strideUv = 0) {
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
  b.addFieldInt8(0, IMAGE.NV12Image, 0);
  b.addFieldOffset(1, nv12, 0);
  return request(b, COMMAND.Image, b.endObject());
}

/** Clear(priority); -1 clears all. */
export function clearMessage(priority) {
  const b = new Builder(64);
  b.startObject(1);
  b.addFieldInt32(0, priority, 0);
  return request(b, COMMAND.Clear, b.endObject());
}
