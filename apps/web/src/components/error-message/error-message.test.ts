import { createResolver } from '@glowkit/i18n';
import { describe, expect, it } from 'vitest';
import de from '../../../../../translations/de.json';
import en from '../../../../../translations/en.json';
import { ServerError } from '../../api/connection.js';
import { errorLine, errorParts, useErrorPhrases } from './error-message.js';

describe('errorParts', () => {
  it("shows the server's reason with its details, one per line", () => {
    const error = new ServerError({
      error: 'Invalid params',
      errorData: [{ description: '/priority: must be an integer from 1 to 253' }],
    });
    expect(errorParts(error)).toEqual({
      message: 'Invalid params',
      details: ['/priority: must be an integer from 1 to 253'],
    });
    expect(errorLine(error)).toBe('Invalid params: /priority: must be an integer from 1 to 253');
  });

  it('shows any other error by its message, and nothing for no error', () => {
    expect(errorParts(new Error('the connection to the server was lost'))).toEqual({
      message: 'the connection to the server was lost',
      details: [],
    });
    expect(errorParts('Choose valid options first.')?.message).toBe('Choose valid options first.');
    expect(errorParts(undefined)).toBeUndefined();
    expect(errorParts('')).toBeUndefined();
    expect(errorLine(undefined)).toBe('');
  });
});

describe('errorParts in the UI language', () => {
  it("says a coded refusal with the code's phrase, the server's text only for unknown codes", async () => {
    const translator = await createResolver({
      languages: { en: { phrases: en }, de: { phrases: de } },
      language: 'de',
    });
    useErrorPhrases(translator);
    const off = new ServerError({
      error: 'Component ALL is disabled',
      errorCode: 'instance-off',
      errorData: [{ description: 'switch it on with componentstate ALL true first' }],
    });
    expect(errorParts(off)).toEqual({
      message: 'Die Instanz ist ausgeschaltet. Bitte zuerst einschalten.',
      details: [],
    });
    const missing = new ServerError({
      error: "Effect 'Fire' not found",
      errorCode: 'effect-not-found',
      errorParams: { name: 'Fire' },
    });
    expect(errorParts(missing)?.message).toBe('Es gibt keinen Effekt namens „Fire“ (mehr).');
    // A refusal of fields keeps its details: they say which field and why.
    const invalid = new ServerError({
      error: 'Invalid params',
      errorCode: 'invalid-params',
      errorData: [{ description: '/priority: must be an integer from 1 to 253' }],
    });
    expect(errorParts(invalid)).toEqual({
      message: 'Der Server hat Werte abgelehnt:',
      details: ['/priority: must be an integer from 1 to 253'],
    });
    // A code the UI has no phrase for (a newer server), or none (another server): its text.
    const unknown = new ServerError({ error: 'Something new', errorCode: 'brand-new' });
    expect(errorParts(unknown)?.message).toBe('Something new');
    expect(errorParts(new ServerError({ error: 'Plain' }))?.message).toBe('Plain');
    await translator.setLanguage('en');
    expect(errorParts(off)?.message).toBe('The instance is switched off. Switch it on first.');
  });
});
