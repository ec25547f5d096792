import { Browser, describeWithBrowser, launchBrowser } from './support/dashboard/browser';
import { RunningService, startService } from './support/service-process';

jest.setTimeout(90_000);

/** Run in the page before its own scripts: tells the test of every violation of the page's policy (the browser's event). */
const POLICY_VIOLATION_REPORTER = "document.addEventListener('securitypolicyviolation', (event) => window.reportPolicyViolation(`${event.effectiveDirective} blocked ${event.blockedURI || event.sample}`));";

/**
 * The API reference (Swagger UI at /api/docs) in a real browser against the built service: it
 * shows the document's operations under the page's Content-Security-Policy, which the browser
 * reports no violation of.
 */
describeWithBrowser('the API reference in a browser (the built service, Chromium)', () => {
  let service: RunningService;
  let browser: Browser;

  beforeAll(async () => {
    service = await startService();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await service?.dispose();
  });

  it('renders the operations and opens one, with no Content-Security-Policy violation and no page error', async () => {
    const { page } = browser;
    const violations: string[] = [];
    await page.exposeFunction('reportPolicyViolation', (line: string) => violations.push(line));
    await page.addInitScript(POLICY_VIOLATION_REPORTER);

    await page.goto(`${service.baseUrl}/api/docs`);
    await page.locator('.swagger-ui .info .title').waitFor();
    expect(await page.locator('.swagger-ui .info .title').textContent()).toContain('Social publishing service');
    expect(await page.locator('.opblock').count()).toBeGreaterThan(20);
    await page.locator('.opblock-summary').first().click();
    await page.locator('.opblock.is-open .responses-wrapper').first().waitFor();

    expect(violations).toEqual([]);
    expect(browser.problems).toEqual([]);
  });
});
