import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { PostPage } from '@app/contracts';
import { CurrentMembership, Membership } from '../../auth/authenticated-user';
import { WorkspaceRoute } from '../../auth/route-access';
import { ApiErrorResponses, Failures } from '../../http/openapi/api-error-responses';
import { PostAnswer, withActions } from '../post-actions-of';
import type { PostResource } from '../post-revision';
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
  async list(@CurrentMembership() membership: Membership, @Query() query: ListPostsQueryDto): Promise<PostPage & { data: PostAnswer[] }> {
    const page = await this.posts.list({ workspaceUuid: membership.workspaceUuid, ...listQueryOf(query) });
    const posts: PostResource[] = page.data;
    return { ...page, data: posts.map((post) => withActions(post, membership)) };
  }
}
