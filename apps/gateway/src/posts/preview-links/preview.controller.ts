import { Body, Controller, Get, HttpCode, Logger, Param, Post, UseGuards } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { Messages, RpcMethods, type PostView } from '@app/contracts';
import { PostRuleMessages } from '@app/domain';
import { notFound, unauthorized } from '../../http/api-error';
import { ApiErrorResponses, ApiJsonBody, Failures } from '../../http/openapi/api-error-responses';
import { MembershipStore } from '../../workspace/membership-store';
import { PostCommandSender } from '../post-command-sender';
import { PostsReadModel } from '../read-model/posts-read-model';
import { ReviewNoteDoc } from '../review-notes/review-note.doc';
import { ReviewNote, ReviewNotes } from '../review-notes/review-notes';
import { OutsideReviewerGuard } from './outside-reviewer.guard';
import { PostPreview, postPreviewOf, PreviewRendering, previewRenderingOf } from './post-preview';
import { OutsideApprovalDto, OutsideNoteDto } from './preview-link.dto';
import { PostPreviewDoc, PreviewRenderingDoc } from './preview-link.doc';
import { OpenPreviewLink, PREVIEW_LINK_NOT_FOUND, PreviewLinks } from './preview-links';

const NOT_FOUND = `Unknown, expired or revoked link: "${PREVIEW_LINK_NOT_FOUND}"`;

/**
 * What a preview link opens, with no account: the post as its networks would show it, its notes,
 * a note from the reviewer, and an approval when the link allows it. An approval through a link is
 * made on the authority of the member who made it, as they may approve now (403 once they may not).
 */
@ApiTags('preview')
@Controller('preview/:token')
@UseGuards(OutsideReviewerGuard)
@ApiParam({ name: 'token', description: 'the token of the link, the last segment of its url' })
@ApiErrorResponses({ 404: NOT_FOUND, 429: `The client address used up its requests of the minute without a token: "${Messages.tooManyAttempts}"` })
export class PreviewController {
  private readonly logger = new Logger('Gateway');

  constructor(
    private readonly links: PreviewLinks,
    private readonly posts: PostsReadModel,
    private readonly notes: ReviewNotes,
    private readonly memberships: MembershipStore,
    private readonly commands: PostCommandSender,
  ) {}

  @Get()
  @ApiOperation({ summary: 'The post a preview link shows, with its review notes (no token needed)' })
  @ApiOkResponse({ type: PostPreviewDoc })
  async show(@Param('token') token: string): Promise<PostPreview> {
    const { link, post } = await this.opened(token);
    return postPreviewOf(post, await this.notes.of(link.workspaceUuid, link.postUuid), link);
  }

  @Get('platforms')
  @ApiOperation({ summary: 'For the preview page: the descriptions of the post’s platforms, and the version each account publishes' })
  @ApiOkResponse({ type: PreviewRenderingDoc })
  async rendering(@Param('token') token: string): Promise<PreviewRendering> {
    return previewRenderingOf((await this.opened(token)).post);
  }

  @Post('notes')
  @HttpCode(201)
  @ApiOperation({ summary: 'Add a review note from outside, under the name the reviewer gives' })
  @ApiJsonBody(OutsideNoteDto, { name: 'Carol (client)', body: 'Please say “spring” instead of “Q2”.' })
  @ApiCreatedResponse({ type: ReviewNoteDoc })
  @ApiErrorResponses({ 422: Failures.validation })
  async addNote(@Param('token') token: string, @Body() body: OutsideNoteDto): Promise<ReviewNote> {
    const { link } = await this.opened(token);
    return this.notes.add({ workspaceUuid: link.workspaceUuid, postUuid: link.postUuid, author: { outsideName: body.name.trim() }, body: body.body.trim() });
  }

  @Post('approve')
  @HttpCode(200)
  @ApiOperation({ summary: 'Approve the post through a link that allows it, as the member who made the link' })
  @ApiJsonBody(OutsideApprovalDto, { name: 'Carol (client)' })
  @ApiOkResponse({ type: PostPreviewDoc, description: 'the preview, the post scheduled' })
  @ApiErrorResponses({
    400: `The post is not in needs_approval: "${PostRuleMessages.PostNotAwaitingApproval}"`,
    403: `The link does not allow approving, or the member who made it may no longer approve: "${Messages.unauthorized}"`,
    422: Failures.validation,
    503: Failures.unavailable,
  })
  async approve(@Param('token') token: string, @Body() body: OutsideApprovalDto): Promise<PostPreview> {
    const { link } = await this.opened(token);
    const maker = link.canApprove ? await this.memberships.find(link.workspaceUuid, link.createdBy) : null;
    if (!maker?.canApprove) throw unauthorized();
    const request = { workspaceUuid: link.workspaceUuid, postUuid: link.postUuid, actor: { userId: link.createdBy, canApprove: true }, expectedRevisions: undefined };
    const approved = await this.commands.sendForPost(RpcMethods.approvePost, request);
    this.logger.log(`Post ${link.postUuid} approved through preview link ${link.id} by the reviewer "${body.name.trim()}", as user ${link.createdBy}`);
    return postPreviewOf(approved, await this.notes.of(link.workspaceUuid, link.postUuid), link);
  }

  /** The live link of the token and its post; 404 for an unknown, expired or revoked link, or a post deleted since. */
  private async opened(token: string): Promise<{ link: OpenPreviewLink; post: PostView }> {
    const link = await this.links.open(token);
    const post = link && (await this.posts.find(link.workspaceUuid, link.postUuid));
    if (!link || !post) throw notFound(PREVIEW_LINK_NOT_FOUND);
    return { link, post };
  }
}
