import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { RpcMethods } from '@app/contracts';
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
 * Publishes a failed post again, at once, to the accounts whose status is failed (those already
 * published are left alone), as `schedule_now` would: a member without can_approve puts it into
 * needs_approval. Another status 400 (the post-service decides).
 */
@Controller(':workspaceUuid/posts/:postUuid/retry')
@WorkspaceRoute('posts')
export class RetryPostController {
  constructor(private readonly commands: PostCommandSender) {}

  @Post()
  @ApiOperation({ summary: 'Publish a failed post again to the accounts it failed on' })
  @Idempotent()
  @AnswersPost()
  @HttpCode(200)
  @ApiPostUuidParam()
  @ApiIfMatch()
  @ApiOkResponse({ type: PostDoc, description: 'the post, scheduled for now (needs_approval when the caller may not approve)', headers: POST_ETAG_HEADER })
  @ApiErrorResponses({ 400: `The post is not failed: "${PostRuleMessages.PostNotFailed}"`, 503: Failures.unavailable })
  async retry(
    @CurrentUser() user: AuthenticatedUser,
    @CurrentMembership() membership: Membership,
    @Param('postUuid') postUuidText: string,
    @ReadAtRevisions() expectedRevisions: number[] | undefined,
  ): Promise<PostResource> {
    return this.commands.sendForPost(RpcMethods.retryPost, postActionRequest(user, membership, postUuidText, expectedRevisions));
  }
}
