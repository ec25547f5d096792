import type { Page } from 'playwright-core';
import { ApiClient, createdBody } from '../support/api-client';
import { approverWorkspace, connectSandbox, within } from '../support/fixtures';
import { RunningService, startService } from '../support/service-process';
import { WebhookReceiver } from '@app/testing';
import { eventually } from '@app/testing/eventually';
import { axeViolations, expectAccessible } from '../support/dashboard/accessibility';
import { Browser, describeWithBrowser, launchBrowser } from '../support/dashboard/browser';
import { signIn, statusTab, waitForPageHeading } from '../support/dashboard/dashboard-steps';
import { sweepWithTab } from '../support/dashboard/keyboard';

jest.setTimeout(180_000);

/** What the pages are shown with: a post of each kind, an account, a webhook that has delivered. */
interface Data {
  draft: string;
  webhook: number;
}

/** A page of the dashboard as the navigation reaches it, and what to do before it is checked. */
interface AuditedPage {
  name: string;
  path(data: Data): string;
  heading: string | RegExp;
  then?(page: Page): Promise<void>;
}

type TabLabel = Parameters<typeof statusTab>[1];

const tab = (label: TabLabel): AuditedPage => ({
  name: `Posts, ${label} tab`,
  path: () => '/posts',
  heading: 'Posts',
  then: (page) => statusTab(page, label).click(),
});

/** Every page the navigation reaches; a page added later is one line here. */
const PAGES: AuditedPage[] = [
  ...(['All', 'Draft', 'Needs approval', 'Scheduled', 'Publishing', 'Published', 'Failed'] as const).map(tab),
  { name: 'Compose', path: () => '/posts/new', heading: 'New post' },
  { name: "A post's edit page", path: (data) => `/posts/${data.draft}`, heading: 'Edit post' },
  {
    name: 'Compose with validation errors',
    path: () => '/posts/new',
    heading: 'New post',
    then: async (page) => {
      await page.getByRole('button', { name: 'Schedule now', exact: true }).click();
      await page.getByRole('alert').filter({ hasText: 'Validation errors.' }).waitFor();
    },
  },
  { name: 'Calendar', path: () => '/calendar', heading: 'Calendar' },
  { name: 'Analytics', path: () => '/analytics', heading: 'Analytics' },
  { name: 'Import', path: () => '/import', heading: 'Import' },
  { name: 'Accounts', path: () => '/accounts', heading: 'Accounts' },
  { name: 'Media', path: () => '/media', heading: 'Media' },
  { name: 'Webhooks', path: () => '/webhooks', heading: 'Webhooks' },
  { name: "A webhook's page", path: (data) => `/webhooks/${data.webhook}`, heading: /^Webhook http/ },
  { name: 'Settings', path: () => '/settings', heading: 'Settings' },
  { name: 'Panel', path: () => '/panel', heading: 'Panel' },
];

/** Opens a page by its address and waits until its heading shows and nothing is loading any more. */
async function open(page: Page, baseUrl: string, audited: AuditedPage, data: Data): Promise<void> {
  await page.goto(`${baseUrl}/app${audited.path(data)}`);
  await page.getByRole('heading', { level: 1, name: audited.heading }).waitFor();
  await settled(page);
  if (audited.then) {
    await audited.then(page);
    await settled(page);
  }
}

const settled = (page: Page) =>
  eventually(async () => (await page.getByText(/^Loading .*…$/).count()) === 0, 'the page to finish loading', within(15_000));

