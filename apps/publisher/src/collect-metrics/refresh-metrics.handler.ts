import { Injectable } from '@nestjs/common';
import { Messages, RefreshMetricsReply, RpcMethods, ServiceError } from '@app/contracts';
import { HandlesRpc } from '@app/messaging';
import { MetricCollections } from './metric-collections';
import { MetricsCollector } from './metrics-collector';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** RPC `publisher.metrics.refresh` (a RefreshMetricsRequest): reads a post's figures now, once a minute at most. */
@Injectable()
export class RefreshMetricsHandler {
  constructor(
    private readonly collections: MetricCollections,
    private readonly collector: MetricsCollector,
  ) {}

  @HandlesRpc(RpcMethods.refreshMetrics)
  async handle(payload: unknown): Promise<RefreshMetricsReply> {
    const { workspaceUuid, postUuid } = (payload ?? {}) as Record<string, unknown>;
    if (typeof workspaceUuid !== 'string' || typeof postUuid !== 'string' || !UUID.test(workspaceUuid) || !UUID.test(postUuid)) {
      throw new ServiceError('validation', Messages.validation, { postUuid: ['The post uuid must be a valid UUID.'] });
    }
    const reply = await this.collections.askRefresh(workspaceUuid, postUuid, new Date());
    if (reply.accounts > 0 && reply.retryAfterSeconds === null) this.collector.wake();
    return reply;
  }
}
