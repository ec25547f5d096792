/** Kafka topics of the product. Every message of one post is keyed by the post uuid. */
export const Topics = {
  /** What happened to each post, with the post after it (PostEventMessage), relayed from the event store in revision order. */
  postEvents: 'post-events',
  /** Commands to the Post aggregate from the scheduler and the publisher. */
  postCommands: 'post-commands',
  /** Connected accounts: connected or removed (the gateway), credentials refused or a token about to expire (the publisher). */
  accountEvents: 'account-events',
} as const;

export { deadLetterTopic } from '@app/messaging';

/** Consumer groups, one per service (and per purpose within it). */
export const ConsumerGroups = {
  postCommands: 'post-service.commands',
  /** The post-service's record of the instant each post holds, for the queue's free slots. */
  postServiceHeldInstants: 'post-service.held-instants',
  /** The post-service's copies of recycled posts, made once the post before them is published. */
  postServiceRecycling: 'post-service.recycling',
  scheduler: 'scheduler',
  /** The scheduler's watch of publishing rounds that outlive their results. */
  schedulerWatchdog: 'scheduler.watchdog',
  publisher: 'publisher',
  /** The publisher's look at a token's expiry when an account is connected. */
  publisherAccounts: 'publisher.accounts',
  webhookDispatcher: 'webhook-dispatcher',
  /** The webhook dispatcher's deliveries of the events of accounts (`account.*`). */
  webhookDispatcherAccounts: 'webhook-dispatcher.accounts',
  gatewayAccounts: 'gateway.accounts',
  /** The gateway's posts read model (every GET of posts). */
  gatewayPosts: 'gateway.posts',
  /** The gateway's record of which media each scheduled post uses (a media file in use may not be deleted). */
  gatewayMedia: 'gateway.media',
  /** The gateway's record of every dead letter, for operators to list and replay. */
  gatewayDeadLetters: 'gateway.dead-letters',
} as const;

/** The topics whose consumer groups may give up on a message, each with its `<topic>.dlq`. */
export const DEAD_LETTER_TOPICS: readonly string[] = Object.values(Topics).map((topic) => `${topic}.dlq`);

/** Headers carried by every message. */
export const Headers = {
  eventId: 'event-id',
  eventType: 'event-type',
  messageId: 'message-id',
  traceparent: 'traceparent',
} as const;
