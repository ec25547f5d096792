import { Headers, Topics } from '@app/contracts';
import { evolve, foldPost, initialPostState, PostState } from '@app/domain';
import type { EventStore, RecordedEvent, RelayedMessage } from '@app/event-store';
import { isPostEvent, toPostEvent } from '../command-handling/post-event-codec';
import { RecentPostStates } from '../command-handling/recent-post-states';
import { existingState } from '../post-view/to-post-view';
import { toPostEventMessage } from './to-post-event-message';

/**
 * Turns stored post events into `post-events` messages. Each message carries the post after its
 * event, so the relay folds the post's stream with `evolve`: from the state this process last saw
 * of the post when it is the one just before the event (the command path left it, or the relay's
 * previous event of the post: events come in store order), or from the stream otherwise.
 */
export class PostEventTranslator {
  constructor(
    private readonly store: EventStore,
    private readonly states: RecentPostStates = new RecentPostStates(),
  ) {}

  readonly toRelayedMessage = async (recorded: RecordedEvent): Promise<RelayedMessage | null> => {
    if (!isPostEvent(recorded)) return null;
    const event = toPostEvent(recorded);
    const after = existingState(evolve(await this.stateBefore(recorded), event));
    this.states.remember(recorded.streamId, after);
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
    const kept = this.states.at(recorded.streamId, recorded.revision - 1);
    if (kept) return kept;
    const earlier = (await this.store.readStream(recorded.streamId)).filter((each) => each.revision < recorded.revision);
    return foldPost(earlier.map(toPostEvent));
  }
}
