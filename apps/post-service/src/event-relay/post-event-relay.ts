import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, SqlDatabase } from '@app/persistence';
import { EVENT_STORE, EventRelay, EventStore, RelayTables } from '@app/event-store';
import { MESSAGE_BUS, MessageBus } from '@app/messaging';
import { POSTS_SCHEMA } from '../read-model/posts-schema';
import { PostEventTranslator } from './post-event-translator';

export const POST_EVENT_RELAY_NAME = 'post-events';

/** The only way post events reach the bus: from the event store, translated, with a checkpoint in `posts`. */
@Injectable()
export class PostEventRelay {
  private readonly relay: EventRelay;

  constructor(
    @Inject(DATABASE) database: SqlDatabase,
    @Inject(EVENT_STORE) store: EventStore,
    @Inject(MESSAGE_BUS) bus: MessageBus,
  ) {
    const translator = new PostEventTranslator(store);
    this.relay = new EventRelay(database.forSchema<RelayTables>(POSTS_SCHEMA), POST_EVENT_RELAY_NAME, store, bus, translator.toRelayedMessage);
  }

  start(): void {
    this.relay.start();
  }

  stop(): Promise<void> {
    return this.relay.stop();
  }
}
