import { LocalFeedServer } from '../../feeds/local-feed-server';
import { ApiClient } from '../support/api-client';
import { approverWorkspace, connectSandbox } from '../support/fixtures';
import { RunningService, startService } from '../support/service-process';
import { Browser, describeWithBrowser, launchBrowser } from '../support/dashboard/browser';
import { openFromNavigation, signIn } from '../support/dashboard/dashboard-steps';

jest.setTimeout(120_000);

/** The Feeds page: follow a local blog's feed, read it now once a new item appears (a draft is made), and see a broken feed's problem. */
describeWithBrowser('dashboard feeds in a browser (the built service, Chromium, a local feed)', () => {
  let service: RunningService;
  let site: LocalFeedServer;
  let admin: ApiClient;
  let workspace: string;
  let browser: Browser;

  beforeAll(async () => {
    site = await LocalFeedServer.start();
    service = await startService({ env: { FEED_ALLOW_PRIVATE_URLS: 'true' } });
    admin = new ApiClient(service.baseUrl, service.adminToken);
    workspace = await approverWorkspace(admin, 'Acme');
    await connectSandbox(admin, workspace, 'Acme Sandbox');
    browser = await launchBrowser();
    await signIn(browser.page, service.baseUrl, service.adminToken!);
  });
  afterAll(async () => {
    await browser?.close();
    await service?.dispose();
    await site?.stop();
  });
  afterEach(() => {
    const problems = browser?.problems.splice(0) ?? [];
    if (problems.length) throw new Error(`the page reported: ${problems.join('; ')}`);
  });

  const drafts = async () => (await admin.get(`/api/${workspace}/posts?status=draft`)).body.data.map((post: { versions: Array<{ content: Array<{ body: string }> }> }) => post.versions[0].content[0].body);

  it('follows a feed: the items already there are not posted; a new one becomes a draft once it is read', async () => {
    const { page } = browser;
    site.publish('blog', { id: 'old', title: 'Already there', link: 'https://blog.example/old' });
    await openFromNavigation(page, 'Feeds');
    await page.getByText('No feeds yet.').waitFor();
    await page.getByLabel('Feed URL').fill(`${site.url}/rss/blog`);
    await page.getByRole('group', { name: 'Accounts' }).getByRole('checkbox', { name: 'Acme Sandbox' }).check();
    await page.getByLabel('Text of each post').fill('From the blog: {title} {link}');
    await page.getByRole('button', { name: 'Follow', exact: true }).click();
    await page.getByText(`Following ${site.url}/rss/blog: its new items become posts.`).waitFor();
    const row = page.getByRole('row').filter({ hasText: `${site.url}/rss/blog` });
    await row.getByRole('cell', { name: 'draft', exact: true }).waitFor();
    expect(await drafts()).toEqual([]);

    site.publish('blog', { id: 'new', title: 'Spring sale', link: 'https://blog.example/spring' });
    await row.getByRole('button', { name: `Read ${site.url}/rss/blog now` }).click();
    await page.getByText(`Feed ${site.url}/rss/blog read.`).waitFor();
    expect(await drafts()).toEqual(['From the blog: Spring sale https://blog.example/spring']);
  });

  it('shows why a feed could not be read, and stops following it', async () => {
    const { page } = browser;
    await page.getByLabel('Feed URL').fill(`${site.url}/malformed`);
    await page.getByRole('group', { name: 'Accounts' }).getByRole('checkbox', { name: 'Acme Sandbox' }).check();
    await page.getByRole('button', { name: 'Follow', exact: true }).click();
    await page.getByText(/which could not be read yet: The feed is not well-formed XML/).waitFor();
    const row = page.getByRole('row').filter({ hasText: `${site.url}/malformed` });
    await row.getByText(/^The feed is not well-formed XML/).waitFor();
    page.once('dialog', (dialog) => void dialog.accept());
    await row.getByRole('button', { name: `Stop following ${site.url}/malformed` }).click();
    await page.getByText('Feed no longer followed.').waitFor();
    expect((await admin.get(`/api/${workspace}/feeds`)).body.data.map((feed: { url: string }) => feed.url)).toEqual([`${site.url}/rss/blog`]);
  });
});
