import { MessageTooLargeError } from '../dead-letter';
import { KafkaMessageBus } from './kafka-message-bus';

describe('KafkaMessageBus', () => {
  it('refuses a message larger than a request may be before it sends anything (no broker is even asked)', async () => {
    const bus = new KafkaMessageBus({ brokers: ['127.0.0.1:1'], clientId: 'oversize-check', maxRequestBytes: 1_000 });
    try {
      const publishing = bus.publish('post-events', [
        { key: 'small', value: { text: 'fits' } },
        { key: 'large', value: { text: 'x'.repeat(2_000) } },
      ]);
      await expect(publishing).rejects.toBeInstanceOf(MessageTooLargeError);
      await expect(publishing).rejects.toMatchObject({ topic: 'post-events', key: 'large', limit: 1_000 });
    } finally {
      await bus.close();
    }
  });
});
