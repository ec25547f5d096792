import { ApiClient } from './api-client';

export interface Member {
  id: number;
  token: string;
  api: ApiClient;
}

/** A user with a token, through the panel. */
export async function createUser(admin: ApiClient, email: string, isAdmin = false): Promise<Member> {
  const user = await admin.post('/api/panel/users', { name: email.split('@')[0], email, is_admin: isAdmin });
  if (user.status !== 201) throw new Error(`creating ${email}: ${user.status} ${JSON.stringify(user.body)}`);
  const token = await admin.post(`/api/panel/users/${user.body.id}/tokens`, { name: 'e2e' });
  if (token.status !== 201) throw new Error(`token for ${email}: ${token.status} ${JSON.stringify(token.body)}`);
  return { id: user.body.id, token: token.body.token, api: admin.as(token.body.token) };
}

export async function createWorkspace(admin: ApiClient, name: string): Promise<string> {
  const workspace = await admin.post('/api/panel/workspaces', { name });
  if (workspace.status !== 201) throw new Error(`creating workspace: ${workspace.status} ${JSON.stringify(workspace.body)}`);
  return workspace.body.uuid;
}

export async function addMember(admin: ApiClient, workspace: string, userId: number, role: string, canApprove = false): Promise<void> {
  const added = await admin.post(`/api/panel/workspaces/${workspace}/members`, { user_id: userId, role, can_approve: canApprove });
  if (added.status !== 201) throw new Error(`adding member: ${added.status} ${JSON.stringify(added.body)}`);
}

/** A sandbox account of the workspace (the built-in provider that never leaves the machine). */
export async function connectSandbox(api: ApiClient, workspace: string, name = 'Sandbox', outcome = 'success'): Promise<number> {
  const account = await api.post(`/api/${workspace}/accounts`, { provider: 'sandbox', name, username: name.toLowerCase(), settings: { outcome } });
  if (account.status !== 201) throw new Error(`connecting account: ${account.status} ${JSON.stringify(account.body)}`);
  return account.body.id;
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
