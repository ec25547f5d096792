import { Controller, Get, Header, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { PostRuleMessages } from '@app/domain';
import { CurrentMembership, Membership } from '../../auth/authenticated-user';
import { WorkspaceRoute } from '../../auth/route-access';
import { notFound } from '../../http/api-error';
import { ApiErrorResponses, Failures } from '../../http/openapi/api-error-responses';
import { PostDoc } from '../post.doc';
import { ApiPostUuidParam, postUuidFromPath } from '../post-uuid';
import { PostsReadModel } from '../read-model/posts-read-model';

@Controller(':workspaceUuid/posts/:postUuid')
@WorkspaceRoute('posts')
export class GetPostController {
  constructor(private readonly posts: PostsReadModel) {}

  @Get()
  @ApiOperation({ summary: 'Get a post' })
  @ApiPostUuidParam()
  @ApiOkResponse({ type: PostDoc })
  @ApiErrorResponses({ 503: Failures.unavailable })
  // The view is sent as the read model stores it, JSON text: no parse, no second serialization.
  @Header('Content-Type', 'application/json; charset=utf-8')
  async get(@CurrentMembership() membership: Membership, @Param('postUuid') postUuidText: string): Promise<string> {
    const post = await this.posts.findJson(membership.workspaceUuid, postUuidFromPath(postUuidText));
    if (!post) throw notFound(PostRuleMessages.PostNotFound);
    return post;
  }
}
