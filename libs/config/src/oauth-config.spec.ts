import { readOAuthApps } from './oauth-config';

describe('the OAuth apps’ settings', () => {
  const settings = (env: Record<string, string>) => readOAuthApps(Object.keys(env), (name) => env[name] ?? null);

  it('reads only the OAUTH_<PROVIDER>_<FIELD> settings, each for its own provider', () => {
    expect(settings({ OAUTH_X_CLIENT_ID: 'a', OAUTH_LINKEDIN_API_URL: 'http://l', OAUTH_X_SCOPES: 'ignored', PORT: '1' })).toEqual({
      x: { clientId: 'a', clientSecret: null, authUrl: null, apiUrl: null, tokenUrl: null },
      linkedin: { clientId: null, clientSecret: null, authUrl: null, apiUrl: 'http://l', tokenUrl: null },
    });
  });
});
