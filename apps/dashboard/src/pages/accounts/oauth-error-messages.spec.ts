import { describe, expect, it } from '@jest/globals';
import { OAUTH_ERROR_CODES } from '@app/client';
import { oauthErrorMessage, UNKNOWN_OAUTH_ERROR } from './oauth-error-messages';

describe('oauthErrorMessage', () => {
  it('has a message of its own for every code the OAuth callback sends', () => {
    const messages = OAUTH_ERROR_CODES.map(oauthErrorMessage);
    expect(messages).not.toContain(UNKNOWN_OAUTH_ERROR);
    expect(new Set(messages).size).toBe(OAUTH_ERROR_CODES.length);
  });

  it('shows no text of the address: anything else, an old message included, gets the generic message', () => {
    for (const code of ['The platform did not authorize the app: Call +1 555 0100 to unlock your account', 'constructor', '__proto__', 'EXPIRED', '']) {
      expect(oauthErrorMessage(code)).toBe(UNKNOWN_OAUTH_ERROR);
    }
  });
});
