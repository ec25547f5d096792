import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createApiClient, type Post } from '@app/client';
import { eventually } from '@app/testing/eventually';
import { ORIGINAL, secondsAhead, withOffset } from '../scenarios/lifecycle-fixtures';
import { adminOf } from '../support/api-client';
import { approverWorkspace, connectSandbox, within } from '../support/fixtures';
import { RunningService, startService } from '../support/service-process';

jest.setTimeout(120_000);

type Result = CallToolResult & { structuredContent?: Record<string, unknown> };

/** An assistant's view of the service: an MCP client of the official SDK, on /mcp with an API token. */
describe('MCP: an assistant schedules a post and sees it published (the built service, embedded)', () => {
  let service: RunningService;
  let client: Client;
  let workspace: string;
  let account: number;

  const call = async (name: string, args: Record<string, unknown> = {}): Promise<Result> => (await client.callTool({ name, arguments: args })) as Result;

  beforeAll(async () => {
    service = await startService();
    const admin = adminOf(service);
    workspace = await approverWorkspace(admin, 'Assistant');
    account = await connectSandbox(admin, workspace, 'Sandbox');
    client = new Client({ name: 'e2e-assistant', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(`${service.baseUrl}/mcp`), { requestInit: { headers: { authorization: `Bearer ${service.adminToken}` } } });
    await client.connect(transport);
  });
  afterAll(async () => {
    await client?.close();
    await service?.dispose();
  });

  it('lists the tools of the API', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(
      ['approve_post', 'create_post', 'delete_post', 'get_post', 'get_post_history', 'get_post_metrics', 'get_queue', 'list_accounts', 'list_media', 'list_posts', 'list_webhooks', 'list_workspaces', 'retry_post', 'set_queue', 'update_post', 'validate_post', 'import_posts'].sort(),
    );
    expect(client.getServerVersion()).toMatchObject({ name: 'social-publishing-service' });
  });

  it('finds its workspace and account, creates a post scheduled a few seconds ahead, and sees it published', () =>
    service.diagnose(async () => {
      const me = await call('list_workspaces');
      expect(me.structuredContent).toMatchObject({ workspaces: [{ uuid: workspace, role: 'admin', can_approve: true }] });
      const accounts = await call('list_accounts', { workspace_uuid: workspace });
      expect(accounts.structuredContent).toMatchObject({ data: [{ id: account, provider: 'sandbox', authorized: true }] });

      const at = secondsAhead(3);
      const created = await call('create_post', { workspace_uuid: workspace, versions: [ORIGINAL], accounts: [account], schedule: true, scheduled_at: withOffset(at, 60) });
      expect(created.isError).toBeFalsy();
      expect(created.structuredContent).toMatchObject({ status: 'scheduled', scheduled_at: at.toISOString() });
      const uuid = created.structuredContent!.uuid as string;

      const published = await eventually(
        async () => {
          const post = (await call('get_post', { workspace_uuid: workspace, post_uuid: uuid })).structuredContent as Post;
          return post.status === 'published' ? post : null;
        },
        `post ${uuid} published, seen through get_post`,
        within(45_000),
      );
      expect(published.published_at).not.toBeNull();
      expect(new Date(published.published_at!).getTime()).toBeGreaterThanOrEqual(at.getTime());
      expect(published.accounts).toEqual([expect.objectContaining({ id: account, external_url: expect.stringMatching(/^https?:\/\//), errors: [] })]);

      const listed = await call('list_posts', { workspace_uuid: workspace, status: 'published' });
      expect(listed.structuredContent).toMatchObject({ data: [{ uuid, status: 'published' }], meta: { total: 1 } });
      const history = await call('get_post_history', { workspace_uuid: workspace, post_uuid: uuid });
      expect((history.structuredContent!.data as Array<{ type: string }>).map((entry) => entry.type)).toEqual(expect.arrayContaining(['post.created', 'post.scheduled', 'post.published']));
      expect(await call('delete_post', { workspace_uuid: workspace, post_uuid: uuid })).toMatchObject({
        isError: true,
        structuredContent: { status: 400, message: 'A published post cannot be edited or deleted. Create a new post instead.' },
      });

      // What the tools answered is what the API answers any client.
      const api = createApiClient({ baseUrl: service.baseUrl, headers: { authorization: `Bearer ${service.adminToken}` } });
      const { data } = await api.GET('/api/{workspaceUuid}/posts/{postUuid}', { params: { path: { workspaceUuid: workspace, postUuid: uuid } } });
      expect(data).toEqual(published);
    }));

  it('gets a validation error of the API as a tool error, with its message and field errors', async () => {
    const invalid = await call('create_post', {
      workspace_uuid: workspace,
      versions: [{ is_original: true, content: [{ body: 'x'.repeat(10) }] }],
      accounts: [account, 987654],
      schedule: true,
      scheduled_at: '2001-01-01T00:00:00Z',
    });
    expect(invalid.isError).toBe(true);
    expect(invalid.structuredContent).toEqual({
      status: 422,
      message: 'Validation errors.',
      errors: { 'accounts.1': ['The selected account is invalid.'], date: ['The scheduled time must be in the future.'] },
    });
    expect(JSON.parse((invalid.content[0] as { text: string }).text)).toEqual(invalid.structuredContent);
    const { data } = await createApiClient({ baseUrl: service.baseUrl, headers: { authorization: `Bearer ${service.adminToken}` } }).GET('/api/{workspaceUuid}/posts', {
      params: { path: { workspaceUuid: workspace }, query: { status: 'scheduled' } },
    });
    expect(data?.meta.total).toBe(0);
  });

  it('serves the OpenAPI document checked in (docs/openapi.json), but for the rate limits its description names', async () => {
    const served = (await (await fetch(`${service.baseUrl}/api/docs-json`)).json()) as { info: Record<string, unknown> };
    const checkedIn = JSON.parse(readFileSync(resolve(__dirname, '../../../docs/openapi.json'), 'utf8'));
    const withoutDescription = (document: { info: Record<string, unknown> }) => ({ ...document, info: { ...document.info, description: null } });
    expect(withoutDescription(served)).toEqual(withoutDescription(checkedIn));
  });
});
