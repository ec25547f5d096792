import type { Page } from 'playwright-core';
import { mp4Video, pngImage } from '@app/media-store/testing';
import { eventually } from '@app/testing/eventually';
import { MastodonApiServer } from '../../providers/mastodon/mastodon-api-server';
import { ApiClient } from '../support/api-client';
import { approverWorkspace, connectSandbox, within } from '../support/fixtures';
import { RunningService, startService } from '../support/service-process';
import { Browser, describeWithBrowser, launchBrowser, screenshotsDir } from '../support/dashboard/browser';
import { dayIn, openFromNavigation, screenshot, signIn, TOKYO_OFFSET_HOURS, waitForPageHeading } from '../support/dashboard/dashboard-steps';

jest.setTimeout(120_000);

const TIME_ZONE = 'Asia/Tokyo';
/** Where the local Mastodon instance says its pictures are: an https address, as a real instance's, answered by the browser's route. */
const PICTURES = 'https://files.mastodon.test';

const ORIGINAL = (body: string, media: string[] = []) => [{ account_id: 0, is_original: true, content: [{ body, media }] }];
const dayAfter = (days: number) => dayIn(TIME_ZONE, new Date(Date.now() + days * 86_400_000));
/** The width of a picture the page has loaded, or 0 (run in the page: it is passed whole to `evaluate`). */
const loadedWidth = (image: unknown): number => {
  const { complete, naturalWidth } = image as { complete: boolean; naturalWidth: number };
  return complete ? naturalWidth : 0;
};
const tokyo = (day: string, time: string) => Date.parse(`${day}T${time}:00Z`) - TOKYO_OFFSET_HOURS * 3_600_000;

/**
 * The getting started checklist, network icons and account pictures, moving posts on the calendar
 * (by dragging them, and with the keyboard), the media library and the session's own token, in a
 * real browser against the built embedded service. The steps build on each other, in order.
 */
