import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOperation } from '@nestjs/swagger';
import { randomUUID } from 'node:crypto';
import { CreatePostRequest, RpcMethods } from '@app/contracts';
import { PostCommandSender } from '../post-command-sender';
import { AuthenticatedUser, CurrentMembership, CurrentUser, Membership } from '../../auth/authenticated-user';
import { WorkspaceRoute } from '../../auth/route-access';
import { ApiErrorResponses, ApiJsonBody, Failures } from '../../http/openapi/api-error-responses';
import { PostBodyDoc, UNKNOWN_FIELD_REFUSED } from '../post-body/post-body.doc';
import { PostDoc } from '../post.doc';
import { PostInputReader } from '../post-input';
import { Idempotent } from '../../idempotency/idempotent.decorator';
import { AnswersPost } from '../post-answer.interceptor';
import { POST_ETAG_HEADER, PostResource } from '../post-revision';

@Controller(':workspaceUuid/posts')
@WorkspaceRoute('posts')
export class CreatePostController {
  constructor(
    private readonly inputs: PostInputReader,
    private readonly commands: PostCommandSender,
  ) {}

  @Post()
  @ApiOperation({ summary: 'Create a post: a draft, scheduled, or queued' })
  @Idempotent()
  @AnswersPost()
  @HttpCode(201)
  @ApiJsonBody(PostBodyDoc, { versions: [{ account_id: 0, is_original: true, content: [{ body: 'Launch day: our new app is out.', media: [] }] }], accounts: [1], schedule_now: true })
  @ApiCreatedResponse({ type: PostDoc, description: 'the post: draft, scheduled, or needs_approval when a member without can_approve schedules it', headers: POST_ETAG_HEADER })
  @ApiErrorResponses({ 422: `${Failures.validation} ${UNKNOWN_FIELD_REFUSED}`, 503: Failures.unavailable })
  async create(@CurrentUser() user: AuthenticatedUser, @CurrentMembership() membership: Membership, @Body() body: unknown): Promise<PostResource> {
    const request: CreatePostRequest = {
      workspaceUuid: membership.workspaceUuid,
      postUuid: randomUUID(),
      actor: { userId: user.userId, canApprove: membership.canApprove },
      input: await this.inputs.read(membership.workspaceUuid, body),
    };
    return this.commands.sendForPost(RpcMethods.createPost, request);
  }
}
