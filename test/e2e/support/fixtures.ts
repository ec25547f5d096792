import type { Patience } from '@app/testing/eventually';
import { ApiClient, createdBody } from './api-client';

export interface Member {
  id: number;
  token: string;
  api: ApiClient;
}

/** The answer to a request the API refuses as invalid, naming each field's problems. */
export const validation = (errors: Record<string, string[]>) => ({ status: 422, body: { message: 'Validation errors.', errors } });

/** A user with a token, through the panel. */
export async function createUser(admin: ApiClient, email: string, isAdmin = false): Promise<Member> {
  const user = createdBody(await admin.post('/api/panel/users', { name: email.split('@')[0], email, is_admin: isAdmin }), `creating ${email}`);
  const { token } = createdBody(await admin.post(`/api/panel/users/${user.id}/tokens`, { name: 'e2e' }), `token for ${email}`);
  return { id: user.id, token, api: admin.as(token) };
}

/** A workspace the admin who creates it belongs to as an admin and an approver (as creating it makes them). */
export async function approverWorkspace(admin: ApiClient, name: string): Promise<string> {
  return createdBody(await admin.post('/api/panel/workspaces', { name }), 'creating workspace').uuid;
}

export async function addMember(admin: ApiClient, workspace: string, userId: number, role: string, canApprove = false): Promise<void> {
  createdBody(await admin.post(`/api/panel/workspaces/${workspace}/members`, { user_id: userId, role, can_approve: canApprove }), 'adding member');
}

/** A sandbox account of the workspace (the built-in provider that never leaves the machine). */
export async function connectSandbox(api: ApiClient, workspace: string, name = 'Sandbox', outcome = 'success'): Promise<number> {
  const account = await api.post(`/api/${workspace}/accounts`, { provider: 'sandbox', name, username: name.toLowerCase(), settings: { outcome } });
  return createdBody(account, 'connecting account').id;
}

/** How long an end-to-end wait (`eventually` of @app/testing/eventually) may take; it looks every 250 ms, each look a request to the service or a read of its output. */
export const within = (timeoutMs: number): Patience => ({ timeoutMs, intervalMs: 250 });