describeWithBrowser('dashboard in a browser: calendar moves, media library, accounts, settings', () => {
  let service: RunningService;
  let mastodon: MastodonApiServer;
  let api: ApiClient;
  let browser: Browser;
  let page: Page;
  let workspace: string;
  let sandbox: number;
  const shots = screenshotsDir();
  const alert = (text: string) => page.getByRole('alert').filter({ hasText: text }).waitFor();
  const status = (text: string) => page.getByRole('status').filter({ hasText: text }).waitFor();

  beforeAll(async () => {
    mastodon = await MastodonApiServer.start();
    mastodon.avatarBase = PICTURES;
    service = await startService({ env: { PROVIDER_ALLOW_PRIVATE_URLS: 'true' } });
    api = new ApiClient(service.baseUrl, service.adminToken);
    workspace = await approverWorkspace(api, 'Library');
    browser = await launchBrowser();
    page = browser.page;
    await page.route(`${PICTURES}/**`, (route) => route.fulfill({ status: 200, contentType: 'image/png', body: pngImage(48, 48, 7) }));
    await signIn(page, service.baseUrl, service.adminToken!);
    await page.getByLabel('Workspace', { exact: true }).selectOption({ label: 'Library' });
    await openFromNavigation(page, 'Settings');
    await page.getByLabel('Time zone').selectOption(TIME_ZONE);
  });
  afterAll(async () => {
    await browser?.close();
    await service?.dispose();
    await mastodon?.stop();
  });
  afterEach(() => {
    if (browser?.problems.length) throw new Error(`the page reported: ${browser.problems.splice(0).join('; ')}`);
  });

  it('an empty workspace shows the getting started steps, ticked from the API, until dismissed', async () => {
    await openFromNavigation(page, 'Posts');
    const card = page.getByRole('region', { name: 'Get started' });
    await card.getByText('1 of 5 steps done.').waitFor();
    await card.getByText('Create a workspace (done)').waitFor();
    for (const step of ['Connect an account', 'Create your first post', 'See it published', 'Add a webhook']) await card.getByRole('link', { name: step }).waitFor();
    await expect(card.getByRole('link', { name: 'Connect an account' }).getAttribute('href')).resolves.toBe('/app/accounts');
    await expect(card.getByRole('link', { name: 'Create your first post' }).getAttribute('href')).resolves.toBe('/app/posts/new');

    sandbox = await connectSandbox(api, workspace, 'Acme Sandbox');
    await page.reload();
    await card.getByText('2 of 5 steps done.').waitFor();
    await card.getByText('Connect an account (done)').waitFor();
    expect(await card.getByRole('link', { name: 'Connect an account' }).count()).toBe(0);

    await card.getByRole('button', { name: 'Dismiss the getting started checklist' }).click();
    await card.waitFor({ state: 'detached' });
    await page.reload();
    await waitForPageHeading(page, 'Posts');
    expect(await card.count()).toBe(0);
    const storage = JSON.stringify(await page.evaluate('[JSON.stringify(localStorage), JSON.stringify(sessionStorage)]'));
    expect(storage).toContain('dismissed');
    expect(storage).not.toContain(service.adminToken);
  });

  it('accounts: each shows its network’s icon; a connected Mastodon account shows the picture its instance reported', async () => {
    await openFromNavigation(page, 'Accounts');
    await page.getByLabel('Provider').selectOption('mastodon');
    await page.getByLabel('Instance URL').fill(mastodon.url);
    await page.getByLabel('Access token').fill(mastodon.addAccount('ada', 'Ada Lovelace'));
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await status('Ada Lovelace connected.');
    const listed = (await api.get(`/api/${workspace}/accounts`)).body.data;
    expect(listed.map((account: { provider: string; avatar_url: string | null }) => [account.provider, account.avatar_url])).toEqual([
      ['sandbox', null],
      ['mastodon', `${PICTURES}/system/accounts/avatars/original/ada.png`],
    ]);

    const ada = page.getByRole('row').filter({ hasText: 'Ada Lovelace' });
    const picture = ada.locator('img.avatar');
    await expect(picture.getAttribute('alt')).resolves.toBe('');
    await expect(picture.getAttribute('src')).resolves.toBe(`${PICTURES}/system/accounts/avatars/original/ada.png`);
    await eventually(async () => (await picture.evaluate(loadedWidth)) === 48, 'the picture to load', within(10_000));
    const acme = page.getByRole('row').filter({ hasText: 'Acme Sandbox' });
    // No picture: the network's drawing, hidden from screen readers beside the network's name.
    await expect(acme.locator('svg[data-provider="sandbox"][aria-hidden="true"]').count()).resolves.toBe(2);
    await expect(ada.locator('svg[data-provider="mastodon"]').count()).resolves.toBe(1);
    await screenshot(page, shots, 'accounts-pictures');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Posts', exact: true }).click();
    await page.getByRole('link', { name: 'New post' }).click();
    const choice = page.getByRole('checkbox', { name: 'Ada Lovelace (mastodon)' });
    await choice.waitFor();
    await expect(page.locator('label.check').filter({ hasText: 'Ada Lovelace' }).locator('svg[data-provider="mastodon"]').count()).resolves.toBe(1);
  });

  it('calendar: no new post on a past day; a post dragged onto a later day keeps its time of day in the zone, a past day is refused', async () => {
    const [tomorrow, later] = [dayAfter(1), dayAfter(3)];
    const scheduled = (await api.post(`/api/${workspace}/posts`, { versions: ORIGINAL('Dragged launch'), accounts: [sandbox], date: tomorrow, time: '10:30', timezone: TIME_ZONE, schedule: true })).body;
    expect(scheduled.status).toBe('scheduled');
    await openFromNavigation(page, 'Calendar');
    const today = dayIn(TIME_ZONE, new Date());
    await page.getByRole('button', { name: `New post on ${today}` }).waitFor();
    const past = page.locator('td.past');
    if ((await past.count()) > 0) {
      const yesterday = (await past.last().getAttribute('data-day'))!;
      expect(await page.getByRole('button', { name: `New post on ${yesterday}` }).count()).toBe(0);
    }

    const chip = page.getByRole('link', { name: '10:30 Dragged launch' });
    await chip.dragTo(page.locator(`td[data-day="${later}"]`));
    await status(`Moved “Dragged launch” to ${later} at 10:30 (scheduled).`);
    const moved = (await api.get(`/api/${workspace}/posts/${scheduled.uuid}`)).body;
    expect({ status: moved.status, at: Date.parse(moved.scheduled_at) }).toEqual({ status: 'scheduled', at: tokyo(later, '10:30') });
    await page.locator(`td[data-day="${later}"]`).getByRole('link', { name: '10:30 Dragged launch' }).waitFor();

    if ((await past.count()) > 0) {
      await page.getByRole('link', { name: '10:30 Dragged launch' }).dragTo(past.last());
      await alert('A post cannot be moved to a past day: pick today or a later day.');
      expect((await api.get(`/api/${workspace}/posts/${scheduled.uuid}`)).body.scheduled_at).toBe(moved.scheduled_at);
    }
  });

  it('calendar: Move and a date field move a draft without a mouse; it stays a draft. A post gone meanwhile is the API’s message', async () => {
    const [inTwoDays, inFourDays] = [dayAfter(2), dayAfter(4)];
    const draft = (await api.post(`/api/${workspace}/posts`, { versions: ORIGINAL('Draft to move'), accounts: [sandbox], date: inTwoDays, time: '08:15', timezone: TIME_ZONE })).body;
    const gone = (await api.post(`/api/${workspace}/posts`, { versions: ORIGINAL('Deleted meanwhile'), accounts: [sandbox], date: inTwoDays, time: '09:45', timezone: TIME_ZONE })).body;
    const published = (await api.post(`/api/${workspace}/posts`, { versions: ORIGINAL('Already out'), accounts: [sandbox], schedule_now: true })).body;
    await eventually(async () => (await api.get(`/api/${workspace}/posts/${published.uuid}`)).body.status === 'published', 'the post to be published', within(30_000));
    await page.reload();
    await waitForPageHeading(page, 'Calendar');

    // A published post is not moved: no Move button, not draggable.
    const out = page.getByRole('link', { name: /Already out/ });
    await out.waitFor();
    await expect(out.getAttribute('draggable')).resolves.toBe('false');
    expect(await page.getByRole('button', { name: /^Move .*Already out/ }).count()).toBe(0);

    const move = page.getByRole('button', { name: 'Move 08:15 Draft to move' });
    await move.focus();
    await page.keyboard.press('Enter');
    const day = page.getByLabel('New day');
    // The form focuses its day field once it has rendered (an effect, after the key press returns).
    await eventually(async () => (await page.evaluate('document.activeElement.id')) === 'move-day', 'the day field focused', within(5_000));
    await day.fill(inFourDays);
    await page.getByRole('button', { name: 'Move post' }).focus();
    await page.keyboard.press('Enter');
    await status(`Moved “Draft to move” to ${inFourDays} at 08:15 (still a draft).`);
    const moved = (await api.get(`/api/${workspace}/posts/${draft.uuid}`)).body;
    expect({ status: moved.status, at: Date.parse(moved.scheduled_at) }).toEqual({ status: 'draft', at: tokyo(inFourDays, '08:15') });
    await screenshot(page, shots, 'calendar-move');

    expect((await api.delete(`/api/${workspace}/posts/${gone.uuid}`)).status).toBe(204);
    await page.getByRole('button', { name: 'Move 09:45 Deleted meanwhile' }).click();
    await page.getByLabel('New day').fill(inFourDays);
    await page.getByRole('button', { name: 'Move post' }).click();
    await alert('Post not found.');

    // The posts list shows each account's network beside its name.
    await openFromNavigation(page, 'Posts');
    await page.locator('li').filter({ hasText: 'Acme Sandbox' }).locator('svg[data-provider="sandbox"][aria-hidden="true"]').first().waitFor();
  });

  it('media: uploads a picture and a video, shows previews, sizes and where each is used; a file a scheduled post holds is not deleted (409), then is', async () => {
    await openFromNavigation(page, 'Media');
    await page.getByText('No media yet').waitFor();
    const upload = page.getByLabel('Upload media');
    await upload.setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: pngImage(64, 48, 2) });
    await status('dot.png uploaded.');
    await upload.setInputFiles({ name: 'clip.mp4', mimeType: 'video/mp4', buffer: mp4Video({ seconds: 2, payloadBytes: 4096 }) });
    await status('clip.mp4 uploaded.');
    const items = page.locator('li.library-item');
    await items.filter({ hasText: 'PNG 64×48' }).waitFor();
    await items.filter({ hasText: 'MP4' }).locator('video').waitFor();
    await expect(items.filter({ hasText: 'PNG 64×48' }).locator('img').evaluate(loadedWidth)).resolves.toBe(64);

    const [picture] = (await api.get(`/api/${workspace}/media`)).body.data.filter((item: { mime_type: string }) => item.mime_type === 'image/png');
    const holding = (await api.post(`/api/${workspace}/posts`, { versions: ORIGINAL('Holds the picture', [picture.id]), accounts: [sandbox], date: dayAfter(5), time: '12:00', timezone: TIME_ZONE, schedule: true })).body;
    const draft = (await api.post(`/api/${workspace}/posts`, { versions: ORIGINAL('Draft with the picture', [picture.id]), accounts: [sandbox] })).body;
    const pictureNow = async () => (await api.get(`/api/${workspace}/media`)).body.data.find((item: { id: string }) => item.id === picture.id);
    await eventually(async () => (await pictureNow()).used_by.length === 2 && !(await pictureNow()).deletable, 'both posts to use the picture, the scheduled one holding it', within(10_000));
    await page.reload();
    const card = items.filter({ hasText: 'PNG 64×48' });
    await card.getByRole('link', { name: 'Holds the picture' }).waitFor();
    await expect(card.getByRole('link', { name: 'Draft with the picture' }).getAttribute('href')).resolves.toBe(`/app/posts/${draft.uuid}`);
    await items.filter({ hasText: 'MP4' }).getByText('Not used by any post.').waitFor();
    await card.getByText('A scheduled post holds it').waitFor();
    await screenshot(page, shots, 'media');

    page.once('dialog', (dialog) => void dialog.accept());
    await card.getByRole('button', { name: /^Delete PNG 64×48/ }).click();
    await alert('The media is used by a scheduled post.');
    expect((await api.delete(`/api/${workspace}/posts/${holding.uuid}`)).status).toBe(204);
    await eventually(async () => (await pictureNow()).used_by.length === 1 && (await pictureNow()).deletable, 'the deleted post to let go', within(10_000));
    page.once('dialog', (dialog) => void dialog.accept());
    await card.getByRole('button', { name: /^Delete PNG 64×48/ }).click();
    await status('file was deleted.');
    await card.waitFor({ state: 'detached' });
  });

  it('settings: a new token is named by its name; the session’s own token is marked, and revoking it signs out after a warning', async () => {
    await openFromNavigation(page, 'Settings');
    await page.getByLabel('Token name').fill('Laptop session');
    await page.getByRole('button', { name: 'Create token' }).click();
    await page.getByRole('status').filter({ hasText: 'Copy the new token Laptop session now' }).waitFor();
    const token = (await page.getByLabel('New token Laptop session').textContent())!.trim();
    expect(token).toMatch(/^sps_/);

    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await signIn(page, service.baseUrl, token);
    await openFromNavigation(page, 'Settings');
    const row = page.getByRole('row').filter({ hasText: 'Laptop session' });
    await row.filter({ hasText: 'this session' }).waitFor();
    expect(await page.getByRole('row').filter({ hasText: 'ADMIN_TOKEN' }).filter({ hasText: 'this session' }).count()).toBe(0);
    const revoke = row.getByRole('button', { name: 'Revoke and sign out: Laptop session' });
    await expect(revoke.textContent()).resolves.toBe('Revoke and sign out');
    let warning = '';
    page.once('dialog', (dialog) => {
      warning = dialog.message();
      void dialog.accept();
    });
    await revoke.click();
    await page.getByLabel('API token').waitFor();
    expect(warning).toContain('revoking it signs you out');
    expect((await api.as(token).get('/api/me/tokens')).status).toBe(401);
  });
});
