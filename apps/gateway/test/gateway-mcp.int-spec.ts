import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { randomUUID } from 'node:crypto';
import { adminWorkspace, BOOTSTRAP_ADMIN_TOKEN, GatewayTestApp, startGatewayTestApp } from './gateway-test-app';
import { inAnHour } from './sample-posts';

jest.setTimeout(30_000);

const original = { is_original: true, content: [{ body: 'Hello from an assistant', media: [] }] };

/** An MCP client of the official SDK on the gateway's /mcp, signed in with `token`. */
async function mcpClient(gateway: GatewayTestApp, token: string): Promise<Client> {
  const client = new Client({ name: 'gateway-mcp-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${gateway.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
  return client;
}

/** A user of the workspace with `role`, and their token. */
async function memberToken(gateway: GatewayTestApp, workspace: string, role: string): Promise<string> {
  const user = (await gateway.call('POST', '/api/panel/users', { body: { name: role, email: `${role}-${randomUUID()}@example.com` } })).body;
  await gateway.call('POST', `/api/panel/workspaces/${workspace}/members`, { body: { user_id: user.id, role } });
  return (await gateway.call('POST', `/api/panel/users/${user.id}/tokens`, { body: { name: 'mcp' } })).body.token;
}

const callTool = async (client: Client, name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> =>
  (await client.callTool({ name, arguments: args })) as CallToolResult;

describe('gateway: MCP at /mcp (SQLite)', () => {
  let gateway: GatewayTestApp;
  let workspace: string;
  let accountId: number;
  let admin: Client;

  beforeAll(async () => {
    gateway = await startGatewayTestApp();
    workspace = await adminWorkspace(gateway, 'Acme');
    accountId = (await gateway.call('POST', `/api/${workspace}/accounts`, { body: { provider: 'sandbox', name: 'Acme', username: 'acme' } })).body.id;
    admin = await mcpClient(gateway, BOOTSTRAP_ADMIN_TOKEN);
  });
  afterAll(async () => {
    await admin?.close();
    await gateway?.dispose();
  });

  it('lists the tools, each input schema the operation\'s own from the OpenAPI document, written out without $ref', async () => {
    const { tools } = await admin.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(['list_workspaces', 'list_accounts', 'create_post', 'get_post', 'list_posts', 'delete_post', 'approve_post', 'get_queue', 'set_queue', 'list_webhooks']),
    );
    const createPost = tools.find((tool) => tool.name === 'create_post')!;
    const document = (await gateway.call('GET', '/api/docs-json', { token: null })).body;
    const postBody = document.components.schemas.PostBody;
    expect(createPost.inputSchema.required).toEqual(['workspace_uuid', 'versions']);
    expect(Object.keys(createPost.inputSchema.properties!)).toEqual(['idempotency_key', 'workspace_uuid', ...Object.keys(postBody.properties)]);
    expect(createPost.inputSchema.properties!.versions).toMatchObject({ type: 'array', maxItems: 20, items: { type: 'object', required: expect.arrayContaining(['content']) } });
    expect(createPost.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    expect(JSON.stringify(tools)).not.toContain('$ref');
    const listPosts = tools.find((tool) => tool.name === 'list_posts')!;
    expect(listPosts.inputSchema.properties!.status).toMatchObject({ type: 'string', enum: expect.arrayContaining(['draft', 'published']) });
    expect(listPosts.annotations).toMatchObject({ readOnlyHint: true });
  });

  it('list_workspaces and list_accounts answer what the API answers', async () => {
    const me = await callTool(admin, 'list_workspaces');
    expect(me.isError).toBeFalsy();
    expect(me.structuredContent).toEqual((await gateway.call('GET', '/api/me')).body);
    expect(JSON.stringify(me.structuredContent)).toContain(workspace);
    const accounts = await callTool(admin, 'list_accounts', { workspace_uuid: workspace });
    expect(accounts.structuredContent).toMatchObject({ data: [{ id: accountId, provider: 'sandbox' }] });
    expect(JSON.parse((accounts.content[0] as { text: string }).text)).toEqual(accounts.structuredContent);
  });

  it('create_post runs the API\'s use case: the same command to the post-service, the post answered; get_post and list_posts find it', async () => {
    const scheduledAt = inAnHour();
    const created = await callTool(admin, 'create_post', { workspace_uuid: workspace, versions: [original], accounts: [accountId], schedule: true, scheduled_at: scheduledAt });
    expect(created.isError).toBeFalsy();
    expect(created.structuredContent).toMatchObject({ status: 'scheduled', scheduled_at: scheduledAt, accounts: [{ id: accountId }] });
    const uuid = (created.structuredContent as { uuid: string }).uuid;
    expect(gateway.services.callsOf('posts.create').at(-1)).toMatchObject({ workspaceUuid: workspace, postUuid: uuid, actor: { userId: 1, canApprove: true } });

    expect((await callTool(admin, 'get_post', { workspace_uuid: workspace, post_uuid: uuid })).structuredContent).toMatchObject({ uuid, status: 'scheduled' });
    const listed = await callTool(admin, 'list_posts', { workspace_uuid: workspace, status: 'scheduled', limit: 100 });
    expect((listed.structuredContent as { data: Array<{ uuid: string }> }).data.map((post) => post.uuid)).toContain(uuid);
  });

  it('an Idempotency-Key as idempotency_key: the same call twice creates one post', async () => {
    const args = { workspace_uuid: workspace, idempotency_key: `mcp-${randomUUID()}`, versions: [original] };
    const before = gateway.services.callsOf('posts.create').length;
    const first = await callTool(admin, 'create_post', args);
    const again = await callTool(admin, 'create_post', args);
    expect((again.structuredContent as { uuid: string }).uuid).toBe((first.structuredContent as { uuid: string }).uuid);
    expect(gateway.services.callsOf('posts.create').length).toBe(before + 1);
  });

  it('an error of the API is a tool error with its message and field errors, never a protocol error', async () => {
    const invalid = await callTool(admin, 'create_post', { workspace_uuid: workspace, versions: [{ is_original: true, content: [{ body: '' }] }], accounts: [accountId], schedule_now: true });
    expect(invalid.isError).toBe(true);
    expect(invalid.structuredContent).toEqual({ status: 422, message: 'Validation errors.', errors: { 'versions.0.content': ['The content field must have a body or media.'] } });
    expect(JSON.parse((invalid.content[0] as { text: string }).text)).toEqual(invalid.structuredContent);

    const missing = await callTool(admin, 'get_post', { workspace_uuid: workspace, post_uuid: randomUUID() });
    expect(missing).toMatchObject({ isError: true, structuredContent: { status: 404, message: 'Post not found.' } });
    const noWorkspace = await callTool(admin, 'list_posts', {});
    expect(noWorkspace).toMatchObject({ isError: true, structuredContent: { status: 422, errors: { workspace_uuid: ['The workspace_uuid field is required.'] } } });
    const badKey = await callTool(admin, 'create_post', { workspace_uuid: workspace, idempotency_key: 'line\nbreak', versions: [original] });
    expect(badKey).toMatchObject({ isError: true, structuredContent: { status: 422, errors: { idempotency_key: ['The idempotency_key field contains invalid characters.'] } } });
    await expect(admin.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toThrow(/Unknown tool: no_such_tool/);
  });

  it('with the rights of the caller\'s token: a viewer may not write, a member\'s post waits for approval_post by an approver', async () => {
    const viewer = await mcpClient(gateway, await memberToken(gateway, workspace, 'viewer'));
    const member = await mcpClient(gateway, await memberToken(gateway, workspace, 'member'));
    try {
      expect(await callTool(viewer, 'create_post', { workspace_uuid: workspace, versions: [original] })).toMatchObject({
        isError: true,
        structuredContent: { status: 403, message: 'This action is unauthorized.' },
      });
      const waiting = await callTool(member, 'create_post', { workspace_uuid: workspace, versions: [original], accounts: [accountId], schedule: true, scheduled_at: inAnHour() });
      expect(waiting.structuredContent).toMatchObject({ status: 'needs_approval' });
      const uuid = (waiting.structuredContent as { uuid: string }).uuid;
      expect(await callTool(member, 'approve_post', { workspace_uuid: workspace, post_uuid: uuid })).toMatchObject({ isError: true, structuredContent: { status: 403 } });
      expect((await callTool(admin, 'approve_post', { workspace_uuid: workspace, post_uuid: uuid })).structuredContent).toMatchObject({ uuid, status: 'scheduled' });
      const other = await adminWorkspace(gateway, 'Other');
      expect(await callTool(member, 'list_posts', { workspace_uuid: other })).toMatchObject({ isError: true, structuredContent: { status: 404, message: 'Workspace not found.' } });
    } finally {
      await viewer.close();
      await member.close();
    }
  });

  it('validate_post checks create_post\'s body without creating anything; retry_post refuses a post that did not fail', async () => {
    const body = { workspace_uuid: workspace, versions: [original], accounts: [accountId], schedule_now: true };
    const createdBefore = gateway.services.callsOf('posts.create').length;
    expect((await callTool(admin, 'validate_post', body)).structuredContent).toEqual({ valid: true });
    const invalid = await callTool(admin, 'validate_post', { ...body, accounts: [accountId, 999_999] });
    expect(invalid).toMatchObject({ isError: true, structuredContent: { status: 422, errors: { 'accounts.1': ['The selected account is invalid.'] } } });
    expect(gateway.services.callsOf('posts.create')).toHaveLength(createdBefore);

    const draft = await callTool(admin, 'create_post', { workspace_uuid: workspace, versions: [original] });
    const uuid = (draft.structuredContent as { uuid: string }).uuid;
    expect(await callTool(admin, 'retry_post', { workspace_uuid: workspace, post_uuid: uuid })).toMatchObject({
      isError: true,
      structuredContent: { status: 400, message: 'Only a failed post can be retried.' },
    });
  });

  it('import_posts takes the rows as one argument: a dry run answers each row\'s errors and creates nothing; then every row is created', async () => {
    const { tools } = await admin.listTools();
    const importPosts = tools.find((tool) => tool.name === 'import_posts')!;
    expect(importPosts.inputSchema.required).toEqual(['workspace_uuid', 'rows']);
    expect(importPosts.inputSchema.properties!.rows).toMatchObject({ type: 'array', maxItems: 500, items: { type: 'object', properties: { text: { type: 'string' } } } });

    const rows = [{ text: 'From an assistant', accounts: [accountId] }, { text: 'Unknown account', accounts: '999999' }];
    const createdBefore = gateway.services.callsOf('posts.create').length;
    const dryRun = await callTool(admin, 'import_posts', { workspace_uuid: workspace, dry_run: 'true', rows });
    expect(dryRun.structuredContent).toEqual({ valid: false, rows: [{ row: 0, errors: {} }, { row: 1, errors: { accounts: ['The selected account is invalid.'] } }] });
    expect(await callTool(admin, 'import_posts', { workspace_uuid: workspace, rows })).toMatchObject({
      isError: true,
      structuredContent: { status: 422, errors: { 'rows.1.accounts': ['The selected account is invalid.'] } },
    });
    expect(gateway.services.callsOf('posts.create')).toHaveLength(createdBefore);
    const imported = await callTool(admin, 'import_posts', { workspace_uuid: workspace, rows: rows.slice(0, 1) });
    expect(imported.structuredContent).toMatchObject({ data: [{ status: 'draft', versions: [{ content: [{ body: 'From an assistant' }] }] }] });
  });

  it('the posting queue and delete_post', async () => {
    const slots = [{ day: 'mon', time: '09:00' }];
    expect((await callTool(admin, 'set_queue', { workspace_uuid: workspace, timezone: 'Europe/Paris', slots })).structuredContent).toEqual({ timezone: 'Europe/Paris', slots });
    expect((await callTool(admin, 'get_queue', { workspace_uuid: workspace })).structuredContent).toEqual({ timezone: 'Europe/Paris', slots });
    const queued = await callTool(admin, 'create_post', { workspace_uuid: workspace, versions: [original], accounts: [accountId], queue: true });
    expect(gateway.services.callsOf('posts.create').at(-1)).toMatchObject({ input: { intent: { kind: 'queue', queue: { timezone: 'Europe/Paris', slots } } } });
    const { status, scheduled_at } = queued.structuredContent as { status: string; scheduled_at: string };
    expect(status).toBe('scheduled');
    const parisTime = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    expect(parisTime.format(new Date(scheduled_at))).toBe('Mon 09:00');
    const draft = await callTool(admin, 'create_post', { workspace_uuid: workspace, versions: [original] });
    const uuid = (draft.structuredContent as { uuid: string }).uuid;
    const deleted = await callTool(admin, 'delete_post', { workspace_uuid: workspace, post_uuid: uuid });
    expect(deleted.isError).toBeFalsy();
    expect(await callTool(admin, 'get_post', { workspace_uuid: workspace, post_uuid: uuid })).toMatchObject({ isError: true, structuredContent: { status: 404 } });
  });

  it('refuses a request without a valid bearer token with the API\'s 401, and answers GET and DELETE with 405', async () => {
    const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } };
    const post = (headers: Record<string, string>) =>
      fetch(`${gateway.url}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers }, body: JSON.stringify(initialize) });
    const anonymous = await post({});
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe('Bearer realm="api"');
    expect(await anonymous.json()).toEqual({ message: 'Unauthenticated.' });
    const unknown = await post({ authorization: 'Bearer not-a-token' });
    expect(unknown.status).toBe(401);
    expect(unknown.headers.get('www-authenticate')).toContain('error="invalid_token"');
    // The session cookie of the dashboard does not sign in here.
    const signedIn = await fetch(`${gateway.url}/api/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: BOOTSTRAP_ADMIN_TOKEN }) });
    expect((await post({ cookie: signedIn.headers.get('set-cookie')!.split(';')[0] })).status).toBe(401);
    expect(await post({ authorization: `Bearer ${BOOTSTRAP_ADMIN_TOKEN}` })).toMatchObject({ status: 200 });

    for (const method of ['GET', 'DELETE']) {
      const answer = await fetch(`${gateway.url}/mcp`, { method, headers: { authorization: `Bearer ${BOOTSTRAP_ADMIN_TOKEN}` } });
      expect({ method, status: answer.status, allow: answer.headers.get('allow') }).toEqual({ method, status: 405, allow: 'POST' });
    }
  });
});

