import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { Messages, PostActionRequest, PostView, RpcMethods } from '@app/contracts';
import { PostRuleMessages } from '@app/domain';
import { PostCommandSender } from '../post-command-sender';
import { AuthenticatedUser, CurrentMembership, CurrentUser, Membership } from '../../auth/authenticated-user';
import { WorkspaceRoute } from '../../auth/route-access';
import { ApiErrorResponses, Failures } from '../../http/openapi/api-error-responses';
import { PostDoc } from '../post.doc';
import { ApiPostUuidParam, postUuidFromPath } from '../post-uuid';
import { Idempotent } from '../../idempotency/idempotent.decorator';

/** Approves a post in needs_approval; without can_approve 403, another status 400 (the post-service decides). */
@Controller(':workspaceUuid/posts/:postUuid/approve')
@WorkspaceRoute('posts')
export class ApprovePostController {
  constructor(private readonly commands: PostCommandSender) {}

  @Post()
  @ApiOperation({ summary: 'Approve a post that needs approval' })
  @Idempotent()
  @HttpCode(200)
  @ApiPostUuidParam()
  @ApiOkResponse({ type: PostDoc, description: 'the post, scheduled' })
  @ApiErrorResponses({
    400: `The post is not in needs_approval: "${PostRuleMessages.PostNotAwaitingApproval}"`,
    403: `The caller may not approve posts in this workspace (no can_approve): "${Messages.unauthorized}"`,
    503: Failures.unavailable,
  })
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
    return this.commands.sendForPost(RpcMethods.approvePost, request);
  }
}
