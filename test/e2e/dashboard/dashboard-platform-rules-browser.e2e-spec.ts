import type { Page } from 'playwright-core';
import { pngImage } from '@app/media-store/testing';
import { MastodonApiServer } from '../../providers/mastodon/mastodon-api-server';
import { LocalTelegram, startLocalTelegram } from '../../providers/telegram/local-telegram';
import { TikTokApiServer } from '../../providers/tiktok/tiktok-api-server';
import { XApiServer } from '../../providers/x/x-api-server';
import { ApiClient, createdBody } from '../support/api-client';
import { approverWorkspace } from '../support/fixtures';
import { RunningService, startService } from '../support/service-process';
import { Browser, describeWithBrowser, launchBrowser } from '../support/dashboard/browser';
import { openFromNavigation, signIn } from '../support/dashboard/dashboard-steps';

jest.setTimeout(180_000);

/**
 * Compose's previews and options judge a post as the server does, on the four rules the dashboard
 * once kept its own copy of: Telegram's caption limit with media, a Mastodon instance's own limit,
 * X's weighted count, and the privacy levels a TikTok creator offers. Each case composes the post in
 * the browser, reads the preview's verdict, and sends the same post to the server.
 */
describeWithBrowser("dashboard compose: the preview's verdict is the server's (the built service, Chromium, local platforms)", () => {
  let service: RunningService;
  let mastodon: MastodonApiServer;
  let telegram: LocalTelegram;
  let x: XApiServer;
  let tiktok: TikTokApiServer;
  let admin: ApiClient;
  let workspace: string;
  let browser: Browser;
  let page: Page;
  const accounts: Record<'mastodon' | 'telegram' | 'x' | 'tiktok', { id: number; name: string }> = {} as never;

  beforeAll(async () => {
    [mastodon, telegram, x, tiktok] = await Promise.all([MastodonApiServer.start(1000), startLocalTelegram(), XApiServer.start(), TikTokApiServer.start()]);
    service = await startService({
      env: {
        OAUTH_X_CLIENT_ID: x.clientId,
        OAUTH_X_CLIENT_SECRET: x.clientSecret,
        OAUTH_X_API_URL: x.url,
        OAUTH_TIKTOK_CLIENT_ID: tiktok.oauth.clientKey,
        OAUTH_TIKTOK_CLIENT_SECRET: tiktok.oauth.clientSecret,
        OAUTH_TIKTOK_API_URL: tiktok.url,
        OAUTH_TIKTOK_TOKEN_URL: `${tiktok.url}/v2/oauth/token/`,
        PROVIDER_ALLOW_PRIVATE_URLS: 'true',
      },
    });
    admin = new ApiClient(service.baseUrl, service.adminToken);
    workspace = await approverWorkspace(admin, 'Acme');
    const connect = async (key: keyof typeof accounts, body: Record<string, unknown>) => {
      const created = createdBody(await admin.post(`/api/${workspace}/accounts`, body), `connecting ${key}`);
      accounts[key] = { id: created.id, name: `${created.name} (${key})` };
    };
    await connect('mastodon', { provider: 'mastodon', name: 'Big instance', settings: { instance: mastodon.url }, credentials: { access_token: mastodon.addAccount('acme', 'Acme') } });
    await connect('telegram', { provider: 'telegram', name: 'Channel', settings: { chat_id: '-1001', api_url: telegram.proxy.url }, credentials: { bot_token: telegram.addBot() } });
    await connect('x', { provider: 'x', name: 'Acme on X', credentials: x.tokensOf(x.addUser('acme')) });
    const creator = tiktok.addCreator('acmetok', 'Acme on TikTok', { privacyLevelOptions: ['MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'] });
    await connect('tiktok', { provider: 'tiktok', name: 'Creator', credentials: tiktok.tokensOf(creator) });
    browser = await launchBrowser();
    page = browser.page;
    await signIn(page, service.baseUrl, service.adminToken!);
  });
  afterAll(async () => {
    await browser?.close();
    await service?.dispose();
    await Promise.all([mastodon?.stop(), telegram?.stop(), x?.stop(), tiktok?.stop()]);
  });
  afterEach(() => {
    const problems = browser?.problems.splice(0) ?? [];
    if (problems.length) throw new Error(`the page reported: ${problems.join('; ')}`);
  });

  const LABELS = { mastodon: 'Mastodon', telegram: 'Telegram', x: 'X', tiktok: 'TikTok' } as const;

  /** A new post in compose for one account, with this text (and an image when asked): the preview's words on its cut, or null when it is not cut. */
  async function previewVerdict(account: keyof typeof accounts, text: string, withImage = false): Promise<string | null> {
    await openFromNavigation(page, 'Posts');
    await page.getByRole('link', { name: 'New post' }).click();
    await page.getByRole('checkbox', { name: accounts[account].name }).check();
    await page.getByLabel('Text', { exact: true }).fill(text);
    if (withImage) {
      await page.getByLabel('Upload media').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: pngImage(20, 20, 1) });
      await page.getByRole('status').filter({ hasText: 'photo.png uploaded and attached.' }).waitFor();
    }
    // The descriptions arrive once a session: the verdict is read once the preview is named after its platform's label.
    const preview = page.getByRole('region', { name: 'Previews' }).getByRole('article', { name: `Preview on ${LABELS[account]} for ${accounts[account].name.replace(/ \(\w+\)$/, '')}` });
    await preview.waitFor();
    // The library is loaded again after an upload: the preview counts the image once it shows it.
    if (withImage) await preview.locator('.preview-media img').waitFor();
    const cut = preview.getByText(/^Cut at /);
    return (await cut.count()) === 0 ? null : await cut.textContent();
  }

  /** The server's verdict on the same post, scheduled: 201, or 422 with its errors. */
  async function serverVerdict(account: keyof typeof accounts, text: string, media: string[] = [], options: Record<string, unknown> = {}) {
    const answer = await admin.post(`/api/${workspace}/posts`, {
      versions: [{ account_id: 0, is_original: true, content: [{ body: text, media }], options }],
      accounts: [accounts[account].id],
      schedule: true,
      scheduled_at: '2099-06-01T10:00:00Z',
    });
    return { status: answer.status, errors: answer.status === 422 ? answer.body.errors : undefined };
  }

  const latestMedia = async (): Promise<string> => (await admin.get(`/api/${workspace}/media?limit=1`)).body.data[0].id;

  it('Telegram with an image: the preview cuts a caption at 1,024 as the server refuses it; the same text alone fits its 4,096', async () => {
    const text = 'a'.repeat(1_500);
    expect(await previewVerdict('telegram', text, true)).toBe('Cut at 1024 characters: 476 characters over (marked), refused until shortened.');
    expect(await serverVerdict('telegram', text, [await latestMedia()])).toEqual({ status: 422, errors: { 'accounts.0': ['The text is longer than telegram allows (1024 characters).'] } });
    expect(await previewVerdict('telegram', text)).toBeNull();
    expect((await serverVerdict('telegram', text)).status).toBe(201);
  });

  it("Mastodon: the preview takes the instance's own limit (1,000), as the server does", async () => {
    expect(await previewVerdict('mastodon', 'b'.repeat(800))).toBeNull();
    expect((await serverVerdict('mastodon', 'b'.repeat(800))).status).toBe(201);
    expect(await previewVerdict('mastodon', 'b'.repeat(1_001))).toBe('Cut at 1000 characters: 1 character over (marked), refused until shortened.');
    expect(await serverVerdict('mastodon', 'b'.repeat(1_001))).toEqual({ status: 422, errors: { 'accounts.0': ['The text is longer than mastodon allows (1000 characters).'] } });
  });

  it('X: the preview counts as X and the server do: 141 flags are 282, a long URL 23', async () => {
    const flags = '🇫🇷'.repeat(141);
    expect(await previewVerdict('x', flags)).toBe('Cut at 280 characters: 2 characters over (marked), refused until shortened.');
    expect(await serverVerdict('x', flags)).toEqual({ status: 422, errors: { 'accounts.0': ['The text is longer than x allows (280 characters).'] } });
    const withLink = `${'c'.repeat(250)} https://example.com/${'p'.repeat(100)}`;
    expect(await previewVerdict('x', withLink)).toBeNull();
    expect((await serverVerdict('x', withLink)).status).toBe(201);
  });

  it("TikTok: compose offers only the privacy levels the creator's account offers, and the server takes those and refuses the others", async () => {
    await previewVerdict('tiktok', 'A clip', true);
    const levels = page.getByRole('group', { name: 'TikTok options' }).locator('#tiktok-privacy_level option');
    await expect(levels.allTextContents()).resolves.toEqual(['Choose…', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY']);
    const media = [await latestMedia()];
    expect((await serverVerdict('tiktok', 'A clip', media, { tiktok: { privacy_level: 'SELF_ONLY' } })).status).toBe(201);
    expect(await serverVerdict('tiktok', 'A clip', media, { tiktok: { privacy_level: 'PUBLIC_TO_EVERYONE' } })).toEqual({
      status: 422,
      errors: { 'versions.0.options.tiktok.privacy_level': ['The selected privacy_level is invalid. Use MUTUAL_FOLLOW_FRIENDS or SELF_ONLY.'] },
    });
  });
});
