import { Controller, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { PostRuleMessages } from '@app/domain';
import { CurrentMembership, Membership } from '../../../auth/authenticated-user';
import { WorkspaceRoute } from '../../../auth/route-access';
import { notFound } from '../../../http/api-error';
import { ListOf } from '../../../http/openapi/list-of';
import { ApiPostUuidParam, postUuidFromPath } from '../../post-uuid';
import { PostsReadModel } from '../../read-model/posts-read-model';
import { ReviewNoteDoc } from '../review-note.doc';
import { ReviewNote, ReviewNotes } from '../review-notes';

/** The review notes of a post, oldest first, for every member. */
@Controller(':workspaceUuid/posts/:postUuid/notes')
@WorkspaceRoute('posts')
export class ListNotesController {
  constructor(
    private readonly posts: PostsReadModel,
    private readonly notes: ReviewNotes,
  ) {}

  @Get()
  @ApiOperation({ summary: 'List the review notes of a post, oldest first' })
  @ApiPostUuidParam()
  @ApiOkResponse({ type: ListOf(ReviewNoteDoc), description: 'oldest first' })
  async list(@CurrentMembership() membership: Membership, @Param('postUuid') postUuidText: string): Promise<{ data: ReviewNote[] }> {
    const postUuid = postUuidFromPath(postUuidText);
    if (!(await this.posts.find(membership.workspaceUuid, postUuid))) throw notFound(PostRuleMessages.PostNotFound);
    return { data: await this.notes.of(membership.workspaceUuid, postUuid) };
  }
}
