import { PostCommandMessage, PostEventMessage, Topics } from '@app/contracts';
import { IncomingMessage, MessageBus } from '@app/messaging';

/** When one post's messages went through the bus (wall-clock ms; null when not seen). */
export interface BusTimes {
  /** The scheduler's StartPublishing command (its `sentAt`). */
  startPublishingSent: number | null;
  /** PublishingStarted reached `post-events` (the relay appended it to the bus). */
  publishingStartedRelayed: number | null;
  /** The publisher's RecordPublishResult command (its `sentAt`). */
  publishResultSent: number | null;
  /** PostPublished reached `post-events`. */
  publishedRelayed: number | null;
}

const SEEN_PER_POST = 4;

/**
 * Reads `post-commands` and `post-events` from the start with a consumer group of the benchmark's
 * own, after the run, until every post's four messages were seen or `timeoutMs` passed.
 */
export async function readBusTimes(bus: MessageBus, postUuids: readonly string[], timeoutMs = 30_000): Promise<Map<string, BusTimes>> {
  const times = new Map<string, BusTimes>(
    postUuids.map((uuid) => [uuid, { startPublishingSent: null, publishingStartedRelayed: null, publishResultSent: null, publishedRelayed: null }]),
  );
  let missing = postUuids.length * SEEN_PER_POST;
  let allSeen: () => void = () => undefined;
  const seen = new Promise<void>((done) => (allSeen = done));
  const subscription = await bus.subscribe({
    groupId: `bench-observer-${process.pid}-${Date.now()}`,
    topics: [Topics.postCommands, Topics.postEvents],
    handle: async (message) => {
      const post = times.get(message.key);
      const noted = post ? whatHappened(message) : null;
      if (!post || !noted || post[noted.field] !== null) return;
      post[noted.field] = noted.at;
      if (--missing === 0) allSeen();
    },
  });
  const timeout = setTimeout(allSeen, timeoutMs);
  try {
    await seen;
  } finally {
    clearTimeout(timeout);
    await subscription.stop();
  }
  return times;
}

function whatHappened(message: IncomingMessage): { field: keyof BusTimes; at: number } | null {
  if (message.topic === Topics.postCommands) {
    const command = message.value as PostCommandMessage;
    const field = command.type === 'StartPublishing' ? 'startPublishingSent' : 'publishResultSent';
    return { field, at: Date.parse(command.sentAt) };
  }
  const event = message.value as PostEventMessage;
  if (event.type === 'PublishingStarted') return { field: 'publishingStartedRelayed', at: Number(message.timestamp) };
  if (event.type === 'PostPublished') return { field: 'publishedRelayed', at: Number(message.timestamp) };
  return null;
}
