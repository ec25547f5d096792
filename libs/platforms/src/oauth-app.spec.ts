import { OAUTH_PROVIDERS, oauthAppFor } from './oauth-app';

describe('the service’s app on an OAuth platform', () => {
  const NONE = { clientId: null, clientSecret: null, authUrl: null, apiUrl: null, tokenUrl: null };

  it('takes the platform’s own addresses from its description when the settings move none', () => {
    expect(oauthAppFor('tiktok', { tiktok: { ...NONE, clientId: 'key', clientSecret: 'secret' } })).toEqual({
      clientId: 'key',
      clientSecret: 'secret',
      authUrl: 'https://www.tiktok.com/v2/auth',
      apiUrl: 'https://open.tiktokapis.com',
      tokenUrl: 'https://open.tiktokapis.com/v2/oauth/token/',
    });
    expect(oauthAppFor('x', {})).toMatchObject({ clientId: null, clientSecret: null, authUrl: 'https://x.com/i/oauth2', tokenUrl: null });
  });

  it('moves an address where the settings say, without its trailing slashes, and keeps a token endpoint as given', () => {
    const app = oauthAppFor('reddit', { reddit: { ...NONE, authUrl: 'http://127.0.0.1:9/auth//', apiUrl: 'http://127.0.0.1:9/', tokenUrl: 'http://127.0.0.1:9/token/' } });
    expect(app).toMatchObject({ authUrl: 'http://127.0.0.1:9/auth', apiUrl: 'http://127.0.0.1:9', tokenUrl: 'http://127.0.0.1:9/token/' });
  });

  it('knows which platforms connect through OAuth, and refuses the others', () => {
    expect([...OAUTH_PROVIDERS].sort()).toEqual(['facebook', 'instagram', 'linkedin', 'pinterest', 'reddit', 'threads', 'tiktok', 'x', 'youtube']);
    expect(() => oauthAppFor('bluesky', {})).toThrow('bluesky does not connect through OAuth');
  });
});
