import type { PostEventMessage } from '@app/contracts';
import { evolve, initialPostState, PostEvent } from '@app/domain';
import type { ExistingPostState } from '../post-view/to-post-view';
import { PostRow, toPostRow } from '../read-model/post-row';

export type ProjectionStep =
  /** The event is the next one of the post: the row to write. */
  | { kind: 'apply'; row: PostRow }
  /** Already applied (a redelivery, or an older event): nothing to do. */
  | { kind: 'already_applied' }
  /** Events before this one have not been applied yet: they must come first. */
  | { kind: 'gap'; nextRevision: number };

/**
 * The read model's step for one event, given the state the row holds (null when the post has no
 * row yet). Idempotent by stream revision: only the next revision of the post is applied.
 */
export function projectPostEvent(current: ExistingPostState | null, message: PostEventMessage): ProjectionStep {
  const nextRevision = current === null ? 0 : current.revision + 1;
  if (message.revision < nextRevision) return { kind: 'already_applied' };
  if (message.revision > nextRevision) return { kind: 'gap', nextRevision };
  const next = evolve(current ?? initialPostState, domainEventOf(message));
  if (!next.exists) throw new Error(`Event ${message.eventId} left post ${message.postUuid} without state`);
  return { kind: 'apply', row: toPostRow(next) };
}

function domainEventOf(message: PostEventMessage): PostEvent {
  return { type: message.type, data: message.data } as PostEvent;
}
