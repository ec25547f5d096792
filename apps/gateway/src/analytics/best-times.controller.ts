import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { BEST_TIMES_DAYS, bestTimesOf } from '@app/domain';
import { CurrentMembership, Membership } from '../auth/authenticated-user';
import { WorkspaceRoute } from '../auth/route-access';
import { ApiErrorResponses, Failures } from '../http/openapi/api-error-responses';
import { PostingQueues } from '../queue/posting-queues';
import { BestTimesDoc, BestTimesQueryDto } from './best-times.doc';
import { PostMetricsStore } from './post-metrics-store';

const DAY_MS = 86_400_000;

/** When a workspace's posts did best, per account: hours of the week, offered as queue slots. */
@Controller(':workspaceUuid/analytics/best-times')
@WorkspaceRoute('analytics')
export class BestTimesController {
  constructor(
    private readonly metrics: PostMetricsStore,
    private readonly queues: PostingQueues,
  ) {}

  @Get()
  @ApiOperation({
    summary: `The hours of the week (in the posting queue’s time zone) whose posts did best, per account: by the median engagement (likes, replies, reposts, quotes and saves) of the posts published in them over the last ${BEST_TIMES_DAYS} days`,
  })
  @ApiOkResponse({ type: BestTimesDoc })
  @ApiErrorResponses({ 422: `${Failures.validation} For account_id.`, 503: Failures.unavailable })
  async bestTimes(@CurrentMembership() membership: Membership, @Query() query: BestTimesQueryDto): Promise<BestTimesDoc> {
    const since = new Date(Date.now() - BEST_TIMES_DAYS * DAY_MS);
    const { timezone } = await this.queues.of(membership.workspaceUuid);
    const accounts = await this.metrics.readingsSince(membership.workspaceUuid, since, query.account_id ? Number(query.account_id) : null);
    return {
      timezone,
      since: since.toISOString(),
      data: accounts.map(({ account_id, provider, readings }) => ({ account_id, provider, times: bestTimesOf(readings, timezone) })),
    };
  }
}
