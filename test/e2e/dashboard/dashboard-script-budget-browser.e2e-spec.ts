import type { Page } from 'playwright-core';
import { ApiClient, createdBody } from '../support/api-client';
import { approverWorkspace, connectSandbox } from '../support/fixtures';
import { RunningService, startService } from '../support/service-process';
import { Browser, describeWithBrowser, launchBrowser } from '../support/dashboard/browser';
import { signIn, waitForPageHeading } from '../support/dashboard/dashboard-steps';
import { describeSizes, measureScripts, type ScriptSizes } from '../support/dashboard/script-sizes';

jest.setTimeout(120_000);

/** The most script the first page a user opens may load, decoded (what the browser parses). */
const FIRST_PAGE_BUDGET_BYTES = 100 * 1024;

/** A mark of uPlot's code (the class of the element over its plot), to find which script carries the chart's library. */
const UPLOT_MARK = /[`'"]u-over[`'"]/;

/** Those of the script files (paths under the service) whose text holds the mark. */
async function filesHolding(baseUrl: string, files: readonly string[], mark: RegExp): Promise<string[]> {
  const holding: string[] = [];
  for (const file of files) if (mark.test(await (await fetch(`${baseUrl}${file}`)).text())) holding.push(file);
  return holding;
}

/**
 * What the first page costs: the script the sign-in page and the Posts page load, each opened
 * first with the browser's cache off (route chunks load when their page is shown), and the
 * Analytics page's, which alone brings the chart's library.
 */
describeWithBrowser('dashboard script budget (the built service, Chromium)', () => {
  let service: RunningService;
  let browser: Browser;
  let page: Page;
  const figures: string[] = [];
  /** The script files each page measured loaded. */
  const loaded: Record<string, readonly string[]> = {};

  beforeAll(async () => {
    service = await startService();
    const admin = new ApiClient(service.baseUrl, service.adminToken);
    const workspace = await approverWorkspace(admin, 'Acme');
    const account = await connectSandbox(admin, workspace, 'Acme Sandbox');
    const original = { is_original: true, content: [{ body: 'Measured', media: [] }] };
    createdBody(await admin.post(`/api/${workspace}/posts`, { versions: [original], accounts: [account], schedule: true, scheduled_at: new Date(Date.now() + 86_400_000).toISOString() }), 'a post');
    browser = await launchBrowser();
    page = browser.page;
  });
  afterAll(async () => {
    if (figures.length) process.stdout.write(`\nDashboard script sizes:\n${figures.map((line) => `  ${line}`).join('\n')}\n`);
    await browser?.close();
    await service?.dispose();
  });
  afterEach(() => {
    if (browser?.problems.length) throw new Error(`the page reported: ${browser.problems.splice(0).join('; ')}`);
  });

  const withinBudget = (name: string, sizes: ScriptSizes) => {
    figures.push(describeSizes(name, sizes));
    loaded[name] = sizes.files;
    expect(sizes.files.length).toBeGreaterThan(0);
    expect(sizes.decoded).toBeLessThan(FIRST_PAGE_BUDGET_BYTES);
    // The gateway compresses: what crosses the network is a fraction of what is parsed.
    expect(sizes.encoded).toBeLessThan(sizes.decoded / 2);
  };

  it('the sign-in page loads under 100 KB of script, compressed on the way', async () => {
    const sizes = await measureScripts(page, `${service.baseUrl}/app`, () => page.getByLabel('API token').waitFor());
    withinBudget('sign-in page', sizes);
    // Only the app's entry: no page's chunk before a page is shown.
    expect(sizes.files).toEqual([expect.stringMatching(/^\/app\/assets\/index-[\w-]+\.js$/)]);
  });

  it('the Posts page, opened first, loads under 100 KB of script: the entry and the Posts chunk, not the other pages', async () => {
    await signIn(page, service.baseUrl, service.adminToken!);
    const sizes = await measureScripts(page, `${service.baseUrl}/app/posts`, async () => {
      await waitForPageHeading(page, 'Posts');
      await page.getByRole('cell', { name: 'Measured', exact: true }).waitFor();
    });
    withinBudget('Posts page', sizes);
    expect(sizes.files.some((file) => /\/posts-page-[\w-]+\.js$/.test(file))).toBe(true);
    for (const other of ['compose-page', 'calendar-page', 'analytics-page', 'accounts-page', 'webhooks-page', 'settings-page', 'panel-page']) {
      expect({ other, loaded: sizes.files.some((file) => file.includes(`/${other}-`)) }).toEqual({ other, loaded: false });
    }
  });

  it('pointing at a link of the navigation, or focusing it, fetches its page’s code before it is followed', async () => {
    const navigation = page.getByRole('navigation', { name: 'Main' });
    const calendar = page.waitForRequest(/\/calendar-page-[\w-]+\.js$/);
    await navigation.getByRole('link', { name: 'Calendar', exact: true }).hover();
    await calendar;
    const settings = page.waitForRequest(/\/settings-page-[\w-]+\.js$/);
    await navigation.getByRole('link', { name: 'Settings', exact: true }).focus();
    await settings;
    expect(page.url()).toBe(`${service.baseUrl}/app/posts`);
  });

  it('uPlot, the Analytics chart’s library, comes with the Analytics page only, in its chunk', async () => {
    const sizes = await measureScripts(page, `${service.baseUrl}/app/analytics`, async () => {
      await waitForPageHeading(page, 'Analytics');
      await page.getByRole('region', { name: 'Totals' }).waitFor();
    });
    figures.push(describeSizes('Analytics page, uPlot included', sizes));
    expect(await filesHolding(service.baseUrl, sizes.files, UPLOT_MARK)).toEqual([expect.stringMatching(/^\/app\/assets\/analytics-page-[\w-]+\.js$/)]);
    expect(await filesHolding(service.baseUrl, [...loaded['sign-in page'], ...loaded['Posts page']], UPLOT_MARK)).toEqual([]);
  });
});
