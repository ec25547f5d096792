import { ApiClient } from '../support/api-client';
import { approverWorkspace, connectSandbox } from '../support/fixtures';
import { RunningService, startService } from '../support/service-process';
import { Browser, describeWithBrowser, launchBrowser, screenshotsDir } from '../support/dashboard/browser';
import { openFromNavigation, screenshot, signIn } from '../support/dashboard/dashboard-steps';

jest.setTimeout(120_000);

/** The Import page: a file chosen, its dry run's table, fixed and chosen again, confirmed, the posts listed. */
describeWithBrowser('dashboard import in a browser (the built service, Chromium)', () => {
  let service: RunningService;
  let admin: ApiClient;
  let workspace: string;
  let account: number;
  let browser: Browser;

  beforeAll(async () => {
    service = await startService();
    admin = new ApiClient(service.baseUrl, service.adminToken);
    workspace = await approverWorkspace(admin, 'Acme');
    account = await connectSandbox(admin, workspace, 'Acme Sandbox');
    browser = await launchBrowser();
    await signIn(browser.page, service.baseUrl, service.adminToken!);
  });
  afterAll(async () => {
    await browser?.close();
    await service?.dispose();
  });
  afterEach(() => {
    const problems = browser?.problems.splice(0) ?? [];
    if (problems.length) throw new Error(`the page reported: ${problems.join('; ')}`);
  });

  const csvFile = (rows: string) => ({ name: 'october.csv', mimeType: 'text/csv', buffer: Buffer.from(`text,accounts,tags\n${rows}`) });
  const postTotal = async () => (await admin.get(`/api/${workspace}/posts`)).body.meta.total as number;

  it('a CSV with a bad row shows the dry run\'s errors per row and cannot be imported; fixed, it is imported and its posts listed', async () => {
    const { page } = browser;
    await openFromNavigation(page, 'Import');
    const file = page.getByLabel('CSV or JSON file');

    await file.setInputFiles(csvFile(`"Autumn, at last",${account},season\nNo such account,999999,\n`));
    const dryRun = page.getByRole('region', { name: 'Dry run' });
    await dryRun.getByText('1 of 2 rows of october.csv have errors.', { exact: false }).waitFor();
    const secondRow = dryRun.getByRole('row').filter({ has: page.getByRole('rowheader', { name: '2', exact: true }) });
    await secondRow.getByText('The selected account is invalid.').waitFor();
    expect(await secondRow.getByText('accounts', { exact: true }).count()).toBe(1);
    await dryRun.getByRole('row').filter({ has: page.getByRole('rowheader', { name: '1', exact: true }) }).getByText('Valid').waitFor();
    expect(await dryRun.getByRole('button', { name: 'Import 2 posts' }).isDisabled()).toBe(true);
    expect(await postTotal()).toBe(0);
    await screenshot(page, screenshotsDir(), 'import-dry-run');

    await file.setInputFiles(csvFile(`"Autumn, at last",${account},season\nLeaves are falling,${account},\n`));
    await dryRun.getByText('Every row of october.csv is valid: 2 posts to create.').waitFor();
    await dryRun.getByRole('button', { name: 'Import 2 posts' }).click();
    await page.getByRole('status').filter({ hasText: '2 posts created.' }).waitFor();
    const created = page.getByRole('region', { name: 'Created posts' });
    await created.getByRole('link', { name: 'Autumn, at last' }).waitFor();
    await created.getByRole('link', { name: 'Leaves are falling' }).waitFor();
    expect(await postTotal()).toBe(2);

    await created.getByRole('link', { name: 'Autumn, at last' }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit post' }).waitFor();
  });

  it('a file that is not a table is refused with what is wrong with it', async () => {
    const { page } = browser;
    await openFromNavigation(page, 'Import');
    await page.getByLabel('CSV or JSON file').setInputFiles({ name: 'rows.json', mimeType: 'application/json', buffer: Buffer.from('{"text":"one post"}') });
    await page.getByText('The import must be a JSON array of rows, or CSV with a header row sent as Content-Type: text/csv.').waitFor();
    expect(await page.getByRole('region', { name: 'Dry run' }).count()).toBe(0);
  });
});
