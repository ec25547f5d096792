import { Controller, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { PostActionRequest, PostView, RpcMethods } from '@app/contracts';
import { RPC_CLIENT, RpcClient } from '@app/messaging';
import { AuthenticatedUser, CurrentMembership, CurrentUser, Membership } from '../../auth/authenticated-user';
import { WorkspaceRoute } from '../../auth/route-access';
import { postUuidFromPath } from '../post-uuid';

/** Approves a post in needs_approval; without can_approve 403, another status 400 (the post-service decides). */
@Controller(':workspaceUuid/posts/:postUuid/approve')
@WorkspaceRoute('posts')
export class ApprovePostController {
  constructor(@Inject(RPC_CLIENT) private readonly rpc: RpcClient) {}

  @Post()
  @HttpCode(200)
  async approve(
    @CurrentUser() user: AuthenticatedUser,
    @CurrentMembership() membership: Membership,
    @Param('postUuid') postUuidText: string,
  ): Promise<PostView> {
    const request: PostActionRequest = {
      workspaceUuid: membership.workspaceUuid,
      postUuid: postUuidFromPath(postUuidText),
      actor: { userId: user.userId, canApprove: membership.canApprove },
    };
    return this.rpc.request<PostView>(RpcMethods.approvePost, request);
  }
}
