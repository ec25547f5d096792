import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, SqlDatabase } from '@app/persistence';
import { EVENT_STORE, EventRelay, EventStore, RelayTables } from '@app/event-store';
import { MESSAGE_BUS, MessageBus } from '@app/messaging';
import { LoopBeat, READINESS_WATCH, ReadinessWatch } from '@app/runtime';
import { POSTS_SCHEMA } from '../post-service-schema';
import { RecentPostStates } from '../command-handling/recent-post-states';
import { PostEventTranslator } from './post-event-translator';

export const POST_EVENT_RELAY_NAME = 'post-events';

/**
 * The only way post events reach the bus: from the event store, translated, with a checkpoint in
 * `posts`. Its loop beats for readiness while it runs, leading or waiting for the lease.
 */
@Injectable()
export class PostEventRelay {
  private readonly relay: EventRelay;
  private loop: LoopBeat | null = null;

  constructor(
    @Inject(DATABASE) database: SqlDatabase,
    @Inject(EVENT_STORE) store: EventStore,
    @Inject(MESSAGE_BUS) bus: MessageBus,
    @Inject(READINESS_WATCH) private readonly readiness: ReadinessWatch,
    recentStates: RecentPostStates,
  ) {
    const translator = new PostEventTranslator(store, recentStates);
    this.relay = new EventRelay(database.forSchema<RelayTables>(POSTS_SCHEMA), POST_EVENT_RELAY_NAME, store, bus, translator.toRelayedMessage, {
      onTurn: (nextTurnWithinMs) => this.loop?.beat(nextTurnWithinMs),
    });
  }

  start(): void {
    this.loop ??= this.readiness.loop('post-events relay');
    this.relay.start();
  }

  stop(): Promise<void> {
    this.loop?.end();
    this.loop = null;
    return this.relay.stop();
  }
}
