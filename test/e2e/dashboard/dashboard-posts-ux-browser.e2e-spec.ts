import type { Page } from 'playwright-core';
import { ApiClient } from '../support/api-client';
import { addMember, approverWorkspace, connectSandbox, createUser, Member, within } from '../support/fixtures';
import { RunningService, startService } from '../support/service-process';
import { Browser, describeWithBrowser, launchBrowser } from '../support/dashboard/browser';
import { composePost, openFromNavigation, postUuidByText, signIn, statusTab, waitForPageHeading } from '../support/dashboard/dashboard-steps';
import { eventually } from '@app/testing/eventually';

/**
 * Compose fills its fields from the post to duplicate once that post has loaded, a moment after
 * its heading shows: the fields are read once the text is there.
 */
const composeFilledFromTheOriginal = (page: Page) =>
  eventually(async () => (await page.getByLabel('Text', { exact: true }).inputValue()) !== '', 'compose filled from the post duplicated', within(5_000));

jest.setTimeout(120_000);

const APPROVAL = 'Waiting for approval: a member who may approve posts must approve it before it is published.';

/**
 * The posts pages as a user finds them: errors that go once fixed, a save that is confirmed, an
 * approval that is explained, the edit page's status and Delete post, the tabs' counts, Duplicate.
 */
