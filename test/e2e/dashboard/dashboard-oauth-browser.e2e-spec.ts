import { eventually } from '@app/testing/eventually';
import { DiscordWebhookServer } from '../../providers/discord/discord-webhook-server';
import { XApiServer } from '../../providers/x/x-api-server';
import { schedulePost, waitForStatus } from '../scenarios/lifecycle-fixtures';
import { ApiClient } from '../support/api-client';
import { approverWorkspace, within } from '../support/fixtures';
import { freePort } from '../support/node-process';
import { RunningService, startService } from '../support/service-process';
import { Browser, describeWithBrowser, launchBrowser } from '../support/dashboard/browser';
import { openFromNavigation, signIn } from '../support/dashboard/dashboard-steps';

jest.setTimeout(120_000);

/** Connecting an X account from the Accounts page, as a user does: to X's authorization page and back, in Chromium. */
describeWithBrowser('dashboard: connecting and reconnecting accounts in a browser (the built service, a local X and Discord, Chromium)', () => {
  let x: XApiServer;
  let discord: DiscordWebhookServer;
  let service: RunningService;
  let admin: ApiClient;
  let workspace: string;
  let browser: Browser;

  beforeAll(async () => {
    x = await XApiServer.start();
    discord = await DiscordWebhookServer.start();
    const port = await freePort();
    service = await startService({
      port,
      env: {
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        PROVIDER_ALLOW_PRIVATE_URLS: 'true',
        OAUTH_X_CLIENT_ID: x.clientId,
        OAUTH_X_CLIENT_SECRET: x.clientSecret,
        OAUTH_X_AUTH_URL: `${x.url}/i/oauth2`,
        OAUTH_X_API_URL: x.url,
      },
    });
    admin = new ApiClient(service.baseUrl, service.adminToken);
    workspace = await approverWorkspace(admin, 'Acme');
    browser = await launchBrowser();
    const { page } = browser;
    await signIn(page, service.baseUrl, service.adminToken!);
  });
  afterAll(async () => {
    await browser?.close();
    await service?.dispose();
    await x?.stop();
    await discord?.stop();
  });
  afterEach(() => {
    const problems = browser?.problems.splice(0) ?? [];
    if (problems.length) throw new Error(`the page reported: ${problems.join('; ')}`);
  });

  it('Connect with X goes to X, comes back to Accounts saying so, and lists the account', async () => {
    const { page } = browser;
    x.approvingUser = x.addUser('acme', 'Acme Inc.');
    x.tokenLifetimeSeconds = 60;
    await openFromNavigation(page, 'Accounts');
    await page.getByLabel('Provider').selectOption('x');
    await page.getByRole('button', { name: 'Connect with X' }).click();

    await page.getByRole('status').filter({ hasText: 'Account connected.' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/app/accounts');
    expect(new URL(page.url()).search).toBe('');
    await page.getByRole('cell', { name: /Acme Inc\.\s*@acme/ }).waitFor();
    const accounts = (await admin.get(`/api/${workspace}/accounts`)).body.data;
    expect(accounts).toEqual([expect.objectContaining({ provider: 'x', name: 'Acme Inc.', username: 'acme', authorized: true })]);
  });

  it('says why when the redirect back cannot connect an account (a state that was never issued)', async () => {
    const { page } = browser;
    await page.goto(`${service.baseUrl}/api/oauth/x/callback?state=unknown&code=abc`);
    await page.getByRole('alert').filter({ hasText: 'The account was not connected: This authorization is unknown, was used already or has expired' }).waitFor();
  });

  it('shows no text of its address as an error: a code it does not know gets its own generic message', async () => {
    const { page } = browser;
    const planted = 'Your account is locked: call +1 555 0100 now';
    await page.goto(`${service.baseUrl}/app/accounts?oauth_error=${encodeURIComponent(planted)}`);
    const alert = page.getByRole('alert').filter({ hasText: 'The account was not connected: Connecting the account did not succeed; start connecting it again.' });
    await alert.waitFor();
    expect(await page.locator('body').textContent()).not.toContain(planted);
    await page.goto(`${service.baseUrl}/app/accounts?oauth_error=denied`);
    await page.getByRole('alert').filter({ hasText: 'The account was not connected: The platform did not authorize the app: the authorization was refused or cancelled.' }).waitFor();
  });

  /** The account's first post fails as the platform refuses it; the page, reloaded, offers to reconnect it. */
  async function refusedAndOffered(accountId: number, name: string): Promise<void> {
    await waitForStatus(admin, workspace, (await schedulePost(admin, workspace, [accountId])).uuid, 'failed');
    const authorized = async () => (await admin.get(`/api/${workspace}/accounts`)).body.data.find((account: { id: number }) => account.id === accountId).authorized;
    await eventually(async () => (await authorized()) === false, `${name} shown as not authorized`, within(10_000));
    await browser.page.reload();
    await browser.page.getByRole('row').filter({ hasText: name }).getByText('needs reconnecting').waitFor();
  }

  it('Reconnect sends an X account the platform stopped accepting back through X; it comes back authorized, the same account', async () => {
    const { page } = browser;
    const [account] = (await admin.get(`/api/${workspace}/accounts`)).body.data;
    x.revokeRefreshTokens({ id: x.approvingUser!.id, username: '', name: '' });
    await refusedAndOffered(account.id, 'Acme Inc.');

    await page.getByRole('button', { name: 'Reconnect Acme Inc.' }).click();

    await page.getByRole('status').filter({ hasText: 'Account connected.' }).waitFor();
    await page.getByRole('row').filter({ hasText: 'Acme Inc.' }).getByText('connected', { exact: true }).waitFor();
    expect((await admin.get(`/api/${workspace}/accounts`)).body.data).toEqual([expect.objectContaining({ id: account.id, authorized: true })]);
  });

  it('Reconnect asks for new credentials of an account that has them (Discord), and keeps the account', async () => {
    const { page } = browser;
    const removedPath = discord.addWebhook('Announcements');
    const connected = await admin.post(`/api/${workspace}/accounts`, { provider: 'discord', name: 'Team channel', credentials: { webhook_url: `${discord.url}${removedPath}` } });
    discord.removeWebhook(removedPath);
    await refusedAndOffered(connected.body.id, 'Team channel');

    await page.getByRole('button', { name: 'Reconnect Team channel' }).click();
    await page.getByLabel('Discord webhook URL').last().fill(`${discord.url}${discord.addWebhook('Announcements, again')}`);
    await page.getByRole('button', { name: 'Save credentials' }).click();

    await page.getByRole('status').filter({ hasText: 'Team channel connected again.' }).waitFor();
    expect((await admin.get(`/api/${workspace}/accounts`)).body.data.find((account: { id: number }) => account.id === connected.body.id)).toMatchObject({ authorized: true });
  });
});
