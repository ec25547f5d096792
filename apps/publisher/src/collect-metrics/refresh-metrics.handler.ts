import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { Messages, RefreshMetricsReply, RpcMethods, ServiceError } from '@app/contracts';
import { asObject, checkUuid } from '../accounts/account-ref';
import { MetricCollections } from './metric-collections';
import { MetricsCollector } from './metrics-collector';

/** RPC `publisher.metrics.refresh` (a RefreshMetricsRequest): reads a post's figures now, once a minute at most. */
@Controller()
export class RefreshMetricsHandler {
  constructor(
    private readonly collections: MetricCollections,
    private readonly collector: MetricsCollector,
  ) {}

  @MessagePattern(RpcMethods.refreshMetrics)
  async handle(payload: unknown): Promise<RefreshMetricsReply> {
    const request = asObject(payload);
    const errors: Record<string, string[]> = {};
    const workspaceUuid = checkUuid(request.workspaceUuid, 'workspaceUuid', 'workspace', errors);
    const postUuid = checkUuid(request.postUuid, 'postUuid', 'post', errors);
    if (Object.keys(errors).length > 0) throw new ServiceError('validation', Messages.validation, errors);
    const reply = await this.collections.askRefresh(workspaceUuid, postUuid, new Date());
    if (reply.accounts > 0 && reply.retryAfterSeconds === null) this.collector.wake();
    return reply;
  }
}
