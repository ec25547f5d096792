import type { PostAccountItemView, PostView } from '@app/contracts';
import { accountPublishStatus, type ExistingPostState, type PostState, type PublishedItem, versionFor } from '@app/domain';
import { isCanonicalUtc } from '@app/persistence';

const itemView = (item: PublishedItem | null | undefined): PostAccountItemView | null =>
  item ? { external_id: item.externalId, external_url: item.externalUrl } : null;

/** The HTTP Post resource of a post's state; the same function serves command replies and the read model. */
export function toPostView(state: ExistingPostState): PostView {
  return {
    uuid: state.postUuid,
    status: state.status,
    versions: state.versions,
    accounts: state.accounts.map((account) => {
      const publication = state.publications[account.id];
      return {
        id: account.id,
        provider: account.provider,
        name: account.name,
        username: account.username,
        external_url: publication?.externalUrl ?? null,
        errors: publication?.errors ?? [],
        status: accountPublishStatus(publication),
        published_at: publication?.outcome === 'published' ? utcTimestamp(publication.at) : null,
        // One entry per content item of the version this account publishes; null until it is on the platform.
        items: (versionFor(account.id, state.versions)?.content ?? []).map((_item, index) => itemView(publication?.items[index])),
      };
    }),
    tags: state.tags,
    recycle: state.recycle,
    recycled_from: state.recycledFrom?.postUuid ?? null,
    scheduled_at: state.scheduledAt === null ? null : utcTimestamp(state.scheduledAt),
    published_at: state.publishedAt === null ? null : utcTimestamp(state.publishedAt),
    created_at: utcTimestamp(state.createdAt),
    updated_at: utcTimestamp(state.updatedAt),
  };
}

/** Responses carry UTC timestamps with a `Z` suffix, whatever offset the value was written with. */
export function utcTimestamp(value: string | Date): string {
  if (typeof value === 'string' && isCanonicalUtc(value)) return value;
  const time = value instanceof Date ? value.getTime() : Date.parse(value);
  return Number.isNaN(time) ? String(value) : new Date(time).toISOString();
}

/** The state after a command that created or changed a post; a command that leaves no post is a bug. */
export function existingState(state: PostState): ExistingPostState {
  if (!state.exists) throw new Error('The command left no post behind');
  return state;
}
