import { MAX_IMAGE_BYTES, readBase64 } from './base64.js';
import {
  type Check,
  checkObject,
  type Field,
  integer,
  integerWords,
  own,
  string,
  tanField,
} from './checks.js';
import {
  commandField,
  durationField,
  instancesField,
  originField,
  priorityField,
} from './control-checks.js';
import { type Parser, parserOf } from './parse.js';
import { type Violation, violation } from './violations.js';

/** The largest width or height of an image, in pixels (Hyperion.ng scales larger ones down). */
export const MAX_IMAGE_SIDE = 2000;

/**
 * How many characters of an image's `name` the priority list shows as its owner: 16, as in
 * Hyperion.ng, which cuts longer names.
 */
export const IMAGE_OWNER_LENGTH = 16;

/** The longest image `name` Glowkit takes: a file name's limit on common file systems. */
export const MAX_IMAGE_NAME_LENGTH = 255;

/** A valid `image` request: show one picture at a priority. */
export interface ImageRequest {
  command: 'image';
  tan?: number;
  /** 1 to 253; lower wins. */
  priority: number;
  /**
   * Base64 of the picture: a picture file (PNG, JPEG, …), or raw RGB, 3 bytes per pixel, row by
   * row, exactly `imagewidth × imageheight × 3` bytes; {@link imageEncodingOf} tells which.
   */
  imagedata: string;
  /**
   * `"auto"`: a picture file, recognised by its content. `"raw"`: raw RGB. Absent: raw RGB when
   * a size is given (as Hyperion.ng's `hyperion-remote` sends it), else a picture file.
   */
  format?: ImageFormat;
  /** Width of raw data, 1 to 2000 pixels; required for raw data, ignored otherwise. */
  imagewidth?: number;
  /** Height of raw data, 1 to 2000 pixels; required for raw data, ignored otherwise. */
  imageheight?: number;
  /** Scale the picture down so that no side exceeds this many pixels (25 to 2000). */
  scale?: number;
  /** A label, e.g. the file name; the priority list shows its first 16 characters. */
  name?: string;
  /** Milliseconds; negative or absent (-1) lasts until the priority is cleared. */
  duration?: number;
  /** Who sets it, 4 to 20 characters. */
  origin?: string;
  /** The instances to show it on; the session's instance when absent. */
  instance?: number[];
}

/** The values of an image request's `format`. */
export const IMAGE_FORMATS = ['auto', 'raw'] as const;

/** A value of an image request's `format`. */
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

const FORMAT_RULE =
  'must be "auto" (a picture file, e.g. PNG or JPEG) or "raw" (RGB bytes with imagewidth and imageheight)';

const checkFormat: Check = (value, pointer, out) => {
  if (!(IMAGE_FORMATS as readonly unknown[]).includes(value)) {
    out.push(violation(pointer, FORMAT_RULE));
  }
};

/**
 * What the `imagedata` of an image request holds: `'raw'` RGB bytes, or a picture file to
 * decode (`'auto'`). `format` decides when it is `"auto"` or `"raw"`; without it, a request
 * that gives `imagewidth` or `imageheight` is raw (Hyperion.ng's `hyperion-remote` and older
 * clients send raw RGB that way, and Hyperion.ng reads a missing format as raw), and one that
 * gives neither is a picture file (Hyperion.ng would fail it with "Size of image data does not
 * match"). The validator and the server both decide with this function.
 *
 * @param request - a parsed `image` request (valid or not; anything else gives `'auto'`).
 */
export function imageEncodingOf(request: unknown): ImageFormat {
  const format = own(request, 'format');
  if (format === 'raw' || format === 'auto') return format;
  const sized =
    own(request, 'imagewidth') !== undefined || own(request, 'imageheight') !== undefined;
  return format === undefined && sized ? 'raw' : 'auto';
}

const SIDE_WORDS = integerWords(1, MAX_IMAGE_SIDE);
const side = integer(1, MAX_IMAGE_SIDE);

// The raw size check needs the width and height: it runs only when both are valid, so that a
// bad width is reported once, at its own pointer.
function checkImageData(raw: boolean, width: unknown, height: unknown): Check {
  return (value, pointer, out) => {
    const bytes = readBase64(value, pointer, out, MAX_IMAGE_BYTES);
    if (bytes === undefined) return;
    if (bytes === 0) {
      out.push(violation(pointer, 'must hold a picture: it decodes to no bytes'));
      return;
    }
    const sized = Number.isInteger(width) && Number.isInteger(height);
    if (!raw || !sized) return;
    const [w, h] = [width as number, height as number];
    if (w < 1 || h < 1 || w > MAX_IMAGE_SIDE || h > MAX_IMAGE_SIDE || bytes === w * h * 3) return;
    const rule =
      `must hold imagewidth × imageheight × 3 bytes of raw RGB (${w} × ${h} × 3 = ${w * h * 3}), ` +
      `not ${bytes}; for a PNG or JPEG picture set format "auto"`;
    out.push(violation(pointer, rule));
  };
}

function fieldsFor(request: unknown): ReadonlyMap<string, Field> {
  // Raw data needs both sizes; a wrong format is reported by itself (imageEncodingOf calls it
  // 'auto') rather than also asking for sizes the client may not have meant to send.
  const raw = imageEncodingOf(request) === 'raw';
  const width = own(request, 'imagewidth');
  const height = own(request, 'imageheight');
  const sideRequired = raw
    ? `${SIDE_WORDS}: raw RGB data needs its size; for a picture file set format "auto"`
    : undefined;
  return new Map<string, Field>([
    ['command', commandField('image')],
    ['tan', tanField],
    ['priority', priorityField],
    ['imagedata', { required: 'base64 of the picture', check: checkImageData(raw, width, height) }],
    ['format', { check: checkFormat }],
    ['imagewidth', { required: sideRequired, check: side }],
    ['imageheight', { required: sideRequired, check: side }],
    ['scale', { check: integer(25, MAX_IMAGE_SIDE) }],
    ['name', { check: string(0, MAX_IMAGE_NAME_LENGTH) }],
    ['duration', durationField],
    ['origin', originField],
    ['instance', instancesField],
  ]);
}

/**
 * Every violation of an `image` request, in document order; `[]` when it is valid (see
 * {@link ImageRequest}).
 *
 * `priority` (required) is an integer from 1 to 253; `imagedata` (required) base64 of at most
 * 16 MiB that decodes to at least one byte; `format`, if present, `"auto"` or `"raw"`; for raw
 * data (see {@link imageEncodingOf}) `imagewidth` and `imageheight` (integers from 1 to 2000)
 * are required and must match its size exactly; `scale` an integer from 25 to 2000; `name` at
 * most 255 characters; `duration`, `origin` and `instance` as for `effect`. Hyperion.ng's schema
 * takes only `"auto"`; `"raw"` is Glowkit's explicit name for what a missing format means there.
 * Hyperion.ng reports a wrong raw size only after decoding, and a broken picture only as "Failed
 * to parse picture". Kept for its clients: Hyperion.ng's web UI sends the file name as `name`,
 * often longer than the 16 characters Hyperion.ng keeps, so a longer name is accepted here too
 * (and shortened for display). Other top-level properties are allowed.
 *
 * @param request - the parsed request.
 * @returns all violations at once.
 */
export function validateImageRequest(request: unknown): Violation[] {
  const out: Violation[] = [];
  checkObject(out, '', request, 'a JSON object', fieldsFor(request), 'allow');
  return out;
}

/** The typed value of a valid `image` request (see {@link ImageRequest}), or its violations. */
export const parseImageRequest: Parser<ImageRequest> = parserOf(validateImageRequest);
