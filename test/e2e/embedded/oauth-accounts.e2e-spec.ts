import { eventually } from '@app/testing/eventually';
import { LinkedInApiServer } from '../../providers/linkedin/linkedin-api-server';
import { XApiServer } from '../../providers/x/x-api-server';
import { LIFECYCLE_ENV, schedulePost, waitForStatus } from '../scenarios/lifecycle-fixtures';
import { adminOf, Answer as ApiAnswer, ApiClient, createdBody } from '../support/api-client';

import { addMember, approverWorkspace, createUser, within } from '../support/fixtures';
import { RunningService, startService } from '../support/service-process';

jest.setTimeout(120_000);

const PUBLIC_URL = 'https://social.example';

/** The `name=value` of the cookie that binds an authorization to the browser that began it. */
function bindingCookieOf(started: ApiAnswer): string {
  const setCookie = started.headers.get('set-cookie') ?? '';
  expect(setCookie).toMatch(/^sps_oauth_[0-9a-f]{16}=[\w-]{40,}; Path=\/api\/oauth; HttpOnly; SameSite=Lax; Max-Age=600$/);
  return setCookie.split(';')[0];
}

/**
 * Connecting an X account through OAuth, as a browser does it, against the built service (one
 * process) and a local X server: the authorize URL, the user's approval, the callback, then posts
 * published with the tokens, refreshed, until the user removes the app.
 */
