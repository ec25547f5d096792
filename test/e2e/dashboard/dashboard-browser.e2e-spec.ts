import type { Page } from 'playwright-core';
import { ApiClient } from '../support/api-client';
import { within } from '../support/fixtures';
import { RunningService, startService } from '../support/service-process';
import { answer, WebhookReceiver } from '@app/testing';
import { eventually } from '@app/testing/eventually';
import { Browser, describeWithBrowser, launchBrowser, screenshotsDir } from '../support/dashboard/browser';
import { composePost, dayIn, failedDelivery, openFromNavigation, postUuidByText, screenshot, statusTab, TOKYO_OFFSET_HOURS, verifySignature } from '../support/dashboard/dashboard-steps';

jest.setTimeout(120_000);

const TIME_ZONE = 'Asia/Tokyo';
const DELIVERY_TIMEOUT_MS = 45_000;

/**
 * The dashboard in a real browser (headless Chromium) against the built embedded service: every
 * step goes through the pages, as a user would; the API and a local webhook receiver check the outcome.
 * The steps build on each other, in order.
 */
describeWithBrowser('dashboard in a browser (the built service, Chromium)', () => {
  let service: RunningService;
  let api: ApiClient;
  let receiver: WebhookReceiver;
  let browser: Browser;
  let page: Page;
  let workspace: string;
  let webhook: { id: number; secret: string };
  const shots = screenshotsDir();

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    service = await startService({ env: { WEBHOOK_ALLOW_PRIVATE_URLS: 'true', WEBHOOK_MAX_RETRIES: '1', WEBHOOK_BACKOFF_BASE_MS: '300' } });
    api = new ApiClient(service.baseUrl, service.adminToken);
    browser = await launchBrowser();
    page = browser.page;
  });
  afterAll(async () => {
    await browser?.close();
    await receiver?.close();
    await service?.dispose();
  });
  afterEach(() => {
    if (browser?.problems.length) throw new Error(`the page reported: ${browser.problems.splice(0).join('; ')}`);
  });

  it('signs in with an API token, with the keyboard; the token stays out of page storage and scripts', async () => {
    await page.goto(`${service.baseUrl}/app/posts`);
    await page.getByLabel('API token').fill('not-a-token');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Unauthenticated.' }).waitFor();
    await screenshot(page, shots, 'sign-in');

    await page.getByLabel('API token').fill('');
    await page.getByLabel('API token').focus();
    await page.keyboard.type(service.adminToken!);
    await page.keyboard.press('Enter');
    // No workspace yet: the admin is pointed to the panel.
    await page.getByRole('heading', { level: 1, name: 'No workspace' }).waitFor();
    for (const link of ['Posts', 'Calendar', 'Accounts', 'Webhooks', 'Settings']) await page.getByRole('link', { name: link, exact: true }).waitFor();
    const storage = await page.evaluate('[document.cookie, JSON.stringify(localStorage), JSON.stringify(sessionStorage)]');
    expect(JSON.stringify(storage)).not.toContain(service.adminToken);
    const [cookie] = await browser.context.cookies();
    expect(cookie).toEqual(expect.objectContaining({ name: 'sps_session', httpOnly: true, sameSite: 'Strict', path: '/' }));
  });

  it('panel: creates a workspace, which makes the signed-in admin its admin and approver; the switcher offers it', async () => {
    await openFromNavigation(page, 'Panel');
    await page.getByLabel('Workspace name').fill('Acme');
    await page.getByRole('button', { name: 'Create workspace' }).click();
    await page.getByRole('status').filter({ hasText: 'Workspace Acme created: you are its admin and may approve its posts.' }).waitFor();
    await page.getByLabel('Members of workspace').selectOption({ label: 'Acme' });
    await expect(page.getByRole('combobox', { name: 'Role of Admin' }).inputValue()).resolves.toBe('admin');
    await expect(page.getByRole('checkbox', { name: 'Admin may approve posts' }).isChecked()).resolves.toBe(true);
    workspace = (await api.get('/api/panel/workspaces')).body.data.find((candidate: { name: string }) => candidate.name === 'Acme').uuid;
    await page.getByLabel('Workspace', { exact: true }).selectOption({ label: 'Acme' });
  });

  it('settings: chooses the time zone every date is shown and entered in', async () => {
    await openFromNavigation(page, 'Settings');
    await page.getByLabel('Time zone').selectOption(TIME_ZONE);
  });

  it('settings: creates an API token shown once, lists it without its text, and revokes it', async () => {
    await page.getByRole('row').filter({ hasText: 'ADMIN_TOKEN' }).filter({ hasText: 'this session' }).waitFor();
    await page.getByLabel('Token name').fill('CI deploy');
    await page.getByRole('button', { name: 'Create token' }).click();
    const shown = (await page.getByLabel('New token').textContent())!.trim();
    expect(shown).toMatch(/^sps_/);
    expect((await api.as(shown).get('/api/me/tokens')).status).toBe(200);
    const row = page.getByRole('row').filter({ hasText: 'CI deploy' });
    await row.waitFor();
    expect(await page.locator('table').textContent()).not.toContain(shown);
    await screenshot(page, shots, 'settings');

    page.once('dialog', (dialog) => void dialog.accept());
    await row.getByRole('button', { name: 'Revoke CI deploy' }).click();
    await page.getByRole('status').filter({ hasText: 'Token CI deploy revoked.' }).waitFor();
    await row.waitFor({ state: 'detached' });
    await expect(page.getByLabel('New token').count()).resolves.toBe(0);
    expect((await api.as(shown).get('/api/me/tokens')).status).toBe(401);
  });

  it('accounts: connects a sandbox account through the form', async () => {
    await openFromNavigation(page, 'Accounts');
    await page.getByLabel('Provider').selectOption('sandbox');
    await page.getByLabel('Name', { exact: true }).fill('Acme Sandbox');
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Acme Sandbox connected.' }).waitFor();
    await page.getByRole('row').filter({ hasText: 'Acme Sandbox' }).filter({ hasText: 'connected' }).waitFor();
    await screenshot(page, shots, 'accounts');
    expect((await api.get(`/api/${workspace}/accounts`)).body.data).toEqual([expect.objectContaining({ provider: 'sandbox', name: 'Acme Sandbox' })]);
  });

  it('webhooks: registers a webhook to a local receiver through the form (URL, Events, Active, Save)', async () => {
    await openFromNavigation(page, 'Webhooks');
    await page.getByRole('button', { name: 'Add webhook' }).click();
    await page.getByLabel('URL').fill(receiver.url('/dashboard'));
    const events = page.getByRole('group', { name: 'Events' });
    // Every event the API document names is offered, each with when it fires, beside "All events".
    const documented: string[] = (await api.get('/api/docs-json')).body.components.schemas.WebhookEvent.enum;
    expect(documented.length).toBeGreaterThan(10);
    for (const name of ['All events', ...documented]) await events.getByRole('checkbox', { name, exact: false }).first().waitFor();
    expect(await events.getByRole('checkbox').count()).toBe(documented.length + 1);
    await events.getByRole('checkbox', { name: 'post.scheduled' }).check();
    await events.getByRole('checkbox', { name: 'post.published' }).check();
    await expect(page.getByRole('checkbox', { name: 'Active' }).isChecked()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { level: 1, name: `Webhook ${receiver.url('/dashboard')}` }).waitFor();
    const [saved] = (await api.get(`/api/${workspace}/webhooks`)).body.data;
    expect(saved).toEqual(expect.objectContaining({ url: receiver.url('/dashboard'), events: ['post.scheduled', 'post.published'], active: true }));
    webhook = { id: saved.id, secret: saved.secret };
  });

  it('webhooks: Send test event shows the answer inline; the sample arrives signed, marked X-Service-Test', async () => {
    await page.getByLabel('Test event').selectOption('post.published');
    await page.getByRole('button', { name: 'Send test event' }).click();
    await page.getByRole('status').filter({ hasText: 'Test delivered: the endpoint answered HTTP 200' }).waitFor();
    const test = await receiver.waitFor((all) => all.find((one) => one.headers['x-service-test'] === 'true'), DELIVERY_TIMEOUT_MS, 'the test event');
    expect(verifySignature(test, webhook.secret)).toEqual(expect.objectContaining({ event: 'post.published', workspace_uuid: workspace }));
    await screenshot(page, shots, 'webhook-test-event');
  });

  it('compose: schedules a post for tomorrow 10:30 in the chosen time zone; it arrives signed as post.scheduled and shows on the calendar at 10:30', async () => {
    const tomorrow = dayIn(TIME_ZONE, new Date(Date.now() + 86_400_000));
    await composePost(page, 'Launch day announcement', 'Schedule', { date: tomorrow, time: '10:30' });
    await page.getByRole('status').filter({ hasText: `Post scheduled for ${tomorrow} 10:30 (${TIME_ZONE}).` }).waitFor();
    await page.getByRole('cell', { name: 'Launch day announcement', exact: true }).waitFor();
    await statusTab(page, 'Scheduled').filter({ hasText: 'Scheduled (1)' }).waitFor();
    await screenshot(page, shots, 'posts');
    const uuid = await postUuidByText(api, workspace, 'Launch day announcement');
    const stored = (await api.get(`/api/${workspace}/posts/${uuid}`)).body;
    expect(stored.status).toBe('scheduled');
    const expected = new Date(Date.parse(`${tomorrow}T10:30:00Z`) - TOKYO_OFFSET_HOURS * 3_600_000);
    expect(Date.parse(stored.scheduled_at)).toBe(expected.getTime());

    const scheduled = await receiver.waitFor((all) => all.find((one) => one.envelope?.post?.uuid === uuid && one.event === 'post.scheduled'), DELIVERY_TIMEOUT_MS, 'post.scheduled');
    expect(verifySignature(scheduled, webhook.secret)).toEqual(expect.objectContaining({ event: 'post.scheduled' }));

    await openFromNavigation(page, 'Calendar');
    if (tomorrow.slice(0, 7) !== dayIn(TIME_ZONE, new Date()).slice(0, 7)) await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('link', { name: '10:30 Launch day announcement' }).waitFor();
    await screenshot(page, shots, 'calendar');
  });

  it('calendar: a click on an empty slot of the week opens compose at that time', async () => {
    await page.getByRole('button', { name: 'Week', exact: true }).click();
    const day = dayIn(TIME_ZONE, new Date());
    await page.getByRole('button', { name: `New post on ${day} at 15:00` }).click();
    await page.getByRole('heading', { level: 1, name: 'New post' }).waitFor();
    await expect(page.getByLabel('Date', { exact: true }).inputValue()).resolves.toBe(day);
    await expect(page.getByLabel('Time', { exact: true }).inputValue()).resolves.toBe('15:00');
    await page.getByLabel('Text', { exact: true }).fill('A thread about the launch 🚀');
    await page.getByRole('checkbox', { name: 'Acme Sandbox (sandbox)' }).check();
    // Graphemes, as a reader counts them: the rocket is one character.
    await page.getByText('27 characters').waitFor();
    await screenshot(page, shots, 'compose');
  });

  it('schedule now: the post is published; post.published arrives signed and shows in the delivery log', async () => {
    await composePost(page, 'Published right away', 'Schedule now');
    const uuid = await postUuidByText(api, workspace, 'Published right away');
    const published = await receiver.waitFor((all) => all.find((one) => one.envelope?.post?.uuid === uuid && one.event === 'post.published'), DELIVERY_TIMEOUT_MS, 'post.published');
    expect(verifySignature(published, webhook.secret)).toEqual(expect.objectContaining({ event: 'post.published' }));

    await openFromNavigation(page, 'Webhooks');
    await page.getByRole('link', { name: `Open webhook ${receiver.url('/dashboard')}` }).click();
    await page.getByLabel('Event', { exact: true }).selectOption('post.published');
    await page.locator('li.delivery').filter({ hasText: uuid }).filter({ hasText: 'succeeded' }).waitFor();
    await screenshot(page, shots, 'webhook');
  });

  it('a failing receiver: the failed delivery shows in the log as failed, Resend delivers it again with the same webhook-id', async () => {
    receiver.respondWith(answer(500));
    await composePost(page, 'Published while the receiver is down', 'Schedule now');
    const uuid = await postUuidByText(api, workspace, 'Published while the receiver is down');
    const failed = await failedDelivery(api, workspace, webhook.id, uuid);
    const attemptsBefore = receiver.attemptsOf(failed.id).length;
    receiver.respondWith(answer(200));

    await openFromNavigation(page, 'Webhooks');
    await page.getByRole('link', { name: `Open webhook ${receiver.url('/dashboard')}` }).click();
    await page.getByLabel('Status', { exact: true }).selectOption('failed');
    const row = page.locator('li.delivery').filter({ hasText: uuid }).filter({ hasText: 'post.published' });
    await row.filter({ hasText: 'failed' }).waitFor();
    await screenshot(page, shots, 'delivery-log-failed');
    await row.getByRole('button', { name: 'Resend' }).click();
    await page.getByRole('status').filter({ hasText: 'Delivery queued again.' }).waitFor();

    const again = await receiver.waitFor((all) => all.filter((one) => one.deliveryId === failed.id).length > attemptsBefore && all.filter((one) => one.deliveryId === failed.id).at(-1), DELIVERY_TIMEOUT_MS, 'the resent delivery');
    expect(verifySignature(again, webhook.secret)).toEqual(expect.objectContaining({ event: 'post.published' }));
    await page.getByLabel('Status', { exact: true }).selectOption('succeeded');
    await eventually(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      return (await row.filter({ hasText: 'succeeded' }).count()) > 0;
    }, 'the resent delivery to show as succeeded', within(DELIVERY_TIMEOUT_MS));
    await openFromNavigation(page, 'Webhooks');
    await page.getByRole('link', { name: receiver.url('/dashboard'), exact: true }).waitFor();
    await screenshot(page, shots, 'webhooks');
  });

  it('recovers the failed deliveries of a window, with the count first', async () => {
    receiver.respondWith(answer(500));
    await composePost(page, 'Published while the receiver is down again', 'Schedule now');
    const uuid = await postUuidByText(api, workspace, 'Published while the receiver is down again');
    const failed = await failedDelivery(api, workspace, webhook.id, uuid);
    receiver.respondWith(answer(200));
    await openFromNavigation(page, 'Webhooks');
    await page.getByRole('link', { name: `Open webhook ${receiver.url('/dashboard')}` }).click();
    await page.getByRole('button', { name: 'Count failed deliveries' }).click();
    // The post.scheduled deliveries sent while the receiver was down failed too.
    const count = (await api.post(`/api/${workspace}/webhooks/${webhook.id}/recover`, { since: new Date(Date.now() - 86_400_000).toISOString(), dry_run: true })).body.count;
    expect(count).toBeGreaterThanOrEqual(2);
    await page.getByRole('button', { name: `Resend ${count} failed deliveries` }).click();
    await page.getByRole('status').filter({ hasText: `${count} failed deliveries queued again.` }).waitFor();
    await receiver.waitFor((all) => all.filter((one) => one.deliveryId === failed.id).length > 1, DELIVERY_TIMEOUT_MS, 'the recovered delivery');
  });

  it('rotates the secret with a grace period: deliveries carry both signatures, each verified with standardwebhooks', async () => {
    await page.getByLabel('Grace period (hours)').fill('2');
    await page.getByRole('button', { name: 'Rotate secret' }).click();
    await page.getByRole('status').filter({ hasText: 'Secret rotated' }).waitFor();
    await page.getByText('The previous secret signs too until').waitFor();
    const rotated = (await api.get(`/api/${workspace}/webhooks/${webhook.id}`)).body;
    expect(rotated.secret).not.toBe(webhook.secret);
    await page.getByRole('button', { name: 'Reveal secret' }).click();
    await page.getByLabel('Secret', { exact: true }).filter({ hasText: rotated.secret }).waitFor();
    await screenshot(page, shots, 'webhook-secret-rotated');

    const before = receiver.received.length;
    await page.getByLabel('Test event').selectOption('post.published');
    await page.getByRole('button', { name: 'Send test event' }).click();
    await page.getByRole('status').filter({ hasText: 'Test delivered' }).waitFor();
    const signed = await receiver.waitFor((all) => all.slice(before).find((one) => one.headers['x-service-test'] === 'true'), DELIVERY_TIMEOUT_MS, 'the test after rotation');
    expect(String(signed.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verifySignature(signed, rotated.secret)).toEqual(expect.objectContaining({ event: 'post.published' }));
    expect(verifySignature(signed, webhook.secret)).toEqual(expect.objectContaining({ event: 'post.published' }));
    expect(() => verifySignature(signed, 'whsec_' + Buffer.alloc(32, 1).toString('base64'))).toThrow();
    webhook = { id: webhook.id, secret: rotated.secret };
  });

  it('a receiver answering 410 Gone disables the webhook: the banner says when and why; Active and Save turn it back on', async () => {
    receiver.respondWith(answer(410));
    await composePost(page, 'Published to a gone endpoint', 'Schedule now');
    await eventually(async () => (await api.get(`/api/${workspace}/webhooks/${webhook.id}`)).body.active === false, 'the webhook disabled', within(DELIVERY_TIMEOUT_MS));
    receiver.respondWith(answer(200));
    await openFromNavigation(page, 'Webhooks');
    await page.getByText(/was disabled on .*: The endpoint answered 410 Gone\./).waitFor();
    await screenshot(page, shots, 'webhook-disabled');
    await page.getByRole('link', { name: `Open webhook ${receiver.url('/dashboard')}` }).click();
    await page.getByRole('checkbox', { name: 'Active' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Webhook saved.' }).waitFor();
    await page.getByText(/was disabled on/).waitFor({ state: 'detached' });
    expect((await api.get(`/api/${workspace}/webhooks/${webhook.id}`)).body).toMatchObject({ active: true, disabled_at: null });
  });

  it('posts: status tabs and the text filter narrow the list', async () => {
    await openFromNavigation(page, 'Posts');
    await statusTab(page, 'Scheduled').click();
    await page.getByRole('cell', { name: 'Launch day announcement', exact: true }).waitFor();
    await page.getByRole('cell', { name: 'Published right away', exact: true }).waitFor({ state: 'detached' });
    await statusTab(page, 'All').click();
    await page.getByLabel('Text', { exact: true }).fill('receiver is down');
    await page.getByRole('cell', { name: 'Published while the receiver is down', exact: true }).waitFor();
    await page.getByRole('cell', { name: 'Launch day announcement', exact: true }).waitFor({ state: 'detached' });
  });

  it('phone width: the pages stay usable at 390 px, through the same navigation', async () => {
    const phone = await browser.context.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(`${service.baseUrl}/app/webhooks/${webhook.id}`);
    await phone.getByRole('button', { name: 'Rotate secret' }).waitFor();
    await screenshot(phone, shots, 'phone-webhook');
    await openFromNavigation(phone, 'Posts');
    await phone.getByText('Launch day announcement').waitFor();
    expect(await phone.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await screenshot(phone, shots, 'phone-posts');
    await phone.close();
  });

  it('signs out: the cookie is gone and the API refuses the page', async () => {
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.getByLabel('API token').waitFor();
    expect(await browser.context.cookies()).toEqual([]);
    const status = await page.evaluate(() => fetch('/api/session').then((response) => response.status));
    expect(status).toBe(401);
  });
});
