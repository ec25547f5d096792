import type { Page } from 'playwright-core';
import { WebhookReceiver } from '@app/testing';
import { eventually } from '@app/testing/eventually';
import { ApiClient } from '../support/api-client';
import { within } from '../support/fixtures';
import { RunningService, startService } from '../support/service-process';
import { Browser, describeWithBrowser, launchBrowser } from '../support/dashboard/browser';
import { openFromNavigation, signIn, verifySignature, waitForPageHeading } from '../support/dashboard/dashboard-steps';

jest.setTimeout(180_000);

/** Words that show a step led nowhere, or a message built from a missing value. */
const DEAD_ENDS = [/\bnull\b/i, /\bundefined\b/i, /This action is unauthorized/i, /Workspace not found/i, /does not exist/i, /not a member/i, /Page not found/i];

/**
 * Records the text of every status and alert the page shows, even one that goes a moment later,
 * so that a message with "null" in it cannot slip by between two checks.
 */
const RECORD_MESSAGES = `
  window.__shownMessages = [];
  const note = (element) => {
    const text = (element.textContent || '').trim();
    if (text && window.__shownMessages[window.__shownMessages.length - 1] !== text) window.__shownMessages.push(text);
  };
  new MutationObserver(() => {
    for (const element of document.querySelectorAll('[role="status"], [role="alert"]')) note(element);
  }).observe(document, { subtree: true, childList: true, characterData: true });
`;

/**
 * A new user on an empty install (a fresh data directory, the admin token only) signs in at /app
 * and follows the Get started checklist to a first published post: create the workspace, connect a
 * sandbox account, schedule a first post now, see it published, add a webhook. Every step must be
 * reachable from the checklist, and no page or message on the way may be a dead end.
 */
