/** A message with its u32 big-endian length, as the flatbuffers and protobuf ports read it. */
export declare function framed(body: Uint8Array): Buffer;
/** Register(origin, priority). */
export declare function registerMessage(origin: string, priority: number): Uint8Array;
/** Color(0x00RRGGBB, duration ms); an absent `data` is white. */
export declare function colorMessage(rgb: number | undefined, durationMs?: number): Uint8Array;
/** Image(RawImage(data, width, height), duration ms): rows of RGB, or RGBX, bytes. */
export declare function rawImageMessage(
  data: Uint8Array,
  width: number,
  height: number,
  durationMs?: number,
): Uint8Array;
/** Image(NV12Image(y, uv, width, height, strides)). */
export declare function nv12Message(
  y: Uint8Array,
  uv: Uint8Array,
  width: number,
  height: number,
  strideY?: number,
  strideUv?: number,
): Uint8Array;
/** Clear(priority); -1 clears all. */
export declare function clearMessage(priority: number): Uint8Array;
