import type { Page } from 'playwright-core';
import { pngImage } from '@app/media-store/testing';
import { eventually } from '@app/testing/eventually';
import { ApiClient } from '../support/api-client';
import { addMember, approverWorkspace, connectSandbox, createUser, Member, within } from '../support/fixtures';
import { RunningService, startService } from '../support/service-process';
import { Browser, describeWithBrowser, launchBrowser, screenshotsDir } from '../support/dashboard/browser';
import { composePost, openFromNavigation, postUuidByText, screenshot, signIn, statusTab, waitForPageHeading } from '../support/dashboard/dashboard-steps';

jest.setTimeout(120_000);

/** Posts through the pages: approval by another user, editing, per-account errors and links, deletion, validation messages. */
describeWithBrowser('dashboard posts in a browser (the built service, Chromium)', () => {
  let service: RunningService;
  let admin: ApiClient;
  let member: Member;
  let workspace: string;
  let adminBrowser: Browser;
  let memberBrowser: Browser;
  let page: Page;

  beforeAll(async () => {
    service = await startService({ env: { WEBHOOK_ALLOW_PRIVATE_URLS: 'true' } });
    admin = new ApiClient(service.baseUrl, service.adminToken);
    workspace = await approverWorkspace(admin, 'Acme');
    await connectSandbox(admin, workspace, 'Acme Sandbox');
    await connectSandbox(admin, workspace, 'Failing Sandbox', 'failure');
    member = await createUser(admin, 'writer@example.com');
    await addMember(admin, workspace, member.id, 'member', false);
    [adminBrowser, memberBrowser] = await Promise.all([launchBrowser(), launchBrowser()]);
    page = adminBrowser.page;
    await signIn(page, service.baseUrl, service.adminToken!);
  });
  afterAll(async () => {
    await adminBrowser?.close();
    await memberBrowser?.close();
    await service?.dispose();
  });
  afterEach(() => {
    const problems = [...(adminBrowser?.problems.splice(0) ?? []), ...(memberBrowser?.problems.splice(0) ?? [])];
    if (problems.length) throw new Error(`the page reported: ${problems.join('; ')}`);
  });

  it('a member without approval rights finds their workspace in the switcher (GET /api/me) and schedules a post: it needs approval', async () => {
    const writer = memberBrowser.page;
    await signIn(writer, service.baseUrl, member.token);
    const switcher = writer.getByRole('combobox', { name: 'Workspace' });
    await switcher.getByRole('option', { name: 'Acme' }).waitFor({ state: 'attached' });
    await eventually(async () => (await switcher.inputValue()) === workspace, 'the member’s workspace chosen', within(10_000));
    expect(await writer.getByRole('link', { name: 'Panel' }).count()).toBe(0);
    await composePost(writer, 'Written by the team', 'Schedule', { date: '2099-01-02', time: '09:00' });
    const uuid = await postUuidByText(admin, workspace, 'Written by the team');
    expect((await admin.get(`/api/${workspace}/posts/${uuid}`)).body.status).toBe('needs_approval');
  });

  it('the admin approves it from the "Needs approval" tab', async () => {
    await openFromNavigation(page, 'Posts');
    await statusTab(page, 'Needs approval').click();
    const row = page.getByRole('row').filter({ hasText: 'Written by the team' });
    await row.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('status').filter({ hasText: 'Post approved.' }).waitFor();
    await row.waitFor({ state: 'detached' });
    const uuid = await postUuidByText(admin, workspace, 'Written by the team');
    expect((await admin.get(`/api/${workspace}/posts/${uuid}`)).body.status).toBe('scheduled');
  });

  it('edits a scheduled post: the form loads its text and time, the change is saved', async () => {
    await statusTab(page, 'Scheduled').click();
    await page.getByRole('link', { name: 'Edit post Written by the team' }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit post' }).waitFor();
    const timeZone = await page.evaluate('Intl.DateTimeFormat().resolvedOptions().timeZone');
    expect(timeZone).toBe('UTC');
    await expect(page.getByLabel('Text', { exact: true }).inputValue()).resolves.toBe('Written by the team');
    await expect(page.getByLabel('Date', { exact: true }).inputValue()).resolves.toBe('2099-01-02');
    await expect(page.getByLabel('Time', { exact: true }).inputValue()).resolves.toBe('09:00');
    await page.getByLabel('Text', { exact: true }).fill('Written by the team, edited');
    await page.getByLabel('Time', { exact: true }).fill('11:15');
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    await waitForPageHeading(page, 'Posts');
    const uuid = await postUuidByText(admin, workspace, 'Written by the team, edited');
    const saved = (await admin.get(`/api/${workspace}/posts/${uuid}`)).body;
    expect({ status: saved.status, at: Date.parse(saved.scheduled_at) }).toEqual({ status: 'scheduled', at: Date.parse('2099-01-02T11:15:00Z') });
  });

  it('a stale tab does not overwrite a newer edit: its save sends the revision it read (If-Match) and shows the API\'s 412 message', async () => {
    const uuid = await postUuidByText(admin, workspace, 'Written by the team, edited');
    await openFromNavigation(page, 'Posts');
    await statusTab(page, 'Scheduled').click();
    await page.getByRole('link', { name: 'Edit post Written by the team, edited' }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit post' }).waitFor();
    await expect(page.getByLabel('Text', { exact: true }).inputValue()).resolves.toBe('Written by the team, edited');
    // Meanwhile, another tab saves a newer edit.
    const read = (await admin.get(`/api/${workspace}/posts/${uuid}`)).body;
    const newer = { versions: [{ ...read.versions[0], content: [{ body: 'Newer words from another tab', media: [] }] }], accounts: read.accounts.map((account: { id: number }) => account.id), schedule: true, scheduled_at: read.scheduled_at };
    expect((await admin.put(`/api/${workspace}/posts/${uuid}`, newer, { headers: { 'if-match': `"${read.revision}"` } })).status).toBe(200);

    await page.getByLabel('Text', { exact: true }).fill('Words of the stale tab');
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'The post was changed since you read it. Reload it and try again.' }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Edit post' }).waitFor();
    const kept = (await admin.get(`/api/${workspace}/posts/${uuid}`)).body;
    expect({ text: kept.versions[0].content[0].body, status: kept.status }).toEqual({ text: 'Newer words from another tab', status: 'scheduled' });
  });

  it('shows each account of a failed post: the error of the one that failed, the link of the one that published', async () => {
    await openFromNavigation(page, 'Posts');
    await page.getByRole('link', { name: 'New post' }).click();
    await page.getByRole('checkbox', { name: 'Acme Sandbox (sandbox)' }).check();
    await page.getByRole('checkbox', { name: 'Failing Sandbox (sandbox)' }).check();
    await page.getByLabel('Text', { exact: true }).fill('Half of it fails');
    await page.getByRole('checkbox', { name: 'Own version for Failing Sandbox' }).check();
    await page.getByLabel('Text for Failing Sandbox').fill('The failing account has its own words');
    await page.getByRole('button', { name: 'Schedule now', exact: true }).click();
    await waitForPageHeading(page, 'Posts');
    const uuid = await postUuidByText(admin, workspace, 'Half of it fails');
    const failed = await eventually(async () => {
      const post = (await admin.get(`/api/${workspace}/posts/${uuid}`)).body;
      return post.status === 'failed' && post;
    }, 'the post to fail', within(45_000));
    expect(failed.versions).toHaveLength(2);

    await statusTab(page, 'Failed').click();
    const row = page.getByRole('row').filter({ hasText: 'Half of it fails' });
    await row.getByText('The sandbox account Failing Sandbox is set to fail every publish.').waitFor();
    const published = failed.accounts.find((account: { name: string }) => account.name === 'Acme Sandbox');
    await expect(row.getByRole('link', { name: 'Acme Sandbox' }).getAttribute('href')).resolves.toBe(published.external_url);

    await row.getByText('History', { exact: true }).click();
    const steps = row.getByRole('listitem').filter({ hasText: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/ });
    await steps.filter({ hasText: /Failed$/ }).waitFor();
    const history = (await admin.get(`/api/${workspace}/posts/${uuid}/history`)).body.data;
    expect(await steps.count()).toBe(history.length);
    await steps.filter({ hasText: 'Published to Acme Sandbox' }).waitFor();
    await steps.filter({ hasText: 'Failed on Failing Sandbox' }).waitFor();
    expect(history.map((entry: { type: string }) => entry.type)).toEqual(expect.arrayContaining(['post.created', 'post.publishing_started', 'post.account_published', 'post.account_failed', 'post.failed']));
  });

  it('deletes the failed post after confirming', async () => {
    const uuid = await postUuidByText(admin, workspace, 'Half of it fails');
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('row').filter({ hasText: 'Half of it fails' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('status').filter({ hasText: 'Post deleted.' }).waitFor();
    expect((await admin.get(`/api/${workspace}/posts/${uuid}`)).status).toBe(404);
  });

  it('shows the API validation messages next to the fields', async () => {
    await openFromNavigation(page, 'Posts');
    await page.getByRole('link', { name: 'New post' }).click();
    await page.getByLabel('Text', { exact: true }).fill('No account chosen');
    await page.getByLabel('Date', { exact: true }).fill('2020-01-01');
    await page.getByLabel('Time', { exact: true }).fill('10:00');
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Validation errors.' }).waitFor();
    await page.getByText('The accounts field is required when scheduling.').waitFor();
    await page.getByText('The scheduled time must be in the future.').waitFor();
  });

  it('pages through the list, and filters it by account', async () => {
    const draft = (body: string, accounts: number[]) => ({ versions: [{ account_id: 0, is_original: true, content: [{ body, media: [] }], options: {} }], accounts });
    const accounts = (await admin.get(`/api/${workspace}/accounts`)).body.data;
    const failing = accounts.find((account: { name: string }) => account.name === 'Failing Sandbox').id;
    for (let index = 1; index <= 21; index++) expect((await admin.post(`/api/${workspace}/posts`, draft(`Draft number ${index}`, []))).status).toBe(201);
    expect((await admin.post(`/api/${workspace}/posts`, draft('Draft for the failing account', [failing]))).status).toBe(201);

    await openFromNavigation(page, 'Posts');
    await statusTab(page, 'Draft').click();
    const rowsShown = (count: number) => eventually(async () => (await page.getByRole('row').count()) === count, `${count - 1} posts on the page`, within(15_000));
    await page.getByText('Page 1 of 2').waitFor();
    await rowsShown(21);
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByText('Page 2 of 2').waitFor();
    await rowsShown(3);

    await page.getByLabel('Account', { exact: true }).selectOption({ label: 'Failing Sandbox (sandbox)' });
    await page.getByText('Page 1 of 1').waitFor();
    await page.getByRole('cell', { name: 'Draft for the failing account', exact: true }).waitFor();
    await rowsShown(2);
  });

  it('accounts: each provider asks for its own fields; an account is removed after confirming', async () => {
    await openFromNavigation(page, 'Accounts');
    await page.getByLabel('Provider').selectOption('mastodon');
    await page.getByLabel('Instance URL').waitFor();
    await page.getByLabel('Access token').waitFor();
    await page.getByLabel('Provider').selectOption('telegram');
    await page.getByLabel('Chat id').waitFor();
    await page.getByLabel('Bot token').waitFor();
    await page.getByLabel('Provider').selectOption('linkedin');
    await page.getByRole('button', { name: 'Connect with LinkedIn' }).waitFor();

    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Remove Failing Sandbox' }).click();
    await page.getByRole('status').filter({ hasText: 'Failing Sandbox removed.' }).waitFor();
    const names = (await admin.get(`/api/${workspace}/accounts`)).body.data.map((account: { name: string }) => account.name);
    expect(names).toEqual(['Acme Sandbox']);
  });

  it('webhooks: a member who is not an admin sees them read-only, without the controls the API would refuse', async () => {
    const created = await admin.post(`/api/${workspace}/webhooks`, { url: 'http://127.0.0.1:9/hooks', events: ['post.published'] });
    expect(created.status).toBe(201);
    const writer = memberBrowser.page;
    await openFromNavigation(writer, 'Webhooks');
    await writer.getByText('Only admins of the workspace manage webhooks: you see them read-only.').waitFor();
    await writer.getByRole('link', { name: 'http://127.0.0.1:9/hooks', exact: true }).waitFor();
    expect(await writer.getByRole('button', { name: 'Add webhook' }).count()).toBe(0);
    expect(await writer.getByRole('button', { name: /^Delete webhook/ }).count()).toBe(0);

    await writer.getByRole('link', { name: 'Open webhook http://127.0.0.1:9/hooks' }).click();
    await writer.getByRole('heading', { name: 'Delivery log' }).waitFor();
    await writer.getByText('Events: post.published; active.').waitFor();
    for (const control of ['Save', 'Rotate secret', 'Send test event', 'Count failed deliveries']) {
      expect(await writer.getByRole('button', { name: control }).count()).toBe(0);
    }
    expect((await admin.get(`/api/${workspace}/membership`, { token: member.token })).body).toEqual({ workspace_uuid: workspace, role: 'member', can_approve: false });

    await openFromNavigation(page, 'Webhooks');
    await page.getByRole('button', { name: 'Add webhook' }).waitFor();
    expect(await page.getByText('you see them read-only').count()).toBe(0);
  });

  it('compose: uploads an image in the media picker, which attaches it; the post is published with it, and the picker offers it next time', async () => {
    await openFromNavigation(page, 'Posts');
    await page.getByRole('link', { name: 'New post' }).click();
    await page.getByRole('checkbox', { name: 'Acme Sandbox (sandbox)' }).check();
    await page.getByLabel('Text', { exact: true }).fill('With a picture');
    await page.getByLabel('Upload media').setInputFiles({ name: 'chart.png', mimeType: 'image/png', buffer: pngImage(40, 30, 7) });
    await page.getByRole('status').filter({ hasText: 'chart.png uploaded and attached.' }).waitFor();
    await expect(page.getByRole('checkbox', { name: /PNG 40×30/ }).isChecked()).resolves.toBe(true);
    // The thumbnail loads from the media's url, a path on the dashboard's own origin.
    // (Read with a locator: a string predicate would be evaluated by the page, which its policy forbids.)
    await eventually(
      () => page.locator('img[src*="/media/"]').evaluateAll((images) => images.some((image) => {
        const { complete, naturalWidth } = image as unknown as { complete: boolean; naturalWidth: number };
        return complete && naturalWidth === 40;
      })),
      'the thumbnail to load from the media url',
      within(10_000),
    );
    await screenshot(page, screenshotsDir(), 'compose-media');
    await page.getByRole('button', { name: 'Schedule now', exact: true }).click();
    await waitForPageHeading(page, 'Posts');

    const uuid = await postUuidByText(admin, workspace, 'With a picture');
    const [media] = (await admin.get(`/api/${workspace}/media`)).body.data;
    expect(media).toMatchObject({ mime_type: 'image/png', width: 40, height: 30 });
    const published = await eventually(async () => {
      const found = (await admin.get(`/api/${workspace}/posts/${uuid}`)).body;
      return found.status === 'published' && found;
    }, 'the post with media to be published', within(45_000));
    expect(published.versions[0].content[0].media).toEqual([media.id]);

    await page.getByRole('link', { name: 'New post' }).click();
    await expect(page.getByRole('checkbox', { name: /PNG 40×30/ }).isChecked()).resolves.toBe(false);
  });
});
