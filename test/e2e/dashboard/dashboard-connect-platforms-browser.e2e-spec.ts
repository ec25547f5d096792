import { eventually } from '@app/testing/eventually';
import { FacebookGraphServer } from '../../providers/facebook/facebook-graph-server';
import { InstagramApiServer } from '../../providers/instagram/instagram-api-server';
import { PinterestApiServer } from '../../providers/pinterest/pinterest-api-server';
import { RedditApiServer } from '../../providers/reddit/reddit-api-server';
import { ThreadsApiServer } from '../../providers/threads/threads-api-server';
import { TikTokApiServer } from '../../providers/tiktok/tiktok-api-server';
import { YouTubeApiServer } from '../../providers/youtube/youtube-api-server';
import { ApiClient } from '../support/api-client';
import { approverWorkspace, within } from '../support/fixtures';
import { freePort } from '../support/node-process';
import { RunningService, startService } from '../support/service-process';
import { Browser, describeWithBrowser, launchBrowser } from '../support/dashboard/browser';
import { openFromNavigation, signIn } from '../support/dashboard/dashboard-steps';

jest.setTimeout(180_000);

/** A local platform server and how the service's app on it is configured, with who approves the next authorization. */
interface LocalPlatform {
  provider: string;
  /** The dashboard's name of the platform ("Connect with <label>"). */
  label: string;
  env: Record<string, string>;
  approve(): void;
  stop(): Promise<void>;
}

const appEnv = (provider: string, app: { clientId: string; clientSecret: string; authUrl: string; apiUrl: string; tokenUrl: string }): Record<string, string> => {
  const prefix = `OAUTH_${provider.toUpperCase()}_`;
  return { [`${prefix}CLIENT_ID`]: app.clientId, [`${prefix}CLIENT_SECRET`]: app.clientSecret, [`${prefix}AUTH_URL`]: app.authUrl, [`${prefix}API_URL`]: app.apiUrl, [`${prefix}TOKEN_URL`]: app.tokenUrl };
};

/** The seven platforms of the third round, each on its local server answering as its API reference documents. */
async function localPlatforms(): Promise<LocalPlatform[]> {
  const facebook = await FacebookGraphServer.start();
  const instagram = await InstagramApiServer.start();
  const threads = await ThreadsApiServer.start();
  const youtube = await YouTubeApiServer.start();
  const tiktok = await TikTokApiServer.start();
  const pinterest = await PinterestApiServer.start();
  const reddit = await RedditApiServer.start();
  return [
    {
      provider: 'facebook',
      label: 'Facebook Page',
      env: appEnv('facebook', { clientId: facebook.login.clientId, clientSecret: facebook.login.clientSecret, authUrl: `${facebook.url}/v21.0/dialog`, apiUrl: `${facebook.url}/v21.0`, tokenUrl: `${facebook.url}/v21.0/oauth/access_token` }),
      approve: () => (facebook.login.approvingUser = facebook.addUser('Ada', [{ page: facebook.addPage('Acme Page', 'acmepage').page }])),
      stop: () => facebook.stop(),
    },
    {
      provider: 'instagram',
      label: 'Instagram',
      env: appEnv('instagram', { clientId: instagram.login.clientId, clientSecret: instagram.login.clientSecret, authUrl: `${instagram.url}/oauth`, apiUrl: `${instagram.url}/v21.0`, tokenUrl: `${instagram.url}/oauth/access_token` }),
      approve: () => (instagram.login.approvingUser = instagram.addUser('acme.ig', 'Acme on Instagram')),
      stop: () => instagram.stop(),
    },
    {
      provider: 'threads',
      label: 'Threads',
      env: appEnv('threads', { clientId: threads.clientId, clientSecret: threads.clientSecret, authUrl: `${threads.url}/oauth`, apiUrl: `${threads.url}/v1.0`, tokenUrl: `${threads.url}/oauth/access_token` }),
      approve: () => (threads.oauth.approvingUser = threads.addUser('acme.threads', 'Acme on Threads')),
      stop: () => threads.stop(),
    },
    {
      provider: 'youtube',
      label: 'YouTube',
      env: appEnv('youtube', { clientId: youtube.oauth.clientId, clientSecret: youtube.oauth.clientSecret, authUrl: `${youtube.url}/o/oauth2/v2`, apiUrl: youtube.url, tokenUrl: `${youtube.url}/token` }),
      approve: () => (youtube.oauth.approving = youtube.addChannel('Acme Channel')),
      stop: () => youtube.stop(),
    },
    {
      provider: 'tiktok',
      label: 'TikTok',
      env: appEnv('tiktok', { clientId: tiktok.oauth.clientKey, clientSecret: tiktok.oauth.clientSecret, authUrl: `${tiktok.url}/v2/auth`, apiUrl: tiktok.url, tokenUrl: `${tiktok.url}/v2/oauth/token/` }),
      approve: () => (tiktok.oauth.approvingCreator = tiktok.addCreator('acmetok', 'Acme on TikTok')),
      stop: () => tiktok.stop(),
    },
    {
      provider: 'pinterest',
      label: 'Pinterest',
      env: appEnv('pinterest', { clientId: pinterest.clientId, clientSecret: pinterest.clientSecret, authUrl: `${pinterest.url}/oauth`, apiUrl: `${pinterest.url}/v5`, tokenUrl: `${pinterest.url}/v5/oauth/token` }),
      approve: () => (pinterest.approvingUser = pinterest.addUser('acmepins', 'Acme Pins').user),
      stop: () => pinterest.stop(),
    },
    {
      provider: 'reddit',
      label: 'Reddit',
      env: appEnv('reddit', { clientId: reddit.oauth.clientId, clientSecret: reddit.oauth.clientSecret, authUrl: `${reddit.url}/api/v1`, apiUrl: reddit.url, tokenUrl: `${reddit.url}/api/v1/access_token` }),
      approve: () => (reddit.oauth.approvingUser = reddit.addUser('acme_redditor')),
      stop: () => reddit.stop(),
    },
  ];
}

