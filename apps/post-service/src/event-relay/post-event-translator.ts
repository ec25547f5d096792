import { Headers, Topics } from '@app/contracts';
import { evolve, foldPost, initialPostState, PostState } from '@app/domain';
import type { EventStore, RecordedEvent, RelayedMessage } from '@app/event-store';
import { isPostEvent, toPostEvent } from '../command-handling/post-event-codec';
import { existingState, ExistingPostState } from '../post-view/to-post-view';
import { toPostEventMessage } from './to-post-event-message';

/** Posts whose latest state the relay keeps, so that the next event of each needs no read. */
const REMEMBERED_POSTS = 10_000;

/**
 * Turns stored post events into `post-events` messages. Each message carries the post after its
 * event, so the relay folds the post's stream with `evolve`: from the state it kept for the
 * previous event of the post (events come in store order), or from the stream when it has none.
 */
export class PostEventTranslator {
  private readonly states = new Map<string, ExistingPostState>();

  constructor(
    private readonly store: EventStore,
    private readonly remembered = REMEMBERED_POSTS,
  ) {}

  readonly toRelayedMessage = async (recorded: RecordedEvent): Promise<RelayedMessage | null> => {
    if (!isPostEvent(recorded)) return null;
    const event = toPostEvent(recorded);
    const after = existingState(evolve(await this.stateBefore(recorded), event));
    this.remember(recorded.streamId, after);
    const message = toPostEventMessage(event, after, recorded);
    return {
      topic: Topics.postEvents,
      key: message.postUuid,
      value: message,
      headers: { [Headers.eventId]: message.id, [Headers.eventType]: message.type },
    };
  };

  private async stateBefore(recorded: RecordedEvent): Promise<PostState> {
    if (recorded.revision === 0) return initialPostState;
    const kept = this.states.get(recorded.streamId);
    if (kept?.revision === recorded.revision - 1) return kept;
    const earlier = (await this.store.readStream(recorded.streamId)).filter((each) => each.revision < recorded.revision);
    return foldPost(earlier.map(toPostEvent));
  }

  private remember(streamId: string, state: ExistingPostState): void {
    this.states.delete(streamId);
    this.states.set(streamId, state);
    if (this.states.size > this.remembered) this.states.delete(this.states.keys().next().value!);
  }
}
