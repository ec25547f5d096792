import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';
import { ListPostsRequest, PostPage, RpcMethods } from '@app/contracts';
import { RPC_CLIENT, RpcClient } from '@app/messaging';
import { CurrentMembership, Membership } from '../../auth/authenticated-user';
import { WorkspaceRoute } from '../../auth/route-access';
import { validationFailed } from '../../http/api-error';
import { DEFAULT_LIMIT, MAX_LIMIT, parseListQuery, POST_STATUSES } from './parse-list-query';

@Controller(':workspaceUuid/posts')
@WorkspaceRoute('posts')
export class ListPostsController {
  constructor(@Inject(RPC_CLIENT) private readonly rpc: RpcClient) {}

  @Get()
  @ApiQuery({ name: 'status', required: false, enum: POST_STATUSES })
  @ApiQuery({ name: 'page', required: false, example: 1 })
  @ApiQuery({ name: 'limit', required: false, example: DEFAULT_LIMIT, description: `at most ${MAX_LIMIT}` })
  async list(@CurrentMembership() membership: Membership, @Query() raw: Record<string, unknown>): Promise<PostPage> {
    const parsed = parseListQuery(raw);
    if (!parsed.ok) throw validationFailed(parsed.errors);
    const request: ListPostsRequest = { workspaceUuid: membership.workspaceUuid, ...parsed.query };
    return this.rpc.request<PostPage>(RpcMethods.listPosts, request);
  }
}
