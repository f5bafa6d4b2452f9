import { describe, expect, it } from 'vitest';
import {
  MAPPING_TYPE_NAMES,
  parseProcessingRequest,
  parseSourceSelectRequest,
  parseVideoModeRequest,
} from '../src/index.js';
import { described } from './requests.js';

/** The violations of a parse, as `pointer: rule` lines ([] when valid). */
function problems(
  parsed: { ok: true } | { ok: false; violations: Parameters<typeof described>[0] },
) {
  return parsed.ok ? [] : described(parsed.violations);
}

describe('parseSourceSelectRequest', () => {
  it('gives the typed value of a pin, of auto, and of both (auto wins later)', () => {
    const pin = parseSourceSelectRequest({ command: 'sourceselect', priority: 50, tan: 2 });
    expect(pin).toEqual({ ok: true, value: { command: 'sourceselect', priority: 50, tan: 2 } });
    const auto = parseSourceSelectRequest({ command: 'sourceselect', auto: true, instance: [0] });
    expect(auto.ok && auto.value.auto).toBe(true);
    expect(
      problems(parseSourceSelectRequest({ command: 'sourceselect', auto: true, priority: 9 })),
    ).toEqual([]);
    expect(problems(parseSourceSelectRequest({ command: 'sourceselect', priority: 255 }))).toEqual(
      [],
    );
  });

  it('needs a priority or auto: true, and says so at the request', () => {
    for (const request of [{ command: 'sourceselect' }, { command: 'sourceselect', auto: false }]) {
      expect(problems(parseSourceSelectRequest(request))).toEqual([
        '/: needs priority (the priority to pin, an integer from 1 to 255) or "auto": true',
      ]);
    }
  });

  it('points at a bad priority, auto or instance', () => {
    expect(
      problems(
        parseSourceSelectRequest({
          command: 'sourceselect',
          priority: 0,
          auto: 'yes',
          instance: [1, 1],
        }),
      ),
    ).toEqual([
      '/priority: must be an integer from 1 to 255',
      '/auto: must be true or false',
      '/instance/1: repeats the index at /instance/0: indexes must be unique',
    ]);
  });
});

describe('parseProcessingRequest', () => {
  it('takes every mapping type of the color group', () => {
    expect(MAPPING_TYPE_NAMES).toContain('unicolor_dominant_advanced');
    for (const mappingType of MAPPING_TYPE_NAMES) {
      expect(parseProcessingRequest({ command: 'processing', mappingType })).toEqual({
        ok: true,
        value: { command: 'processing', mappingType },
      });
    }
  });

  it('needs a known mapping type', () => {
    const list = MAPPING_TYPE_NAMES.join(', ');
    expect(problems(parseProcessingRequest({ command: 'processing' }))).toEqual([
      `/mappingType: is required (one of: ${list})`,
    ]);
    expect(
      problems(
        parseProcessingRequest({ command: 'processing', mappingType: 'mean', instance: [] }),
      ),
    ).toEqual([
      `/mappingType: must be one of: ${list}`,
      '/instance: must be a non-empty array of instance indexes (integers from 0 to 254)',
    ]);
  });
});

describe('parseVideoModeRequest', () => {
  it('takes 2D, 3DSBS and 3DTAB', () => {
    for (const videoMode of ['2D', '3DSBS', '3DTAB']) {
      expect(parseVideoModeRequest({ command: 'videomode', videoMode })).toEqual({
        ok: true,
        value: { command: 'videomode', videoMode },
      });
    }
  });

  it('needs one of them (case matters, as in Hyperion.ng)', () => {
    expect(problems(parseVideoModeRequest({ command: 'videomode' }))).toEqual([
      '/videoMode: is required (one of: 2D, 3DSBS, 3DTAB)',
    ]);
    expect(problems(parseVideoModeRequest({ command: 'videomode', videoMode: '3dsbs' }))).toEqual([
      '/videoMode: must be one of: 2D, 3DSBS, 3DTAB',
    ]);
  });
});
