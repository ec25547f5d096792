import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { ApiClient, createdBody } from '../support/api-client';
import { addMember, approverWorkspace, connectSandbox, createUser } from '../support/fixtures';
import { RunningService, startService } from '../support/service-process';
import { Browser, describeWithBrowser, launchBrowser } from '../support/dashboard/browser';
import { openFromNavigation, postUuidByText, signIn, statusTab } from '../support/dashboard/dashboard-steps';

jest.setTimeout(120_000);

const TEXT = 'Spring collection: out on Monday';
const NOTE = 'Please say “new season” instead of “spring”.';

/**
 * A preview link through the pages: an approver makes one that may approve on the post's edit page;
 * a reviewer with no account opens it in another browser, reads the post as its network shows it,
 * leaves a note under their name and approves; a link past its expiry shows a page saying so.
 */
describeWithBrowser('dashboard preview links in a browser (the built service, Chromium)', () => {
  let service: RunningService;
  let admin: ApiClient;
  let workspace: string;
  let postUuid: string;
  let approver: Browser;
  let reviewer: Browser;
  let linkUrl: string;

  beforeAll(async () => {
    service = await startService();
    admin = new ApiClient(service.baseUrl, service.adminToken);
    workspace = await approverWorkspace(admin, 'Acme');
    const account = await connectSandbox(admin, workspace, 'Acme Sandbox');
    const writer = await createUser(admin, 'writer@example.com');
    await addMember(admin, workspace, writer.id, 'member', false);
    const post = await writer.api.post(`/api/${workspace}/posts`, {
      versions: [{ account_id: 0, is_original: true, content: [{ body: TEXT, media: [] }], options: {} }],
      accounts: [account],
      scheduled_at: '2099-03-04T10:00:00Z',
      schedule: true,
    });
    expect(createdBody(post, 'post').status).toBe('needs_approval');
    postUuid = await postUuidByText(admin, workspace, TEXT);
    [approver, reviewer] = await Promise.all([launchBrowser(), launchBrowser()]);
    await signIn(approver.page, service.baseUrl, service.adminToken!);
  });
  afterAll(async () => {
    await approver?.close();
    await reviewer?.close();
    await service?.dispose();
  });
  /** A link's address on the running service (PUBLIC_URL is not set here: links name localhost). */
  const onThisService = (url: string) => `${service.baseUrl}${new URL(url).pathname}`;

  afterEach(() => {
    const problems = [...(approver?.problems.splice(0) ?? []), ...(reviewer?.problems.splice(0) ?? [])];
    if (problems.length) throw new Error(`the page reported: ${problems.join('; ')}`);
  });

  it('an approver makes a link that may approve, from the post’s edit page, and sees its address once', async () => {
    const { page } = approver;
    await openFromNavigation(page, 'Posts');
    await statusTab(page, 'Needs approval').click();
    await page.getByRole('link', { name: `Edit post ${TEXT.slice(0, 30)}` }).click();
    const links = page.getByRole('region', { name: 'Preview links' });
    await links.getByText('No links yet.').waitFor();
    await links.getByLabel('Works for').selectOption({ label: '1 day' });
    await links.getByLabel('The reviewer may approve the post').check();
    await links.getByRole('button', { name: 'Make a link' }).click();
    const shown = links.getByLabel('New preview link');
    await shown.waitFor();
    linkUrl = await shown.inputValue();
    expect(linkUrl).toMatch(/^http:\/\/[^/]+\/p\/[A-Za-z0-9_-]{43}$/);
    await links.getByText(/^Link \d+: works until .*, may approve/).waitFor();
  });

  it('a reviewer without an account reads the post, leaves a note under their name and approves it', async () => {
    const { page } = reviewer;
    await page.goto(onThisService(linkUrl));
    await page.getByRole('heading', { level: 1, name: 'Post preview' }).waitFor();
    const preview = page.getByRole('article', { name: 'Preview on Sandbox for Acme Sandbox' });
    await preview.getByText(TEXT).waitFor();
    await page.getByText('This post awaits approval: give your name, then Approve, or leave a note.').waitFor();
    expect(await page.getByRole('link', { name: 'Posts' }).count()).toBe(0);

    await page.getByLabel('Your name').fill('Carol (client)');
    await page.getByRole('textbox', { name: 'Note' }).fill(NOTE);
    await page.getByRole('button', { name: 'Add note' }).click();
    const notes = page.getByRole('list', { name: 'Notes' });
    await notes.getByText(NOTE).waitFor();
    await notes.getByText('(outside reviewer)').waitFor();

    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('Approved: the post is scheduled.').waitFor();
    await page.locator('.post-status').getByText('scheduled').waitFor();
    expect(await page.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    const post = (await admin.get(`/api/${workspace}/posts/${postUuid}`)).body;
    expect(post.status).toBe('scheduled');
    const memberNotes = (await admin.get(`/api/${workspace}/posts/${postUuid}/notes`)).body.data;
    expect(memberNotes).toEqual([expect.objectContaining({ body: NOTE, author: { id: null, name: 'Carol (client)', external: true } })]);
  });

  it('a link past its expiry shows a page that says the link no longer works', async () => {
    const made = createdBody(await admin.post(`/api/${workspace}/posts/${postUuid}/preview-links`, { expires_in_hours: 1 }), 'link');
    // The clock moves past the link's expiry: with the service stopped, its row says it expired a minute ago.
    await service.stop();
    const database = new DatabaseSync(join(service.dataDir, 'service.db'));
    try {
      database.prepare('UPDATE gateway_preview_links SET expires_at = ? WHERE id = ?').run(new Date(Date.now() - 60_000).toISOString(), made.id);
    } finally {
      database.close();
    }
    service = await startService({ dataDir: service.dataDir });
    const { page } = reviewer;
    await page.goto(onThisService(made.url));
    await page.getByRole('heading', { level: 1, name: 'This preview link does not work' }).waitFor();
    await page.getByText('It has expired, it was revoked, or its address is incomplete.').waitFor();
    expect(await page.getByText('Spring collection').count()).toBe(0);
  });
});