describeWithBrowser('dashboard accessibility and keyboard use (axe-core, the built service, Chromium)', () => {
  let service: RunningService;
  let receiver: WebhookReceiver;
  let admin: ApiClient;
  let browser: Browser;
  let page: Page;
  const data = {} as Data;

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    service = await startService({ env: { WEBHOOK_ALLOW_PRIVATE_URLS: 'true' } });
    admin = new ApiClient(service.baseUrl, service.adminToken);
    const workspace = await approverWorkspace(admin, 'Acme');
    data.webhook = createdBody(await admin.post(`/api/${workspace}/webhooks`, { url: receiver.url() }), 'creating the webhook').id;
    const account = await connectSandbox(admin, workspace, 'Acme Sandbox');
    const failing = await connectSandbox(admin, workspace, 'Failing Sandbox', 'failure');
    const original = (body: string) => ({ is_original: true, content: [{ body, media: [] }] });
    const posts = `/api/${workspace}/posts`;
    data.draft = createdBody(await admin.post(posts, { versions: [original('A draft to finish')] }), 'the draft').uuid;
    const scheduledAt = new Date(Date.now() + 3 * 86_400_000).toISOString();
    createdBody(await admin.post(posts, { versions: [original('Next week’s launch')], accounts: [account], schedule: true, scheduled_at: scheduledAt }), 'the scheduled post');
    const failed = createdBody(await admin.post(posts, { versions: [original('Refused by the platform')], accounts: [failing], schedule_now: true }), 'the failing post').uuid;
    await eventually(async () => (await admin.get(`${posts}/${failed}`)).body.status === 'failed', 'the post to fail', within(45_000));
    await eventually(async () => (await admin.get(`/api/${workspace}/webhooks/${data.webhook}/deliveries`)).body.data.length > 0, 'a delivery', within(45_000));
    browser = await launchBrowser();
    page = browser.page;
    await signIn(page, service.baseUrl, service.adminToken!);
  });
  afterAll(async () => {
    await browser?.close();
    await receiver?.close();
    await service?.dispose();
  });
  afterEach(() => {
    if (browser?.problems.length) throw new Error(`the page reported: ${browser.problems.splice(0).join('; ')}`);
  });

  it('the sign-in page, empty and with a refused token, has no violations', async () => {
    const signedOut = await launchBrowser();
    try {
      await signedOut.page.goto(`${service.baseUrl}/app`);
      await signedOut.page.getByLabel('API token').waitFor();
      await expectAccessible(signedOut.page, 'Sign-in');
      await expect(signedOut.page.title()).resolves.toBe('Sign in · Social publishing dashboard');
      await signedOut.page.getByLabel('API token').fill('not-a-token');
      await signedOut.page.getByRole('button', { name: 'Sign in' }).click();
      await signedOut.page.getByRole('alert').filter({ hasText: 'Unauthenticated.' }).waitFor();
      await expectAccessible(signedOut.page, 'Sign-in, refused');
      expect(signedOut.problems).toEqual([]);
    } finally {
      await signedOut.close();
    }
  });

  it.each(PAGES.map((audited) => [audited.name, audited] as const))('%s: no violations, every control reached with Tab and its focus shown, titled after its heading', async (_name, audited) => {
    await open(page, service.baseUrl, audited, data);
    await expectAccessible(page, audited.name);
    const heading = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
    await expect(page.title()).resolves.toBe(`${heading} · Social publishing dashboard`);
    const sweep = await sweepWithTab(page);
    expect({ page: audited.name, unreached: sweep.unreached, invisible: sweep.invisible }).toEqual({ page: audited.name, unreached: [], invisible: [] });
    expect(sweep.order.slice(0, 2)).toEqual([expect.stringContaining('Skip to content'), expect.stringContaining('Posts')]);
  });

  it('the check finds what it is meant to find: an unlabelled field, an image without text, a heading skipped, a button without focus shown, a link Tab skips', async () => {
    await open(page, service.baseUrl, PAGES[0], data);
    await page.evaluate(`(() => {
      const broken = document.createElement('section');
      broken.innerHTML = '<h4>Too deep</h4><input id="unlabelled"><img src="data:,"><button id="no-outline">Hidden focus</button><a href="#x" tabindex="-1">Mouse only</a>';
      document.querySelector('main').append(broken);
      document.getElementById('no-outline').style.outline = 'none'; // through the CSSOM: the page's policy refuses style attributes
    })()`);
    const rules = new Set((await axeViolations(page)).map((violation) => violation.rule));
    expect([...rules].sort()).toEqual(expect.arrayContaining(['heading-order', 'image-alt', 'label']));
    const sweep = await sweepWithTab(page);
    expect(sweep.invisible).toEqual([expect.stringContaining('Hidden focus')]);
    expect(sweep.unreached).toEqual([expect.stringContaining('Mouse only')]);
  });

  it('Posts at phone width has no violations', async () => {
    const phone = await launchBrowser({ width: 390, height: 844 });
    try {
      await signIn(phone.page, service.baseUrl, service.adminToken!);
      await open(phone.page, service.baseUrl, PAGES[0], data);
      await expectAccessible(phone.page, 'Posts, phone width');
      expect(phone.problems).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('keyboard: Skip to content comes first, shows, and moves the focus to the page; the navigation opens a page with Enter', async () => {
    await page.goto(`${service.baseUrl}/app/posts`);
    await waitForPageHeading(page, 'Posts');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip.evaluate((element) => element === element.ownerDocument.activeElement)).resolves.toBe(true);
    const box = await skip.boundingBox();
    expect(box && box.x >= 0 && box.y >= 0 && box.width > 0).toBe(true);
    await page.keyboard.press('Enter');
    await expect(page.evaluate('document.activeElement.id')).resolves.toBe('main');

    // From the top again: Tab walks the navigation's links in order; Enter on one opens its page, its heading focused.
    await page.getByRole('link', { name: 'Skip to content' }).focus();
    const reached: string[] = [];
    for (let press = 0; press < 8 && !reached.includes('Calendar'); press++) {
      await page.keyboard.press('Tab');
      reached.push(String(await page.evaluate('document.activeElement.textContent.trim()')));
    }
    expect(reached.slice(0, 2)).toEqual(['Posts', 'Calendar']);
    await page.keyboard.press('Enter');
    const heading = page.getByRole('heading', { level: 1, name: 'Calendar' });
    await heading.waitFor();
    await eventually(() => heading.evaluate((element) => element === element.ownerDocument.activeElement), 'the new page’s heading focused', within(5_000));
    expect(page.url()).toBe(`${service.baseUrl}/app/calendar`);

    // Each link of the navigation, focused, opens its page with Enter.
    for (const link of ['Webhooks', 'Settings', 'Panel']) {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link, exact: true }).focus();
      await page.keyboard.press('Enter');
      await waitForPageHeading(page, link);
    }
  });
});
