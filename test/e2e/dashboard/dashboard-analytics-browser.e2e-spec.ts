import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { eventually } from '@app/testing/eventually';
import { DiscordWebhookServer } from '../../providers/discord/discord-webhook-server';
import { ApiClient, createdBody } from '../support/api-client';
import { approverWorkspace, connectSandbox, within } from '../support/fixtures';
import { RunningService, startService } from '../support/service-process';
import { expectAccessible } from '../support/dashboard/accessibility';
import { Browser, describeWithBrowser, launchBrowser, screenshotsDir } from '../support/dashboard/browser';
import { openFromNavigation, screenshot, signIn, statusTab, waitForPageHeading } from '../support/dashboard/dashboard-steps';

jest.setTimeout(180_000);

interface MetricsEntry {
  account_id: number;
  collected_at: string | null;
}

/** A dl of figures as the page shows it: each name and its number, in words. */
const figuresOf = (list: Locator): Promise<Record<string, string>> =>
  list.evaluate((dl) => Object.fromEntries([...dl.querySelectorAll(':scope > div')].map((pair) => [pair.querySelector('dt')!.textContent, pair.querySelector('dd')!.textContent])));

/**
 * The figures in the dashboard: three posts published through the API on two sandbox accounts
 * (which report one like each) and a Discord webhook (which reports none, answered by a local
 * server as Discord's API reference documents), their figures read through the refresh route;
 * then a published post's figures and Refresh figures, and the Analytics page: totals, the chart,
 * the best posts, the CSV.
 */
