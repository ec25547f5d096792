import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { eventually, eventuallyPasses } from '@app/testing/eventually';
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

/** The colours uPlot draws the first two accounts' series in (the chart's first colours). */
const SERIES = { first: '#1f5fbf', second: '#b3261e' };

/** What of a canvas element the test reads (the suite compiles without the browser's types). */
interface Canvas {
  width: number;
  height: number;
  getContext(kind: '2d'): { getImageData(x: number, y: number, width: number, height: number): { data: ArrayLike<number> } } | null;
}

/** Which of the colours the canvas has pixels of, exactly: the series whose points are drawn. */
const coloursDrawn = (canvas: Locator, colours: readonly string[]): Promise<string[]> =>
  canvas.evaluate((element, wanted) => {
    const plot = element as unknown as Canvas;
    const pixels = plot.getContext('2d')!.getImageData(0, 0, plot.width, plot.height).data;
    const found = new Set<string>();
    for (let at = 0; at < pixels.length; at += 4) found.add(`#${[pixels[at], pixels[at + 1], pixels[at + 2]].map((part) => part.toString(16).padStart(2, '0')).join('')}`);
    return wanted.filter((colour) => found.has(colour));
  }, colours);

/** A queue slot of an instant in UTC (the posting schedule's zone until changed): its day and hour, and how the pages name it. */
function slotOfHour(at: string): { day: string; time: string; name: string } {
  const instant = new Date(at);
  const name = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'long' }).format(instant);
  const time = `${String(instant.getUTCHours()).padStart(2, '0')}:00`;
  return { day: name.slice(0, 3).toLowerCase(), time, name: `${name} ${time}` };
}

/**
 * The figures in the dashboard: three posts published through the API on two sandbox accounts
 * (which report one like each) and a Discord webhook (which reports none, answered by a local
 * server as Discord's API reference documents), their figures read through the refresh route;
 * then a published post's figures and Refresh figures, and the Analytics page: totals, the chart
 * (drawn by uPlot on a canvas), the best posts, the CSV; and the best times, on the posting
 * schedule too, where one is added as a slot.
 */
describeWithBrowser('dashboard analytics in a browser (the built service, Chromium, a local Discord)', () => {
  let discord: DiscordWebhookServer;
  let service: RunningService;
  let admin: ApiClient;
  let workspace: string;
  let browser: Browser;
  let page: Page;
  const posts: Record<string, string> = {};
  /** The first sandbox account's id. */
  let acmeSandbox: number;
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
    const first = (acmeSandbox = await connectSandbox(admin, workspace, 'Acme Sandbox'));
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

    // The canvas is an image named by the chart in words; both sandboxes' points are on today (the second drawn over the first).
    const chart = page.getByRole('img', { name: /^Engagement \(likes \+ replies \+ reposts \+ quotes\) per day of publishing, per account/ });
    await chart.waitFor();
    expect(await chart.evaluate((element) => element.tagName)).toBe('CANVAS');
    expect(await chart.getAttribute('aria-label')).toMatch(
      new RegExp(` to ${today}\\. Acme Sandbox \\(sandbox\\): 2 over 1 day, the most 2 on ${today}; Second Sandbox \\(sandbox\\): 2 over 1 day, the most 2 on ${today}; Acme News \\(discord\\): not reported\\.$`),
    );
    await eventuallyPasses(async () => expect(await coloursDrawn(chart, [SERIES.second])).toEqual([SERIES.second]));
    // Pointing at today (the last of the 31 half-day-padded days across the plot) reads its figures.
    const plotArea = page.locator('.chart .u-over');
    const box = (await plotArea.boundingBox())!;
    await page.mouse.move(box.x + box.width * (30.5 / 31), box.y + box.height / 2);
    await expect(page.locator('.chart-readout').innerText()).resolves.toBe(`${today}: Acme Sandbox (sandbox) 2, Second Sandbox (sandbox) 2`);
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

  it('one account: the chart draws its series alone; a figure it does not report shows as —, never 0, and the chart draws no point for it', async () => {
    await page.getByLabel('Account', { exact: true }).selectOption({ label: 'Acme Sandbox (sandbox)' });
    const first = page.getByRole('img', { name: new RegExp(`\\. Acme Sandbox \\(sandbox\\): 2 over 1 day, the most 2 on ${today}\\.$`) });
    await first.waitFor();
    await eventuallyPasses(async () => expect(await coloursDrawn(first, [SERIES.first, SERIES.second])).toEqual([SERIES.first]));

    await page.getByLabel('Account', { exact: true }).selectOption({ label: 'Acme News (discord)' });
    const totals = page.getByRole('region', { name: 'Totals' }).locator('dl');
    await totals.getByText('—').first().waitFor();
    expect(await figuresOf(totals)).toEqual({ Posts: '1', Impressions: '—', Likes: '—', Replies: '—', Reposts: '—', Quotes: '—', Saves: '—', Clicks: '—', Views: '—' });
    // The chart names the account's figure as not reported and draws no point.
    const chart = page.getByRole('img', { name: /Acme News \(discord\): not reported\.$/ });
    await chart.waitFor();
    expect(await coloursDrawn(chart, [SERIES.first, SERIES.second])).toEqual([]);
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

  it('the best times: on the Analytics page, and on the posting schedule, where an admin adds one as a slot saved with the schedule', async () => {
    // The hours of the week the first sandbox's posts went out in (UTC: the schedule's zone until changed), each with its median of one like.
    const publishedAt = async (uuid: string): Promise<string> =>
      (await admin.get(`/api/${workspace}/posts/${uuid}`)).body.accounts.find((account: { id: number }) => account.id === acmeSandbox).published_at;
    const hours = [slotOfHour(await publishedAt(posts.launch)), slotOfHour(await publishedAt(posts.recap))];
    const best = hours[1];
    const expected = [...new Set(hours.map((hour) => hour.name))];

    const onAnalytics = page.getByRole('region', { name: 'Best times' }).getByRole('list', { name: 'Best times on Acme Sandbox (sandbox)' }).getByRole('listitem');
    await onAnalytics.first().waitFor();
    expect(await onAnalytics.allInnerTexts()).toEqual(expected.map((name) => expect.stringMatching(new RegExp(`^${name} median engagement 1, \\d posts?$`))));

    await openFromNavigation(page, 'Settings');
    const schedule = page.getByRole('list', { name: 'Best times on Acme Sandbox (sandbox)' });
    const hour = schedule.getByRole('listitem').filter({ hasText: best.name });
    const add = hour.getByRole('button', { name: `Add ${best.name}`, exact: true });
    await add.waitFor();
    await screenshot(page, shots, 'settings-best-times');
    await expectAccessible(page, 'the posting schedule with best times');
    await add.click();
    await hour.getByText('in the schedule').waitFor();
    expect(await page.getByRole('list', { name: 'Time slots' }).getByRole('listitem').allInnerTexts()).toEqual([expect.stringContaining(best.name)]);
    await page.getByRole('button', { name: 'Save schedule' }).click();
    await page.getByRole('status').filter({ hasText: 'Posting schedule saved.' }).waitFor();
    expect((await admin.get(`/api/${workspace}/queue`)).body).toEqual({ timezone: 'UTC', slots: [{ day: best.day, time: best.time }] });
  });
});
