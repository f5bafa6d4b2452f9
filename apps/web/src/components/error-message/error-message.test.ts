import { describe, expect, it } from 'vitest';
import { ServerError } from '../../api/connection.js';
import { errorLine, errorParts } from './error-message.js';

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
