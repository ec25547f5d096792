import type { Page } from 'playwright-core';
import { ApiClient } from '../support/api-client';
import { approverWorkspace, connectSandbox } from '../support/fixtures';
import { RunningService, startService } from '../support/service-process';
import { Browser, describeWithBrowser, launchBrowser, screenshotsDir } from '../support/dashboard/browser';
import { openFromNavigation, postUuidByText, screenshot, signIn, waitForPageHeading } from '../support/dashboard/dashboard-steps';

jest.setTimeout(120_000);

const DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

/** The instant of the next `HH:MM` UTC on the weekday two days from now (a slot that is free and in the future). */
function slotTwoDaysAhead(time: string): { day: (typeof DAYS)[number]; at: Date } {
  const at = new Date(Date.now() + 2 * 86_400_000);
  const [hours, minutes] = time.split(':').map(Number);
  at.setUTCHours(hours, minutes, 0, 0);
  return { day: DAYS[at.getUTCDay()], at };
}

/** The posting schedule in Settings, then a thread composed and added to the queue, through the pages. */
describeWithBrowser('dashboard queue and threads in a browser (the built service, Chromium)', () => {
  let service: RunningService;
  let admin: ApiClient;
  let workspace: string;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    service = await startService();
    admin = new ApiClient(service.baseUrl, service.adminToken);
    workspace = await approverWorkspace(admin, 'Acme');
    await connectSandbox(admin, workspace, 'Acme Sandbox');
    browser = await launchBrowser();
    page = browser.page;
    await signIn(page, service.baseUrl, service.adminToken!);
  });
  afterAll(async () => {
    await browser?.close();
    await service?.dispose();
  });
  afterEach(() => {
    const problems = browser?.problems.splice(0) ?? [];
    if (problems.length) throw new Error(`the page reported: ${problems.join('; ')}`);
  });

  const slot = slotTwoDaysAhead('10:15');

  it('settings: an admin adds a weekly time slot and saves the posting schedule', async () => {
    await openFromNavigation(page, 'Settings');
    await page.getByLabel('Schedule zone').selectOption('UTC');
    await page.getByLabel('Day', { exact: true }).selectOption(slot.day);
    await page.getByLabel('Slot time').fill('10:15');
    await page.getByRole('button', { name: 'Add slot' }).click();
    await page.getByRole('button', { name: 'Save schedule' }).click();
    await page.getByRole('status').filter({ hasText: 'Posting schedule saved.' }).waitFor();
    expect((await admin.get(`/api/${workspace}/queue`)).body).toEqual({ timezone: 'UTC', slots: [{ day: slot.day, time: '10:15' }] });
    await screenshot(page, screenshotsDir(), 'settings-posting-schedule');
  });

  it('compose: writes a thread of three items, each counted, and adds it to the queue: it is scheduled at the slot', async () => {
    await openFromNavigation(page, 'Posts');
    await page.getByRole('link', { name: 'New post' }).click();
    await page.getByRole('heading', { level: 1, name: 'New post' }).waitFor();
    await page.getByRole('checkbox', { name: 'Acme Sandbox (sandbox)' }).check();
    await page.getByLabel('Text', { exact: true }).fill('A thread, part one');
    await page.getByRole('button', { name: 'Add to thread' }).click();
    await page.getByLabel('Thread item 2', { exact: true }).fill('Part two');
    await page.getByRole('button', { name: 'Add to thread' }).click();
    await page.getByLabel('Thread item 3', { exact: true }).fill('Part three');
    await expect(page.locator('#thread-item-3-count').textContent()).resolves.toContain('10 characters');
    await screenshot(page, screenshotsDir(), 'compose-thread');
    await page.getByRole('button', { name: 'Add to queue', exact: true }).click();
    await waitForPageHeading(page, 'Posts');

    const uuid = await postUuidByText(admin, workspace, 'A thread, part one');
    const stored = (await admin.get(`/api/${workspace}/posts/${uuid}`)).body;
    expect(stored.status).toBe('scheduled');
    expect(Date.parse(stored.scheduled_at)).toBe(slot.at.getTime());
    expect(stored.versions[0].content.map((item: { body: string }) => item.body)).toEqual(['A thread, part one', 'Part two', 'Part three']);
  });

  it('compose: a removed thread item is not sent; a second queued post takes the next week\'s slot', async () => {
    await page.getByRole('link', { name: 'New post' }).click();
    await page.getByRole('heading', { level: 1, name: 'New post' }).waitFor();
    await page.getByRole('checkbox', { name: 'Acme Sandbox (sandbox)' }).check();
    await page.getByLabel('Text', { exact: true }).fill('Second in the queue');
    await page.getByRole('button', { name: 'Add to thread' }).click();
    await page.getByRole('button', { name: 'Remove thread item 2' }).click();
    await page.getByRole('button', { name: 'Add to queue', exact: true }).click();
    await waitForPageHeading(page, 'Posts');

    const stored = (await admin.get(`/api/${workspace}/posts/${await postUuidByText(admin, workspace, 'Second in the queue')}`)).body;
    expect(stored.versions[0].content).toHaveLength(1);
    expect(Date.parse(stored.scheduled_at)).toBe(slot.at.getTime() + 7 * 86_400_000);
  });
});
