import { Body, Controller, Param, Put } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { PostView, RpcMethods, UpdatePostRequest } from '@app/contracts';
import { PostRuleMessages } from '@app/domain';
import { PostCommandSender } from '../post-command-sender';
import { AuthenticatedUser, CurrentMembership, CurrentUser, Membership } from '../../auth/authenticated-user';
import { WorkspaceRoute } from '../../auth/route-access';
import { ApiErrorResponses, ApiJsonBody, Failures } from '../../http/openapi/api-error-responses';
import { PostBodyDoc } from '../post-body/post-body.doc';
import { PostDoc } from '../post.doc';
import { PostInputReader } from '../post-input';
import { ApiPostUuidParam, postUuidFromPath } from '../post-uuid';

/** Replaces a post's content and schedule; a published post answers 400 (decided by the post-service). */
@Controller(':workspaceUuid/posts/:postUuid')
@WorkspaceRoute('posts')
export class UpdatePostController {
  constructor(
    private readonly inputs: PostInputReader,
    private readonly commands: PostCommandSender,
  ) {}

  @Put()
  @ApiOperation({ summary: 'Replace a post that is not published' })
  @ApiPostUuidParam()
  @ApiJsonBody(PostBodyDoc, { versions: [{ account_id: 0, is_original: true, content: [{ body: 'Launch day: our new app is out, for iOS and Android.', media: [] }] }], accounts: [1] })
  @ApiOkResponse({ type: PostDoc })
  @ApiErrorResponses({ 400: `The post is published ("${PostRuleMessages.PublishedPostImmutable}") or being published.`, 422: Failures.validation, 503: Failures.unavailable })
  async update(
    @CurrentUser() user: AuthenticatedUser,
    @CurrentMembership() membership: Membership,
    @Param('postUuid') postUuidText: string,
    @Body() body: unknown,
  ): Promise<PostView> {
    const postUuid = postUuidFromPath(postUuidText);
    const request: UpdatePostRequest = {
      workspaceUuid: membership.workspaceUuid,
      postUuid,
      actor: { userId: user.userId, canApprove: membership.canApprove },
      input: await this.inputs.read(membership.workspaceUuid, body, { updating: true }),
    };
    return this.commands.sendForPost(RpcMethods.updatePost, request);
  }
}
