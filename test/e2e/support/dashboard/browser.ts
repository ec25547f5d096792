import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { BrowserContext, chromium, Page } from 'playwright-core';

/** Debian's Chromium (`apt-get install -y chromium`), or the one CHROMIUM_PATH names. */
const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter((path): path is string => !!path);

/**
 * Without the background-networking flags Chromium keeps opening connections of its own (updates,
 * sync, field trials), which a closed network refuses and which slow every page down.
 */
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export function findChromium(): { path: string } | { missing: string } {
  for (const path of CANDIDATES) {
    if (!existsSync(path)) continue;
    const probe = spawnSync(path, ['--version'], { encoding: 'utf8', timeout: 20_000 });
    if (probe.status === 0) return { path };
    return { missing: `${path} does not start (${(probe.stderr || String(probe.error)).trim().split('\n')[0]})` };
  }
  return { missing: `no Chromium at ${CANDIDATES.join(' or ')} (Debian/Ubuntu: apt-get install -y chromium, or set CHROMIUM_PATH)` };
}

/** Runs the suite when a Chromium starts here; otherwise says why it is skipped. */
export function describeWithBrowser(name: string, body: () => void): void {
  const chromiumPath = findChromium();
  if ('missing' in chromiumPath) {
    process.stderr.write(`Skipping "${name}": ${chromiumPath.missing}.\n`);
    describe.skip(name, () => it(`needs a browser: ${chromiumPath.missing}`, () => undefined));
    return;
  }
  describe(name, body);
}

export interface Browser {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught exceptions of the pages, to show when a step fails. */
  problems: string[];
  close(): Promise<void>;
}

/** A headless Chromium with a fresh profile, removed on close. */
export async function launchBrowser(viewport = { width: 1280, height: 900 }): Promise<Browser> {
  const found = findChromium();
  if ('missing' in found) throw new Error(found.missing);
  const profile = mkdtempSync(join(tmpdir(), 'dashboard-chromium-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: found.path, headless: true, args: ARGS, viewport });
  const page = context.pages()[0] ?? (await context.newPage());
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  recordNetworkTrouble(page);
  context.setDefaultTimeout(15_000);
  return {
    context,
    page,
    problems,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Where the suite saves its screenshots: docs/dashboard (the README shows them) with
 * UPDATE_SCREENSHOTS=1, otherwise a temporary folder, so that a test run leaves the sources as they are.
 */
export function screenshotsDir(): string {
  const dir = process.env.UPDATE_SCREENSHOTS === '1' ? resolve(__dirname, '../../../../docs/dashboard') : join(tmpdir(), 'dashboard-screenshots');
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** Per page, the last requests that failed or answered 5xx, to say why a page did not show. */
const networkTrouble = new WeakMap<Page, string[]>();

function recordNetworkTrouble(page: Page): void {
  const trouble: string[] = [];
  networkTrouble.set(page, trouble);
  const note = (line: string) => {
    trouble.push(`${new Date().toISOString()} ${line}`);
    if (trouble.length > 20) trouble.shift();
  };
  page.on('requestfailed', (request) => note(`${request.method()} ${request.url()} failed: ${request.failure()?.errorText ?? 'no reason'}`));
  page.on('response', (response) => {
    if (response.status() >= 500) note(`${response.request().method()} ${response.url()} answered ${response.status()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') note(`console error: ${message.text()}`);
  });
}

/** What went wrong on the page's network lately (requests that failed or answered 5xx, console errors). */
export function networkTroubleOf(page: Page): readonly string[] {
  return networkTrouble.get(page) ?? [];
}