describeWithBrowser('dashboard analytics in a browser (the built service, Chromium, a local Discord)', () => {
  let discord: DiscordWebhookServer;
  let service: RunningService;
  let admin: ApiClient;
  let workspace: string;
  let browser: Browser;
  let page: Page;
  const posts: Record<string, string> = {};
  const today = new Date().toISOString().slice(0, 10);
  const shots = screenshotsDir();

  /** Publishes a post now on the accounts and waits until it is published. */
  const publish = async (text: string, accounts: number[]): Promise<string> => {
    const body = { versions: [{ is_original: true, content: [{ body: text, media: [] }] }], accounts, schedule_now: true };
    const { uuid } = createdBody(await admin.post(`/api/${workspace}/posts`, body), `posting "${text}"`);
    await eventually(async () => (await admin.get(`/api/${workspace}/posts/${uuid}`)).body.status === 'published', `"${text}" published`, within(45_000));
    return uuid;
  };

  /** The post's figures once every sandbox account of it has been read. */
  const figuresRead = (uuid: string, sandboxes: number[]) =>
    eventually(
      async () => {
        const entries: MetricsEntry[] = (await admin.get(`/api/${workspace}/posts/${uuid}/metrics`)).body.data;
        return sandboxes.every((id) => entries.some((entry) => entry.account_id === id && entry.collected_at !== null)) && entries;
      },
      'the figures read',
      within(30_000),
    );

  beforeAll(async () => {
    discord = await DiscordWebhookServer.start();
    service = await startService({ env: { PROVIDER_ALLOW_PRIVATE_URLS: 'true' } });
    admin = new ApiClient(service.baseUrl, service.adminToken);
    workspace = await approverWorkspace(admin, 'Acme');
    const first = await connectSandbox(admin, workspace, 'Acme Sandbox');
    const second = await connectSandbox(admin, workspace, 'Second Sandbox');
    const news = createdBody(await admin.post(`/api/${workspace}/accounts`, { provider: 'discord', name: 'Acme News', credentials: { webhook_url: `${discord.url}${discord.addWebhook('News')}` } }), 'connecting Discord').id;
    // One after the other, so that the most recent is known: two likes for the first, one for each other.
    posts.launch = await publish('Launch day', [first, second, news]);
    posts.recap = await publish('Weekly recap', [first]);
    posts.teaser = await publish('Next week’s teaser', [second]);
    for (const [uuid, sandboxes] of [
      [posts.recap, [first]],
      [posts.teaser, [second]],
    ] as const) {
      expect((await admin.post(`/api/${workspace}/posts/${uuid}/metrics/refresh`)).status).toBe(202);
      await figuresRead(uuid, [...sandboxes]);
    }
    browser = await launchBrowser();
    page = browser.page;
    await signIn(page, service.baseUrl, service.adminToken!);
  });
  afterAll(async () => {
    await browser?.close();
    await service?.dispose();
    await discord?.stop();
  });
  afterEach(() => {
    const problems = browser?.problems.splice(0) ?? [];
    if (problems.length) throw new Error(`the page reported: ${problems.join('; ')}`);
  });

  it('a published post shows each account’s figures once read, Refresh figures reads them, and a second refresh says how long to wait', async () => {
    await openFromNavigation(page, 'Posts');
    await statusTab(page, 'Published').click();
    await page.getByRole('row').filter({ hasText: 'Launch day' }).getByRole('link', { name: 'Figures of post Launch day' }).click();
    await waitForPageHeading(page, 'Edit post');
    const figures = page.getByRole('region', { name: 'Figures' });
    const onAccount = (name: string) => figures.getByRole('listitem', { name: `Figures on ${name}` });
    await onAccount('Acme Sandbox').getByText('Not read yet.').waitFor();
    await onAccount('Acme News').getByText('Figures are not reported by Discord.').waitFor();

    await figures.getByRole('button', { name: 'Refresh figures' }).click();
    await figures.getByRole('status').filter({ hasText: 'Figures read.' }).waitFor({ timeout: 30_000 });
    for (const name of ['Acme Sandbox', 'Second Sandbox']) {
      await onAccount(name).getByText('read just now').waitFor();
      expect(await figuresOf(onAccount(name).locator('dl'))).toEqual({ Impressions: '0', Likes: '1', Replies: '0', Reposts: '0', Quotes: '0', Saves: '0', Clicks: '0', Views: '0' });
    }
    await onAccount('Acme News').getByText('Figures are not reported by Discord.').waitFor();
    await figures.screenshot({ path: join(shots, 'post-figures.png') });
    await expectAccessible(page, 'a published post’s figures');

    await figures.getByRole('button', { name: 'Refresh figures' }).click();
    const refused = figures.getByRole('alert');
    await refused.waitFor();
    expect(await refused.innerText()).toMatch(/^The figures were asked for a moment ago: ask again in \d+ s\.$/);
  });

  it('the Analytics page adds up the last 30 days: totals, a chart per account, the best posts', async () => {
    await openFromNavigation(page, 'Analytics');
    await expect(page.getByLabel('From', { exact: true }).inputValue()).resolves.toBe(new Date(Date.parse(`${today}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10));
    await expect(page.getByLabel('To', { exact: true }).inputValue()).resolves.toBe(today);

    // Five published accounts (the Discord one has no figures): four likes.
    const totals = page.getByRole('region', { name: 'Totals' }).locator('dl');
    await totals.waitFor();
    expect(await figuresOf(totals)).toEqual({ Posts: '5', Impressions: '0', Likes: '4', Replies: '0', Reposts: '0', Quotes: '0', Saves: '0', Clicks: '0', Views: '0' });

    const chart = page.getByRole('img', { name: /^Engagement \(likes \+ replies \+ reposts \+ quotes\) per day of publishing, per account/ });
    await chart.waitFor();
    const bars = await chart.locator('rect.bar title').allTextContents();
    expect(bars).toEqual([`Acme Sandbox (sandbox), ${today}: 2`, `Second Sandbox (sandbox), ${today}: 2`]);
    expect(await page.getByRole('list', { name: 'Accounts in the chart' }).getByRole('listitem').allInnerTexts()).toEqual(['Acme Sandbox (sandbox)', 'Second Sandbox (sandbox)', 'Acme News (discord)']);
    const perAccount = page.getByRole('table', { name: 'Per account' });
    expect(await perAccount.getByRole('row', { name: /^Acme News/ }).getByRole('cell').allInnerTexts()).toEqual(['1', '—', '—', '—', '—', '—', '—', '—', '—']);

    const best = page.getByRole('list', { name: 'Best posts' }).getByRole('listitem');
    await best.first().waitFor();
    expect((await best.allInnerTexts()).map((line) => line.replace(/ published .*\) /, ' … '))).toEqual(['Launch day … 2 engagement', 'Next week’s teaser … 1 engagement', 'Weekly recap … 1 engagement']);
    await screenshot(page, shots, 'analytics');
    // Filled in (the accessibility suite sees it with no figures): the chart, its legend and the tables too.
    await expectAccessible(page, 'the Analytics page with figures');
  });

  it('one account: a figure it does not report shows as —, never 0; the chart has no bar for it', async () => {
    await page.getByLabel('Account', { exact: true }).selectOption({ label: 'Acme News (discord)' });
    const totals = page.getByRole('region', { name: 'Totals' }).locator('dl');
    await totals.getByText('—').first().waitFor();
    expect(await figuresOf(totals)).toEqual({ Posts: '1', Impressions: '—', Likes: '—', Replies: '—', Reposts: '—', Quotes: '—', Saves: '—', Clicks: '—', Views: '—' });
    expect(await page.locator('svg rect.bar').count()).toBe(0);
    await page.getByRole('region', { name: 'Best posts' }).getByText('No post of this range has figures yet.').waitFor();

    await page.getByLabel('Account', { exact: true }).selectOption({ label: 'Second Sandbox (sandbox)' });
    await page.getByRole('list', { name: 'Best posts' }).getByRole('listitem').nth(1).waitFor();
    expect(await page.getByRole('list', { name: 'Best posts' }).getByRole('link').allInnerTexts()).toEqual(['Next week’s teaser', 'Launch day']);
    await page.getByLabel('Account', { exact: true }).selectOption({ label: 'Every account' });
  });

  it('Download CSV downloads the API’s CSV of the same range', async () => {
    const from = await page.getByLabel('From', { exact: true }).inputValue();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
    // The API names the file (Content-Disposition).
    expect(download.suggestedFilename()).toBe('analytics.csv');
    const csv = readFileSync((await download.path())!, 'utf8');
    const answer = await admin.get(`/api/${workspace}/analytics?from=${from}&to=${today}&format=csv`);
    expect(csv).toBe(answer.body);
    expect(csv.split('\r\n').filter(Boolean)).toEqual([
      'date,account_id,provider,posts,impressions,likes,replies,reposts,quotes,saves,clicks,views',
      expect.stringMatching(new RegExp(`^${today},\\d+,sandbox,2,0,2,0,0,0,0,0,0$`)),
      expect.stringMatching(new RegExp(`^${today},\\d+,sandbox,2,0,2,0,0,0,0,0,0$`)),
      expect.stringMatching(new RegExp(`^${today},\\d+,discord,1,,,,,,,,$`)),
    ]);
  });
});
