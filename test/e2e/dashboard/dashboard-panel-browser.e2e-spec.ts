import type { Dialog, Page } from 'playwright-core';
import { ApiClient } from '../support/api-client';
import { addMember, approverWorkspace, connectSandbox, createUser, Member } from '../support/fixtures';
import { RunningService, startService } from '../support/service-process';
import { Browser, describeWithBrowser, launchBrowser, screenshotsDir } from '../support/dashboard/browser';
import { openFromNavigation, screenshot, signIn } from '../support/dashboard/dashboard-steps';

jest.setTimeout(120_000);

const original = { is_original: true, content: [{ body: 'Still scheduled', media: [] }] };

/** The Panel manages workspaces and members through its pages: rename, delete, change a role, remove a member, delete a user. */
describeWithBrowser('dashboard panel in a browser (the built service, Chromium)', () => {
  let service: RunningService;
  let admin: ApiClient;
  let acme: string;
  let doomed: string;
  let ann: Member;
  let bob: Member;
  let carl: Member;
  let browser: Browser;
  let page: Page;
  const shots = screenshotsDir();

  beforeAll(async () => {
    service = await startService();
    admin = new ApiClient(service.baseUrl, service.adminToken);
    acme = await approverWorkspace(admin, 'Acme');
    await approverWorkspace(admin, 'Old Name');
    doomed = await approverWorkspace(admin, 'Doomed');
    ann = await createUser(admin, 'ann@example.com');
    bob = await createUser(admin, 'bob@example.com');
    carl = await createUser(admin, 'carl@example.com');
    await addMember(admin, acme, ann.id, 'member', false);
    await addMember(admin, acme, bob.id, 'viewer', false);
    await addMember(admin, doomed, ann.id, 'member', false);
    browser = await launchBrowser();
    page = browser.page;
    await signIn(page, service.baseUrl, service.adminToken!);
    await openFromNavigation(page, 'Panel');
  });
  afterAll(async () => {
    await browser?.close();
    await service?.dispose();
  });
  afterEach(() => {
    const problems = browser?.problems.splice(0) ?? [];
    if (problems.length) throw new Error(`the page reported: ${problems.join('; ')}`);
  });

  /** Accepts the next confirmation, keeping what it asked. */
  const acceptNextDialog = (): Promise<string> =>
    new Promise((resolve) =>
      page.once('dialog', (dialog: Dialog) => {
        resolve(dialog.message());
        void dialog.accept();
      }),
    );
  const status = (text: string) => page.getByRole('status').filter({ hasText: text });
  /** A card of the Panel, found by its heading. */
  const card = (heading: string) => page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: heading, exact: true }) });
  const workspaces = () => card('Workspaces');
  const members = () => card('Members and roles');

  it('renames a workspace: a blank name is refused beside the field, the error goes once the name is fixed', async () => {
    await workspaces().getByRole('button', { name: 'Rename Old Name' }).click();
    const field = workspaces().getByLabel('New name for Old Name');
    await field.fill('   ');
    await workspaces().getByRole('button', { name: 'Save name' }).click();
    const errors = workspaces().locator('#rename-workspace-errors');
    await errors.getByText('The name field is required.').waitFor();
    await expect(field.getAttribute('aria-describedby')).resolves.toBe('rename-workspace-errors');

    await field.fill('New Name');
    await errors.waitFor({ state: 'detached' });
    await workspaces().getByRole('button', { name: 'Save name' }).click();
    await status('Workspace renamed to New Name.').waitFor();
    await workspaces().getByRole('row').filter({ hasText: 'New Name' }).waitFor();
    const listed = (await admin.get('/api/panel/workspaces')).body.data.map((workspace: { name: string }) => workspace.name);
    expect(listed).toEqual(['Acme', 'New Name', 'Doomed']);
    // The switcher in the header offers it by its new name.
    await page.getByLabel('Workspace', { exact: true }).getByRole('option', { name: 'New Name' }).waitFor({ state: 'attached' });
  });

  it('deletes a workspace after confirming: refused, saying what to do, while a post is scheduled; done once it is deleted', async () => {
    const accountId = await connectSandbox(admin, doomed, 'Doomed Sandbox');
    const post = await admin.post(`/api/${doomed}/posts`, { versions: [original], accounts: [accountId], scheduled_at: '2099-05-06T07:00:00Z', schedule: true });
    expect(post.body.status).toBe('scheduled');

    let asked = acceptNextDialog();
    await workspaces().getByRole('button', { name: 'Delete workspace Doomed' }).click();
    expect(await asked).toContain('Delete the workspace Doomed?');
    await page.getByRole('alert').filter({ hasText: 'The workspace has 1 post scheduled, awaiting approval or publishing. Unschedule or delete them first' }).waitFor();
    expect((await ann.api.get(`/api/${doomed}/posts`)).status).toBe(200);

    expect((await admin.delete(`/api/${doomed}/posts/${post.body.uuid}`)).status).toBe(204);
    asked = acceptNextDialog();
    await workspaces().getByRole('button', { name: 'Delete workspace Doomed' }).click();
    await asked;
    await status('Workspace Doomed deleted.').waitFor();
    await workspaces().getByRole('row').filter({ hasText: 'Doomed' }).waitFor({ state: 'detached' });
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await ann.api.get(`/api/${doomed}/posts`)).toMatchObject({ status: 404, body: { message: 'Workspace not found.' } });
    expect((await admin.get('/api/panel/workspaces')).body.data.map((workspace: { uuid: string }) => workspace.uuid)).not.toContain(doomed);
  });

  it("lists a chosen workspace's members and changes one's role and approval right in place", async () => {
    await members().getByLabel('Members of workspace').selectOption({ label: 'Acme' });
    const annRow = members().getByRole('row').filter({ hasText: 'ann@example.com' });
    await annRow.waitFor();
    await members().getByRole('row').filter({ hasText: 'bob@example.com' }).filter({ has: page.getByRole('combobox', { name: 'Role of bob' }) }).waitFor();
    await expect(annRow.getByRole('combobox', { name: 'Role of ann' }).inputValue()).resolves.toBe('member');

    await annRow.getByRole('combobox', { name: 'Role of ann' }).selectOption('admin');
    await status('ann is now admin and may not approve posts.').waitFor();
    await annRow.getByRole('checkbox', { name: 'ann may approve posts' }).check();
    await status('ann is now admin and may approve posts.').waitFor();
    const listed = (await admin.get(`/api/panel/workspaces/${acme}/members`)).body.data;
    expect(listed).toContainEqual({ user_id: ann.id, name: 'ann', email: 'ann@example.com', role: 'admin', can_approve: true });
    expect((await ann.api.get(`/api/${acme}/membership`)).body).toMatchObject({ role: 'admin', can_approve: true });
  });

  it('removes a member after confirming: they lose the workspace at once', async () => {
    expect((await bob.api.get(`/api/${acme}/posts`)).status).toBe(200);
    const asked = acceptNextDialog();
    await members().getByRole('button', { name: 'Remove bob' }).click();
    expect(await asked).toContain('Remove bob from Acme?');
    await status('bob removed from Acme.').waitFor();
    await members().getByRole('row').filter({ hasText: 'bob@example.com' }).waitFor({ state: 'detached' });
    expect(await bob.api.get(`/api/${acme}/posts`)).toMatchObject({ status: 404, body: { message: 'Workspace not found.' } });
  });

  it('deletes a user after confirming (never the signed-in admin): their token stops working and they leave the member list', async () => {
    const users = card('Users');
    const self = (await admin.get('/api/me')).body;
    const selfName = (await admin.get('/api/panel/users')).body.data.find((user: { id: number }) => user.id === self.user_id).name;
    await users.getByRole('row').filter({ hasText: 'carl@example.com' }).waitFor();
    expect(await users.getByRole('button', { name: `Delete ${selfName}`, exact: true }).count()).toBe(0);
    // Through the form: a user is added with a role.
    const adding = members().getByRole('form', { name: 'Add a member to Acme' });
    await adding.getByLabel('User').selectOption({ label: 'carl (carl@example.com)' });
    await adding.getByLabel('Role', { exact: true }).selectOption('member');
    await adding.getByRole('button', { name: 'Add member' }).click();
    await status('Member added to Acme (or their role changed).').waitFor();
    await members().getByRole('row').filter({ hasText: 'carl@example.com' }).waitFor();
    expect((await carl.api.get(`/api/${acme}/membership`)).body).toMatchObject({ role: 'member', can_approve: false });

    const asked = acceptNextDialog();
    await users.getByRole('button', { name: 'Delete carl', exact: true }).click();
    expect(await asked).toContain('Delete carl?');
    await status('carl deleted.').waitFor();
    await users.getByRole('row').filter({ hasText: 'carl@example.com' }).waitFor({ state: 'detached' });
    expect((await carl.api.get('/api/me')).status).toBe(401);
    expect((await admin.get(`/api/panel/workspaces/${acme}/members`)).body.data.map((member: { user_id: number }) => member.user_id)).not.toContain(carl.id);
    await members().getByRole('row').filter({ hasText: 'carl@example.com' }).waitFor({ state: 'detached' });
  });

  it('shows the panel with its workspaces and members (screenshot)', async () => {
    await page.evaluate('window.scrollTo(0, 0)');
    await screenshot(page, shots, 'panel');
  });
});
