import { ApiClient, createdBody } from './api-client';

export interface Member {
  id: number;
  token: string;
  api: ApiClient;
}

/** A user with a token, through the panel. */
export async function createUser(admin: ApiClient, email: string, isAdmin = false): Promise<Member> {
  const user = createdBody(await admin.post('/api/panel/users', { name: email.split('@')[0], email, is_admin: isAdmin }), `creating ${email}`);
  const { token } = createdBody(await admin.post(`/api/panel/users/${user.id}/tokens`, { name: 'e2e' }), `token for ${email}`);
  return { id: user.id, token, api: admin.as(token) };
}

/** A workspace the bootstrap admin (user 1) belongs to as an admin and an approver. */
export async function approverWorkspace(admin: ApiClient, name: string): Promise<string> {
  const { uuid } = createdBody(await admin.post('/api/panel/workspaces', { name }), 'creating workspace');
  await addMember(admin, uuid, 1, 'admin', true);
  return uuid;
}

export async function addMember(admin: ApiClient, workspace: string, userId: number, role: string, canApprove = false): Promise<void> {
  createdBody(await admin.post(`/api/panel/workspaces/${workspace}/members`, { user_id: userId, role, can_approve: canApprove }), 'adding member');
}

/** A sandbox account of the workspace (the built-in provider that never leaves the machine). */
export async function connectSandbox(api: ApiClient, workspace: string, name = 'Sandbox', outcome = 'success'): Promise<number> {
  const account = await api.post(`/api/${workspace}/accounts`, { provider: 'sandbox', name, username: name.toLowerCase(), settings: { outcome } });
  return createdBody(account, 'connecting account').id;
}

/** Polls until `check` returns a value, or fails after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined | null | false>, timeoutMs = 30_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 250));
  }
}
