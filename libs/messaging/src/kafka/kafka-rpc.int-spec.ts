import { ServiceError } from '../service-error';
import { randomUUID } from 'node:crypto';
import { IncomingMessage } from '../message-bus.port';
import { Inbox } from '../testing/inbox';
import { KafkaMessageBus, KafkaMessageBusOptions } from './kafka-message-bus';
import { RpcFailures } from '../rpc.port';
import { KafkaRpc, KafkaRpcHeaders, KafkaRpcOptions } from './kafka-rpc';
import { describeWithKafka } from '../testing/describe-with-kafka';
import { startTestKafkaCluster, TEST_KAFKA_START_TIMEOUT_MS, TestKafkaCluster } from '../testing/test-kafka-cluster';

/** Methods named `<service>.<name>`: the service before the first dot names the request topic. */
const Methods = {
  getPost: 'post-service.get',
  deletePost: 'post-service.delete',
  createPost: 'post-service.create',
  approvePost: 'post-service.approve',
  connectAccount: 'publisher.connect',
  listWebhooks: 'webhook-dispatcher.list',
  listDeliveries: 'webhook-dispatcher.deliveries',
} as const;
const serviceOf = (method: string): string => method.slice(0, method.indexOf('.'));

// Joining a consumer group takes seconds (about 3 s for every new group on the mock cluster).
jest.setTimeout(60_000);

