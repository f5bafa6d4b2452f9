import { describe, expect, it } from 'vitest';
import { imageEncodingOf, validateImageRequest } from '../src/index.js';
import { changed, PNG_1X1, WEB_UI } from './control-requests.js';
import { described } from './requests.js';

// A raw RGB image of 2 × 1 pixels: red, green.
const RAW_2X1 = Buffer.from([255, 0, 0, 0, 255, 0]).toString('base64');

// As Hyperion.ng's hyperion-remote sends it: raw RGB with its size, no format.
const RAW_REQUEST = {
  command: 'image',
  imagedata: RAW_2X1,
  imagewidth: 2,
  imageheight: 1,
  origin: 'hyperion-py',
  priority: 50,
  tan: 9,
};

const auto = (change: Record<string, unknown>): string[] =>
  described(validateImageRequest(changed(WEB_UI.image, change)));
const raw = (change: Record<string, unknown>): string[] =>
  described(validateImageRequest(changed(RAW_REQUEST, change)));

describe('validateImageRequest', () => {
  it("accepts Hyperion.ng's web UI upload (format auto, the file name as name)", () => {
    expect(RAW_2X1).toBe('/wAAAP8A');
    expect(validateImageRequest(WEB_UI.image)).toEqual([]);
  });

  it('accepts raw RGB data whose size is imagewidth × imageheight × 3', () => {
    expect(validateImageRequest(RAW_REQUEST)).toEqual([]);
    expect(raw({ imagewidth: 1, imageheight: 2, scale: 25, duration: 5000, name: 'two' })).toEqual(
      [],
    );
  });

  it('needs imagedata and priority', () => {
    expect(described(validateImageRequest({ command: 'image', format: 'auto' }))).toEqual([
      '/priority: is required (an integer from 1 to 253)',
      '/imagedata: is required (base64 of the picture)',
    ]);
  });

  it('needs both imagewidth and imageheight for raw data', () => {
    const required = (side: string): string =>
      `/${side}: is required (an integer from 1 to 2000: raw RGB data needs its size; for a picture file set format "auto")`;
    expect(raw({ format: 'raw', imagewidth: undefined, imageheight: undefined })).toEqual([
      required('imagewidth'),
      required('imageheight'),
    ]);
    expect(raw({ imageheight: undefined })).toEqual([required('imageheight')]);
    expect(raw({ format: 'raw' })).toEqual([]);
  });

  it('takes a picture file without format or sizes, which Hyperion.ng would fail', () => {
    expect(auto({ format: undefined })).toEqual([]);
    expect(validateImageRequest({ command: 'image', imagedata: PNG_1X1, priority: 50 })).toEqual(
      [],
    );
  });

  it('decides raw or picture file the same way for the validator and the server', () => {
    expect(imageEncodingOf(RAW_REQUEST)).toBe('raw');
    expect(imageEncodingOf({ imagedata: RAW_2X1, imageheight: 1 })).toBe('raw');
    expect(imageEncodingOf({ format: 'raw' })).toBe('raw');
    expect(imageEncodingOf(WEB_UI.image)).toBe('auto');
    expect(imageEncodingOf({ format: 'auto', imagewidth: 2, imageheight: 1 })).toBe('auto');
    expect(imageEncodingOf({ imagedata: PNG_1X1 })).toBe('auto');
    expect(imageEncodingOf({ format: 'png', imagewidth: 2 })).toBe('auto');
    expect(imageEncodingOf(null)).toBe('auto');
  });

  it('refuses raw data of another size than the one given', () => {
    expect(raw({ imageheight: 2 })).toEqual([
      '/imagedata: must hold imagewidth × imageheight × 3 bytes of raw RGB (2 × 2 × 3 = 12), not 6; for a PNG or JPEG picture set format "auto"',
    ]);
    expect(raw({ format: 'raw', imagewidth: 1 })).toEqual([
      '/imagedata: must hold imagewidth × imageheight × 3 bytes of raw RGB (1 × 1 × 3 = 3), not 6; for a PNG or JPEG picture set format "auto"',
    ]);
  });

  it('takes sides from 1 to 2000 and reports a bad side once, at its own pointer', () => {
    expect(raw({ imagewidth: 0, imageheight: 2001 })).toEqual([
      '/imagewidth: must be an integer from 1 to 2000',
      '/imageheight: must be an integer from 1 to 2000',
    ]);
    expect(auto({ imagewidth: 640, imageheight: 480 })).toEqual([]);
  });

  it('takes format "auto" or "raw" only; a wrong format does not also ask for sizes', () => {
    for (const format of ['png', 'AUTO', '', 1, null]) {
      expect(auto({ format }), String(format)).toEqual([
        '/format: must be "auto" (a picture file, e.g. PNG or JPEG) or "raw" (RGB bytes with imagewidth and imageheight)',
      ]);
    }
  });

  it('checks the base64 of imagedata, that it is not empty, and its decoded size', () => {
    expect(auto({ imagedata: '' })).toEqual([
      '/imagedata: must hold a picture: it decodes to no bytes',
    ]);
    expect(auto({ imagedata: 'iVBORw0KGgo%' })).toEqual([
      '/imagedata: must be base64 (A-Z, a-z, 0-9, + and /, padded with =): "%" at index 11 is not allowed',
    ]);
    expect(auto({ imagedata: 'A'.repeat(22_369_624) })).toEqual([
      '/imagedata: must decode to at most 16777216 bytes; this decodes to 16777218',
    ]);
    expect(auto({ imagedata: 'A'.repeat(22_369_620) })).toEqual([]);
  });

  it('takes scale from 25 to 2000 and a name of at most 255 characters', () => {
    expect(auto({ scale: 24, name: 'x'.repeat(256) })).toEqual([
      '/name: must be a string of at most 255 characters',
      '/scale: must be an integer from 25 to 2000',
    ]);
    expect(auto({ name: '' })).toEqual([]);
  });
});
