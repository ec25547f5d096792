import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiParam } from '@nestjs/swagger';
import { Messages } from '@app/contracts';
import { PostRuleMessages } from '@app/domain';
import { AuthenticatedUser, CurrentMembership, CurrentUser, Membership } from '../../auth/authenticated-user';
import { WorkspaceRoute } from '../../auth/route-access';
import { notFound, unauthorized } from '../../http/api-error';
import { ApiErrorResponses, ApiJsonBody, Failures } from '../../http/openapi/api-error-responses';
import { ListOf } from '../../http/openapi/list-of';
import { Idempotent } from '../../idempotency/idempotent.decorator';
import { ApiPostUuidParam, postUuidFromPath } from '../post-uuid';
import { PostsReadModel } from '../read-model/posts-read-model';
import { MakePreviewLinkDto, PREVIEW_LINK_HOURS } from './preview-link.dto';
import { MadePreviewLinkDoc, PreviewLinkDoc } from './preview-link.doc';
import { MadePreviewLink, PREVIEW_LINK_NOT_FOUND, PreviewLinks, PreviewLinkView } from './preview-links';

/**
 * A post's preview links, made, listed and revoked by its workspace's members: making one needs
 * the right to write posts, and a link that may approve needs the caller's own can_approve.
 */
@Controller(':workspaceUuid/posts/:postUuid/preview-links')
@WorkspaceRoute('posts')
export class ManagePreviewLinksController {
  constructor(
    private readonly posts: PostsReadModel,
    private readonly links: PreviewLinks,
  ) {}

  @Post()
  @Idempotent()
  @HttpCode(201)
  @ApiPostUuidParam()
  @ApiOperation({ summary: 'Make a link that shows the post to a reviewer without an account' })
  @ApiJsonBody(MakePreviewLinkDto, { expires_in_hours: 48, can_approve: true })
  @ApiCreatedResponse({ type: MadePreviewLinkDoc })
  @ApiErrorResponses({ 403: `\`can_approve: true\` from a member without can_approve: "${Messages.unauthorized}"`, 422: Failures.validation })
  async make(
    @CurrentUser() user: AuthenticatedUser,
    @CurrentMembership() membership: Membership,
    @Param('postUuid') postUuidText: string,
    @Body() body: MakePreviewLinkDto,
  ): Promise<MadePreviewLink> {
    const postUuid = await this.existingPost(membership, postUuidText);
    const canApprove = body.can_approve ?? false;
    if (canApprove && !membership.canApprove) throw unauthorized();
    return this.links.make({ workspaceUuid: membership.workspaceUuid, postUuid, createdBy: user.userId, canApprove, expiresInHours: body.expires_in_hours ?? PREVIEW_LINK_HOURS.default });
  }

  @Get()
  @ApiPostUuidParam()
  @ApiOperation({ summary: 'List the post’s preview links that were not revoked (never their tokens)' })
  @ApiOkResponse({ type: ListOf(PreviewLinkDoc), description: 'oldest first' })
  async list(@CurrentMembership() membership: Membership, @Param('postUuid') postUuidText: string): Promise<{ data: PreviewLinkView[] }> {
    const postUuid = await this.existingPost(membership, postUuidText);
    return { data: await this.links.of(membership.workspaceUuid, postUuid) };
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiPostUuidParam()
  @ApiParam({ name: 'id', schema: { type: 'integer' } })
  @ApiOperation({ summary: 'Revoke a preview link: it shows nothing from now on' })
  @ApiNoContentResponse({ description: 'revoked' })
  @ApiErrorResponses({ 404: `No such link on the post, or it was revoked already: "${PREVIEW_LINK_NOT_FOUND}"` })
  async revoke(@CurrentMembership() membership: Membership, @Param('postUuid') postUuidText: string, @Param('id') idText: string): Promise<void> {
    const postUuid = postUuidFromPath(postUuidText);
    const id = /^[1-9]\d{0,15}$/.test(idText) ? Number(idText) : 0;
    if (!id || !(await this.links.revoke(membership.workspaceUuid, postUuid, id))) throw notFound(PREVIEW_LINK_NOT_FOUND);
  }

  private async existingPost(membership: Membership, postUuidText: string): Promise<string> {
    const postUuid = postUuidFromPath(postUuidText);
    if (!(await this.posts.find(membership.workspaceUuid, postUuid))) throw notFound(PostRuleMessages.PostNotFound);
    return postUuid;
  }
}
