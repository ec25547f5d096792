import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ApiOkResponse, ApiQuery } from '@nestjs/swagger';
import { ListPostsRequest, PostPage, RpcMethods } from '@app/contracts';
import { RPC_CLIENT, RpcClient } from '@app/messaging';
import { CurrentMembership, Membership } from '../../auth/authenticated-user';
import { WorkspaceRoute } from '../../auth/route-access';
import { validationFailed } from '../../http/api-error';
import { ApiErrorResponses, Failures } from '../../http/openapi/api-error-responses';
import { DEFAULT_LIMIT, MAX_LIMIT, parseListQuery, POST_STATUSES } from './parse-list-query';
import { PostPageDoc } from './post-page.doc';

@Controller(':workspaceUuid/posts')
@WorkspaceRoute('posts')
export class ListPostsController {
  constructor(@Inject(RPC_CLIENT) private readonly rpc: RpcClient) {}

  @Get()
  @ApiQuery({ name: 'status', required: false, enum: POST_STATUSES, enumName: 'PostStatus', description: 'only posts in this status' })
  @ApiQuery({ name: 'page', required: false, schema: { type: 'integer', minimum: 1, default: 1 } })
  @ApiQuery({ name: 'limit', required: false, schema: { type: 'integer', minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT } })
  @ApiOkResponse({ type: PostPageDoc })
  @ApiErrorResponses({ 422: `${Failures.validation} For status, page or limit.`, 503: Failures.unavailable })
  async list(@CurrentMembership() membership: Membership, @Query() raw: Record<string, unknown>): Promise<PostPage> {
    const parsed = parseListQuery(raw);
    if (!parsed.ok) throw validationFailed(parsed.errors);
    const request: ListPostsRequest = { workspaceUuid: membership.workspaceUuid, ...parsed.query };
    return this.rpc.request<PostPage>(RpcMethods.listPosts, request);
  }
}
