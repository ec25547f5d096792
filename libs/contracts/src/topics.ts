/** Kafka topics of the product. Every message of one post is keyed by the post uuid. */
export const Topics = {
  /** Domain events of the Post aggregate, relayed from the event store in stream order. */
  postEvents: 'post-events',
  /** Commands to the Post aggregate from the scheduler and the publisher. */
  postCommands: 'post-commands',
  /** What the publisher learns of a connected account while publishing (credentials refused). */
  accountEvents: 'account-events',
} as const;

export { deadLetterTopic } from '@app/messaging';

/** Consumer groups, one per service (and per purpose within it). */
export const ConsumerGroups = {
  postProjection: 'post-service.projection',
  postCommands: 'post-service.commands',
  scheduler: 'scheduler',
  publisher: 'publisher',
  webhookDispatcher: 'webhook-dispatcher',
  gatewayAccounts: 'gateway.accounts',
  /** The gateway's record of which media each scheduled post uses (a media file in use may not be deleted). */
  gatewayMedia: 'gateway.media',
} as const;

/** Headers carried by every message. */
export const Headers = {
  eventId: 'event-id',
  eventType: 'event-type',
  messageId: 'message-id',
  traceparent: 'traceparent',
} as const;
