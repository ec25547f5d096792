import { Inject, Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { ConsumerGroups, decodePostEventMessage, Topics } from '@app/contracts';
import { MESSAGE_BUS, MessageBus, Subscription } from '@app/messaging';
import { PostsReadModel } from './posts-read-model';

/** Keeps the gateway's posts read model from `post-events` (consumer group `gateway.posts`). */
@Injectable()
export class PostEventsConsumer implements OnApplicationBootstrap, OnModuleDestroy {
  private subscription: Subscription | null = null;

  constructor(
    @Inject(MESSAGE_BUS) private readonly bus: MessageBus,
    private readonly posts: PostsReadModel,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.subscription = await this.bus.subscribe({
      groupId: ConsumerGroups.gatewayPosts,
      topics: [Topics.postEvents],
      handle: (message) => this.posts.save(decodePostEventMessage(message.value)),
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.stop();
    this.subscription = null;
  }
}