describeWithBrowser('dashboard posts: feedback, counts and duplicates in a browser (the built service, Chromium)', () => {
  let service: RunningService;
  let admin: ApiClient;
  let member: Member;
  let workspace: string;
  let sandbox: number;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    service = await startService();
    admin = new ApiClient(service.baseUrl, service.adminToken);
    workspace = await approverWorkspace(admin, 'Acme');
    sandbox = await connectSandbox(admin, workspace, 'Acme Sandbox');
    member = await createUser(admin, 'writer@example.com');
    await addMember(admin, workspace, member.id, 'member', false);
    browser = await launchBrowser();
    page = browser.page;
  });
  afterAll(async () => {
    await browser?.close();
    await service?.dispose();
  });
  afterEach(() => {
    const problems = browser?.problems.splice(0) ?? [];
    if (problems.length) throw new Error(`the page reported: ${problems.join('; ')}`);
  });

  const status = (text: string | RegExp) => page.getByRole('status').filter({ hasText: text });
  const postOf = async (text: string) => (await admin.get(`/api/${workspace}/posts/${await postUuidByText(admin, workspace, text)}`)).body;

  it('a member who may not approve schedules a post: the list says it waits for approval, and so does its edit page', async () => {
    await signIn(page, service.baseUrl, member.token);
    await composePost(page, 'Needs a second pair of eyes', 'Schedule', { date: '2099-01-02', time: '09:00' });
    await status(`Post saved for 2099-01-02 09:00 (UTC). ${APPROVAL}`).waitFor();
    await page.getByRole('link', { name: 'Edit post Needs a second pair of eyes' }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit post' }).waitFor();
    await page.getByText('Status: needs approval for 2099-01-02 09:00 (UTC)').waitFor();
    await page.getByText(APPROVAL).waitFor();
    // Saving it as a draft would take it off the schedule: the button says so.
    await page.getByRole('button', { name: 'Unschedule and save as draft' }).waitFor();
    expect(await page.getByRole('button', { name: 'Save draft', exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.getByLabel('API token').waitFor();
  });

  it('compose: field errors go as their fields are fixed; the save is confirmed on the list; counts are in the singular for one', async () => {
    await signIn(page, service.baseUrl, service.adminToken!);
    await openFromNavigation(page, 'Posts');
    await page.getByRole('link', { name: 'New post' }).click();
    await page.getByLabel('Text', { exact: true }).fill('a');
    await page.getByText('1 character', { exact: true }).waitFor();
    await page.getByLabel('Text', { exact: true }).fill('Scheduled by the admin');
    await page.getByLabel('Date', { exact: true }).fill('2020-01-01');
    await page.getByLabel('Time', { exact: true }).fill('10:00');
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Validation errors.' }).waitFor();
    const accountsRequired = page.getByText('The accounts field is required when scheduling.');
    const inThePast = page.getByText('The scheduled time must be in the future.');
    await accountsRequired.waitFor();
    await inThePast.waitFor();

    await page.getByRole('checkbox', { name: 'Acme Sandbox (sandbox)' }).check();
    await accountsRequired.waitFor({ state: 'detached' });
    expect(await inThePast.count()).toBe(1);
    await page.getByLabel('Date', { exact: true }).fill('2099-01-03');
    await inThePast.waitFor({ state: 'detached' });
    expect(await page.getByRole('alert').count()).toBe(0);

    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    await waitForPageHeading(page, 'Posts');
    await status('Post scheduled for 2099-01-03 10:00 (UTC).').waitFor();
    expect(await postOf('Scheduled by the admin')).toMatchObject({ status: 'scheduled', scheduled_at: '2099-01-03T10:00:00.000Z' });
  });

  it('the status tabs show how many posts each status has, as GET /posts/counts answers', async () => {
    const counts = (await admin.get(`/api/${workspace}/posts/counts`)).body;
    expect(counts).toEqual({ draft: 0, scheduled: 1, needs_approval: 1, publishing: 0, published: 0, failed: 0 });
    await statusTab(page, 'Scheduled').filter({ hasText: 'Scheduled (1)' }).waitFor();
    await statusTab(page, 'Needs approval').filter({ hasText: 'Needs approval (1)' }).waitFor();
    await statusTab(page, 'Draft').filter({ hasText: 'Draft (0)' }).waitFor();
    await statusTab(page, 'All').filter({ hasText: 'All (2)' }).waitFor();
  });

  it('the list keeps its columns aligned: the actions cell is a table cell, level with the others', async () => {
    const row = page.getByRole('row').filter({ hasText: 'Scheduled by the admin' });
    const cells = row.getByRole('cell');
    const tops = await cells.evaluateAll((all) => all.map((cell) => Math.round(cell.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
    // (A function the page runs: the browser's getComputedStyle, which this file's types do not know.)
    const displays = await cells.evaluateAll((all) => all.map((cell) => (globalThis as unknown as { getComputedStyle(element: unknown): { display: string } }).getComputedStyle(cell).display));
    expect(displays.every((display) => display === 'table-cell')).toBe(true);
  });

  it('edit page: shows the status; "Unschedule and save as draft" takes the post off the schedule and says so', async () => {
    await page.getByRole('link', { name: 'Edit post Scheduled by the admin' }).click();
    await page.getByText('Status: scheduled for 2099-01-03 10:00 (UTC)').waitFor();
    await page.getByRole('button', { name: 'Unschedule and save as draft' }).click();
    await waitForPageHeading(page, 'Posts');
    await status('Draft saved (not scheduled; its time 2099-01-03 10:00 (UTC) is kept).').waitFor();
    expect((await postOf('Scheduled by the admin')).status).toBe('draft');
    await statusTab(page, 'Draft').filter({ hasText: 'Draft (1)' }).waitFor();
  });

  it('edit page: Delete post, after confirming, deletes it and says so on the list; the counts follow', async () => {
    const uuid = await postUuidByText(admin, workspace, 'Scheduled by the admin');
    await page.getByRole('link', { name: 'Edit post Scheduled by the admin' }).click();
    await page.getByText('Status: draft').waitFor();
    let asked = '';
    page.once('dialog', (dialog) => {
      asked = dialog.message();
      void dialog.accept();
    });
    await page.getByRole('button', { name: 'Delete post' }).click();
    await waitForPageHeading(page, 'Posts');
    await status('Post deleted.').waitFor();
    expect(asked).toMatch(/^Delete this post\?/);
    expect((await admin.get(`/api/${workspace}/posts/${uuid}`)).status).toBe(404);
    await statusTab(page, 'Draft').filter({ hasText: 'Draft (0)' }).waitFor();
  });

  it('Duplicate, from the list and from the edit page: compose opens with the versions, accounts, options and tags, and saves a new draft without a time', async () => {
    const original = {
      versions: [
        { account_id: 0, is_original: true, content: [{ body: 'Original words', media: [] }, { body: 'And a reply', media: [] }], options: { mastodon: { spoiler_text: 'Spoilers' } } },
        { account_id: sandbox, is_original: false, content: [{ body: 'Words for the sandbox', media: [] }, { body: 'And a reply', media: [] }], options: { mastodon: { spoiler_text: 'Spoilers' } } },
      ],
      accounts: [sandbox],
      tags: ['launch', 'q4'],
      schedule: true,
      date: '2099-03-01',
      time: '08:00',
    };
    const created = (await admin.post(`/api/${workspace}/posts`, original)).body;
    expect(created.status).toBe('scheduled');

    await page.reload();
    await page.getByRole('link', { name: 'Duplicate post Original words' }).click();
    await page.getByRole('heading', { level: 1, name: 'New post' }).waitFor();
    await composeFilledFromTheOriginal(page);
    await expect(page.getByLabel('Text', { exact: true }).inputValue()).resolves.toBe('Original words');
    await expect(page.getByLabel('Thread item 2', { exact: true }).inputValue()).resolves.toBe('And a reply');
    await expect(page.getByLabel('Text for Acme Sandbox').inputValue()).resolves.toBe('Words for the sandbox');
    await expect(page.getByRole('checkbox', { name: 'Acme Sandbox (sandbox)' }).isChecked()).resolves.toBe(true);
    await expect(page.getByLabel('Date', { exact: true }).inputValue()).resolves.toBe('');
    await page.getByRole('button', { name: 'Save draft', exact: true }).click();
    await waitForPageHeading(page, 'Posts');
    await status('Draft saved.').waitFor();

    const posts = (await admin.get(`/api/${workspace}/posts?limit=100`)).body.data.filter((post: { versions: { content: { body: string }[] }[] }) => post.versions[0].content[0].body === 'Original words');
    expect(posts).toHaveLength(2);
    const copy = posts.find((post: { uuid: string }) => post.uuid !== created.uuid);
    expect(copy).toMatchObject({ status: 'draft', scheduled_at: null, versions: created.versions, tags: ['launch', 'q4'], accounts: [{ id: sandbox }] });

    await page.getByRole('link', { name: `Edit post Original words` }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Edit post' }).waitFor();
    await page.getByRole('link', { name: 'Duplicate', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'New post' }).waitFor();
    await composeFilledFromTheOriginal(page);
    await expect(page.getByLabel('Text', { exact: true }).inputValue()).resolves.toBe('Original words');
  });
});
