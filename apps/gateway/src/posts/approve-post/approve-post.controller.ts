import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { Messages, RpcMethods } from '@app/contracts';
import { PostRuleMessages } from '@app/domain';
import { PostCommandSender, postActionRequest } from '../post-command-sender';
import { AuthenticatedUser, CurrentMembership, CurrentUser, Membership } from '../../auth/authenticated-user';
import { WorkspaceRoute } from '../../auth/route-access';
import { ApiErrorResponses, Failures } from '../../http/openapi/api-error-responses';
import { PostDoc } from '../post.doc';
import { ApiPostUuidParam } from '../post-uuid';
import { Idempotent } from '../../idempotency/idempotent.decorator';
import { AnswersPost } from '../post-answer.interceptor';
import { ApiIfMatch, POST_ETAG_HEADER, PostResource, ReadAtRevisions } from '../post-revision';

/**
 * Approves a post in needs_approval; without can_approve 403, another status 400, a post changed
 * since the revision of `If-Match` 412: an approval approves the text its approver read (the
 * post-service decides).
 */
@Controller(':workspaceUuid/posts/:postUuid/approve')
@WorkspaceRoute('posts')
export class ApprovePostController {
  constructor(private readonly commands: PostCommandSender) {}

  @Post()
  @ApiOperation({ summary: 'Approve a post that needs approval' })
  @Idempotent()
  @AnswersPost()
  @HttpCode(200)
  @ApiPostUuidParam()
  @ApiIfMatch()
  @ApiOkResponse({ type: PostDoc, description: 'the post, scheduled', headers: POST_ETAG_HEADER })
  @ApiErrorResponses({
    400: `The post is not in needs_approval: "${PostRuleMessages.PostNotAwaitingApproval}"`,
    403: `The caller may not approve posts in this workspace (no can_approve): "${Messages.unauthorized}"`,
    503: Failures.unavailable,
  })
  async approve(
    @CurrentUser() user: AuthenticatedUser,
    @CurrentMembership() membership: Membership,
    @Param('postUuid') postUuidText: string,
    @ReadAtRevisions() expectedRevisions: number[] | undefined,
  ): Promise<PostResource> {
    return this.commands.sendForPost(RpcMethods.approvePost, postActionRequest(user, membership, postUuidText, expectedRevisions));
  }
}
