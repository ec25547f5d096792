import { ApiClient } from '../support/api-client';
import { addMember, approverWorkspace, connectSandbox, createUser, Member } from '../support/fixtures';
import { RunningService, startService } from '../support/service-process';
import { Browser, describeWithBrowser, launchBrowser, screenshotsDir } from '../support/dashboard/browser';
import { composePost, openFromNavigation, postUuidByText, screenshot, signIn, statusTab, waitForPageHeading } from '../support/dashboard/dashboard-steps';

jest.setTimeout(120_000);

const TEXT = 'Launch day announcement';
const NOTE = 'The date in the second sentence is last year’s: please check it before approving.';

/** Review notes through the pages: a writer leaves one on a post awaiting approval; the approver, another user, reads it and approves. */
describeWithBrowser('dashboard review notes in a browser (the built service, Chromium)', () => {
  let service: RunningService;
  let admin: ApiClient;
  let writer: Member;
  let workspace: string;
  let writerBrowser: Browser;
  let approverBrowser: Browser;

  beforeAll(async () => {
    service = await startService();
    admin = new ApiClient(service.baseUrl, service.adminToken);
    workspace = await approverWorkspace(admin, 'Acme');
    await connectSandbox(admin, workspace, 'Acme Sandbox');
    writer = await createUser(admin, 'writer@example.com');
    await addMember(admin, workspace, writer.id, 'member', false);
    [writerBrowser, approverBrowser] = await Promise.all([launchBrowser(), launchBrowser()]);
    await Promise.all([signIn(writerBrowser.page, service.baseUrl, writer.token), signIn(approverBrowser.page, service.baseUrl, service.adminToken!)]);
  });
  afterAll(async () => {
    await writerBrowser?.close();
    await approverBrowser?.close();
    await service?.dispose();
  });
  afterEach(() => {
    const problems = [...(writerBrowser?.problems.splice(0) ?? []), ...(approverBrowser?.problems.splice(0) ?? [])];
    if (problems.length) throw new Error(`the page reported: ${problems.join('; ')}`);
  });

  /** Opens the post with this text from the "Needs approval" tab of Posts. */
  /** Opens the post from its row of the Needs approval tab, which offers Approve exactly to those the post says may approve it. */
  async function openAwaitingPost(browser: Browser, mayApprove: boolean): Promise<void> {
    const { page } = browser;
    await openFromNavigation(page, 'Posts');
    await statusTab(page, 'Needs approval').click();
    const edit = page.getByRole('link', { name: `Edit post ${TEXT.slice(0, 30)}` });
    await edit.waitFor();
    const row = page.getByRole('row').filter({ has: edit });
    expect(await row.getByRole('button', { name: 'Approve', exact: true }).count()).toBe(mayApprove ? 1 : 0);
    expect(await row.getByRole('button', { name: 'Delete', exact: true }).count()).toBe(1);
    await edit.click();
    await page.getByRole('heading', { level: 1, name: 'Edit post' }).waitFor();
  }

  it('a member without approval rights schedules a post (it needs approval) and leaves a note on it', async () => {
    const { page } = writerBrowser;
    await composePost(page, TEXT, 'Schedule', { date: '2099-03-04', time: '10:00' });
    const uuid = await postUuidByText(admin, workspace, TEXT);
    expect((await admin.get(`/api/${workspace}/posts/${uuid}`)).body.status).toBe('needs_approval');

    await openAwaitingPost(writerBrowser, false);
    const notes = page.getByRole('region', { name: 'Review notes' });
    await notes.getByText('This post awaits approval.', { exact: false }).waitFor();
    await notes.getByText('No notes yet.').waitFor();
    expect(await notes.getByRole('button', { name: 'Approve' }).count()).toBe(0);

    await notes.getByRole('button', { name: 'Add note' }).click();
    // The browser's own check stops an empty note before the API is asked.
    expect(await notes.getByRole('listitem').count()).toBe(0);
    await notes.getByLabel('Note', { exact: true }).fill(NOTE);
    await notes.getByRole('button', { name: 'Add note' }).click();
    await notes.getByRole('status').filter({ hasText: 'Note added.' }).waitFor();
    await notes.getByRole('listitem').filter({ hasText: NOTE }).filter({ hasText: 'writer' }).waitFor();
    await expect(notes.getByLabel('Note', { exact: true }).inputValue()).resolves.toBe('');

    const stored = (await admin.get(`/api/${workspace}/posts/${uuid}/notes`)).body.data;
    expect(stored).toEqual([expect.objectContaining({ body: NOTE, author: { id: writer.id, name: 'writer' } })]);
  });

  it('the approver opens the post, reads the note with its author and time, and approves it', async () => {
    const { page } = approverBrowser;
    await openAwaitingPost(approverBrowser, true);
    const notes = page.getByRole('region', { name: 'Review notes' });
    const note = notes.getByRole('listitem').filter({ hasText: NOTE });
    await note.waitFor();
    await note.getByText('writer', { exact: true }).waitFor();
    expect(await note.locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);
    await notes.getByText('Read the notes before you approve it.', { exact: false }).waitFor();
    await screenshot(page, screenshotsDir(), 'review-notes');

    await notes.getByRole('button', { name: 'Approve', exact: true }).click();
    await waitForPageHeading(page, 'Posts');
    const uuid = await postUuidByText(admin, workspace, TEXT);
    expect((await admin.get(`/api/${workspace}/posts/${uuid}`)).body.status).toBe('scheduled');
  });

  it('the note stays with the post once it is scheduled, shown below the form', async () => {
    const { page } = writerBrowser;
    await openFromNavigation(page, 'Posts');
    await statusTab(page, 'Scheduled').click();
    await page.getByRole('link', { name: `Edit post ${TEXT.slice(0, 30)}` }).click();
    const notes = page.getByRole('region', { name: 'Review notes' });
    await notes.getByRole('listitem').filter({ hasText: NOTE }).waitFor();
    expect(await notes.getByText('This post awaits approval.', { exact: false }).count()).toBe(0);
  });
});
