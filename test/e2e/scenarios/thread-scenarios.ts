import { LinkedInApiServer } from '../../providers/linkedin/linkedin-api-server';
import { ApiClient, createdBody } from '../support/api-client';
import { approverWorkspace } from '../support/fixtures';
import { createWebhook, expectEnvelope, LIFECYCLE_TIMEOUT_MS, ORIGINAL, waitForStatus } from './lifecycle-fixtures';
import { Scenario, ScenarioContext } from './scenario';

/** A version's content items published one after another: a thread on the sandbox, cut short, and a first comment on LinkedIn (a local server). */
export const threadScenarios = (linkedin: () => LinkedInApiServer): Scenario[] => [
  {
    title: 'a thread of three items on a sandbox account: each a reply to the one before; accounts[].items lists them, external_url is the first; post.published carries the account id and external_url',
    run: sandboxThread,
  },
  { title: 'a thread cut short at its second item: the post fails, items keeps the first, post.failed names the account without an external_url', run: threadCutShort },
  { title: 'a first comment on LinkedIn: the post, then the second item as a comment on it by the same member; items lists both', run: (context) => firstComment(context, linkedin()) },
];

const itemsOf = (...texts: string[]) => [{ ...ORIGINAL, content: texts.map((body) => ({ body, media: [] })) }];

async function withWebhook({ admin, openReceiver }: ScenarioContext, name: string) {
  const receiver = await openReceiver();
  const workspace = await approverWorkspace(admin, name);
  await createWebhook(admin, workspace, { url: receiver.url() });
  return { receiver, workspace };
}

async function sandboxAccount(admin: ApiClient, workspace: string, name: string, settings: Record<string, unknown>): Promise<number> {
  return createdBody(await admin.post(`/api/${workspace}/accounts`, { provider: 'sandbox', name, settings }), 'connecting a sandbox account').id;
}

async function sandboxThread(context: ScenarioContext): Promise<void> {
  const { admin } = context;
  const { receiver, workspace } = await withWebhook(context, 'Thread');
  const account = await sandboxAccount(admin, workspace, 'Threads', {});
  const post = createdBody(await admin.post(`/api/${workspace}/posts`, { versions: itemsOf('One', 'Two', 'Three'), accounts: [account], schedule_now: true }), 'scheduling a thread');
  expect(post.accounts[0].items).toEqual([null, null, null]);

  const shown = await waitForStatus(admin, workspace, post.uuid, 'published');

  const [entry] = shown.accounts;
  // Every item is published: none is null.
  const items = entry.items.filter((item) => item !== null);
  expect(items).toHaveLength(3);
  expect(items[0].external_url).toBe(`https://sandbox.invalid/posts/${items[0].external_id}`);
  expect(items.slice(1).map((item) => item.external_url)).toEqual([
    `https://sandbox.invalid/posts/${items[1].external_id}?in_reply_to=${items[0].external_id}`,
    `https://sandbox.invalid/posts/${items[2].external_id}?in_reply_to=${items[1].external_id}`,
  ]);
  expect(new Set(items.map((item) => item.external_id)).size).toBe(3);
  expect(entry).toMatchObject({ id: account, external_url: items[0].external_url, errors: [] });

  const delivered = await receiver.waitFor(() => receiver.about(post.uuid, 'post.published')[0], LIFECYCLE_TIMEOUT_MS, 'post.published of the thread');
  expectEnvelope(delivered, { event: 'post.published', workspace, uuid: post.uuid, status: 'published' });
  expect(delivered.envelope.post.accounts).toEqual([{ id: account, provider: 'sandbox', name: 'Threads', external_url: items[0].external_url }]);
}

async function threadCutShort(context: ScenarioContext): Promise<void> {
  const { admin } = context;
  const { receiver, workspace } = await withWebhook(context, 'Thread cut short');
  const account = await sandboxAccount(admin, workspace, 'Halfway', { item_outcomes: ['success', 'failure'] });
  const post = createdBody(await admin.post(`/api/${workspace}/posts`, { versions: itemsOf('One', 'Two', 'Three'), accounts: [account], schedule_now: true }), 'scheduling a thread');

  const shown = await waitForStatus(admin, workspace, post.uuid, 'failed');

  const [entry] = shown.accounts;
  expect(entry).toMatchObject({ id: account, external_url: null, errors: ['The sandbox account Halfway is set to fail content item 2.'] });
  expect(entry.items).toEqual([{ external_id: expect.stringMatching(/^sbx_/), external_url: expect.stringMatching(/^https:\/\/sandbox\.invalid\/posts\/sbx_/) }, null, null]);
  const delivered = await receiver.waitFor(() => receiver.about(post.uuid, 'post.failed')[0], LIFECYCLE_TIMEOUT_MS, 'post.failed of the thread');
  expectEnvelope(delivered, { event: 'post.failed', workspace, uuid: post.uuid, status: 'failed' });
  expect(delivered.envelope.post.accounts).toEqual([{ id: account, provider: 'sandbox', name: 'Halfway', external_url: null }]);
}

async function firstComment({ admin }: ScenarioContext, linkedin: LinkedInApiServer): Promise<void> {
  const workspace = await approverWorkspace(admin, 'First comment');
  const member = linkedin.addMember('Ada Lovelace');
  const connected = await admin.post(`/api/${workspace}/accounts`, { provider: 'linkedin', credentials: { access_token: linkedin.tokensOf(member).access_token } });
  const account = createdBody(connected, 'connecting LinkedIn').id;
  const texts = [`Launching today ${Date.now()}`, 'The details are in this comment.'];
  const post = createdBody(await admin.post(`/api/${workspace}/posts`, { versions: itemsOf(...texts), accounts: [account], schedule_now: true }), 'scheduling a post with a first comment');

  const shown = await waitForStatus(admin, workspace, post.uuid, 'published');

  const onLinkedIn = linkedin.posts.filter((candidate) => candidate.author === member.urn);
  expect(onLinkedIn.map((candidate) => candidate.commentary)).toEqual([texts[0]]);
  const comments = linkedin.commentsOn(onLinkedIn[0].urn);
  expect(comments.map((comment) => ({ actor: comment.actor, text: comment.text }))).toEqual([{ actor: member.urn, text: texts[1] }]);
  const postUrl = `https://www.linkedin.com/feed/update/${onLinkedIn[0].urn}`;
  expect(shown.accounts[0]).toMatchObject({
    id: account,
    provider: 'linkedin',
    external_url: postUrl,
    errors: [],
    items: [
      { external_id: onLinkedIn[0].urn, external_url: postUrl },
      { external_id: comments[0].urn, external_url: `${postUrl}?commentUrn=${encodeURIComponent(comments[0].urn)}` },
    ],
  });
}
