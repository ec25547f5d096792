import { Controller, Get, Inject, Param } from '@nestjs/common';
import { PostRef, PostView, RpcMethods } from '@app/contracts';
import { RPC_CLIENT, RpcClient } from '@app/messaging';
import { CurrentMembership, Membership } from '../../auth/authenticated-user';
import { WorkspaceRoute } from '../../auth/route-access';
import { postUuidFromPath } from '../post-uuid';

@Controller(':workspaceUuid/posts/:postUuid')
@WorkspaceRoute('posts')
export class GetPostController {
  constructor(@Inject(RPC_CLIENT) private readonly rpc: RpcClient) {}

  @Get()
  async get(@CurrentMembership() membership: Membership, @Param('postUuid') postUuidText: string): Promise<PostView> {
    const request: PostRef = { workspaceUuid: membership.workspaceUuid, postUuid: postUuidFromPath(postUuidText) };
    return this.rpc.request<PostView>(RpcMethods.getPost, request);
  }
}
