import { Controller, Delete, HttpCode, Param } from '@nestjs/common';
import { ApiNoContentResponse, ApiOperation } from '@nestjs/swagger';
import { PostActionRequest, RpcMethods } from '@app/contracts';
import { PostRuleMessages } from '@app/domain';
import { PostCommandSender } from '../post-command-sender';
import { AuthenticatedUser, CurrentMembership, CurrentUser, Membership } from '../../auth/authenticated-user';
import { WorkspaceRoute } from '../../auth/route-access';
import { ApiErrorResponses, Failures } from '../../http/openapi/api-error-responses';
import { ApiIfMatch, ReadAtRevisions } from '../post-revision';
import { ApiPostUuidParam, postUuidFromPath } from '../post-uuid';

@Controller(':workspaceUuid/posts/:postUuid')
@WorkspaceRoute('posts')
export class DeletePostController {
  constructor(private readonly commands: PostCommandSender) {}

  @Delete()
  @ApiOperation({ summary: 'Delete a post that is not published' })
  @HttpCode(204)
  @ApiPostUuidParam()
  @ApiIfMatch()
  @ApiNoContentResponse({ description: 'deleted' })
  @ApiErrorResponses({ 400: `The post is published ("${PostRuleMessages.PublishedPostImmutable}") or being published.`, 503: Failures.unavailable })
  async delete(
    @CurrentUser() user: AuthenticatedUser,
    @CurrentMembership() membership: Membership,
    @Param('postUuid') postUuidText: string,
    @ReadAtRevisions() expectedRevisions: number[] | undefined,
  ): Promise<void> {
    const request: PostActionRequest = {
      workspaceUuid: membership.workspaceUuid,
      postUuid: postUuidFromPath(postUuidText),
      actor: { userId: user.userId, canApprove: membership.canApprove },
      expectedRevisions,
    };
    await this.commands.send(RpcMethods.deletePost, request);
  }
}
