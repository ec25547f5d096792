import { Api } from './api';

/** A workspace with a member who may schedule, its sandbox accounts and webhooks. */
export interface BenchWorkspace {
  uuid: string;
  member: Api;
  accountIds: number[];
}

export interface WorkspacePlan {
  name: string;
  /** Sandbox accounts that always publish; 1 when not given. */
  accounts?: number;
  /** One webhook per URL, registered in the workspace for `post.published`. */
  webhookUrls?: readonly string[];
}

/** A user of the benchmark with a token of its own, created through the panel with the admin token. */
export async function createBenchMember(admin: Api, name = 'bench'): Promise<{ userId: number; member: Api }> {
  const user = await admin.create('/api/panel/users', { name, email: `${name}@example.com` }, `the user ${name}`);
  const token = await admin.create(`/api/panel/users/${user.id}/tokens`, { name }, `the token of ${name}`);
  return { userId: user.id, member: admin.as(token.token) };
}

/** Creates the workspace, makes the member an approver there, connects its accounts and registers its webhooks. */
export async function prepareWorkspace(admin: Api, member: { userId: number; member: Api }, plan: WorkspacePlan): Promise<BenchWorkspace> {
  const workspace = await admin.create('/api/panel/workspaces', { name: plan.name }, `the workspace ${plan.name}`);
  await admin.create(`/api/panel/workspaces/${workspace.uuid}/members`, { user_id: member.userId, role: 'admin', can_approve: true }, 'the membership');
  const api = member.member;
  const accountIds: number[] = [];
  for (let index = 1; index <= (plan.accounts ?? 1); index++) {
    const account = await api.create(
      `/api/${workspace.uuid}/accounts`,
      { provider: 'sandbox', name: `${plan.name} sandbox ${index}`, username: `sandbox${index}`, settings: { outcome: 'success' } },
      'a sandbox account',
    );
    accountIds.push(account.id);
  }
  for (const url of plan.webhookUrls ?? []) {
    await api.create(`/api/${workspace.uuid}/webhooks`, { url, events: ['post.published'] }, `the webhook to ${url}`);
  }
  return { uuid: workspace.uuid, member: api, accountIds };
}

/** The body of a post with one original version for `accountIds`; scheduled when `scheduledAt` is given. */
export function postBody(text: string, accountIds: readonly number[], scheduledAt?: string): Record<string, unknown> {
  return {
    versions: [{ account_id: 0, is_original: true, content: [{ body: text, media: [] }], options: {} }],
    accounts: accountIds,
    ...(scheduledAt === undefined ? {} : { schedule: true, scheduled_at: scheduledAt }),
  };
}

/** ISO 8601 with an offset and no fraction, as a client scheduling to the second sends it. */
export function secondPrecision(atMs: number): string {
  if (atMs % 1000 !== 0) throw new Error(`${atMs} is not a whole second`);
  return new Date(atMs).toISOString().replace('.000Z', '+00:00');
}
