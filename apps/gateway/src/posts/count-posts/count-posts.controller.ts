import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { PostCounts } from '@app/contracts';
import { CurrentMembership, Membership } from '../../auth/authenticated-user';
import { WorkspaceRoute } from '../../auth/route-access';
import { ApiErrorResponses, Failures } from '../../http/openapi/api-error-responses';
import { PostsReadModel } from '../read-model/posts-read-model';
import { PostCountsDoc } from './post-counts.doc';

@Controller(':workspaceUuid/posts/counts')
@WorkspaceRoute('posts')
export class CountPostsController {
  constructor(private readonly posts: PostsReadModel) {}

  /** The number of posts in each status, for the dashboard's status tabs: one grouped read of the posts read model. */
  @Get()
  @ApiOperation({ summary: 'How many posts of the workspace are in each status' })
  @ApiOkResponse({ type: PostCountsDoc })
  @ApiErrorResponses({ 503: Failures.unavailable })
  counts(@CurrentMembership() membership: Membership): Promise<PostCounts> {
    return this.posts.counts(membership.workspaceUuid);
  }
}
