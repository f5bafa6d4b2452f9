import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapePointerToken, loadPhrases } from '../src/index.js';
import { type FixtureServer, startFixtureServer } from './fixture-server.js';

const fixture = (name: string): URL => new URL(`./fixtures/${name}`, import.meta.url);

describe('loadPhrases', () => {
  let server: FixtureServer;
  beforeAll(async () => {
    server = await startFixtureServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('reads a file from a path and from a file: URL', async () => {
    const fromPath = await loadPhrases({ file: fileURLToPath(fixture('en.json')) });
    const fromUrl = await loadPhrases({ file: fixture('en.json') });
    expect(fromPath.edt_eff_speed).toBe('Speed');
    expect(fromPath['edt.dotted:key with spaces']).toBe('Dotted key');
    expect(fromUrl).toEqual(fromPath);
  });

  it('takes an object, copying it', async () => {
    const input = { edt_eff_speed: 'Speed' };
    const phrases = await loadPhrases({ phrases: input });
    expect(phrases).toEqual(input);
    expect(phrases).not.toBe(input);
  });

  it('fetches a URL from a real HTTP server', async () => {
    const phrases = await loadPhrases({ url: `${server.baseUrl}fr.json` });
    expect(phrases).toEqual({ edt_eff_candle_header: 'Bougie', edt_eff_speed: 'Vitesse' });
    expect(server.requests).toContain('/fr.json');
  });

  it('uses a given fetch function and request init', async () => {
    const seen: (RequestInit | undefined)[] = [];
    const phrases = await loadPhrases({
      url: 'https://translations.invalid/de.json',
      init: { headers: { authorization: 'Bearer x' } },
      fetch: async (_url, init) => {
        seen.push(init);
        return new Response('{"edt_eff_speed":"Geschwindigkeit"}');
      },
    });
    expect(phrases).toEqual({ edt_eff_speed: 'Geschwindigkeit' });
    expect(seen).toEqual([{ headers: { authorization: 'Bearer x' } }]);
  });

  it('accepts a UTF-8 byte order mark', async () => {
    const phrases = await loadPhrases({
      url: 'https://translations.invalid/en.json',
      fetch: async () => new Response('\uFEFF{"a":"b"}'),
    });
    expect(phrases).toEqual({ a: 'b' });
  });

  it('says what is wrong, and where, in one line', async () => {
    await expect(loadPhrases({ url: `${server.baseUrl}missing.json` })).rejects.toThrow(
      /missing\.json: could not fetch the phrase file \(HTTP 404 Not Found\)$/,
    );
    await expect(loadPhrases({ file: fixture('not-json.json') })).rejects.toThrow(
      /not-json\.json: not valid JSON \(.*\); fix the file's syntax$/,
    );
    await expect(loadPhrases({ file: fixture('nothing-here.json') })).rejects.toThrow(
      /nothing-here\.json: could not read the phrase file \(ENOENT/,
    );
    await expect(
      loadPhrases({ phrases: { ok: 'yes', 'a/b': 3 } as unknown as Record<string, string> }),
    ).rejects.toThrow('phrases object at /a~1b: a phrase must be a string, found a number');
    await expect(
      loadPhrases({ url: 'https://x.invalid/', fetch: async () => new Response('["a"]') }),
    ).rejects.toThrow(
      'https://x.invalid/: a phrase file must be one JSON object of key → text, found an array',
    );
    await expect(
      loadPhrases({
        url: 'https://x.invalid/',
        fetch: async () => {
          throw new TypeError('fetch failed');
        },
      }),
    ).rejects.toThrow('https://x.invalid/: could not fetch the phrase file (fetch failed)');
  });
});

describe('escapePointerToken', () => {
  it('escapes ~ and / as RFC 6901 says', () => {
    expect(escapePointerToken('a/b~c')).toBe('a~1b~0c');
    expect(escapePointerToken('smoothing-time_ms')).toBe('smoothing-time_ms');
  });
});
