import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOperation } from '@nestjs/swagger';
import { RpcMethods } from '@app/contracts';
import { PostCommandSender } from '../post-command-sender';
import { AuthenticatedUser, CurrentMembership, CurrentUser, Membership } from '../../auth/authenticated-user';
import { WorkspaceRoute } from '../../auth/route-access';
import { ApiErrorResponses, ApiJsonBody, Failures } from '../../http/openapi/api-error-responses';
import { POST_BODY_EXAMPLE, PostBodyDoc, UNKNOWN_FIELD_REFUSED } from '../post-body/post-body.doc';
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
  @ApiJsonBody(PostBodyDoc, POST_BODY_EXAMPLE)
  @ApiCreatedResponse({ type: PostDoc, description: 'the post: draft, scheduled, or needs_approval when a member without can_approve schedules it', headers: POST_ETAG_HEADER })
  @ApiErrorResponses({ 422: `${Failures.validation} ${UNKNOWN_FIELD_REFUSED}`, 503: Failures.unavailable })
  async create(@CurrentUser() user: AuthenticatedUser, @CurrentMembership() membership: Membership, @Body() body: unknown): Promise<PostResource> {
    return this.commands.sendForPost(RpcMethods.createPost, await this.inputs.createRequest(user, membership, body));
  }
}
