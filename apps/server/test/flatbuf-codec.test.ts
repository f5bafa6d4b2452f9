import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  COMMAND,
  FIELDS,
  IMAGE_TYPE,
  MalformedMessage,
  readReply,
  readRequest,
  writeClear,
  writeColor,
  writeRawImage,
  writeRegister,
  writeReply,
} from '../src/inputs/flatbuffers/flatbuf-codec.js';
import { FramingError, LengthPrefixedReader } from '../src/inputs/length-prefixed.js';
import { nv12Picture, rawPicture, toRgb } from '../src/inputs/picture.js';

const FBS = readFileSync(
  new URL('../src/inputs/flatbuffers/hyperion.fbs', import.meta.url),
  'utf8',
);

/** The field ids of each table of a `.fbs` file: declaration order, a union taking two. */
function fbsFields(text: string): Record<string, Record<string, number>> {
  const unions = new Set([...text.matchAll(/^union (\w+)/gm)].map((m) => m[1]));
  const tables: Record<string, Record<string, number>> = {};
  for (const [, name, body] of text.matchAll(/^table (\w+) \{([^}]*)\}/gm)) {
    const fields: Record<string, number> = {};
    let id = 0;
    for (const [, field, type] of (body ?? '').matchAll(/^\s*(\w+):\s*\[?(\w+)/gm)) {
      if (unions.has(type)) fields[`${field}_type`] = id++;
      fields[field as string] = id++;
    }
    tables[name as string] = fields;
  }
  return tables;
}

describe('the flatbuffers codec', () => {
  it('reads and writes the field ids and union tags hyperion.fbs declares', () => {
    const declared = fbsFields(FBS);
    // The codec calls a union's type field by the union's member name (`command_type`, `data_type`).
    expect(FIELDS).toEqual(declared);
    const union = (name: string) =>
      (FBS.match(new RegExp(`^union ${name} \\{([^}]*)\\}`, 'm'))?.[1] ?? '')
        .split(',')
        .map((s) => s.trim());
    expect(union('Command').map((n) => COMMAND[n as keyof typeof COMMAND])).toEqual([1, 2, 3, 4]);
    expect(union('ImageType').map((n) => IMAGE_TYPE[n as keyof typeof IMAGE_TYPE])).toEqual([1, 2]);
  });
});

describe('pictures', () => {
  it('converts NV12 (BT.601 limited range) and point-samples with pixelDecimation first', () => {
    // 2×2: Y 16 (black) and 235 (white), U = V = 128; then pure red's Y 81, U 90, V 240.
    const gray = nv12Picture(
      Uint8Array.from([16, 235, 235, 16]),
      Uint8Array.from([128, 128]),
      2,
      2,
      0,
      0,
    );
    if ('error' in gray) throw new Error(gray.detail);
    expect([...toRgb(gray).data]).toEqual([0, 0, 0, 255, 255, 255, 255, 255, 255, 0, 0, 0]);
    const red = nv12Picture(Uint8Array.from([81, 81]), Uint8Array.from([90, 240]), 2, 1, 0, 0);
    if ('error' in red) throw new Error(red.detail);
    expect([...toRgb(red).data.subarray(0, 3)]).toEqual([255, 0, 0]);
    // 4×1 RGB, decimation 2: pixels 1 and 3 (⌊d/2⌋ + k·d).
    const raw = rawPicture(Uint8Array.from([0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3]), 4, 1);
    if ('error' in raw) throw new Error(raw.detail);
    expect(toRgb(raw, 2)).toEqual({
      width: 2,
      height: 1,
      data: Uint8Array.from([1, 1, 1, 3, 3, 3]),
    });
  });

  it('takes exact sizes only', () => {
    expect(rawPicture(new Uint8Array(13), 2, 2)).toMatchObject({
      error: 'Size of image data does not match with the width and height',
    });
    expect(rawPicture(new Uint8Array(12), 2, 2)).toMatchObject({ format: 'rgb' });
    expect(rawPicture(new Uint8Array(16), 2, 2)).toMatchObject({ format: 'rgbx' });
    expect(rawPicture(new Uint8Array(12), 0, 2)).toMatchObject({
      error: 'Invalid width and/or height or no raw image data provided',
    });
    expect(nv12Picture(new Uint8Array(4), new Uint8Array(1), 2, 2, 0, 0)).toMatchObject({
      error: 'Invalid width and/or height or no complete NV12 image data provided',
    });
  });
});

describe('length-prefixed framing', () => {
  it('cuts messages across chunks, several in one chunk, and refuses a length over the limit', () => {
    const reader = new LengthPrefixedReader(100);
    const stream = Buffer.from([0, 0, 0, 2, 7, 8, 0, 0, 0, 1, 9, 0, 0]);
    expect(reader.push(stream.subarray(0, 5)).map((b) => [...b])).toEqual([]);
    expect(reader.push(stream.subarray(5)).map((b) => [...b])).toEqual([[7, 8], [9]]);
    expect(reader.pending).toBe(2);
    expect(() => reader.push(Buffer.from([0, 101]))).toThrow(FramingError);
  });

  it('writes the requests a client sends and reads the replies a server answers (the forwarder)', () => {
    expect(readRequest(writeRegister('Forwarder', 140))).toEqual({
      command: 'register',
      origin: 'Forwarder',
      priority: 140,
    });
    expect(readRequest(writeColor([255, 128, 1]))).toEqual({
      command: 'color',
      rgb: [255, 128, 1],
      durationMs: -1,
    });
    const data = Uint8Array.from([1, 2, 3, 4, 5, 6]);
    expect(readRequest(writeRawImage({ width: 2, height: 1, data }))).toEqual({
      command: 'image',
      picture: { format: 'rgb', width: 2, height: 1, data },
      durationMs: -1,
    });
    expect(readRequest(writeClear(140))).toEqual({ command: 'clear', priority: 140 });
    expect(readReply(writeReply({ registered: 140 }))).toEqual({ registered: 140, video: -1 });
    expect(readReply(writeReply({ error: 'no' }))).toEqual({
      error: 'no',
      registered: -1,
      video: -1,
    });
    expect(() => readReply(Uint8Array.from([200, 0, 0, 0, 1]))).toThrow(MalformedMessage);
  });
});
