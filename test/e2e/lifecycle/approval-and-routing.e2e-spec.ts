import { ApiClient } from '../support/api-client';
import { addMember, connectSandbox, createUser, Member } from '../support/fixtures';
import { RunningService, startService } from '../support/service-process';
import { WebhookReceiver } from '../support/webhook-receiver';
import { approverWorkspace, createWebhook, expectEnvelope, expectSigned, LIFECYCLE_ENV, schedulePost, waitForStatus } from './lifecycle-fixtures';

jest.setTimeout(120_000);

describe('approval, event subscriptions and system webhooks (the built service)', () => {
  let service: RunningService;
  let admin: ApiClient;
  const receivers: WebhookReceiver[] = [];

  beforeAll(async () => {
    service = await startService({ env: LIFECYCLE_ENV });
    admin = new ApiClient(service.baseUrl, service.adminToken);
  });
  afterAll(async () => {
    await service?.dispose();
    await Promise.all(receivers.map((receiver) => receiver.close()));
  });

  const receiver = async () => {
    const started = await WebhookReceiver.start();
    receivers.push(started);
    return started;
  };

  describe('approval', () => {
    let workspace: string;
    let account: number;
    let writer: Member;

    beforeAll(async () => {
      workspace = await approverWorkspace(admin, 'Approval');
      account = await connectSandbox(admin, workspace);
      writer = await createUser(admin, 'writer@lifecycle.test');
      await addMember(admin, workspace, writer.id, 'member', false);
    });

    it('a member without can_approve schedules: needs_approval; their approve is 403; the approver approve is 200, then post.approved and post.published', async () => {
      const hooks = await receiver();
      const webhook = await createWebhook(admin, workspace, { url: hooks.url() });

      const post = await schedulePost(writer.api, workspace, [account]);
      expect(post.status).toBe('needs_approval');
      expect(await writer.api.post(`/api/${workspace}/posts/${post.uuid}/approve`)).toMatchObject({
        status: 403,
        body: { message: 'This action is unauthorized.' },
      });
      expect((await admin.get(`/api/${workspace}/posts/${post.uuid}`)).body.status).toBe('needs_approval');
      expect(hooks.about(post.uuid)).toEqual([]);

      const approvedAt = Date.now();
      expect(await admin.post(`/api/${workspace}/posts/${post.uuid}/approve`)).toMatchObject({ status: 200, body: { uuid: post.uuid, status: 'scheduled' } });

      const [approved, published] = await hooks.waitFor(
        () => {
          const events = [hooks.about(post.uuid, 'post.approved')[0], hooks.about(post.uuid, 'post.published')[0]];
          return events.every(Boolean) ? events : null;
        },
        30_000,
        'post.approved and post.published',
      );
      expectEnvelope(approved, { event: 'post.approved', workspace, uuid: post.uuid, status: 'scheduled' });
      expectEnvelope(published, { event: 'post.published', workspace, uuid: post.uuid, status: 'published' });
      expect(Date.parse(approved.envelope.timestamp)).toBeGreaterThanOrEqual(approvedAt - 1000);
      expect(Date.parse(published.envelope.post.published_at)).toBeGreaterThanOrEqual(Date.parse(approved.envelope.timestamp));
      expect(published.at).toBeGreaterThanOrEqual(approved.at);
      expectSigned(approved, webhook.secret);
      const shown = await waitForStatus(admin, workspace, post.uuid, 'published');
      expect(shown.published_at).toBe(published.envelope.post.published_at);
      // Asked for "now": approval schedules it at the approval time, and post.approved says so.
      expect(approved.envelope.post.scheduled_at).toBe(shown.scheduled_at);
    });
  });

  it('a webhook subscribed to post.published only never gets post.scheduled', async () => {
    const workspace = await approverWorkspace(admin, 'Subscriptions');
    const account = await connectSandbox(admin, workspace);
    const [everything, publishedOnly] = [await receiver(), await receiver()];
    await createWebhook(admin, workspace, { url: everything.url() });
    await createWebhook(admin, workspace, { url: publishedOnly.url(), events: ['post.published'] });

    const post = await schedulePost(admin, workspace, [account]);
    await publishedOnly.waitFor(() => publishedOnly.about(post.uuid, 'post.published').length > 0, 30_000, 'post.published');
    // The post.scheduled delivery was queued before post.published; the other webhook shows it was sent.
    await everything.waitFor(() => everything.about(post.uuid, 'post.scheduled').length > 0 && everything.about(post.uuid, 'post.published').length > 0, 30_000, 'both events');

    expect(publishedOnly.received.map((request) => request.event)).toEqual(['post.published']);
    expect(publishedOnly.received.map((request) => request.envelope.event)).toEqual(['post.published']);
  });

  it('a system webhook (panel) receives the events of every workspace; a workspace webhook only its own', async () => {
    const [system, own] = [await receiver(), await receiver()];
    const systemHook = await createWebhook(admin, 'panel', { url: system.url(), events: ['post.published'] });
    const workspaces = [await approverWorkspace(admin, 'North'), await approverWorkspace(admin, 'South')];
    await createWebhook(admin, workspaces[0], { url: own.url(), events: ['post.published'] });
    const posts = await Promise.all(
      workspaces.map(async (workspace) => ({ workspace, ...(await schedulePost(admin, workspace, [await connectSandbox(admin, workspace)])) })),
    );

    const delivered = await system.waitFor(
      () => {
        const found = posts.map(({ uuid }) => system.about(uuid, 'post.published')[0]);
        return found.every(Boolean) ? found : null;
      },
      30_000,
      'post.published of both workspaces at the system webhook',
    );
    delivered.forEach((request, index) => {
      expectEnvelope(request, { event: 'post.published', workspace: posts[index].workspace, uuid: posts[index].uuid, status: 'published' });
      expectSigned(request, systemHook.secret);
    });

    await own.waitFor(() => own.about(posts[0].uuid, 'post.published').length > 0, 30_000, 'post.published of North');
    expect(own.about(posts[1].uuid)).toEqual([]);
    expect(own.received.every((request) => request.envelope.workspace_uuid === workspaces[0])).toBe(true);
  });
});
