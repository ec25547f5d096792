import { MessageTooLargeError, type ConsumerLag, type MessageBus, type OutgoingMessage, type Subscription } from '@app/messaging';

export interface PublishedMessage extends OutgoingMessage {
  topic: string;
}

/** A bus that keeps what is published and can be told to fail, for tests of publishers. */
export class RecordingMessageBus implements MessageBus {
  readonly published: PublishedMessage[] = [];
  publishAttempts = 0;
  /** The next this-many publish calls reject. */
  failNext = 0;
  /** Largest value (JSON) the bus carries, as a broker's message.max.bytes. */
  maxValueBytes = Number.POSITIVE_INFINITY;

  async publish(topic: string, messages: readonly OutgoingMessage[]): Promise<void> {
    this.publishAttempts++;
    if (this.failNext > 0) {
      this.failNext--;
      throw new Error('broker unavailable');
    }
    const oversized = messages.find((message) => JSON.stringify(message.value).length > this.maxValueBytes);
    if (oversized) throw new MessageTooLargeError(topic, oversized.key, JSON.stringify(oversized.value).length, this.maxValueBytes);
    this.published.push(...messages.map((message) => ({ topic, ...message })));
  }

  async subscribe(): Promise<Subscription> {
    throw new Error('RecordingMessageBus only records publishing');
  }

  /** No group reads from it. */
  async consumerLag(): Promise<ConsumerLag[]> {
    return [];
  }

  async close(): Promise<void> {}
}
