import { Injectable } from '@nestjs/common';
import { ConsumerGroups, decodePostEventMessage, Topics } from '@app/contracts';
import { ConsumesTopics, IncomingMessage } from '@app/messaging';
import { PostsReadModel } from './posts-read-model';

/** Keeps the gateway's posts read model from `post-events` (consumer group `gateway.posts`). */
@Injectable()
export class PostsReadModelConsumer {
  constructor(private readonly posts: PostsReadModel) {}

  @ConsumesTopics({ groupId: ConsumerGroups.gatewayPosts, topics: [Topics.postEvents], batches: true })
  handle(messages: readonly IncomingMessage[]): Promise<void> {
    return this.posts.saveAll(messages.map((message) => decodePostEventMessage(message.value)));
  }
}