describe('gateway: MCP and the rate limit (SQLite)', () => {
  let gateway: GatewayTestApp;
  afterAll(() => gateway?.dispose());

  it('every message counts once against the token (a tool call as its API request); past the limit a call is a tool error with Retry-After', async () => {
    gateway = await startGatewayTestApp({ RATE_LIMIT_PER_MINUTE: '6' });
    const client = await mcpClient(gateway, BOOTSTRAP_ADMIN_TOKEN); // initialize and its notification: 2 requests
    try {
      const results = [];
      for (let call = 0; call < 3; call++) results.push(await callTool(client, 'list_workspaces'));
      // A call that never reaches the API (no workspace_uuid) counts on its own.
      results.push(await callTool(client, 'list_posts'));
      results.push(await callTool(client, 'list_workspaces'));
      expect(results.map((result) => result.structuredContent?.status ?? 200)).toEqual([200, 200, 200, 422, 429]);
      expect(results[4]).toMatchObject({ isError: true, structuredContent: { status: 429, message: 'Too Many Attempts.', retry_after_seconds: expect.any(Number) } });
      // Past the limit, the protocol's own requests get the API's 429 too.
      await expect(client.listTools()).rejects.toThrow('Too Many Attempts.');
    } finally {
      await client.close();
    }
  });
});
