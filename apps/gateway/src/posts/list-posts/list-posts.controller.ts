import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiQuery } from '@nestjs/swagger';
import type { PostPage } from '@app/contracts';
import { CurrentMembership, Membership } from '../../auth/authenticated-user';
import { WorkspaceRoute } from '../../auth/route-access';
import { validationFailed } from '../../http/api-error';
import { ApiErrorResponses, Failures } from '../../http/openapi/api-error-responses';
import { DEFAULT_LIMIT, MAX_LIMIT, parseListQuery, POST_STATUSES } from './parse-list-query';
import { PostPageDoc } from './post-page.doc';
import { PostsReadModel } from '../read-model/posts-read-model';

@Controller(':workspaceUuid/posts')
@WorkspaceRoute('posts')
export class ListPostsController {
  constructor(private readonly posts: PostsReadModel) {}

  @Get()
  @ApiQuery({ name: 'status', required: false, enum: POST_STATUSES, enumName: 'PostStatus', description: 'only posts in this status' })
  @ApiQuery({ name: 'page', required: false, schema: { type: 'integer', minimum: 1, default: 1 } })
  @ApiQuery({ name: 'limit', required: false, schema: { type: 'integer', minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT } })
  @ApiOkResponse({ type: PostPageDoc })
  @ApiErrorResponses({ 422: `${Failures.validation} For status, page or limit.`, 503: Failures.unavailable })
  async list(@CurrentMembership() membership: Membership, @Query() raw: Record<string, unknown>): Promise<PostPage> {
    const parsed = parseListQuery(raw);
    if (!parsed.ok) throw validationFailed(parsed.errors);
    return this.posts.list({ workspaceUuid: membership.workspaceUuid, ...parsed.query });
  }
}
