import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { PostPage } from '@app/contracts';
import { CurrentMembership, Membership } from '../../auth/authenticated-user';
import { WorkspaceRoute } from '../../auth/route-access';
import { ApiErrorResponses, Failures } from '../../http/openapi/api-error-responses';
import { PostsReadModel } from '../read-model/posts-read-model';
import { listQueryOf, ListPostsQueryDto } from './list-posts-query.dto';
import { PostPageDoc } from './post-page.doc';

@Controller(':workspaceUuid/posts')
@WorkspaceRoute('posts')
export class ListPostsController {
  constructor(private readonly posts: PostsReadModel) {}

  @Get()
  @ApiOperation({ summary: 'List a workspace\'s posts' })
  @ApiOkResponse({ type: PostPageDoc })
  @ApiErrorResponses({ 422: `${Failures.validation} For status, page or limit.`, 503: Failures.unavailable })
  list(@CurrentMembership() membership: Membership, @Query() query: ListPostsQueryDto): Promise<PostPage> {
    return this.posts.list({ workspaceUuid: membership.workspaceUuid, ...listQueryOf(query) });
  }
}
