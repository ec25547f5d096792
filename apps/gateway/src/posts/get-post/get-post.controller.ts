import { Controller, Get, Header, Param, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { PostRuleMessages } from '@app/domain';
import { CurrentMembership, Membership } from '../../auth/authenticated-user';
import { WorkspaceRoute } from '../../auth/route-access';
import { notFound } from '../../http/api-error';
import { ApiErrorResponses, Failures } from '../../http/openapi/api-error-responses';
import { withActionsJson } from '../post-actions-of';
import { PostDoc } from '../post.doc';
import { etagOf, POST_ETAG_HEADER } from '../post-revision';
import { ApiPostUuidParam, postUuidFromPath } from '../post-uuid';
import { PostsReadModel } from '../read-model/posts-read-model';

@Controller(':workspaceUuid/posts/:postUuid')
@WorkspaceRoute('posts')
export class GetPostController {
  constructor(private readonly posts: PostsReadModel) {}

  @Get()
  @ApiOperation({ summary: 'Get a post' })
  @ApiPostUuidParam()
  @ApiOkResponse({ type: PostDoc, headers: POST_ETAG_HEADER })
  @ApiErrorResponses({ 503: Failures.unavailable })
  // The view is sent as the read model stores it, JSON text: no parse, no second serialization.
  @Header('Content-Type', 'application/json; charset=utf-8')
  async get(@CurrentMembership() membership: Membership, @Param('postUuid') postUuidText: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const post = await this.posts.findJson(membership.workspaceUuid, postUuidFromPath(postUuidText));
    if (!post) throw notFound(PostRuleMessages.PostNotFound);
    void reply.header('etag', etagOf(post.revision));
    return withActionsJson(post.json, post.status, membership);
  }
}
