import { randomBytes, randomUUID } from 'node:crypto';
import { describeWithKafka } from '@app/messaging/testing';
import { ApiClient } from '../support/api-client';
import { approverWorkspace } from '../support/fixtures';
import { DistributedSystem } from '../support/distributed/distributed-system';

jest.setTimeout(180_000);

describeWithKafka('distributed: provider credentials and webhook secrets between the services', () => {
  let system: DistributedSystem;
  beforeAll(async () => (system = await DistributedSystem.start()));
  afterAll(() => system?.dispose());

  it('travel sealed: the requests and replies on the network between the services hold neither, though the services got them', () =>
    system.diagnose(async () => {
      const admin = new ApiClient(system.baseUrl, system.adminToken);
      const workspace = await approverWorkspace(admin, 'Wire');
      for (const service of system.services) service.record();
      const credential = `credential-${randomUUID()}`;
      const secret = `whsec_${randomBytes(32).toString('base64')}`;

      const account = await admin.post(`/api/${workspace}/accounts`, { provider: 'sandbox', name: 'Wire', settings: {}, credentials: { token: credential } });
      expect(account.status).toBe(201);
      const webhook = await admin.post(`/api/${workspace}/webhooks`, { url: 'http://127.0.0.1:9/hook', events: ['post.published'], secret });
      expect(webhook).toMatchObject({ status: 201, body: { secret } });
      expect((await admin.get(`/api/${workspace}/webhooks/${webhook.body.id}`)).body).toMatchObject({ secret });
      expect((await admin.get(`/api/${workspace}/webhooks`)).body.data).toEqual([expect.objectContaining({ id: webhook.body.id, secret })]);

      // The connect went to the publisher, the webhook's create and reads to the webhook-dispatcher:
      // each request and its reply crossed the network, sealed.
      const onTheWire = system.services.map((service) => service.recorded()).join('\n');
      expect(onTheWire).toContain('POST /internal/rpc/publisher.accounts.connect');
      expect(onTheWire).toContain('POST /internal/rpc/webhooks.create');
      expect(onTheWire).toContain('POST /internal/rpc/webhooks.get');
      expect(onTheWire).toContain('"sealed"');
      expect(onTheWire).not.toContain(credential);
      expect(onTheWire).not.toContain(secret);
      expect(onTheWire).not.toContain(secret.slice('whsec_'.length));
    }));
});
