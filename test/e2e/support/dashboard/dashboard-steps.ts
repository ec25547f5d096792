import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { ApiClient } from '../api-client';
import { within } from '../fixtures';
import { ReceivedWebhook } from '@app/testing';
import { eventually } from '@app/testing/eventually';
import { networkTroubleOf } from './browser';

/** Signs in to the dashboard with an API token, as a user does, and waits for its navigation. */
export async function signIn(page: Page, baseUrl: string, token: string): Promise<void> {
  await page.goto(`${baseUrl}/app`);
  await page.getByLabel('API token').fill(token);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
}

/** The calendar day of an instant in a time zone, `YYYY-MM-DD`. */
export function dayIn(timeZone: string, at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** Whole-second offset of a zone without daylight saving time, e.g. Asia/Tokyo: +9 h. */
export const TOKYO_OFFSET_HOURS = 9;

/** Verifies a received webhook with the secret, as a customer would (Standard Webhooks). */
export function verifySignature(received: ReceivedWebhook, secret: string): unknown {
  const headers = Object.fromEntries(Object.entries(received.headers).map(([name, value]) => [name, String(value)]));
  return new Webhook(secret).verify(received.body, headers);
}

export async function screenshot(page: Page, dir: string, name: string): Promise<void> {
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

type NavigationLink = 'Posts' | 'Calendar' | 'Analytics' | 'Import' | 'Accounts' | 'Media' | 'Feeds' | 'Webhooks' | 'Settings' | 'Panel';

/** Goes to a page through the main navigation (opening its menu first at phone width) and waits for its heading. */
export async function openFromNavigation(page: Page, link: NavigationLink): Promise<void> {
  const navigation = page.getByRole('navigation', { name: 'Main' });
  const menu = navigation.getByRole('button', { name: 'Menu', exact: true });
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  await navigation.getByRole('link', { name: link, exact: true }).click();
  await waitForPageHeading(page, link);
}

/**
 * Waits for the page's heading; when it does not show, the error says what the page showed
 * instead, where it was, and what went wrong on its network.
 */
export async function waitForPageHeading(page: Page, name: string): Promise<void> {
  try {
    await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
  } catch (error) {
    const shown = await page
      .locator('main')
      .innerText({ timeout: 1_000 })
      .catch(() => '(no main element)');
    const trouble = networkTroubleOf(page);
    throw new Error(
      `The page's heading "${name}" did not show at ${page.url()}. The page showed: ${shown.slice(0, 300).replace(/\s+/g, ' ')}. ` +
        `Network: ${trouble.length > 0 ? trouble.join('; ') : 'no failed request'}.`,
      { cause: error },
    );
  }
}

/** A status tab of the Posts list, whatever its count says (`Scheduled (3)`). */
export function statusTab(page: Page, label: 'All' | 'Draft' | 'Needs approval' | 'Scheduled' | 'Publishing' | 'Published' | 'Failed'): Locator {
  return page.getByRole('group', { name: 'Status' }).getByRole('button', { name: new RegExp(`^${label}( \\(\\d+\\))?$`) });
}

/** Writes a post in compose for the sandbox account and presses one of the schedule buttons. */
export async function composePost(page: Page, text: string, intent: 'Schedule now' | 'Schedule' | 'Save draft', when?: { date: string; time: string }): Promise<void> {
  await openFromNavigation(page, 'Posts');
  await page.getByRole('link', { name: 'New post' }).click();
  await page.getByRole('heading', { level: 1, name: 'New post' }).waitFor();
  await page.getByRole('checkbox', { name: 'Acme Sandbox (sandbox)' }).check();
  await page.getByLabel('Text', { exact: true }).fill(text);
  if (when) {
    await page.getByLabel('Date', { exact: true }).fill(when.date);
    await page.getByLabel('Time', { exact: true }).fill(when.time);
  }
  await page.getByRole('button', { name: intent, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: 'Posts' }).waitFor();
}

/** The uuid of the post with this text, from the API. */
export async function postUuidByText(api: ApiClient, workspace: string, text: string): Promise<string> {
  const posts = await api.get(`/api/${workspace}/posts?limit=100`);
  const found = posts.body.data.find((post: { versions: { content: { body: string }[] }[] }) => post.versions[0].content[0].body === text);
  if (!found) throw new Error(`no post "${text}" in ${JSON.stringify(posts.body)}`);
  return found.uuid;
}

/** The failed post.published delivery of a post, once the log shows it (filtered by the API). */
export function failedDelivery(api: ApiClient, workspace: string, webhookId: number, postUuid: string): Promise<{ id: string }> {
  return eventually(async () => {
    const log = await api.get(`/api/${workspace}/webhooks/${webhookId}/deliveries?status=failed&event=post.published&post_uuid=${postUuid}`);
    return log.body.data[0];
  }, 'the failed post.published delivery', within(45_000));
}