/** Connecting an account of each platform added with the third round from the Accounts page: to its authorization page and back, in Chromium. */
describeWithBrowser('dashboard: connecting Facebook, Instagram, Threads, YouTube, TikTok, Pinterest and Reddit (the built service, local platforms, Chromium)', () => {
  let platforms: LocalPlatform[] = [];
  let service: RunningService;
  let admin: ApiClient;
  let workspace: string;
  let browser: Browser;

  beforeAll(async () => {
    platforms = await localPlatforms();
    const port = await freePort();
    const env = Object.assign({ PUBLIC_URL: `http://127.0.0.1:${port}`, PROVIDER_ALLOW_PRIVATE_URLS: 'true' }, ...platforms.map((platform) => platform.env));
    service = await startService({ port, env });
    admin = new ApiClient(service.baseUrl, service.adminToken);
    workspace = await approverWorkspace(admin, 'Acme');
    browser = await launchBrowser();
    const { page } = browser;
    await signIn(page, service.baseUrl, service.adminToken!);
  });
  afterAll(async () => {
    await browser?.close();
    await service?.dispose();
    await Promise.all(platforms.map((platform) => platform.stop()));
  });
  afterEach(() => {
    const problems = browser?.problems.splice(0) ?? [];
    if (problems.length) throw new Error(`the page reported: ${problems.join('; ')}`);
  });

  it('connects an account of each through its authorization page, and lists it connected', async () => {
    const { page } = browser;
    for (const platform of platforms) {
      platform.approve();
      await openFromNavigation(page, 'Accounts');
      await page.getByLabel('Provider').selectOption(platform.provider);
      await page.getByRole('button', { name: `Connect with ${platform.label}` }).click();
      // The browser goes to the platform and back: the account exists once the callback has run.
      const connected = await eventually(async () => {
        const accounts: Array<{ provider: string; authorized: boolean; name: string }> = (await admin.get(`/api/${workspace}/accounts`)).body.data;
        return accounts.find((account) => account.provider === platform.provider) ?? null;
      }, `the ${platform.provider} account to be connected`, within(20_000));
      expect({ provider: platform.provider, authorized: connected.authorized }).toEqual({ provider: platform.provider, authorized: true });
      await page.getByRole('status').filter({ hasText: 'Account connected.' }).waitFor();
      await page.getByRole('row').filter({ hasText: connected.name }).getByText('connected', { exact: true }).waitFor();
    }
    expect((await admin.get(`/api/${workspace}/accounts`)).body.data.map((account: { provider: string }) => account.provider).sort()).toEqual(platforms.map((platform) => platform.provider).sort());
  });
});
