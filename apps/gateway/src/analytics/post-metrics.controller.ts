import { Controller, Get, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { METRICS_REFRESH_INTERVAL_SECONDS, PostMetricsEntry, RefreshMetricsReply, RefreshMetricsRequest, RpcMethods } from '@app/contracts';
import { PostRuleMessages } from '@app/domain';
import { RPC_CLIENT, RpcClient } from '@app/messaging';
import { reportsMetrics } from '@app/platforms';
import { CurrentMembership, Membership } from '../auth/authenticated-user';
import { WorkspaceRoute } from '../auth/route-access';
import { badRequest, notFound, tooManyAttempts } from '../http/api-error';
import { ApiErrorResponses, Failures } from '../http/openapi/api-error-responses';
import { ApiPostUuidParam, postUuidFromPath } from '../posts/post-uuid';
import { PostsReadModel } from '../posts/read-model/posts-read-model';
import { PostMetricsListDoc } from './analytics.doc';
import { PostMetricsStore } from './post-metrics-store';

export const AnalyticsMessages = {
  notPublished: 'The post is not published on any account whose platform reports figures.',
} as const;

/** A post's figures on each of its accounts, and a reading asked for now. */
@Controller(':workspaceUuid/posts/:postUuid/metrics')
@WorkspaceRoute('analytics')
export class PostMetricsController {
  constructor(
    private readonly posts: PostsReadModel,
    private readonly metrics: PostMetricsStore,
    @Inject(RPC_CLIENT) private readonly rpc: RpcClient,
  ) {}

  @Get()
  @ApiOperation({ summary: 'A post’s figures on each of its accounts, as last read (1 h, 24 h and 7 days after publishing, and when asked)' })
  @ApiPostUuidParam()
  @ApiOkResponse({ type: PostMetricsListDoc })
  @ApiErrorResponses({ 503: Failures.unavailable })
  async list(@CurrentMembership() membership: Membership, @Param('postUuid') postUuidText: string): Promise<{ data: PostMetricsEntry[] }> {
    const post = await this.posts.find(membership.workspaceUuid, postUuidFromPath(postUuidText));
    if (!post) throw notFound(PostRuleMessages.PostNotFound);
    return { data: await this.metrics.entriesOf(post) };
  }

  @Post('refresh')
  @HttpCode(202)
  @ApiOperation({ summary: `Read the post’s figures now (at most once every ${METRICS_REFRESH_INTERVAL_SECONDS} s per post)` })
  @ApiPostUuidParam()
  @ApiAcceptedResponse({ description: 'the figures are being read; GET .../metrics shows them, and post.metrics_updated tells' })
  @ApiErrorResponses({
    400: `The post is not published on an account whose platform reports figures: "${AnalyticsMessages.notPublished}"`,
    429: `Figures of this post were asked for less than ${METRICS_REFRESH_INTERVAL_SECONDS} s ago; Retry-After says when to ask again`,
    503: Failures.unavailable,
  })
  async refresh(@CurrentMembership() membership: Membership, @Param('postUuid') postUuidText: string): Promise<{ message: string }> {
    const post = await this.posts.find(membership.workspaceUuid, postUuidFromPath(postUuidText));
    if (!post) throw notFound(PostRuleMessages.PostNotFound);
    if (!post.accounts.some((account) => account.status === 'published' && reportsMetrics(account.provider))) throw badRequest(AnalyticsMessages.notPublished);
    const request: RefreshMetricsRequest = { workspaceUuid: membership.workspaceUuid, postUuid: post.uuid };
    const reply = await this.rpc.request<RefreshMetricsReply>(RpcMethods.refreshMetrics, request);
    if (reply.retryAfterSeconds !== null) throw tooManyAttempts(reply.retryAfterSeconds);
    return { message: 'The figures are being read.' };
  }
}
