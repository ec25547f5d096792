import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { Webhook } from 'standardwebhooks';
import { WebhookReceiver } from '@app/testing';
import { ApiClient } from './support/api-client';
import { RunningService, startService } from './support/service-process';

jest.setTimeout(120_000);

const SCRIPT = resolve(__dirname, '../../docs/typical-session.sh');

/** The README's typical session, docs/typical-session.sh, run as written with bash and curl against the built service. */
describe('docs/typical-session.sh (the built service)', () => {
  let service: RunningService;
  let receiver: WebhookReceiver;
  let output: string;

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    service = await startService({ env: { WEBHOOK_ALLOW_PRIVATE_URLS: 'true' } });
    const env = { PATH: process.env.PATH, HOME: process.env.HOME, BASE_URL: service.baseUrl, ADMIN_TOKEN: service.adminToken!, WEBHOOK_URL: receiver.url('/social') };
    const run = await promisify(execFile)('bash', [SCRIPT], { env, timeout: 90_000 }).catch((error: { stdout?: string; stderr?: string; message: string }) => {
      throw new Error(`the script failed: ${error.message}\n${error.stdout ?? ''}\n${error.stderr ?? ''}`);
    });
    output = run.stdout;
  });
  afterAll(async () => {
    await service?.dispose();
    await receiver?.close();
  });

  it('creates a workspace whose admin, the caller, may approve, so that the post is scheduled (not needs_approval) and published', () => {
    const workspace = JSON.parse(output.split('\n2. Create a workspace: you are its admin and may approve posts (its membership says so)\n')[1].split('\n')[0]);
    expect(workspace.membership).toEqual({ workspace_uuid: workspace.uuid, role: 'admin', can_approve: true });
    expect(output).toContain('role: admin, may approve: true');
    const created = JSON.parse(output.split('\n5. Create a post and schedule it now\n')[1].split('\n')[0]);
    expect(created).toMatchObject({ status: 'scheduled', uuid: expect.any(String) });
    expect(output).toContain('status: published');
    expect(output).toMatch(/"type":"post.published"/);
  });

  it('leaves what it made in the service: the workspace, its sandbox account, webhook and published post', async () => {
    const admin = new ApiClient(service.baseUrl, service.adminToken);
    const workspace = JSON.parse(output.split('\n2. Create a workspace: you are its admin and may approve posts (its membership says so)\n')[1].split('\n')[0]).uuid as string;
    expect((await admin.get(`/api/${workspace}/accounts`)).body.data).toEqual([expect.objectContaining({ provider: 'sandbox', name: 'Acme Sandbox' })]);
    expect((await admin.get(`/api/${workspace}/posts`)).body.data).toEqual([expect.objectContaining({ status: 'published' })]);
  });

  it('the webhook received post.scheduled and post.published, signed with the secret the script was given', async () => {
    const secret = JSON.parse(output.split('\n4. Register a webhook')[1].split('\n')[1]).secret as string;
    const events = await receiver.waitFor(
      (received) => {
        const names = received.map((request) => request.event);
        return names.includes('post.scheduled') && names.includes('post.published') ? received : null;
      },
      30_000,
      'post.scheduled and post.published',
    );
    expect(events.map((request) => request.path)).toEqual(events.map(() => '/social'));
    for (const request of events) {
      expect(() => new Webhook(secret).verify(request.body, Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)])))).not.toThrow();
    }
    expect(events.find((request) => request.event === 'post.published')!.envelope).toMatchObject({ event: 'post.published', post: { status: 'published' } });
  });
});