describeWithBrowser('dashboard first sign-in to a first published post (the built service, Chromium)', () => {
  let service: RunningService;
  let api: ApiClient;
  let receiver: WebhookReceiver;
  let browser: Browser;
  let page: Page;
  let workspace: string;

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    service = await startService({ env: { WEBHOOK_ALLOW_PRIVATE_URLS: 'true' } });
    api = new ApiClient(service.baseUrl, service.adminToken);
    browser = await launchBrowser();
    page = browser.page;
    await page.addInitScript(RECORD_MESSAGES);
  });
  afterAll(async () => {
    await browser?.close();
    await service?.dispose();
    await receiver?.close();
  });
  afterEach(async () => {
    const problems = browser?.problems.splice(0) ?? [];
    if (problems.length) throw new Error(`the page reported: ${problems.join('; ')}`);
  });

  /** Fails when the page, or any message it showed since it loaded, reads like a dead end. */
  const expectNoDeadEnd = async (step: string) => {
    const shown = await page.locator('main').innerText();
    const messages = (await page.evaluate('window.__shownMessages')) as string[];
    for (const text of [shown, ...messages]) {
      const found = DEAD_ENDS.find((pattern) => pattern.test(text));
      if (found) throw new Error(`${step}: a dead end (${found}) at ${page.url()}: ${text.replace(/\s+/g, ' ').slice(0, 400)}`);
    }
  };
  /** Waits for a status or alert with this text; when it does not come, says which messages the page showed. */
  const waitForMessage = async (text: string | RegExp) => {
    try {
      await page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: text }).first().waitFor();
    } catch (error) {
      const messages = (await page.evaluate('window.__shownMessages')) as string[];
      throw new Error(`${text} was not shown at ${page.url()}; the page showed: ${JSON.stringify(messages)}`, { cause: error });
    }
  };
  const checklist = () => page.getByRole('region', { name: 'Get started' });
  /** Follows a step of the checklist: it must be a link there, to the page where the step is done. */
  const followStep = async (label: string, heading: string) => {
    await checklist().getByRole('link', { name: label, exact: true }).click();
    await waitForPageHeading(page, heading);
    await expectNoDeadEnd(`the page of "${label}"`);
  };

  it('signs in on an empty install and is led to create a workspace, not to a page that needs one', async () => {
    expect((await api.get('/api/panel/workspaces')).body.data).toEqual([]);
    await signIn(page, service.baseUrl, service.adminToken!);
    await waitForPageHeading(page, 'No workspace');
    await checklist().getByText('0 of 5 steps done.').waitFor();
    // Only the workspace leads anywhere yet: every other page needs one.
    expect(await checklist().getByRole('link').allInnerTexts()).toEqual(['Create a workspace']);
    await expectNoDeadEnd('after signing in');
  });

  it('creates the workspace on the Panel, as its admin who may approve, and is led back to the checklist', async () => {
    await followStep('Create a workspace', 'Panel');
    await page.getByLabel('Workspace name').fill('Acme');
    await page.getByRole('button', { name: 'Create workspace' }).click();
    await waitForMessage('Workspace Acme created: you are its admin and may approve its posts.');
    workspace = (await api.get('/api/panel/workspaces')).body.data[0].uuid;
    expect((await api.get(`/api/${workspace}/membership`)).body).toMatchObject({ role: 'admin', can_approve: true });

    await page.getByRole('link', { name: 'Open Acme and get started' }).click();
    await waitForPageHeading(page, 'Posts');
    await expect(page.getByLabel('Workspace', { exact: true }).inputValue()).resolves.toBe(workspace);
    await checklist().getByText('1 of 5 steps done.').waitFor();
    await checklist().getByText('Create a workspace (done)').waitFor();
    await expectNoDeadEnd('back at the checklist with a workspace');
  });

  it('connects a sandbox account from the checklist: sandbox is the provider offered first', async () => {
    await followStep('Connect an account', 'Accounts');
    await expect(page.getByLabel('Provider').inputValue()).resolves.toBe('sandbox');
    await page.getByLabel('Name', { exact: true }).fill('Acme Sandbox');
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await waitForMessage('Acme Sandbox connected.');
    expect((await api.get(`/api/${workspace}/accounts`)).body.data).toEqual([expect.objectContaining({ provider: 'sandbox', name: 'Acme Sandbox', authorized: true })]);
    await expectNoDeadEnd('after connecting the account');

    await openFromNavigation(page, 'Posts');
    await checklist().getByText('2 of 5 steps done.').waitFor();
  });

  it('schedules a first post now from the checklist: scheduled, not waiting for an approval, with no missing value in the message', async () => {
    await followStep('Create your first post', 'New post');
    await page.getByRole('checkbox', { name: 'Acme Sandbox (sandbox)' }).check();
    await page.getByLabel('Text', { exact: true }).fill('Hello from the first sign-in');
    await page.getByRole('button', { name: 'Schedule now', exact: true }).click();
    await waitForPageHeading(page, 'Posts');
    // Scheduled at once (its time is now), not saved to wait for an approval.
    await waitForMessage(/^Post scheduled (for \d{4}-\d\d-\d\d \d\d:\d\d \([\w/+-]+\)|to publish as soon as possible)\.$/);
    await expectNoDeadEnd('after scheduling the first post');
    expect(await page.getByRole('button', { name: /^Approve/ }).count()).toBe(0);
  });

  it('sees it published without reloading: the checklist ticks it and the list shows its new status', async () => {
    await checklist().getByText('See it published (done)').waitFor({ timeout: 45_000 });
    await page.getByRole('row').filter({ hasText: 'Hello from the first sign-in' }).filter({ hasText: 'published' }).waitFor();
    const posts = (await api.get(`/api/${workspace}/posts`)).body.data;
    expect(posts).toEqual([expect.objectContaining({ status: 'published' })]);
    await checklist().getByText('4 of 5 steps done.').waitFor();
    await expectNoDeadEnd('once the post is published');
  });

  it('adds a webhook from the checklist, whose test delivery arrives signed; the checklist is then done and goes', async () => {
    await followStep('Add a webhook', 'Webhooks');
    await page.getByRole('button', { name: 'Add webhook' }).click();
    await page.getByLabel('URL', { exact: true }).fill(receiver.url('/first-run'));
    await page.getByRole('checkbox', { name: 'post.published' }).check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('button', { name: 'Send test event' }).click();
    await waitForMessage('Test delivered');
    const [delivery] = await receiver.waitForCount(1, 15_000);
    const { secret } = (await api.get(`/api/${workspace}/webhooks`)).body.data[0];
    expect(() => verifySignature(delivery, secret)).not.toThrow();
    expect(delivery.path).toBe('/first-run');
    await expectNoDeadEnd('after the test delivery');

    await openFromNavigation(page, 'Posts');
    await page.getByRole('row').filter({ hasText: 'Hello from the first sign-in' }).waitFor();
    await eventually(async () => (await checklist().count()) === 0 || undefined, 'the checklist to go once every step is done', within(10_000));
    await expectNoDeadEnd('at the end');
  });
});
