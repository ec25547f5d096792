import { Logger } from '@nestjs/common';
import {
  ANY,
  AllStreamResolvedEvent,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  Position,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
} from '@eventstore/db-client';
import {
  AllSubscription,
  AppendResult,
  EventStore,
  ExpectedRevision,
  NewEvent,
  RecordedEvent,
  WrongExpectedRevisionError,
} from '../event-store.port';

type JsonRecord = { [key: string]: unknown };

/**
 * EventStoreDB adapter. Global positions are EventStoreDB commit positions (a number is exact up
 * to 2^53 bytes of transaction log); events are appended with commit and prepare positions equal.
 */
export class EventStoreDbEventStore implements EventStore {
  private readonly logger = new Logger(EventStoreDbEventStore.name);
  private readonly client: EventStoreDBClient;

  constructor(connectionString: string, private readonly retryDelayMs = 1000) {
    this.client = EventStoreDBClient.connectionString(connectionString);
  }

  async appendToStream(streamId: string, events: readonly NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    try {
      const result = await this.client.appendToStream(
        streamId,
        events.map((event) =>
          jsonEvent({ id: event.id, type: event.type, data: event.data as JsonRecord, metadata: event.metadata ?? {} }),
        ),
        { expectedRevision: expectedRevision === 'no_stream' ? NO_STREAM : expectedRevision === 'any' ? ANY : BigInt(expectedRevision) },
      );
      return { nextRevision: Number(result.nextExpectedRevision), position: Number(result.position?.commit ?? -1) };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        const actual = typeof error.actualVersion === 'bigint' ? Number(error.actualVersion) : 'no_stream';
        throw new WrongExpectedRevisionError(streamId, expectedRevision, actual);
      }
      throw error;
    }
  }

  async readStream(streamId: string): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamId, { direction: FORWARDS, fromRevision: START })) {
        const recorded = toRecorded(resolved as AllStreamResolvedEvent);
        if (recorded) events.push(recorded);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  async readAll(afterPosition: number, limit: number): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    const read = this.client.readAll({
      direction: FORWARDS,
      fromPosition: afterPosition < 0 ? START : toPosition(afterPosition),
      maxCount: limit + 1,
    });
    for await (const resolved of read) {
      const recorded = toRecorded(resolved);
      if (!recorded || recorded.position <= afterPosition || recorded.type.startsWith('$')) continue;
      events.push(recorded);
      if (events.length === limit) break;
    }
    return events;
  }

  subscribeToAll(afterPosition: number, onEvent: (event: RecordedEvent) => Promise<void>): AllSubscription {
    let stopped = false;
    let last = afterPosition;
    let current: { unsubscribe(): Promise<void> } | null = null;
    const run = async (): Promise<void> => {
      while (!stopped) {
        const subscription = this.client.subscribeToAll({
          fromPosition: last < 0 ? START : toPosition(last),
          filter: excludeSystemEvents(),
        });
        current = subscription;
        try {
          for await (const resolved of subscription) {
            const recorded = toRecorded(resolved);
            if (!recorded || recorded.position <= last) continue;
            await this.deliverUntilHandled(recorded, onEvent, () => stopped);
            if (stopped) break;
            last = recorded.position;
          }
        } catch (error) {
          if (!stopped) this.logger.warn(`Subscription to $all dropped (${(error as Error).message}); resubscribing after position ${last}`);
        }
        if (!stopped) await delay(this.retryDelayMs);
      }
    };
    const running = run();
    return {
      stop: async () => {
        stopped = true;
        await current?.unsubscribe().catch(() => undefined);
        await running;
      },
    };
  }

  async close(): Promise<void> {
    await this.client.dispose();
  }

  private async deliverUntilHandled(event: RecordedEvent, onEvent: (event: RecordedEvent) => Promise<void>, isStopped: () => boolean): Promise<void> {
    while (!isStopped()) {
      try {
        await onEvent(event);
        return;
      } catch (error) {
        this.logger.warn(`Handler failed on ${event.type} at position ${event.position}: ${(error as Error).message}; retrying`);
        await delay(this.retryDelayMs);
      }
    }
  }
}

const toPosition = (position: number): Position => ({ commit: BigInt(position), prepare: BigInt(position) });

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function toRecorded(resolved: AllStreamResolvedEvent): RecordedEvent | null {
  const event = resolved.event;
  if (!event || !event.isJson) return null;
  return {
    id: event.id,
    streamId: event.streamId,
    revision: Number(event.revision),
    position: Number(event.position?.commit ?? resolved.commitPosition ?? -1),
    type: event.type,
    data: event.data,
    metadata: (event.metadata ?? {}) as Record<string, string>,
    recordedAt: event.created.toISOString(),
  };
}