describe('an X account connected through OAuth, embedded', () => {
  let x: XApiServer;
  let linkedin: LinkedInApiServer;
  let service: RunningService;
  let admin: ApiClient;
  let workspace: string;

  beforeAll(async () => {
    x = await XApiServer.start();
    linkedin = await LinkedInApiServer.start();
    service = await startService({
      env: {
        ...LIFECYCLE_ENV,
        PROVIDER_ALLOW_PRIVATE_URLS: 'true',
        PUBLIC_URL,
        OAUTH_X_CLIENT_ID: x.clientId,
        OAUTH_X_CLIENT_SECRET: x.clientSecret,
        OAUTH_X_AUTH_URL: `${x.url}/i/oauth2`,
        OAUTH_X_API_URL: x.url,
        OAUTH_LINKEDIN_CLIENT_ID: linkedin.clientId,
        OAUTH_LINKEDIN_CLIENT_SECRET: linkedin.clientSecret,
        OAUTH_LINKEDIN_AUTH_URL: `${linkedin.url}/oauth/v2`,
        OAUTH_LINKEDIN_API_URL: linkedin.url,
      },
    });
    admin = adminOf(service);
    workspace = await approverWorkspace(admin, 'OAuth');
  });
  afterAll(async () => {
    await service?.dispose();
    await x?.stop();
    await linkedin?.stop();
  });

  /**
   * What the browser that began the authorization does: follows the authorize URL (the user
   * approves) and the platform's redirect back, reaching us through PUBLIC_URL, with the cookie
   * the start answer set (`withCookie: false`: another browser, without it).
   */
  async function approve(started: ApiAnswer, options: { withCookie?: boolean } = {}): Promise<{ callback: URL; landing: URL }> {
    const atPlatform = await fetch(started.body.authorize_url, { redirect: 'manual' });
    const callback = new URL(atPlatform.headers.get('location')!);
    const cookie = bindingCookieOf(started);
    const headers = options.withCookie === false ? {} : { cookie };
    const back = await fetch(`${service.baseUrl}${callback.pathname}${callback.search}`, { redirect: 'manual', headers });
    expect(back.status).toBe(302);
    return { callback, landing: new URL(back.headers.get('location')!, PUBLIC_URL) };
  }

  it('connects the account from the platform’s redirect and publishes with its tokens; once the user removes the app, the account shows not authorized', () =>
    service.diagnose(async () => {
      const user = x.addUser('acme', 'Acme Inc.');
      x.approvingUser = user;
      x.tokenLifetimeSeconds = 60; // Short-lived: the first publish refreshes it.

      const started = await admin.post(`/api/${workspace}/accounts/connect/x`, { name: 'Acme on X' });
      expect(started.status).toBe(200);
      const authorize = new URL(started.body.authorize_url);
      expect(`${authorize.origin}${authorize.pathname}`).toBe(`${x.url}/i/oauth2/authorize`);
      expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
        response_type: 'code',
        client_id: x.clientId,
        redirect_uri: `${PUBLIC_URL}/api/oauth/x/callback`,
        code_challenge_method: 'S256',
        state: expect.stringMatching(/^[\w-]{40,}$/),
        code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      });

      const { callback, landing } = await approve(started);
      expect(landing.pathname).toBe('/app/accounts');
      const accountId = Number(landing.searchParams.get('connected'));
      const accounts = (await admin.get(`/api/${workspace}/accounts`)).body.data;
      expect(accounts.find((account: { id: number }) => account.id === accountId)).toMatchObject({ provider: 'x', name: 'Acme on X', username: 'acme', authorized: true });

      // A state is good once.
      const replayed = await fetch(`${service.baseUrl}${callback.pathname}${callback.search}`, { redirect: 'manual' });
      expect(new URL(replayed.headers.get('location')!, PUBLIC_URL).searchParams.get('oauth_error')).toBe('expired');

      const post = await schedulePost(admin, workspace, [accountId]);
      const published = await waitForStatus(admin, workspace, post.uuid, 'published');
      expect(published.accounts[0]).toMatchObject({ id: accountId, errors: [], external_url: expect.stringMatching(/^https:\/\/x\.com\/i\/web\/status\/\d+$/) });
      expect(x.textsOf(user.id)).toEqual(['Lifecycle of a post']);

      x.revokeRefreshTokens(user);
      const refused = await schedulePost(admin, workspace, [accountId]);
      const failed = await waitForStatus(admin, workspace, refused.uuid, 'failed');
      expect(failed.accounts[0].errors.join(' ')).toContain('The platform refused to refresh the access token');
      await eventually(async () => (await admin.get(`/api/${workspace}/accounts`)).body.data.find((account: { id: number }) => account.id === accountId).authorized === false, 'the account shown as not authorized', within(10_000));

      // The user approves the app again: the same account, authorized, publishing again.
      expect(await admin.post(`/api/${workspace}/accounts/connect/linkedin`, { account_id: accountId })).toMatchObject({ status: 422, body: { errors: { account_id: ['The workspace has no linkedin account with this id.'] } } });
      const again = await admin.post(`/api/${workspace}/accounts/connect/x`, { account_id: accountId });
      const { landing: back } = await approve(again);
      expect(Number(back.searchParams.get('connected'))).toBe(accountId);
      expect((await admin.get(`/api/${workspace}/accounts`)).body.data.find((account: { id: number }) => account.id === accountId)).toMatchObject({ name: 'Acme on X', authorized: true });
      const retried = createdBody(
        await admin.post(`/api/${workspace}/posts`, { versions: [{ account_id: 0, is_original: true, content: [{ body: 'After reconnecting', media: [] }], options: {} }], accounts: [accountId], schedule_now: true }),
        'scheduling after reconnecting',
      );
      await waitForStatus(admin, workspace, retried.uuid, 'published');
      expect(x.textsOf(user.id)).toEqual(['Lifecycle of a post', 'After reconnecting']);
    }));

  it('refuses a callback from another browser than the one that began it, and one whose user may no longer write in the workspace', () =>
    service.diagnose(async () => {
      x.approvingUser = x.addUser('victim', 'Victim');
      const started = await admin.post(`/api/${workspace}/accounts/connect/x`, { name: 'Begun here' });
      const elsewhere = await approve(started, { withCookie: false });
      expect(elsewhere.landing.searchParams.get('oauth_error')).toBe('other_browser');
      // The other browser's callback, come first, did not spend the state: the one that began it still connects the account.
      const here = await fetch(`${service.baseUrl}${elsewhere.callback.pathname}${elsewhere.callback.search}`, { redirect: 'manual', headers: { cookie: bindingCookieOf(started) } });
      const connected = Number(new URL(here.headers.get('location')!, PUBLIC_URL).searchParams.get('connected'));
      expect((await admin.get(`/api/${workspace}/accounts`)).body.data.find((account: { id: number }) => account.id === connected)).toMatchObject({ name: 'Begun here', username: 'victim', authorized: true });

      const member = await createUser(admin, 'oauth-member@example.com');
      const own = await approverWorkspace(admin, 'OAuth member');
      await addMember(admin, own, member.id, 'member', true);
      const byMember = await member.api.post(`/api/${own}/accounts/connect/x`, { name: 'Before removal' });
      expect(byMember.status).toBe(200);
      expect((await admin.delete(`/api/panel/workspaces/${own}/members/${member.id}`)).status).toBe(204);
      const { landing } = await approve(byMember);
      expect(landing.searchParams.get('oauth_error')).toBe('not_allowed');
      expect((await admin.get(`/api/${own}/accounts`)).body.data).toEqual([]);
    }));

  it('sends the user back to the dashboard with a code, never the platform\'s words, when the platform refused, and refuses to start for a provider without OAuth', () =>
    service.diagnose(async () => {
      const started = await admin.post(`/api/${workspace}/accounts/connect/x`, {});
      const state = new URL(started.body.authorize_url).searchParams.get('state')!;
      const denied = await fetch(`${service.baseUrl}/api/oauth/x/callback?state=${state}&error=access_denied&error_description=The%20user%20denied%20access`, {
        redirect: 'manual',
        headers: { cookie: bindingCookieOf(started) },
      });
      expect(denied.headers.get('location')).toBe('/app/accounts?oauth_error=denied');

      expect(await admin.post(`/api/${workspace}/accounts/connect/mastodon`, {})).toMatchObject({ status: 422, body: { errors: { provider: [expect.stringContaining('does not connect through OAuth')] } } });
    }));

  it('connects a LinkedIn member the same way (no PKCE) and publishes as them', () =>
    service.diagnose(async () => {
      const member = linkedin.addMember('Ada Lovelace');
      linkedin.approvingMember = member;
      const started = await admin.post(`/api/${workspace}/accounts/connect/linkedin`, {});
      const authorize = new URL(started.body.authorize_url);
      expect(`${authorize.origin}${authorize.pathname}`).toBe(`${linkedin.url}/oauth/v2/authorization`);
      expect(authorize.searchParams.get('scope')).toBe('openid profile w_member_social r_member_postAnalytics');
      expect(authorize.searchParams.has('code_challenge')).toBe(false);

      const { landing } = await approve(started);
      const accountId = Number(landing.searchParams.get('connected'));
      expect((await admin.get(`/api/${workspace}/accounts`)).body.data.find((account: { id: number }) => account.id === accountId)).toMatchObject({ provider: 'linkedin', name: 'Ada Lovelace', authorized: true });

      const post = await schedulePost(admin, workspace, [accountId]);
      const published = await waitForStatus(admin, workspace, post.uuid, 'published');
      expect(published.accounts[0].external_url).toMatch(/^https:\/\/www\.linkedin\.com\/feed\/update\/urn:li:share:\d+$/);
      expect(linkedin.textsOf(member.urn)).toEqual(['Lifecycle of a post']);
    }));
});
