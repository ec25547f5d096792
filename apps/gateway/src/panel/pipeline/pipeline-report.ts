import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import { DeliveryBacklog, RpcMethods } from '@app/contracts';
import { ConsumerLag, MESSAGE_BUS, MessageBus, RPC_CLIENT, RpcClient } from '@app/messaging';
import { DeadLetterStore } from '../../dead-letters/dead-letter-store';
import { PipelineView, pipelineViewOf } from './pipeline-view';
import { PostsInFlight } from './posts-in-flight';
import { asError } from '@app/errors';

/** How long the view waits for the webhook-dispatcher and the broker. */
const ASK_TIMEOUT_MS = 5_000;

/**
 * Reads each stage from its owner (the gateway's read model for posts due and publishing, the
 * webhook-dispatcher for deliveries, the gateway's dead letters, the broker for consumer lag),
 * all at once; a part that does not answer is named as a problem, the rest is still shown.
 */
@Injectable()
export class PipelineReport {
  constructor(
    private readonly posts: PostsInFlight,
    private readonly deadLetters: DeadLetterStore,
    @Inject(RPC_CLIENT) private readonly rpc: RpcClient,
    @Inject(MESSAGE_BUS) private readonly bus: MessageBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async now(): Promise<PipelineView> {
    const now = new Date();
    const { publishingStuckAfterMs: stuckAfterMs, pipelineLateAfterMs: lateAfterMs } = this.config;
    const [timers, publishing, stuckPosts, deadLetters, deliveries, consumerLag] = await Promise.all([
      this.posts.due(now),
      this.posts.publishing(),
      this.posts.stuck(now, lateAfterMs, stuckAfterMs),
      this.deadLetters.waiting(),
      orError(this.rpc.request<DeliveryBacklog>(RpcMethods.deliveryBacklog, {}, { timeoutMs: ASK_TIMEOUT_MS })),
      orError(withTimeout(this.bus.consumerLag(), ASK_TIMEOUT_MS)),
    ]);
    return pipelineViewOf({
      now,
      timers,
      publishing,
      deliveries,
      deadLetters,
      consumerLag: consumerLag instanceof Error ? consumerLag : [...consumerLag].sort(byGroupAndTopic),
      stuckPosts,
      lateAfterMs,
      publishingStuckAfterMs: stuckAfterMs,
    });
  }
}

const byGroupAndTopic = (a: ConsumerLag, b: ConsumerLag): number => a.group.localeCompare(b.group) || a.topic.localeCompare(b.topic);

async function orError<T>(pending: Promise<T>): Promise<T | Error> {
  try {
    return await pending;
  } catch (error) {
    return asError(error);
  }
}

function withTimeout<T>(pending: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([pending, timeout]).finally(() => clearTimeout(timer));
}
