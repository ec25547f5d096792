import type { Page } from 'playwright-core';
import { pngImage } from '@app/media-store/testing';
import { eventually } from '@app/testing/eventually';
import { LocalPlatforms } from '../scenarios/local-platforms';
import { ApiClient, createdBody } from '../support/api-client';
import { approverWorkspace, connectSandbox, within } from '../support/fixtures';
import { RunningService, startService } from '../support/service-process';
import { Browser, describeWithBrowser, launchBrowser, screenshotsDir } from '../support/dashboard/browser';
import { openFromNavigation, signIn, statusTab } from '../support/dashboard/dashboard-steps';

jest.setTimeout(120_000);

/** Bulk actions on the Posts list, and compose's previews of the post on each network. */
describeWithBrowser('dashboard posts: bulk actions and network previews in a browser (the built service, Chromium)', () => {
  let service: RunningService;
  let platforms: LocalPlatforms;
  let admin: ApiClient;
  let workspace: string;
  let sandbox: number;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    platforms = await LocalPlatforms.start();
    service = await startService({ env: platforms.env });
    admin = new ApiClient(service.baseUrl, service.adminToken);
    workspace = await approverWorkspace(admin, 'Acme');
    sandbox = await connectSandbox(admin, workspace, 'Acme Sandbox');
    browser = await launchBrowser();
    page = browser.page;
    await signIn(page, service.baseUrl, service.adminToken!);
  });
  afterAll(async () => {
    await browser?.close();
    await service?.dispose();
    await platforms?.stop();
  });
  afterEach(() => {
    const problems = browser?.problems.splice(0) ?? [];
    if (problems.length) throw new Error(`the page reported: ${problems.join('; ')}`);
  });

  const body = (text: string, accounts: number[], extra: Record<string, unknown> = {}) => ({
    versions: [{ account_id: 0, is_original: true, content: [{ body: text, media: [] }], options: {} }],
    accounts,
    ...extra,
  });
  const create = async (text: string, accounts: number[], extra: Record<string, unknown> = {}) => createdBody(await admin.post(`/api/${workspace}/posts`, body(text, accounts, extra)), text);
  const checkbox = (text: string) => page.getByRole('checkbox', { name: `Select post ${text}` });

  it('reschedules the selected posts to one time, each through the API, and says in words which could not be', async () => {
    const [one, two] = [await create('Bulk one', [sandbox]), await create('Bulk two', [sandbox])];
    await create('Bulk without an account', []);
    const published = await create('Bulk published', [sandbox], { schedule_now: true });
    await eventually(async () => (await admin.get(`/api/${workspace}/posts/${published.uuid}`)).body.status === 'published', 'the post to be published', within(45_000));

    await openFromNavigation(page, 'Posts');
    await page.getByLabel('Text', { exact: true }).fill('Bulk');
    await checkbox('Bulk published').waitFor();
    await page.getByRole('checkbox', { name: 'Select all posts on this page' }).check();
    for (const text of ['Bulk one', 'Bulk two', 'Bulk without an account', 'Bulk published']) await expect(checkbox(text).isChecked()).resolves.toBe(true);
    await page.getByText('4 posts selected').waitFor();

    await page.getByLabel('New date').fill('2099-02-01');
    await page.getByLabel('New time').fill('10:00');
    await page.getByRole('button', { name: 'Reschedule selected' }).click();
    await page.getByRole('status').filter({ hasText: 'Rescheduled 2 posts for 2099-02-01 10:00 (UTC).' }).waitFor();
    const problems = page.getByRole('alert');
    await problems.getByText('“Bulk without an account” was not rescheduled: Validation errors. The accounts field is required when scheduling.').waitFor();
    await problems.getByText('“Bulk published” was not rescheduled: A published post cannot be edited or deleted. Create a new post instead.').waitFor();
    for (const post of [one, two]) {
      expect((await admin.get(`/api/${workspace}/posts/${post.uuid}`)).body).toMatchObject({ status: 'scheduled', scheduled_at: '2099-02-01T10:00:00.000Z' });
    }
    await statusTab(page, 'Scheduled').filter({ hasText: 'Scheduled (2)' }).waitFor();
    expect(await checkbox('Bulk one').isChecked()).toBe(false);
  });

  it('deletes the selected posts after confirming, skipping the published one, which it names', async () => {
    for (const text of ['Bulk one', 'Bulk two', 'Bulk published']) await checkbox(text).check();
    await page.getByText('3 posts selected').waitFor();
    let asked = '';
    page.once('dialog', (dialog) => {
      asked = dialog.message();
      void dialog.accept();
    });
    // Each DELETE is held a moment, so that the progress can be seen.
    await page.route('**/posts/*', async (route) => {
      if (route.request().method() === 'DELETE') await new Promise((done) => setTimeout(done, 600));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Delete selected' }).click();
    await page.getByRole('status').filter({ hasText: 'Deleting 1 of 2…' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Deleting 2 of 2…' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Deleted 2 posts. Skipped 1 post (published posts and posts being published cannot be deleted): “Bulk published”.' }).waitFor();
    expect(asked).toBe('Delete 2 posts? 1 post will be skipped: published posts and posts being published cannot be deleted.');
    await page.unroute('**/posts/*');
    const left = (await admin.get(`/api/${workspace}/posts?limit=100`)).body.data.map((post: { versions: { content: { body: string }[] }[] }) => post.versions[0].content[0].body);
    expect(left.sort()).toEqual(['Bulk published', 'Bulk without an account']);
    await page.getByRole('cell', { name: 'Bulk one', exact: true }).waitFor({ state: 'detached' });
    await statusTab(page, 'Scheduled').filter({ hasText: 'Scheduled (0)' }).waitFor();
  });

  it('compose: a preview per chosen account, with its name and network, the text as its limit cuts it, the media, and the thread or first comment its network makes', async () => {
    const { mastodon, discord, linkedin } = platforms;
    const connect = async (account: Record<string, unknown>) => createdBody(await admin.post(`/api/${workspace}/accounts`, account), `connecting ${String(account.provider)}`).id;
    await connect({ provider: 'mastodon', name: 'Acme on Mastodon', settings: { instance: mastodon.url }, credentials: { access_token: mastodon.addAccount('acme', 'Acme') } });
    await connect({ provider: 'discord', name: 'Acme News', credentials: { webhook_url: `${discord.url}${discord.addWebhook('News')}` } });
    await connect({ provider: 'linkedin', name: 'Ada on LinkedIn', credentials: linkedin.tokensOf(linkedin.addMember('Ada Lovelace')) });

    await openFromNavigation(page, 'Posts');
    await page.getByRole('link', { name: 'New post' }).click();
    for (const name of ['Acme Sandbox (sandbox)', 'Acme on Mastodon (mastodon)', 'Acme News (discord)', 'Ada on LinkedIn (linkedin)']) await page.getByRole('checkbox', { name }).check();
    const text = `${'Long announcement. '.repeat(26)}The end.`; // 502 characters: 2 over Mastodon's 500
    await page.getByLabel('Text', { exact: true }).fill(text);
    await page.getByRole('button', { name: 'Add to thread' }).click();
    await page.getByLabel('Thread item 2', { exact: true }).fill('More details in a reply');
    await page.getByRole('button', { name: 'Add to thread' }).click();
    await page.getByLabel('Thread item 3', { exact: true }).fill('And the last word');
    await page.getByLabel('Upload media').setInputFiles({ name: 'launch.png', mimeType: 'image/png', buffer: pngImage(40, 30, 3) });
    await page.getByRole('status').filter({ hasText: 'launch.png uploaded and attached.' }).waitFor();

    // Mastodon's options, as the server describes them (GET /api/platforms), each with its input.
    const described = ((await admin.get('/api/platforms')).body.data as { provider: string; options: { name: string }[] }[]).find((platform) => platform.provider === 'mastodon')!;
    const mastodonOptions = page.getByRole('group', { name: 'Mastodon options' });
    await mastodonOptions.waitFor();
    for (const option of described.options) await expect(mastodonOptions.locator(`#mastodon-${option.name}`).count()).resolves.toBe(1);
    await mastodonOptions.getByLabel('Content warning (Mastodon)').waitFor();
    await mastodonOptions.getByLabel('Sensitive media (Mastodon)').waitFor();

    const previews = page.getByRole('region', { name: 'Previews' });
    const preview = (network: string, account: string) => previews.getByRole('article', { name: `Preview on ${network} for ${account}` });
    const onMastodon = preview('Mastodon', 'Acme on Mastodon');
    await onMastodon.getByText('Cut at 500 characters: 2 characters over (marked), refused until shortened.').waitFor();
    await expect(onMastodon.locator('mark.overflow').textContent()).resolves.toBe('d.');
    await onMastodon.getByText('Reply 1').waitFor();
    await onMastodon.getByText('Reply 2').waitFor();

    const onLinkedIn = preview('LinkedIn', 'Ada on LinkedIn');
    await onLinkedIn.getByText('First comment').waitFor();
    await onLinkedIn.getByText('LinkedIn publishes at most 2 content items: this one would be refused.').waitFor();
    expect(await onLinkedIn.locator('mark.overflow').count()).toBe(0);

    const onDiscord = preview('Discord', 'Acme News');
    expect(await onDiscord.getByText('Discord publishes one content item: this one would be refused.').count()).toBe(2);
    await preview('Sandbox', 'Acme Sandbox').getByText('Reply 2').waitFor();

    // Each preview shows the attached image, loaded from the media's address.
    await eventually(
      () =>
        previews.locator('img').evaluateAll((images) =>
          images.length === 4 &&
          images.every((image) => {
            const { complete, naturalWidth } = image as unknown as { complete: boolean; naturalWidth: number };
            return complete && naturalWidth === 40;
          }),
        ),
      'the thumbnails of the previews',
      within(10_000),
    );
    // Each account's own version is what its preview shows.
    await page.getByRole('checkbox', { name: 'Own version for Acme on Mastodon' }).check();
    await page.getByLabel('Text for Acme on Mastodon').fill('Short for Mastodon');
    await onMastodon.getByText('Short for Mastodon').waitFor();
    expect(await onMastodon.locator('mark.overflow').count()).toBe(0);
    // For the picture: a short post, and a Mastodon version 12 characters over its limit.
    await page.getByLabel('Text', { exact: true }).fill('Launch day: the new dashboard is live.');
    await page.getByLabel('Text for Acme on Mastodon').fill('Everything about the launch, in one long post for the instance. '.repeat(8));
    await onMastodon.getByText('Cut at 500 characters: 12 characters over (marked), refused until shortened.').waitFor();
    await previews.screenshot({ path: `${screenshotsDir()}/compose-previews.png` });
  });
});
