import { OAUTH_ERROR_CODES } from '@app/client';
import { adminWorkspace, Answer, GatewayTestApp, startGatewayTestApp } from './gateway-test-app';

jest.setTimeout(30_000);

/** Where the callback sends the browser back, a code (never a text) naming what went wrong. */
const LANDING = new RegExp(`^/app/accounts\\?(connected=\\d+|oauth_error=(${OAUTH_ERROR_CODES.join('|')}))$`);

/** An authorization begun in a browser: its state, and the `name=value` of the cookie that binds it to that browser. */
interface Begun {
  state: string;
  bindingCookie: string;
}

/** The OAuth callback (X, its publisher a stand-in): which account it connects, and the code of each refusal (SQLite). */
describe('gateway: the OAuth callback and the codes it sends the dashboard (SQLite)', () => {
  let gateway: GatewayTestApp;
  let workspace: string;

  beforeAll(async () => {
    gateway = await startGatewayTestApp({ OAUTH_X_CLIENT_ID: 'x-client', OAUTH_X_CLIENT_SECRET: 'x-secret' });
    workspace = await adminWorkspace(gateway, 'OAuth');
  });
  beforeEach(() => {
    gateway.services.connectableProviders.add('x');
    gateway.services.connectTimesOut = false;
  });
  afterAll(() => gateway?.dispose());

  async function begin(body: Record<string, unknown> = {}, token?: string): Promise<Begun> {
    const started = await gateway.call('POST', `/api/${workspace}/accounts/connect/x`, { body, token });
    expect(started.status).toBe(200);
    return bindingOf(started);
  }

  /** The platform's redirect back to the callback, in a browser sending `cookie` (none: another browser); the address it lands on. */
  async function callback(query: Record<string, string>, cookie?: string): Promise<string> {
    const answer = await fetch(`${gateway.url}/api/oauth/x/callback?${new URLSearchParams(query)}`, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    expect(answer.status).toBe(302);
    const landing = answer.headers.get('location')!;
    expect(landing).toMatch(LANDING);
    return landing;
  }

  const connectedAccounts = async () => (await gateway.call('GET', `/api/${workspace}/accounts`)).body.data as Array<{ id: number; provider: string }>;

  it('refuses a callback from another browser without spending the state: the browser that began it then connects the account', async () => {
    const begun = await begin({ name: 'Acme on X' });
    const [name, secret] = begun.bindingCookie.split('=');
    expect(await callback({ state: begun.state, code: 'code-1' })).toBe('/app/accounts?oauth_error=other_browser');
    expect(await callback({ state: begun.state, code: 'code-1' }, `${name}=${secret.slice(1)}x`)).toBe('/app/accounts?oauth_error=other_browser');
    expect(await connectedAccounts()).toEqual([]);

    const landing = await callback({ state: begun.state, code: 'code-1' }, begun.bindingCookie);
    const accountId = Number(landing.slice('/app/accounts?connected='.length));
    expect(await connectedAccounts()).toEqual([expect.objectContaining({ id: accountId, provider: 'x', name: 'Acme on X' })]);
    // Taken once.
    expect(await callback({ state: begun.state, code: 'code-1' }, begun.bindingCookie)).toBe('/app/accounts?oauth_error=expired');
  });

  it('sends a code, not the platform\'s words, when the platform refused or sent no code', async () => {
    const denied = await begin();
    const description = 'Call +1 555 0100 to unlock your account';
    expect(await callback({ state: denied.state, error: 'access_denied', error_description: description }, denied.bindingCookie)).toBe('/app/accounts?oauth_error=denied');
    const failing = await begin();
    expect(await callback({ state: failing.state, error: 'server_error', error_description: description }, failing.bindingCookie)).toBe('/app/accounts?oauth_error=platform_error');
    const codeless = await begin();
    expect(await callback({ state: codeless.state }, codeless.bindingCookie)).toBe('/app/accounts?oauth_error=platform_error');
  });

  it('says a state is expired when it is unknown, missing or of another provider', async () => {
    expect(await callback({ state: 'made-up', code: 'c' })).toBe('/app/accounts?oauth_error=expired');
    expect(await callback({ code: 'c' })).toBe('/app/accounts?oauth_error=expired');
    const begun = await begin();
    const linkedIn = await fetch(`${gateway.url}/api/oauth/linkedin/callback?state=${begun.state}&code=c`, { redirect: 'manual', headers: { cookie: begun.bindingCookie } });
    expect(linkedIn.headers.get('location')).toBe('/app/accounts?oauth_error=expired');
  });

  it('says when the user who began it may no longer connect accounts in the workspace', async () => {
    const user = await gateway.call('POST', '/api/panel/users', { body: { name: 'Member', email: 'oauth-member@example.com' } });
    const token = (await gateway.call('POST', `/api/panel/users/${user.body.id}/tokens`, { body: { name: 'member' } })).body.token;
    await gateway.call('POST', `/api/panel/workspaces/${workspace}/members`, { body: { user_id: user.body.id, role: 'member' } });
    const begun = await begin({}, token);
    expect((await gateway.call('DELETE', `/api/panel/workspaces/${workspace}/members/${user.body.id}`)).status).toBe(204);
    expect(await callback({ state: begun.state, code: 'c' }, begun.bindingCookie)).toBe('/app/accounts?oauth_error=not_allowed');
  });

  it('says whether connecting failed for good, may work later, or the account to connect again is gone', async () => {
    gateway.services.connectableProviders.delete('x');
    const refused = await begin();
    expect(await callback({ state: refused.state, code: 'c' }, refused.bindingCookie)).toBe('/app/accounts?oauth_error=connect_failed');

    gateway.services.connectableProviders.add('x');
    gateway.services.connectTimesOut = true;
    const late = await begin();
    expect(await callback({ state: late.state, code: 'c' }, late.bindingCookie)).toBe('/app/accounts?oauth_error=unavailable');

    gateway.services.connectTimesOut = false;
    const first = await begin();
    const accountId = Number((await callback({ state: first.state, code: 'c' }, first.bindingCookie)).slice('/app/accounts?connected='.length));
    const again = await begin({ account_id: accountId });
    expect((await gateway.call('DELETE', `/api/${workspace}/accounts/${accountId}`)).status).toBe(204);
    expect(await callback({ state: again.state, code: 'c' }, again.bindingCookie)).toBe('/app/accounts?oauth_error=account_removed');
  });
});

function bindingOf(started: Answer): Begun {
  const setCookie = started.headers.get('set-cookie') ?? '';
  expect(setCookie).toMatch(/^sps_oauth_[0-9a-f]{16}=[\w-]+;/);
  return { state: new URL(started.body.authorize_url).searchParams.get('state')!, bindingCookie: setCookie.split(';')[0] };
}
