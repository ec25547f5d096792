import { describe, expect, it } from '@jest/globals';
import { accountConnection } from './account-connection';

describe('accountConnection', () => {
  it('says a connected account is connected, with nothing to do', () => {
    expect(accountConnection({ authorized: true, token_expires_at: null }, 'UTC')).toEqual({ label: 'connected', expiry: null, reconnect: false });
  });

  it('says when a token that cannot be refreshed expires, on the day of the dashboard’s time zone, and offers Reconnect', () => {
    const expiring = { authorized: true, token_expires_at: '2026-12-01T23:30:00.000Z' };
    expect(accountConnection(expiring, 'UTC')).toEqual({ label: 'connected', expiry: 'Token expires on 2026-12-01', reconnect: true });
    expect(accountConnection(expiring, 'Europe/Paris').expiry).toBe('Token expires on 2026-12-02');
  });

  it('says an account the platform refused needs reconnecting, whatever its token’s expiry', () => {
    expect(accountConnection({ authorized: false, token_expires_at: '2026-12-01T10:00:00Z' }, 'UTC')).toEqual({ label: 'needs reconnecting', expiry: null, reconnect: true });
  });
});
