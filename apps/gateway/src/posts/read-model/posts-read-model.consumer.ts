import { Controller } from '@nestjs/common';
import { EventPattern } from '@nestjs/microservices';
import { ConsumerGroups, decodePostEventMessage, Topics } from '@app/contracts';
import { ConsumerGroupOptions, IncomingMessage } from '@app/messaging';
import { PostsReadModel } from './posts-read-model';

/** Keeps the gateway's posts read model from `post-events` (consumer group `gateway.posts`). */
@Controller()
export class PostsReadModelConsumer {
  constructor(private readonly posts: PostsReadModel) {}

  @EventPattern(ConsumerGroups.gatewayPosts, { topics: [Topics.postEvents], batches: true } satisfies ConsumerGroupOptions)
  handle(messages: readonly IncomingMessage[]): Promise<void> {
    return this.posts.saveAll(messages.map((message) => decodePostEventMessage(message.value)));
  }
}
