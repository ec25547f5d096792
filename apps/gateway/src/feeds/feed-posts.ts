import { Injectable } from '@nestjs/common';
import { CreatePostRequest, RpcMethods } from '@app/contracts';
import { errorResponseOf } from '../http/error-response';
import { PostCommandSender } from '../posts/post-command-sender';
import { PostInputReader } from '../posts/post-input';
import { MembershipStore } from '../workspace/membership-store';
import { textFromTemplate, type FeedItem } from './feed-document';
import type { FollowedFeed } from './feed-store';

/** What became of making an item's post: made (or made before), refused for good (its reason), or to try again later. */
export type ItemOutcome = { made: true } | { made: false; retry: boolean; reason: string };

/** Refused for every item while it lasts: the feed's posts are its follower's. */
export const FOLLOWER_GONE = 'The member who follows this feed may no longer write posts in the workspace.';

/**
 * Makes an item of a feed a post of its follower, as `POST posts` would: a draft, or the next free
 * slot of the queue, with the feed's template as its text, to the feed's accounts. The post's uuid
 * is the item's own, so that making it again (after a crash) finds it made.
 */
@Injectable()
export class FeedPosts {
  constructor(
    private readonly memberships: MembershipStore,
    private readonly inputs: PostInputReader,
    private readonly commands: PostCommandSender,
  ) {}

  async make(feed: FollowedFeed, postUuid: string, item: FeedItem): Promise<ItemOutcome> {
    const membership = await this.memberships.find(feed.workspaceUuid, feed.createdBy);
    if (!membership || membership.role === 'viewer') return { made: false, retry: true, reason: FOLLOWER_GONE };
    const body = {
      versions: [{ account_id: 0, is_original: true, content: [{ body: textFromTemplate(feed.template, item), media: [] }], options: {} }],
      accounts: feed.accounts,
      tags: ['feed'],
      ...(feed.mode === 'queue' && { queue: true }),
    };
    try {
      const created = await this.inputs.createRequest({ userId: feed.createdBy }, { workspaceUuid: feed.workspaceUuid, ...membership }, body, postUuid);
      // Made before (a crash after the create, before the item was marked): the post-service answers with it.
      const request: CreatePostRequest = { ...created, replayIfExists: true };
      await this.commands.sendForPost(RpcMethods.createPost, request);
      return { made: true };
    } catch (error) {
      const { status, body: answer } = errorResponseOf(error);
      const details = 'errors' in answer && answer.errors ? ` ${Object.values(answer.errors).flat().join(' ')}` : '';
      return { made: false, retry: status >= 500 || status === 429, reason: `“${item.title || item.link}” was not posted: ${answer.message}${details}` };
    }
  }
}
