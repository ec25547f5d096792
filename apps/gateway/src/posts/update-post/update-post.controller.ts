import { Body, Controller, Param, Put } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { RpcMethods, UpdatePostRequest } from '@app/contracts';
import { PostRuleMessages } from '@app/domain';
import { PostCommandSender } from '../post-command-sender';
import { AuthenticatedUser, CurrentMembership, CurrentUser, Membership } from '../../auth/authenticated-user';
import { WorkspaceRoute } from '../../auth/route-access';
import { ApiErrorResponses, ApiJsonBody, Failures } from '../../http/openapi/api-error-responses';
import { PostBodyDoc, UNKNOWN_FIELD_REFUSED } from '../post-body/post-body.doc';
import { PostDoc } from '../post.doc';
import { AnswersPost } from '../post-answer.interceptor';
import { PostInputReader } from '../post-input';
import { ApiIfMatch, POST_ETAG_HEADER, PostResource, ReadAtRevisions } from '../post-revision';
import { ApiPostUuidParam, postUuidFromPath } from '../post-uuid';

/**
 * Replaces a post's content and schedule; a published post answers 400, one changed since the
 * revision of `If-Match` 412 (decided by the post-service, on the revision it appends after).
 */
@Controller(':workspaceUuid/posts/:postUuid')
@WorkspaceRoute('posts')
export class UpdatePostController {
  constructor(
    private readonly inputs: PostInputReader,
    private readonly commands: PostCommandSender,
  ) {}

  @Put()
  @ApiOperation({ summary: 'Replace a post that is not published' })
  @AnswersPost()
  @ApiPostUuidParam()
  @ApiIfMatch()
  @ApiJsonBody(PostBodyDoc, { versions: [{ account_id: 0, is_original: true, content: [{ body: 'Launch day: our new app is out, for iOS and Android.', media: [] }] }], accounts: [1] })
  @ApiOkResponse({ type: PostDoc, headers: POST_ETAG_HEADER })
  @ApiErrorResponses({ 400: `The post is published ("${PostRuleMessages.PublishedPostImmutable}") or being published.`, 422: `${Failures.validation} ${UNKNOWN_FIELD_REFUSED}`, 503: Failures.unavailable })
  async update(
    @CurrentUser() user: AuthenticatedUser,
    @CurrentMembership() membership: Membership,
    @Param('postUuid') postUuidText: string,
    @Body() body: unknown,
    @ReadAtRevisions() expectedRevisions: number[] | undefined,
  ): Promise<PostResource> {
    const postUuid = postUuidFromPath(postUuidText);
    const request: UpdatePostRequest = {
      workspaceUuid: membership.workspaceUuid,
      postUuid,
      actor: { userId: user.userId, canApprove: membership.canApprove },
      input: await this.inputs.read(membership.workspaceUuid, body, { updating: true }),
      expectedRevisions,
    };
    return this.commands.sendForPost(RpcMethods.updatePost, request);
  }
}
