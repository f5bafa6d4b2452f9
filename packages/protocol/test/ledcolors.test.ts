import { describe, expect, it } from 'vitest';
import { validateLedColorsRequest } from '../src/index.js';
import { HOME_ASSISTANT, WEB_UI } from './control-requests.js';
import { described } from './requests.js';

const SUBS = 'ledstream-start, ledstream-stop, imagestream-start, imagestream-stop';

describe('validateLedColorsRequest', () => {
  it("accepts what Home Assistant's camera and Hyperion.ng's web UI send", () => {
    expect(validateLedColorsRequest(HOME_ASSISTANT.imagestream)).toEqual([]);
    expect(validateLedColorsRequest(WEB_UI.ledstream)).toEqual([]);
    for (const subcommand of SUBS.split(', ')) {
      expect(validateLedColorsRequest({ command: 'ledcolors', subcommand }), subcommand).toEqual(
        [],
      );
    }
  });

  it('ignores the interval of Hyperion.ng up to 2.0', () => {
    expect(
      validateLedColorsRequest({
        command: 'ledcolors',
        subcommand: 'ledstream-start',
        interval: 50,
      }),
    ).toEqual([]);
  });

  it('needs a known subcommand and takes an instance index from 0 to 254', () => {
    expect(described(validateLedColorsRequest({ command: 'ledcolors' }))).toEqual([
      `/subcommand: is required (one of: ${SUBS})`,
    ]);
    expect(
      described(
        validateLedColorsRequest({ command: 'ledcolors', subcommand: 'ledstream', instance: -1 }),
      ),
    ).toEqual([
      `/subcommand: must be one of: ${SUBS}`,
      '/instance: must be an integer from 0 to 254',
    ]);
  });
});
