import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiParam } from '@nestjs/swagger';
import { APP_CONFIG, AppConfig } from '@app/config';
import { FieldMessages } from '@app/domain';
import { findNonPublicAddress, hostOf } from '@app/network';
import { AccountStore } from '../accounts/account-store';
import { AuthenticatedUser, CurrentMembership, CurrentUser, Membership } from '../auth/authenticated-user';
import { WorkspaceRoute } from '../auth/route-access';
import { notFound, validationFailed } from '../http/api-error';
import { ApiErrorResponses, ApiJsonBody, Failures } from '../http/openapi/api-error-responses';
import { ListOf } from '../http/openapi/list-of';
import { Idempotent } from '../idempotency/idempotent.decorator';
import { NOT_PUBLIC } from './feed-fetcher';
import { FeedReader } from './feed-reader';
import { FeedStore, FeedView } from './feed-store';
import { DEFAULT_FEED_TEMPLATE, FeedDoc, FollowFeedDto } from './feed.dto';

export const FEED_NOT_FOUND = 'Feed not found.';

const idOf = (text: string): number => (/^[1-9]\d{0,15}$/.test(text) ? Number(text) : 0);

/** The RSS and Atom feeds a workspace follows: each new item becomes a post (a draft, or the queue's next slot). */
@Controller(':workspaceUuid/feeds')
@WorkspaceRoute('feeds')
export class FeedsController {
  constructor(
    private readonly feeds: FeedStore,
    private readonly reader: FeedReader,
    private readonly accounts: AccountStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post()
  @Idempotent()
  @HttpCode(201)
  @ApiOperation({ summary: 'Follow a feed: it is read at once (the items present then are never posted), then every FEED_POLL_INTERVAL_MINUTES' })
  @ApiJsonBody(FollowFeedDto, { url: 'https://blog.example.com/feed.xml', accounts: [1], mode: 'draft', template: 'New on the blog: {title} {link}' })
  @ApiCreatedResponse({ type: FeedDoc, description: 'the feed after its first read (`last_error` says why it could not be read)' })
  @ApiErrorResponses({ 422: Failures.validation })
  async follow(@CurrentUser() user: AuthenticatedUser, @CurrentMembership() membership: Membership, @Body() body: FollowFeedDto): Promise<FeedView> {
    await this.check(membership.workspaceUuid, body);
    const feed = await this.feeds.add({ workspaceUuid: membership.workspaceUuid, createdBy: user.userId, url: body.url, accounts: body.accounts, mode: body.mode, template: body.template ?? DEFAULT_FEED_TEMPLATE });
    return (await this.reader.readNow(membership.workspaceUuid, feed.id)) ?? feed;
  }

  @Get()
  @ApiOperation({ summary: 'List the feeds the workspace follows' })
  @ApiOkResponse({ type: ListOf(FeedDoc) })
  async list(@CurrentMembership() membership: Membership): Promise<{ data: FeedView[] }> {
    return { data: await this.feeds.list(membership.workspaceUuid) };
  }

  @Get(':id')
  @ApiParam({ name: 'id', schema: { type: 'integer' } })
  @ApiOperation({ summary: 'A feed the workspace follows' })
  @ApiOkResponse({ type: FeedDoc })
  @ApiErrorResponses({ 404: `No such feed in the workspace: "${FEED_NOT_FOUND}"` })
  async get(@CurrentMembership() membership: Membership, @Param('id') id: string): Promise<FeedView> {
    const feed = await this.feeds.find(membership.workspaceUuid, idOf(id));
    if (!feed) throw notFound(FEED_NOT_FOUND);
    return feed;
  }

  @Post(':id/poll')
  @HttpCode(200)
  @ApiParam({ name: 'id', schema: { type: 'integer' } })
  @ApiOperation({ summary: 'Read a feed now, rather than at its next time' })
  @ApiOkResponse({ type: FeedDoc, description: 'the feed after the read' })
  @ApiErrorResponses({ 404: `No such feed in the workspace: "${FEED_NOT_FOUND}"` })
  async poll(@CurrentMembership() membership: Membership, @Param('id') id: string): Promise<FeedView> {
    const feed = await this.reader.readNow(membership.workspaceUuid, idOf(id));
    if (!feed) throw notFound(FEED_NOT_FOUND);
    return feed;
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiParam({ name: 'id', schema: { type: 'integer' } })
  @ApiOperation({ summary: 'Stop following a feed (its posts stay)' })
  @ApiNoContentResponse({ description: 'no longer followed' })
  @ApiErrorResponses({ 404: `No such feed in the workspace: "${FEED_NOT_FOUND}"` })
  async remove(@CurrentMembership() membership: Membership, @Param('id') id: string): Promise<void> {
    if (!(await this.feeds.remove(membership.workspaceUuid, idOf(id)))) throw notFound(FEED_NOT_FOUND);
  }

  /** The URL is http(s) and (unless allowed) public; each account is one of the workspace's. Every failing field at once. */
  private async check(workspaceUuid: string, body: FollowFeedDto): Promise<void> {
    const errors: Record<string, string[]> = {};
    const url = URL.canParse(body.url) ? new URL(body.url) : null;
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') errors.url = [FieldMessages.url('url')];
    else if (!this.config.feedAllowPrivateUrls) {
      const refused = await findNonPublicAddress(hostOf(url)).catch(() => null);
      if (refused) errors.url = [NOT_PUBLIC];
    }
    const { accounts } = await this.accounts.postTargets(workspaceUuid);
    body.accounts.forEach((id, index) => {
      if (!accounts.has(id)) errors[`accounts.${index}`] = [FieldMessages.selectedInvalid(`accounts.${index}`)];
    });
    if (Object.keys(errors).length > 0) throw validationFailed(errors);
  }
}
