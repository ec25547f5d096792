import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import { derivedUuid } from '@app/contracts';
import { errorMessage } from '@app/errors';
import { WakeUpLoop } from '@app/persistence';
import { FeedFormatError, feedItemsOf } from './feed-document';
import { FEED_READ_LIMITS, FeedReadError, readFeed } from './feed-fetcher';
import { FeedPosts } from './feed-posts';
import { FeedStore, FeedView, FollowedFeed } from './feed-store';

/** Feeds read at once by one round. */
const FEEDS_PER_ROUND = 5;
/** How long a reader holds a feed: its read, and the posts of its new items. */
const LEASE_MS = 120_000;

/**
 * Reads the followed feeds when they come due (every FEED_POLL_INTERVAL_MINUTES), one reader at a
 * time per feed across replicas: the first read marks the items present as seen; each later item
 * becomes one post, once (its post's uuid is fixed when it is found, and an item whose post could
 * not be made yet is tried again at the next read). A feed that cannot be read or parsed is kept,
 * with its `last_error`, and read again at its next time.
 */
@Injectable()
export class FeedReader implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Feeds');
  private readonly loop = new WakeUpLoop({ name: 'feeds', idleRecheckMs: 60_000, failurePauseMs: 5_000, dueMarginMs: 0, logger: this.logger }, () => this.round());

  constructor(
    private readonly feeds: FeedStore,
    private readonly posts: FeedPosts,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.loop.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.loop.stop();
  }

  /** Reads the feed now (unless another reader holds it this moment); the feed as it then is, or null when the workspace follows no such feed. */
  async readNow(workspaceUuid: string, id: number): Promise<FeedView | null> {
    const claimed = await this.feeds.claimOne(workspaceUuid, id, LEASE_MS);
    if (claimed) await this.read(claimed.feed, claimed.leaseToken);
    return this.feeds.find(workspaceUuid, id);
  }

  private async round(): Promise<number | null> {
    const { leaseToken, feeds } = await this.feeds.claimDue(FEEDS_PER_ROUND, LEASE_MS);
    for (const feed of feeds) await this.read(feed, leaseToken);
    return feeds.length === FEEDS_PER_ROUND ? 0 : this.feeds.msUntilNextDue();
  }

  private async read(feed: FollowedFeed, leaseToken: string): Promise<void> {
    const next = this.config.feedPollIntervalMinutes * 60_000;
    try {
      const read = await readFeed(feed.url, { etag: feed.etag, lastModified: feed.lastModified }, { ...FEED_READ_LIMITS, allowPrivate: this.config.feedAllowPrivateUrls });
      if (read.modified) await this.feeds.noteItems(feed, feedItemsOf(read.body), (key) => derivedUuid('feed-item', String(feed.id), key));
      const error = await this.postWaiting(feed);
      await this.feeds.finishRead(feed, leaseToken, read.modified ? { etag: read.etag, lastModified: read.lastModified, error } : { error }, next);
    } catch (failure) {
      const known = failure instanceof FeedReadError || failure instanceof FeedFormatError;
      if (!known) this.logger.error(`Feed ${feed.id} of workspace ${feed.workspaceUuid} failed: ${errorMessage(failure)}`);
      else this.logger.warn(`Feed ${feed.id} of workspace ${feed.workspaceUuid} could not be read: ${failure.message}`);
      await this.feeds.finishRead(feed, leaseToken, { error: known ? failure.message : 'The feed could not be read: the service failed; it is read again at its next time.' }, next);
    }
  }

  /** Makes the posts of the items waiting for one, oldest first; the last reason one was not made, or null. */
  private async postWaiting(feed: FollowedFeed): Promise<string | null> {
    let reason: string | null = null;
    for (const waiting of await this.feeds.waiting(feed.id)) {
      const outcome = await this.posts.make(feed, waiting.postUuid, waiting.item);
      if (outcome.made) {
        this.logger.log(`Feed ${feed.id} of workspace ${feed.workspaceUuid}: post ${waiting.postUuid} made of a new item`);
        await this.feeds.itemDone(feed.id, waiting.key);
        continue;
      }
      reason = outcome.reason;
      if (outcome.retry) break;
      await this.feeds.itemDone(feed.id, waiting.key);
    }
    return reason;
  }
}
