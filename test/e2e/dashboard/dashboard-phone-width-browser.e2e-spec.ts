import type { Page } from 'playwright-core';
import { pngImage } from '@app/media-store/testing';
import { WebhookReceiver } from '@app/testing';
import { eventually } from '@app/testing/eventually';
import { ApiClient, createdBody } from '../support/api-client';
import { approverWorkspace, connectSandbox, within } from '../support/fixtures';
import { RunningService, startService } from '../support/service-process';
import { expectAccessible } from '../support/dashboard/accessibility';
import { Browser, describeWithBrowser, launchBrowser, screenshotsDir } from '../support/dashboard/browser';
import { dayIn, screenshot, signIn } from '../support/dashboard/dashboard-steps';
import { menuButton, navigationState, PHONE, sidewaysOverflow } from '../support/dashboard/phone-width';

jest.setTimeout(180_000);

const FAMILY = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}';
/** 39 letters and a family emoji: a cut of the first 40 UTF-16 units would split the emoji in half. */
const FAMILY_POST = `${'A'.repeat(39)}${FAMILY} and the whole family`;
const FAMILY_NAME = `${'A'.repeat(39)}${FAMILY}`;
/** Half a surrogate pair: what a cut by UTF-16 unit leaves of an emoji. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONG_WORD = `https://example.com/${'a-very-long-path-segment/'.repeat(6)}`;

interface Data {
  workspace: string;
  draft: string;
  webhook: number;
}

/** A page of the dashboard opened by its address at phone width, and what to do on it before it is measured. */
interface PhonePage {
  name: string;
  path(data: Data): string;
  heading: string | RegExp;
  then?(page: Page): Promise<void>;
}

/** Every page the dashboard has; a page added later is one line here. */
const PAGES: PhonePage[] = [
  { name: 'Posts', path: () => '/posts', heading: 'Posts', then: (page) => page.getByText('Next week’s launch').first().waitFor() },
  {
    name: 'Compose, with an account, a long text and a picture attached',
    path: () => '/posts/new',
    heading: 'New post',
    then: async (page) => {
      await page.getByRole('checkbox', { name: 'Acme Sandbox (sandbox)' }).check();
      await page.getByLabel('Text', { exact: true }).fill(`Read ${LONG_WORD} ${FAMILY}`);
      const picker = page.getByRole('group', { name: 'Media' });
      await picker.locator('img').first().waitFor();
      await picker.getByRole('checkbox').first().check();
    },
  },
  { name: "A post's edit page", path: (data) => `/posts/${data.draft}`, heading: 'Edit post' },
  { name: 'Calendar', path: () => '/calendar', heading: 'Calendar', then: (page) => page.getByRole('list', { name: /^Posts in / }).waitFor() },
  { name: 'Analytics', path: () => '/analytics', heading: 'Analytics', then: (page) => page.getByRole('region', { name: 'Best posts' }).waitFor() },
  { name: 'Import', path: () => '/import', heading: 'Import', then: (page) => page.getByLabel('CSV or JSON file').waitFor() },
  { name: 'Accounts', path: () => '/accounts', heading: 'Accounts', then: (page) => page.getByText('Acme Sandbox').first().waitFor() },
  { name: 'Media', path: () => '/media', heading: 'Media', then: (page) => page.getByText('Used by').first().waitFor() },
  { name: 'Feeds, with the form to follow one', path: () => '/feeds', heading: 'Feeds', then: (page) => page.getByLabel('Text of each post').waitFor() },
  { name: 'Webhooks', path: () => '/webhooks', heading: 'Webhooks' },
  { name: "A webhook's page and its delivery log", path: (data) => `/webhooks/${data.webhook}`, heading: /^Webhook http/, then: (page) => page.getByRole('button', { name: 'Rotate secret' }).waitFor() },
  { name: 'Settings', path: () => '/settings', heading: 'Settings', then: (page) => page.getByLabel('Schedule zone').waitFor() },
  { name: 'Panel', path: () => '/panel', heading: 'Panel', then: (page) => page.getByRole('button', { name: 'Rename Acme', exact: true }).waitFor() },
  { name: 'A page that does not exist', path: () => '/nowhere', heading: 'Page not found' },
];

