import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, SqlDatabase } from '@app/persistence';
import { Headers, Topics } from '@app/contracts';
import { EVENT_STORE, EventRelay, EventStore, RecordedEvent, RelayedMessage, RelayTables } from '@app/event-store';
import { MESSAGE_BUS, MessageBus } from '@app/messaging';
import { isPostEvent, toPostEventMessage } from '../command-handling/post-event-codec';
import { POSTS_SCHEMA } from '../read-model/posts-schema';

export const POST_EVENT_RELAY_NAME = 'post-events';

/** Every stored post event, keyed by its post so that the events of one post stay in order. */
export function toRelayedPostEvent(recorded: RecordedEvent): RelayedMessage | null {
  if (!isPostEvent(recorded)) return null;
  const message = toPostEventMessage(recorded);
  return {
    topic: Topics.postEvents,
    key: message.postUuid,
    value: message,
    headers: { [Headers.eventId]: recorded.id, [Headers.eventType]: recorded.type },
  };
}

/** The only way post events reach the bus: from the event store, with a checkpoint in `posts`. */
@Injectable()
export class PostEventRelay {
  private readonly relay: EventRelay;

  constructor(
    @Inject(DATABASE) database: SqlDatabase,
    @Inject(EVENT_STORE) store: EventStore,
    @Inject(MESSAGE_BUS) bus: MessageBus,
  ) {
    this.relay = new EventRelay(database.forSchema<RelayTables>(POSTS_SCHEMA), POST_EVENT_RELAY_NAME, store, bus, toRelayedPostEvent);
  }

  start(): void {
    this.relay.start();
  }

  stop(): Promise<void> {
    return this.relay.stop();
  }
}
