import { join } from 'node:path';
import { deadLetterTopic, Topics } from '@app/contracts';
import { sampleAccountEvent } from '@app/contracts/testing';
import { deadLetterHeaders, InProcessMessageBus } from '@app/messaging';
import { openSqliteDatabase } from '@app/persistence';
import { eventually } from '@app/testing/eventually';
import { ApiClient } from '../support/api-client';
import { approverWorkspace, connectSandbox, within } from '../support/fixtures';
import { RunningService, startService } from '../support/service-process';
import { Browser, describeWithBrowser, launchBrowser, screenshotsDir } from '../support/dashboard/browser';
import { openFromNavigation, screenshot, signIn } from '../support/dashboard/dashboard-steps';

jest.setTimeout(120_000);

/**
 * Dead letters on the Panel, as an operator meets them after an outage longer than the retry
 * window: the built service (one process), whose bus holds messages a group gave up on while it
 * was stopped, and Chromium.
 */
describeWithBrowser('dashboard dead letters in a browser (the built service, Chromium)', () => {
  let service: RunningService;
  let admin: ApiClient;
  let workspace: string;
  let accountId: number;
  let browser: Browser;

  beforeAll(async () => {
    const first = await startService();
    admin = new ApiClient(first.baseUrl, first.adminToken);
    workspace = await approverWorkspace(admin, 'Acme');
    accountId = await connectSandbox(admin, workspace, 'Acme Sandbox');
    await first.stop();
    // What the gateway's group left on account-events.dlq after the database stayed away too long.
    const database = openSqliteDatabase(join(first.dataDir, 'service.db'));
    try {
      const bus = new InProcessMessageBus(database);
      const lost = sampleAccountEvent({ eventId: 'e2e-lost-1', accountId, workspaceUuid: workspace, reason: 'The token was revoked.' });
      const origin = { topic: Topics.accountEvents, partition: 0, offset: '12', groupId: 'gateway.accounts', attempts: 41, reason: new Error('database is locked') };
      await bus.publish(deadLetterTopic(Topics.accountEvents), [{ key: String(accountId), value: lost, headers: deadLetterHeaders({ 'event-type': 'AccountAuthorizationLost' }, origin) }]);
      await bus.close();
    } finally {
      await database.close();
    }
    service = await startService({ dataDir: first.dataDir });
    admin = new ApiClient(service.baseUrl, service.adminToken);
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

  it('lists the dead letter with its reason (the pipeline view names it), replays it onto its topic, and the account shows what it said', async () => {
    const { page } = browser;
    const authorized = async () => (await admin.get(`/api/${workspace}/accounts`)).body.data.find((account: { id: number }) => account.id === accountId).authorized;
    await eventually(async () => (await admin.get('/api/panel/dead-letters')).body.data.length > 0, 'the dead letter recorded', within(20_000));
    expect(await authorized()).toBe(true);

    await openFromNavigation(page, 'Panel');
    const pipeline = page.locator('section', { has: page.getByRole('heading', { name: 'Pipeline', exact: true }) });
    await pipeline.getByRole('alert').getByText('1 dead letter waits to be looked at and replayed (GET /api/panel/dead-letters).').waitFor();
    await pipeline.getByRole('table', { name: 'Consumer lag' }).getByRole('row').filter({ hasText: 'gateway.dead-letters' }).first().waitFor();
    const row = page.getByRole('row').filter({ hasText: 'AccountAuthorizationLost' });
    await row.getByText('database is locked').waitFor();
    await row.getByText('gateway.accounts, 41 attempts').waitFor();
    await screenshot(page, screenshotsDir(), 'panel-dead-letters');
    await row.getByRole('button', { name: /^Replay dead letter \d+$/ }).click();

    await page.getByRole('status').filter({ hasText: /^Dead letter \d+ replayed onto account-events\.$/ }).waitFor();
    await page.getByText('No dead letters.').waitFor();
    await pipeline.getByRole('button', { name: 'Check again' }).click();
    await pipeline.getByRole('status').getByText(/^Nothing is stuck/).waitFor();
    await eventually(async () => (await authorized()) === false, 'the account shown as not authorized', within(10_000));
    await page.getByLabel('Show').selectOption('replayed');
    await page.getByRole('row').filter({ hasText: 'AccountAuthorizationLost' }).getByText(/^replayed /).waitFor();
  });
});
