import { ALL_TASKS } from '@test/providers/facebook/facebook-graph-server';
import { FacebookUser } from '@test/providers/facebook/facebook-graph-state';
import { facebookUnderTest } from '@test/providers/facebook/facebook-test-setup';
import { request } from '@test/providers/support/provider-scenarios';
import { FacebookConnectMessages } from './facebook-connect';
import { THROTTLED_WITHOUT_ESTIMATE_MS } from './facebook-errors';

jest.setTimeout(60_000);

const REDIRECT_URI = 'https://service.example/api/oauth/facebook/callback';

/** Connecting a Page (Facebook Login, or a Page token), the Page token's life, and Facebook's errors. */
describe('FacebookProvider: connecting a Page and Facebook’s answers', () => {
  const local = facebookUnderTest();

  /** The code Facebook Login gives the service for this person: the dialog followed as a browser would. */
  async function loginCode(user: FacebookUser): Promise<string> {
    local.setup.api.login.approvingUser = user;
    const dialog = new URL(`${local.setup.app.authUrl}/oauth`);
    Object.entries({ client_id: local.setup.api.login.clientId, redirect_uri: REDIRECT_URI, state: 's', response_type: 'code', scope: 'pages_show_list,pages_read_engagement,pages_manage_posts' }).forEach(([name, value]) => dialog.searchParams.set(name, value));
    const back = new URL((await fetch(dialog, { redirect: 'manual' })).headers.get('location')!);
    expect(back.searchParams.get('state')).toBe('s');
    return back.searchParams.get('code')!;
  }

  it('connects with the code of Facebook Login: the user’s token made long-lived, the first Page’s token kept as the session; the account is the Page', async () => {
    const first = local.setup.api.addPage('Ada’s Bakery', 'adasbakery');
    const second = local.setup.api.addPage('Ada’s Garage');
    const code = await loginCode(local.setup.api.addUser('Ada Lovelace', [{ page: first.page }, { page: second.page }]));
    const requests = local.setup.api.login.tokenRequests;

    const verified = await local.facebook.verify({}, { code, redirect_uri: REDIRECT_URI });

    expect(verified).toEqual({
      kind: 'verified',
      account: { username: 'adasbakery', name: 'Ada’s Bakery', avatarUrl: `https://scontent.xx.fbcdn.net/v/t39.30808-1/${first.page.id}_n.jpg`, settings: { page_id: first.page.id }, session: { access_token: expect.stringMatching(/^EAA/), refresh_token: null, expires_at: null } },
    });
    // The code exchanged, then the user's token made long-lived.
    expect(local.setup.api.login.tokenRequests - requests).toBe(2);
    expect(await local.facebook.verify({}, { code, redirect_uri: REDIRECT_URI })).toEqual({ kind: 'rejected', message: 'This authorization code has been used.' });
  });

  it('connects the Page settings.page_id names; refuses one the user does not manage, or on which the user may not create content', async () => {
    const first = local.setup.api.addPage('First');
    const second = local.setup.api.addPage('Second');
    const other = local.setup.api.addPage('Someone else’s');
    const user = local.setup.api.addUser('Grace', [{ page: first.page }, { page: second.page, tasks: ALL_TASKS }]);
    expect(await local.facebook.verify({ page_id: second.page.id }, { code: await loginCode(user), redirect_uri: REDIRECT_URI })).toMatchObject({ kind: 'verified', account: { name: 'Second', username: null, settings: { page_id: second.page.id } } });
    expect(await local.facebook.verify({ page_id: other.page.id }, { code: await loginCode(user), redirect_uri: REDIRECT_URI })).toEqual({ kind: 'rejected', message: FacebookConnectMessages.notManaged(other.page.id) });
    const analyst = local.setup.api.addUser('Analyst', [{ page: first.page, tasks: ['ANALYZE'] }]);
    expect(await local.facebook.verify({}, { code: await loginCode(analyst), redirect_uri: REDIRECT_URI })).toEqual({ kind: 'rejected', message: FacebookConnectMessages.cannotPublish('First') });
    expect(await local.facebook.verify({}, { code: await loginCode(local.setup.api.addUser('Nobody', [])), redirect_uri: REDIRECT_URI })).toEqual({ kind: 'rejected', message: FacebookConnectMessages.noPage });
  });

  it('refuses a code sent back to another redirect URI with Facebook’s message', async () => {
    const code = await loginCode(local.setup.api.addUser('Linus', [{ page: local.setup.api.addPage('Kernel').page }]));
    expect(await local.facebook.verify({}, { code, redirect_uri: 'https://elsewhere.example/cb' })).toEqual({
      kind: 'rejected',
      message: 'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
    });
  });

  it('connects with a user token sent directly (made long-lived first), and with a Page token and its Page id', async () => {
    const { page, token } = local.setup.api.addPage('Direct', 'direct.page');
    const user = local.setup.api.addUser('Direct user', [{ page }]);
    expect(await local.facebook.verify({}, { access_token: local.setup.api.login.userToken(user, false) })).toMatchObject({ kind: 'verified', account: { username: 'direct.page', settings: { page_id: page.id } } });
    expect(await local.facebook.verify({ page_id: page.id }, { page_access_token: token })).toEqual({
      kind: 'verified',
      account: { username: 'direct.page', name: 'Direct', avatarUrl: `https://scontent.xx.fbcdn.net/v/t39.30808-1/${page.id}_n.jpg`, settings: { page_id: page.id }, session: { access_token: token, refresh_token: null, expires_at: null } },
    });
    expect(await local.facebook.verify({ page_id: page.id }, { page_access_token: 'not-a-token' })).toEqual({ kind: 'reauthorize', message: 'Invalid OAuth access token - Cannot parse access token' });
  });

  it('never refreshes a Page token; one Facebook stops accepting (code 190) asks for the account to be connected again, with Facebook’s message', async () => {
    const account = await local.setup.connection(local.facebook);
    const requests = local.setup.api.login.tokenRequests;
    expect(await local.facebook.publish(request(account, 'While the token works'))).toMatchObject({ kind: 'published' });
    local.setup.api.invalidate(String(account.session.current?.access_token));
    expect(await local.facebook.publish(request(account, 'After the password changed'))).toEqual({ kind: 'reauthorize', message: 'Invalid OAuth access token - Cannot parse access token' });
    expect(local.setup.api.login.tokenRequests).toBe(requests);
    expect(local.setup.api.textsOf(String(account.settings.page_id))).toEqual(['While the token works']);
  });

  it('waits as long as the Page’s usage header says when Facebook throttles it (error 80001), then publishes once', async () => {
    const account = await local.setup.connection(local.facebook);
    local.setup.api.throttle(String(account.settings.page_id), 7);
    const throttled = await local.facebook.publish(request(account, 'Throttled first'));
    expect(throttled).toEqual({ kind: 'retry_later', message: expect.stringMatching(/^There have been too many calls to this Page account/), retryAfterMs: 7 * 60_000 });
    expect(await local.facebook.publish(request(account, 'Throttled first'))).toMatchObject({ kind: 'published' });
    expect(local.setup.api.textsOf(String(account.settings.page_id))).toEqual(['Throttled first']);
  });

  it('waits after the app’s or the user’s limit even when no header says how long, and after a transient error', async () => {
    const account = await local.setup.connection(local.facebook);
    local.setup.proxy.failNext(/\/feed$/, { answer: { status: 400, headers: { 'x-app-usage': '{"call_count":100,"total_cputime":3,"total_time":4}' }, body: { error: { message: '(#4) Application request limit reached', type: 'OAuthException', code: 4, is_transient: true, fbtrace_id: 'A1' } } } });
    expect(await local.facebook.publish(request(account, 'App limit'))).toEqual({ kind: 'retry_later', message: '(#4) Application request limit reached', retryAfterMs: THROTTLED_WITHOUT_ESTIMATE_MS });
    local.setup.proxy.failNext(/\/feed$/, { answer: { status: 500, body: { error: { message: 'An unexpected error has occurred. Please retry your request later.', type: 'OAuthException', code: 2, is_transient: true, fbtrace_id: 'A2' } } } });
    expect(await local.facebook.publish(request(account, 'Transient'))).toMatchObject({ kind: 'retry_later', message: 'An unexpected error has occurred. Please retry your request later. (HTTP 500)' });
  });

  it('rejects with Facebook’s own message, followed by what Facebook tells the person', async () => {
    const account = await local.setup.connection(local.facebook);
    local.setup.proxy.failNext(/\/feed$/, {
      answer: { status: 400, body: { error: { message: 'Invalid parameter', type: 'OAuthException', code: 100, error_subcode: 1366046, error_user_title: 'Post blocked', error_user_msg: 'This post goes against our Community Standards.', fbtrace_id: 'A3' } } },
    });
    expect(await local.facebook.publish(request(account, 'Refused'))).toEqual({ kind: 'rejected', message: 'Invalid parameter This post goes against our Community Standards.' });
  });

  it('says what is missing: a Page token and its Page, or the code of Facebook Login; and names the settings of an app that is not configured', async () => {
    expect(local.facebook.validate({}, {})).toEqual({ 'credentials.code': ['The credentials.code field is required.'], 'credentials.redirect_uri': ['The credentials.redirect_uri field is required.'] });
    expect(local.facebook.validate({}, { page_access_token: 'EAA' })).toEqual({ 'settings.page_id': ['The settings.page_id field is required.'] });
    expect(local.facebook.validate({ page_id: 7 }, { page_access_token: 5 })).toEqual({ 'credentials.page_access_token': ['The credentials.page_access_token field must be a string.'], 'settings.page_id': ['The settings.page_id field must be a string.'] });
    expect(local.facebook.validate({ page_id: '1' }, { code: 'c', redirect_uri: REDIRECT_URI })).toEqual({});
    const unconfigured = local.setup.provider({}, { clientSecret: null });
    expect(await unconfigured.verify({}, { code: 'c', redirect_uri: REDIRECT_URI })).toEqual({ kind: 'rejected', message: 'facebook is not configured on this service: set OAUTH_FACEBOOK_CLIENT_ID and OAUTH_FACEBOOK_CLIENT_SECRET.' });
  });
});
