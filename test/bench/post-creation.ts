import { Api } from './api';

/** A workspace with a member who may schedule, a sandbox account and a webhook to the receiver. */
export interface BenchWorkspace {
  uuid: string;
  member: Api;
  accountId: number;
}

export async function prepareWorkspace(admin: Api, webhookUrl: string): Promise<BenchWorkspace> {
  const workspace = await admin.create('/api/panel/workspaces', { name: 'Bench' }, 'the workspace');
  const user = await admin.create('/api/panel/users', { name: 'bench', email: 'bench@example.com' }, 'the bench user');
  const token = await admin.create(`/api/panel/users/${user.id}/tokens`, { name: 'bench' }, 'the bench token');
  await admin.create(`/api/panel/workspaces/${workspace.uuid}/members`, { user_id: user.id, role: 'admin', can_approve: true }, 'the membership');
  const member = admin.as(token.token);
  const account = await member.create(
    `/api/${workspace.uuid}/accounts`,
    { provider: 'sandbox', name: 'Bench sandbox', username: 'bench', settings: { outcome: 'success' } },
    'the sandbox account',
  );
  await member.create(`/api/${workspace.uuid}/webhooks`, { url: webhookUrl, events: ['post.published'] }, 'the webhook');
  return { uuid: workspace.uuid, member, accountId: account.id };
}

export interface CreatedPosts {
  uuids: string[];
  elapsedMs: number;
  /** Posts created per second. */
  rate: number;
}

/** Creates `count` posts scheduled at `dueAtMs` (whole seconds), `concurrency` requests at a time. */
export async function createScheduledPosts(
  workspace: BenchWorkspace,
  count: number,
  dueAtMs: number,
  concurrency: number,
  label: string,
): Promise<CreatedPosts> {
  const scheduledAt = secondPrecision(dueAtMs);
  const uuids: string[] = new Array<string>(count);
  let next = 0;
  const started = performance.now();
  const worker = async (): Promise<void> => {
    while (next < count) {
      const index = next++;
      uuids[index] = await createPost(workspace, scheduledAt, dueAtMs, `${label} post ${index + 1}`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  const elapsedMs = performance.now() - started;
  return { uuids, elapsedMs, rate: count / (elapsedMs / 1000) };
}

async function createPost(workspace: BenchWorkspace, scheduledAt: string, dueAtMs: number, body: string): Promise<string> {
  const post = await workspace.member.create(
    `/api/${workspace.uuid}/posts`,
    {
      versions: [{ account_id: 0, is_original: true, content: [{ body, media: [] }], options: {} }],
      accounts: [workspace.accountId],
      schedule: true,
      scheduled_at: scheduledAt,
    },
    body,
  );
  if (post.status !== 'scheduled' || Date.parse(post.scheduled_at) !== dueAtMs) {
    throw new Error(`${body} came back ${post.status} at ${post.scheduled_at}, not scheduled at ${scheduledAt}`);
  }
  return post.uuid;
}

/** ISO 8601 with an offset and no fraction, as a client scheduling to the second sends it. */
export function secondPrecision(atMs: number): string {
  if (atMs % 1000 !== 0) throw new Error(`${atMs} is not a whole second`);
  return new Date(atMs).toISOString().replace('.000Z', '+00:00');
}
