import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiSchema } from '@nestjs/swagger';
import { PostValidationReply, RpcMethods } from '@app/contracts';
import { RPC_CLIENT, RpcClient } from '@app/messaging';
import { AuthenticatedUser, CurrentMembership, CurrentUser, Membership } from '../../auth/authenticated-user';
import { WorkspaceRoute } from '../../auth/route-access';
import { ApiErrorResponses, ApiJsonBody, Failures } from '../../http/openapi/api-error-responses';
import { POST_BODY_EXAMPLE, PostBodyDoc, UNKNOWN_FIELD_REFUSED } from '../post-body/post-body.doc';
import { PostInputReader } from '../post-input';

@ApiSchema({ name: 'PostValidation' })
class PostValidationDoc implements PostValidationReply {
  @ApiProperty({ enum: [true], example: true })
  valid: true;
}

/**
 * Preflight: the body of `POST posts` checked as creating it would (and scheduling it, when it asks
 * to), the platform rules of each account included, by the same reading and the same decision,
 * without creating anything: 200 `{"valid": true}`, or the answer creating would give.
 */
@Controller(':workspaceUuid/posts/validate')
@WorkspaceRoute('posts')
export class ValidatePostController {
  constructor(
    private readonly inputs: PostInputReader,
    @Inject(RPC_CLIENT) private readonly rpc: RpcClient,
  ) {}

  @Post()
  @ApiOperation({ summary: 'Check a post body as creating it would, without creating anything' })
  @HttpCode(200)
  @ApiJsonBody(PostBodyDoc, POST_BODY_EXAMPLE)
  @ApiOkResponse({ type: PostValidationDoc, description: 'creating this post now would succeed' })
  @ApiErrorResponses({ 422: `The answer creating the post would give: ${Failures.validation} ${UNKNOWN_FIELD_REFUSED}`, 503: Failures.unavailable })
  async validate(@CurrentUser() user: AuthenticatedUser, @CurrentMembership() membership: Membership, @Body() body: unknown): Promise<PostValidationReply> {
    return this.rpc.request<PostValidationReply>(RpcMethods.validatePost, await this.inputs.createRequest(user, membership, body));
  }
}
