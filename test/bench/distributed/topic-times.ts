import { Kafka, logLevel } from 'kafkajs';
import { quietIdleRequestQueues } from '@app/messaging/kafka';

/** When one post's publishing started, as its messages on the public topics (docs/asyncapi.yaml) tell. */
export interface TopicTimes {
  /** `sentAt` of the scheduler's StartPublishing command on `post-commands`. */
  startPublishingSent: number | null;
  /** `occurredAt` of the `post.publishing_started` message on `post-events`: when the aggregate started publishing. */
  publishingStarted: number | null;
}

const TOPICS = ['post-commands', 'post-events'];

/**
 * Reads both topics from the start with a consumer group of the benchmark's own, after the run,
 * until both times of every post were seen or `timeoutMs` passed.
 */
export async function readTopicTimes(brokers: readonly string[], postUuids: readonly string[], timeoutMs = 60_000): Promise<Map<string, TopicTimes>> {
  const times = new Map<string, TopicTimes>(postUuids.map((uuid) => [uuid, { startPublishingSent: null, publishingStarted: null }]));
  let missing = postUuids.length * 2;
  let allSeen: () => void = () => undefined;
  const seen = new Promise<void>((done) => (allSeen = done));
  quietIdleRequestQueues();
  const kafka = new Kafka({ brokers: [...brokers], clientId: 'bench-observer', logLevel: logLevel.NOTHING });
  const consumer = kafka.consumer({ groupId: `bench-observer-${process.pid}-${Date.now()}`, maxWaitTimeInMs: 100 });
  const timeout = setTimeout(allSeen, timeoutMs);
  try {
    await consumer.connect();
    await consumer.subscribe({ topics: TOPICS, fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ message }) => {
        const value = parse(message.value);
        const post = typeof value?.postUuid === 'string' ? times.get(value.postUuid) : undefined;
        if (!post || !value) return;
        if (value.type === 'StartPublishing' && post.startPublishingSent === null) {
          post.startPublishingSent = Date.parse(String(value.sentAt));
          if (--missing === 0) allSeen();
        } else if (value.type === 'post.publishing_started' && post.publishingStarted === null) {
          post.publishingStarted = Date.parse(String(value.occurredAt));
          if (--missing === 0) allSeen();
        }
      },
    });
    await seen;
  } finally {
    clearTimeout(timeout);
    await consumer.disconnect();
  }
  return times;
}

interface Message {
  type?: unknown;
  postUuid?: unknown;
  sentAt?: unknown;
  occurredAt?: unknown;
}

function parse(value: Buffer | null): Message | null {
  if (!value) return null;
  try {
    return JSON.parse(value.toString('utf8')) as Message;
  } catch {
    return null;
  }
}
