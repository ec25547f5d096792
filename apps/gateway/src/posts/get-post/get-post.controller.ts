import { Controller, Get, Inject, Param } from '@nestjs/common';
import { ApiOkResponse } from '@nestjs/swagger';
import { PostRef, PostView, RpcMethods } from '@app/contracts';
import { RPC_CLIENT, RpcClient } from '@app/messaging';
import { CurrentMembership, Membership } from '../../auth/authenticated-user';
import { WorkspaceRoute } from '../../auth/route-access';
import { ApiErrorResponses, Failures } from '../../http/openapi/api-error-responses';
import { PostDoc } from '../post.doc';
import { ApiPostUuidParam, postUuidFromPath } from '../post-uuid';

@Controller(':workspaceUuid/posts/:postUuid')
@WorkspaceRoute('posts')
export class GetPostController {
  constructor(@Inject(RPC_CLIENT) private readonly rpc: RpcClient) {}

  @Get()
  @ApiPostUuidParam()
  @ApiOkResponse({ type: PostDoc })
  @ApiErrorResponses({ 503: Failures.unavailable })
  async get(@CurrentMembership() membership: Membership, @Param('postUuid') postUuidText: string): Promise<PostView> {
    const request: PostRef = { workspaceUuid: membership.workspaceUuid, postUuid: postUuidFromPath(postUuidText) };
    return this.rpc.request<PostView>(RpcMethods.getPost, request);
  }
}
