import { quietIdleRequestQueues } from './idle-request-queues';

// kafkajs's own request queue (one per broker connection), with the patch applied as the adapter applies it.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const RequestQueue = require('kafkajs/src/network/requestQueue') as new (options: object) => KafkaRequestQueue;

interface KafkaRequestQueue {
  pending: unknown[];
  throttleCheckTimeoutId: NodeJS.Timeout | null;
  push(request: { entry: { correlationId: number; resolve: () => void; apiName: string }; expectResponse: boolean; sendRequest: () => void }): void;
  fulfillRequest(response: { correlationId: number; payload: Buffer; size: number }): void;
  maybeThrottle(ms: number): void;
  destroy(): void;
}

const silent = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
const queueOf = (maxInFlightRequests: number | null = null): KafkaRequestQueue =>
  new RequestQueue({ maxInFlightRequests, requestTimeout: 30_000, enforceRequestTimeout: false, clientId: 'test', broker: 'test:9092', logger: silent });

const request = (correlationId: number, sent: number[]) => ({
  entry: { correlationId, resolve: () => undefined, apiName: 'Produce' },
  expectResponse: true,
  sendRequest: () => sent.push(correlationId),
});

describe("kafkajs's request queues, quieted while idle", () => {
  beforeAll(() => expect(quietIdleRequestQueues()).toBe(true));

  it('schedules no check of an empty queue after an answer (kafkajs scheduled one every millisecond)', () => {
    const queue = queueOf();
    const sent: number[] = [];
    queue.push(request(1, sent));
    queue.fulfillRequest({ correlationId: 1, payload: Buffer.alloc(0), size: 0 });
    expect(sent).toEqual([1]);
    expect(queue.throttleCheckTimeoutId).toBeNull();
    queue.destroy();
  });

  it('still sends a request that waited for the broker’s throttle, once the throttle is over', async () => {
    const queue = queueOf();
    const sent: number[] = [];
    queue.maybeThrottle(50);
    queue.push(request(1, sent));
    expect(sent).toEqual([]);
    expect(queue.throttleCheckTimeoutId).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(sent).toEqual([1]);
    queue.destroy();
  });

  it('still sends a request that waited behind too many in flight, once one is answered', () => {
    const queue = queueOf(1);
    const sent: number[] = [];
    queue.push(request(1, sent));
    queue.push(request(2, sent));
    expect(sent).toEqual([1]);
    queue.fulfillRequest({ correlationId: 1, payload: Buffer.alloc(0), size: 0 });
    expect(sent).toEqual([1, 2]);
    queue.destroy();
  });
});