describeWithKafka('KafkaRpc on Kafka', () => {
  let cluster: TestKafkaCluster;
  let server: KafkaRpc;
  let client: KafkaRpc;
  const handled: unknown[] = [];

  const connection = (clientId: string): KafkaMessageBusOptions => ({
    brokers: cluster.brokers,
    clientId,
    consumer: cluster.consumerTimings,
    logLevel: 'warn',
  });
  const rpcConnection = (clientId: string): KafkaRpcOptions => ({ ...connection(clientId), serviceOf });

  beforeAll(async () => {
    cluster = await startTestKafkaCluster();
    server = new KafkaRpc({ ...rpcConnection('post-service'), instanceId: 'post-service-test' });
    client = new KafkaRpc({ ...rpcConnection('gateway'), instanceId: `gateway-${randomUUID()}` });
    server.handle(Methods.getPost, async (payload) => {
      handled.push(payload);
      const { postUuid } = payload as { postUuid: string };
      return { uuid: postUuid, title: 'Hello', tags: ['a'], scheduledAt: null };
    });
    server.handle(Methods.deletePost, async () => {
      throw new ServiceError('not_found', 'Post not found.');
    });
    server.handle(Methods.createPost, async () => {
      throw new ServiceError('validation', 'Validation errors.', { title: ['The title field is required.'] });
    });
    server.handle(Methods.approvePost, async () => {
      throw new Error('connection to the database lost');
    });
    await Promise.all([server.whenServing(), client.startClient()]);
  }, TEST_KAFKA_START_TIMEOUT_MS);
  afterAll(async () => {
    await client?.close();
    await server?.close();
    await cluster?.stop();
  });

  it('answers a request with the handler result', async () => {
    const reply = await client.request(Methods.getPost, { workspaceUuid: 'w-1', postUuid: 'p-1' });

    expect(reply).toEqual({ uuid: 'p-1', title: 'Hello', tags: ['a'], scheduledAt: null });
    expect(handled).toContainEqual({ workspaceUuid: 'w-1', postUuid: 'p-1' });
  });

  it('answers concurrent requests each with its own reply', async () => {
    const uuids = Array.from({ length: 12 }, (_, index) => `p-${index}`);

    const replies = await Promise.all(uuids.map((postUuid) => client.request<{ uuid: string }>(Methods.getPost, { workspaceUuid: 'w-1', postUuid })));

    expect(replies.map((reply) => reply.uuid)).toEqual(uuids);
  });

  it('throws a handler ServiceError again at the caller, with its kind, message and errors', async () => {
    await expect(client.request(Methods.deletePost, { postUuid: 'p-1' })).rejects.toEqual(new ServiceError('not_found', 'Post not found.'));

    const error: unknown = await client.request(Methods.createPost, {}).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ kind: 'validation', message: 'Validation errors.', errors: { title: ['The title field is required.'] } });
  });

  it('turns any other handler failure into unavailable, without its details', async () => {
    const error: unknown = await client.request(Methods.approvePost, {}).catch((thrown: unknown) => thrown);

    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ kind: 'unavailable', message: 'The service could not handle the request.' });
    expect((error as ServiceError).errors).toBeUndefined();
  });

  it('gives up with unavailable when no server answers in time', async () => {
    const started = Date.now();

    const error: unknown = await client.request(Methods.listWebhooks, {}, { timeoutMs: 500 }).catch((thrown: unknown) => thrown);

    expect(error).toEqual(new ServiceError('unavailable', 'The service did not answer in time.'));
    expect(Date.now() - started).toBeGreaterThanOrEqual(490);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('sends requests to rpc.<service>, keyed by correlation id, with method, reply-to and deadline headers', async () => {
    const bus = new KafkaMessageBus(connection('fake-publisher'));
    const requests = new Inbox();
    try {
      await bus.subscribe({ groupId: 'publisher.rpc', topics: ['rpc.publisher'], handle: requests.handle });
      const asked = Date.now();
      const pending = client.request(Methods.connectAccount, { accountId: 7 }, { timeoutMs: 20_000 });
      const [request] = await requests.waitFor(1);

      expect(request).toMatchObject({
        topic: 'rpc.publisher',
        value: { accountId: 7 },
        headers: { [KafkaRpcHeaders.method]: Methods.connectAccount, [KafkaRpcHeaders.replyTo]: client.replyTopic },
      });
      expect(request.key).toBe(request.headers[KafkaRpcHeaders.correlationId]);
      expect(Number(request.headers[KafkaRpcHeaders.deadline])).toBeGreaterThanOrEqual(asked + 20_000);

      await bus.publish(client.replyTopic, [
        { key: request.key, value: { ok: true, result: { authorized: true } }, headers: { [KafkaRpcHeaders.correlationId]: request.key } },
      ]);
      await expect(pending).resolves.toEqual({ authorized: true });
    } finally {
      await bus.close();
    }
  });

  it('skips a request whose caller stopped waiting', async () => {
    const bus = new KafkaMessageBus(connection('late-caller'));
    const replies = new Inbox();
    const replyTopic = `rpc.replies.late-${randomUUID()}`;
    const before = handled.length;
    try {
      await bus.subscribe({ groupId: replyTopic, topics: [replyTopic], handle: replies.handle });
      const request = (postUuid: string, deadline: number) => ({
        key: 'one-partition',
        value: { postUuid },
        headers: { [KafkaRpcHeaders.method]: Methods.getPost, [KafkaRpcHeaders.correlationId]: postUuid, [KafkaRpcHeaders.replyTo]: replyTopic, [KafkaRpcHeaders.deadline]: String(deadline) },
      });

      // Same key, same partition: the server sees the expired request first.
      await bus.publish('rpc.post-service', [request('expired', Date.now() - 1_000), request('current', Date.now() + 20_000)]);

      const [reply] = await replies.waitFor(1);
      expect(reply.headers[KafkaRpcHeaders.correlationId]).toBe('current');
      expect(handled.slice(before)).toEqual([{ postUuid: 'current' }]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(replies.messages.map((message: IncomingMessage) => message.headers[KafkaRpcHeaders.correlationId])).toEqual(['current']);
    } finally {
      await bus.close();
    }
  });

  it('answers waiting callers with unavailable when closed', async () => {
    const closing = new KafkaRpc({ ...rpcConnection('closing') });
    await closing.startClient();
    const pending = closing.request(Methods.listDeliveries, {}, { timeoutMs: 20_000 }).catch((thrown: unknown) => thrown);

    await closing.close();

    expect(await pending).toEqual(new ServiceError('unavailable', RpcFailures.notAvailable));
  });
});
