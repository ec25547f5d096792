import { SetMetadata } from '@nestjs/common';

export const RPC_METHOD_METADATA = 'messaging:rpc-method';
export const TOPIC_CONSUMER_METADATA = 'messaging:topic-consumer';

export interface TopicConsumerOptions {
  groupId: string;
  topics: readonly string[];
  /** See SubscribeOptions.keepRetrying. */
  keepRetrying?: boolean;
  /**
   * The method takes `readonly IncomingMessage[]`: the messages of one partition the adapter
   * fetched together, to be handled all or nothing (one transaction). A batch that fails is handed
   * over again one message at a time, so that retries and dead letters concern one message.
   */
  batches?: boolean;
}

/**
 * Marks a provider's method as the handler of one request/reply method: it takes the request's
 * payload and resolves to the reply (a ServiceError it throws reaches the caller).
 */
export const HandlesRpc = (method: string): MethodDecorator => SetMetadata(RPC_METHOD_METADATA, method);

/**
 * Marks a provider's method as the handler of the messages a consumer group reads from its topics
 * (see SubscribeOptions.handle for the retry and dead-letter rules).
 */
export const ConsumesTopics = (options: TopicConsumerOptions): MethodDecorator => SetMetadata(TOPIC_CONSUMER_METADATA, options);