const settled = (page: Page) =>
  eventually(async () => (await page.getByText(/^Loading .*…$/).count()) === 0, 'the page to finish loading', within(15_000));

async function open(page: Page, baseUrl: string, shown: PhonePage, data: Data): Promise<void> {
  await page.goto(`${baseUrl}/app${shown.path(data)}`);
  await page.getByRole('heading', { level: 1, name: shown.heading }).waitFor();
  await settled(page);
  if (shown.then) {
    await shown.then(page);
    await settled(page);
  }
}

/** The calendar's title of a day, as the agenda heads it (`Tue, Jun 2`). */
const dayTitle = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });

/**
 * The dashboard at a phone's width (390 x 844), against the built service in Chromium: no page
 * scrolls sideways, the navigation is collapsed behind a menu button, the calendar opens as an
 * agenda, text is cut between characters, and a first load asks for well-formed API paths.
 */
describeWithBrowser('dashboard at phone width (390 px; the built service, Chromium)', () => {
  let service: RunningService;
  let receiver: WebhookReceiver;
  let admin: ApiClient;
  let browser: Browser;
  let page: Page;
  const data = {} as Data;
  const posts: { text: string; at: Date }[] = [];
  const shots = screenshotsDir();

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    service = await startService({ env: { WEBHOOK_ALLOW_PRIVATE_URLS: 'true' } });
    admin = new ApiClient(service.baseUrl, service.adminToken);
    data.workspace = await approverWorkspace(admin, 'Acme');
    data.webhook = createdBody(await admin.post(`/api/${data.workspace}/webhooks`, { url: receiver.url() }), 'creating the webhook').id;
    const account = await connectSandbox(admin, data.workspace, 'Acme Sandbox');
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(pngImage(640, 480, 3))], { type: 'image/png' }), 'launch.png');
    const uploaded = await fetch(`${service.baseUrl}/api/${data.workspace}/media`, { method: 'POST', headers: { authorization: `Bearer ${admin.token}` }, body: form });
    const media = (await uploaded.json()) as { id: string };
    expect(uploaded.status).toBe(201);

    const original = (body: string, attached: string[] = []) => [{ is_original: true, content: [{ body, media: attached }] }];
    const path = `/api/${data.workspace}/posts`;
    data.draft = createdBody(await admin.post(path, { versions: original('A draft to finish') }), 'the draft').uuid;
    const scheduled = async (text: string, at: Date, attached: string[] = []) => {
      createdBody(await admin.post(path, { versions: original(text, attached), accounts: [account], schedule: true, scheduled_at: at.toISOString() }), text);
      posts.push({ text, at });
    };
    await scheduled('Next week’s launch', new Date(Date.now() + 2 * 86_400_000));
    await scheduled(FAMILY_POST, new Date(Date.now() + 86_400_000), [media.id]);
    const published = createdBody(await admin.post(path, { versions: original('Launch day is here'), accounts: [account], schedule_now: true }), 'the published post').uuid;
    const done = await eventually(async () => {
      const post = (await admin.get(`${path}/${published}`)).body;
      return post.status === 'published' ? post : undefined;
    }, 'the post to be published', within(45_000));
    posts.push({ text: 'Launch day is here', at: new Date(done.scheduled_at ?? done.published_at) });
    await eventually(async () => (await admin.get(`/api/${data.workspace}/webhooks/${data.webhook}/deliveries`)).body.data.length > 0, 'a delivery', within(45_000));

    browser = await launchBrowser(PHONE);
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

  it('the sign-in page fits, says where the first token comes from, and names its icon inline (no /favicon.ico to miss)', async () => {
    const signedOut = await launchBrowser(PHONE);
    try {
      const missing: string[] = [];
      signedOut.page.on('response', (response) => {
        // The API's 401 to "who is signed in?" is the sign-in page's cue; any other file missing is a fault.
        if (response.status() >= 400 && !new URL(response.url()).pathname.startsWith('/api/')) missing.push(`${response.status()} ${response.url()}`);
      });
      await signedOut.page.goto(`${service.baseUrl}/app`);
      const help = signedOut.page.locator('#token-help');
      await help.waitFor();
      const text = await help.innerText();
      expect(text).toContain('ADMIN_TOKEN');
      expect(text).toContain('start-up banner');
      expect(text).toContain('npm run admin -- token');
      expect(await sidewaysOverflow(signedOut.page)).toEqual({ scrollWidth: PHONE.width, clientWidth: PHONE.width, wide: [] });
      const icon = await signedOut.page.evaluate(`(async () => {
        const link = document.querySelector('link[rel="icon"]');
        if (!link) return null;
        const image = new Image();
        image.src = link.href;
        await image.decode();
        return { scheme: new URL(link.href).protocol, width: image.naturalWidth };
      })()`);
      expect(icon).toEqual({ scheme: 'data:', width: expect.any(Number) });
      expect((icon as { width: number }).width).toBeGreaterThan(0);
      expect(missing).toEqual([]);
      expect(signedOut.problems).toEqual([]);
    } finally {
      await signedOut.close();
    }
  });

  it.each(PAGES.map((shown) => [shown.name, shown] as const))('%s: nothing sticks out sideways, and the navigation is collapsed to one line', async (_name, shown) => {
    await open(page, service.baseUrl, shown, data);
    expect({ page: shown.name, ...(await sidewaysOverflow(page)) }).toEqual({ page: shown.name, scrollWidth: PHONE.width, clientWidth: PHONE.width, wide: [] });
    const navigation = await navigationState(page);
    expect(navigation).toEqual({ expanded: 'false', postsLinkShown: false, headerHeight: expect.any(Number) });
    // Collapsed, the header is one line: well under a tenth of the first screen.
    expect(navigation.headerHeight).toBeLessThan(PHONE.height / 10);
  });

  it('the menu button opens and closes the navigation, with the mouse and the keyboard; Skip to content comes first; axe finds nothing in the open menu', async () => {
    await open(page, service.baseUrl, PAGES[0], data);
    const navigation = page.getByRole('navigation', { name: 'Main' });
    await menuButton(page).click();
    await navigation.getByRole('link', { name: 'Calendar', exact: true }).waitFor();
    expect(await menuButton(page).getAttribute('aria-expanded')).toBe('true');
    await page.getByLabel('Workspace', { exact: true }).waitFor();
    expect((await sidewaysOverflow(page)).wide).toEqual([]);
    await expectAccessible(page, 'the navigation opened at phone width');
    await screenshot(page, shots, 'phone-navigation-open');
    await menuButton(page).click();
    await navigation.getByRole('link', { name: 'Calendar', exact: true }).waitFor({ state: 'hidden' });
    expect(await menuButton(page).getAttribute('aria-expanded')).toBe('false');

    // From the top of a fresh load: Tab reaches the skip link, then the menu button.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Posts' }).waitFor();
    await page.keyboard.press('Tab');
    await expect(page.evaluate('document.activeElement.textContent.trim()')).resolves.toBe('Skip to content');
    await page.keyboard.press('Tab');
    await expect(page.evaluate('document.activeElement.getAttribute("aria-expanded")')).resolves.toBe('false');
    await page.keyboard.press('Enter');
    expect(await menuButton(page).getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Tab');
    await expect(page.evaluate('document.activeElement.textContent.trim()')).resolves.toBe('Posts');
    await page.keyboard.press('Escape');
    expect(await menuButton(page).getAttribute('aria-expanded')).toBe('false');
    await expect(page.evaluate('document.activeElement.getAttribute("aria-controls")')).resolves.toBe('main-links top-tools');

    // A link followed closes the menu.
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.evaluate('document.activeElement.textContent.trim()')).resolves.toBe('Calendar');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Calendar' }).waitFor();
    expect(await menuButton(page).getAttribute('aria-expanded')).toBe('false');
    expect(await navigation.getByRole('link', { name: 'Calendar', exact: true }).isVisible()).toBe(false);
  });

  it('the calendar opens as an agenda (no axe violations): the days with posts, in order, each post by its time, its text cut between characters', async () => {
    await open(page, service.baseUrl, PAGES.find((shown) => shown.name === 'Calendar')!, data);
    expect(await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Agenda' }).getAttribute('aria-pressed')).toBe('true');
    const timeZone = (await page.evaluate('Intl.DateTimeFormat().resolvedOptions().timeZone')) as string;
    const today = dayIn(timeZone, new Date());
    const placed = posts.map((post) => ({ ...post, day: dayIn(timeZone, post.at) })).sort((a, b) => a.at.getTime() - b.at.getTime());
    const months = [...new Set(placed.map((post) => post.day.slice(0, 7)))].sort();
    expect(months[0]).toBe(today.slice(0, 7));
    await expectAccessible(page, 'the calendar agenda at phone width');
    await screenshot(page, shots, 'phone-calendar-agenda');

    for (const [index, month] of months.entries()) {
      if (index > 0) await page.getByRole('button', { name: 'Next', exact: true }).click();
      const inMonth = placed.filter((post) => post.day.startsWith(month));
      const agenda = page.getByRole('list', { name: /^Posts in / });
      await agenda.getByRole('link').first().waitFor();
      const days = [...new Set([...inMonth.map((post) => post.day), ...(today.startsWith(month) ? [today] : [])])].sort();
      const headings = (await agenda.getByRole('heading', { level: 3 }).allInnerTexts()).map((heading) => heading.replace(/\s*\(today\)$/, '').trim());
      expect(headings).toEqual(days.map(dayTitle));
      const chips = await agenda.getByRole('link').allInnerTexts();
      expect(chips).toHaveLength(inMonth.length);
      chips.forEach((chip, position) => expect(chip).toContain(inMonth[position].text === FAMILY_POST ? FAMILY_NAME : inMonth[position].text));
      for (const chip of chips) expect(chip).not.toMatch(LONE_SURROGATE);
      expect((await sidewaysOverflow(page)).wide).toEqual([]);
    }
  });

  it('the media page names a post by its first 40 characters, the family emoji whole', async () => {
    await open(page, service.baseUrl, PAGES.find((shown) => shown.name === 'Media')!, data);
    const link = page.getByRole('link', { name: FAMILY_NAME, exact: true });
    await link.waitFor();
    expect(await link.innerText()).not.toMatch(LONE_SURROGATE);
  });

  it('Settings opened first, in a browser that visited no page before, asks for well-formed API paths', async () => {
    const fresh = await launchBrowser(PHONE);
    try {
      const requested: string[] = [];
      fresh.page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname.startsWith('/api/')) requested.push(`${request.method()} ${pathname}`);
      });
      await fresh.page.goto(`${service.baseUrl}/app/settings`);
      await fresh.page.getByLabel('API token').fill(service.adminToken!);
      await fresh.page.getByRole('button', { name: 'Sign in' }).click();
      await fresh.page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
      await eventually(async () => requested.includes(`GET /api/${data.workspace}/queue`), 'the posting schedule to be asked for', within(15_000));
      await fresh.page.reload();
      await fresh.page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
      await eventually(async () => requested.filter((line) => line === `GET /api/${data.workspace}/queue`).length === 2, 'the posting schedule to be asked for again', within(15_000));
      await settled(fresh.page);
      expect(requested.filter((line) => line.includes('//'))).toEqual([]);
      expect(fresh.problems).toEqual([]);
    } finally {
      await fresh.close();
    }
  });
});
