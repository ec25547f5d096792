import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOperation } from '@nestjs/swagger';
import { PostRuleMessages } from '@app/domain';
import { AuthenticatedUser, CurrentMembership, CurrentUser, Membership } from '../../../auth/authenticated-user';
import { WorkspaceRoute } from '../../../auth/route-access';
import { notFound } from '../../../http/api-error';
import { ApiErrorResponses, ApiJsonBody, Failures } from '../../../http/openapi/api-error-responses';
import { Idempotent } from '../../../idempotency/idempotent.decorator';
import { ApiPostUuidParam, postUuidFromPath } from '../../post-uuid';
import { PostsReadModel } from '../../read-model/posts-read-model';
import { ReviewNoteDoc } from '../review-note.doc';
import { ReviewNote, ReviewNotes } from '../review-notes';
import { AddNoteDto } from './add-note.dto';

/** Adds a review note to a post; any member who may write posts (viewers only read: 403). */
@Controller(':workspaceUuid/posts/:postUuid/notes')
@WorkspaceRoute('posts')
export class AddNoteController {
  constructor(
    private readonly posts: PostsReadModel,
    private readonly notes: ReviewNotes,
  ) {}

  @Post()
  @Idempotent()
  @HttpCode(201)
  @ApiPostUuidParam()
  @ApiOperation({ summary: 'Add a review note to a post' })
  @ApiJsonBody(AddNoteDto, { body: 'The second paragraph reads better without the emoji.' })
  @ApiCreatedResponse({ type: ReviewNoteDoc })
  @ApiErrorResponses({ 422: Failures.validation })
  async add(
    @CurrentUser() user: AuthenticatedUser,
    @CurrentMembership() membership: Membership,
    @Param('postUuid') postUuidText: string,
    @Body() body: AddNoteDto,
  ): Promise<ReviewNote> {
    const postUuid = postUuidFromPath(postUuidText);
    if (!(await this.posts.find(membership.workspaceUuid, postUuid))) throw notFound(PostRuleMessages.PostNotFound);
    return this.notes.add({ workspaceUuid: membership.workspaceUuid, postUuid, author: { userId: user.userId }, body: body.body.trim() });
  }
}
