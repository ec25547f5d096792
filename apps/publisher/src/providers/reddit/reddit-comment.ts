import { ProviderConnection, ProviderFailure, PublishOutcome, PublishRequest } from '../publish-provider';
import { bearer, formBody, isTokenFailure, RedditApi } from './reddit-api';
import { redditFailure } from './reddit-errors';
import { createdSince, createJournaled, forget, journaledAt } from './reddit-journal';

/** A comment as Reddit answers it (`data.things[0].data`) and lists it. */
interface CommentThing {
  name?: string;
  link_id?: string;
  parent_id?: string;
  permalink?: string;
  created_utc?: number;
}

/** Where a first comment's request is journaled before it is sent. */
const COMMENT_MARK = 'commented_at';

export const RedditCommentMessages = {
  noMedia: 'A Reddit comment is text only: the second content item cannot carry media.',
  noComment: 'Reddit took the comment but did not say which it is, and it is not among the account’s newest comments.',
} as const;

/**
 * The first comment: a version's second content item, a comment of the same account on its post
 * (`POST /api/comment`, `thing_id` the post's fullname; Reddit's limit is 10,000 characters).
 * Journaled before it is sent; after a lost answer or a crash, the account's newest comments are
 * read (`/user/{name}/comments`) and a comment on the post since the first attempt is taken for
 * it, so it is never commented twice.
 */
export class RedditComments {
  constructor(private readonly api: RedditApi) {}

  async publish({ connection, followUp, item, media, progress, firstAttemptAt }: PublishRequest): Promise<PublishOutcome> {
    if (media.length > 0) return { kind: 'rejected', message: RedditCommentMessages.noMedia };
    const post = followUp!.root.externalId;
    if ((await journaledAt(progress, COMMENT_MARK)) !== null) {
      const earlier = await this.find(connection, post, firstAttemptAt);
      if (earlier) return earlier;
    }
    const created = await createJournaled(progress, COMMENT_MARK, () =>
      this.api.send(connection.session, (token) => ({
        method: 'POST',
        url: `${this.api.apiUrl}/api/comment`,
        headers: bearer(token),
        bytes: formBody({ api_type: 'json', thing_id: post, text: item.body }),
      })),
    );
    if (created.kind === 'accepted') {
      const comment = ((created.data.things ?? []) as { data?: CommentThing }[])[0]?.data;
      if (comment?.name) return published(comment);
    }
    if (created.kind !== 'accepted' && created.kind !== 'lost' && created.kind !== 'erred') return created;
    const found = await this.find(connection, post, firstAttemptAt);
    if (found) return found;
    if (created.kind === 'erred') await forget(progress, COMMENT_MARK);
    return created.kind === 'accepted' ? { kind: 'unknown', message: RedditCommentMessages.noComment } : created.failure;
  }

  /** The account's comment on the post made since the first attempt, among its newest. */
  private async find(connection: ProviderConnection, post: string, since: Date): Promise<PublishOutcome | ProviderFailure | null> {
    const answer = await this.api.newestOf(connection, 'comments');
    if (isTokenFailure(answer)) return answer;
    if (answer.kind !== 'answer' || answer.status !== 200) return redditFailure(answer);
    const children = (answer.body as { data?: { children?: { kind?: string; data?: CommentThing }[] } } | null)?.data?.children ?? [];
    const found = children.find((child) => child.kind === 't1' && child.data?.name && child.data.link_id === post && child.data.parent_id === post && createdSince(child.data.created_utc, since));
    return found ? published(found.data!) : null;
  }
}

const published = (comment: CommentThing): PublishOutcome => ({
  kind: 'published',
  externalId: comment.name!,
  externalUrl: comment.permalink ? `https://www.reddit.com${comment.permalink}` : null,
});
