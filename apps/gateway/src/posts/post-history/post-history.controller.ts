import { Controller, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { PostRuleMessages } from '@app/domain';
import { CurrentMembership, Membership } from '../../auth/authenticated-user';
import { WorkspaceRoute } from '../../auth/route-access';
import { notFound } from '../../http/api-error';
import { ApiPostUuidParam, postUuidFromPath } from '../post-uuid';
import { PostHistoryEntry, PostsReadModel } from '../read-model/posts-read-model';
import { PostHistoryDoc } from './post-history.doc';

@Controller(':workspaceUuid/posts/:postUuid/history')
@WorkspaceRoute('posts')
export class PostHistoryController {
  constructor(private readonly posts: PostsReadModel) {}

  /** What happened to the post, oldest first: the `post-events` message types with their times. */
  @Get()
  @ApiOperation({ summary: 'What happened to a post, oldest first' })
  @ApiPostUuidParam()
  @ApiOkResponse({ type: PostHistoryDoc })
  async history(@CurrentMembership() membership: Membership, @Param('postUuid') postUuidText: string): Promise<{ data: PostHistoryEntry[] }> {
    const entries = await this.posts.history(membership.workspaceUuid, postUuidFromPath(postUuidText));
    if (!entries) throw notFound(PostRuleMessages.PostNotFound);
    return { data: entries };
  }
}
