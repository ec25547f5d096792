import type { Kysely } from 'kysely';

/**
 * The event store port. Adapters: SQLite and PostgreSQL (one Kysely implementation)
 * and EventStoreDB. One contract suite runs against each.
 */
export interface NewEvent {
  /** UUID; the same id appended twice is still two events: deduplication is the caller's job. */
  id: string;
  type: string;
  data: unknown;
  metadata?: Record<string, string>;
}

export interface RecordedEvent<Data = unknown> {
  id: string;
  streamId: string;
  /** 0 for the first event of a stream. */
  revision: number;
  /** Position in the global ($all) order; strictly increasing, not necessarily contiguous. */
  position: number;
  type: string;
  data: Data;
  metadata: Record<string, string>;
  recordedAt: string;
}

/** `'no_stream'`: the stream must not exist; a number: the revision of its last event; `'any'`. */
export type ExpectedRevision = number | 'no_stream' | 'any';

export interface AppendResult {
  /** Revision of the last appended event. */
  nextRevision: number;
  /** Global position of the last appended event. */
  position: number;
  /** The writes alongside were made in the append's transaction (else the caller makes them itself). */
  wroteAlongside?: boolean;
}

/**
 * Writes of another schema to make in an append's transaction, so that they commit with the events
 * or not at all: taken only by a store whose database is on `connection`, the one connection they
 * run on (SQLite's); any other store appends without them.
 */
export interface WritesAlongside {
  connection: object;
  /**
   * Runs inside the append's transaction once the events are inserted; its queries run on
   * `transaction` (prepared queries of another schema may: they are compiled for their own).
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a transaction of whichever schema the writes are compiled for
  write(nextRevision: number, transaction: Kysely<any>): Promise<void>;
}

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`Stream ${streamId}: expected revision ${String(expected)}, found ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

export interface AllSubscription {
  stop(): Promise<void>;
}

export interface EventStore {
  appendToStream(streamId: string, events: readonly NewEvent[], expectedRevision: ExpectedRevision, alongside?: WritesAlongside): Promise<AppendResult>;
  /** All events of a stream in revision order; an empty array when the stream does not exist. */
  readStream(streamId: string): Promise<RecordedEvent[]>;
  /** Events after `afterPosition` (exclusive; -1 for the beginning) in global order. */
  readAll(afterPosition: number, limit: number): Promise<RecordedEvent[]>;
  /**
   * Delivers every event after `afterPosition` in global order, then new ones as they are
   * appended, one at a time: the next is not delivered before `onEvent` resolves. A rejection
   * is retried after a pause. The caller keeps its own checkpoint.
   */
  subscribeToAll(afterPosition: number, onEvent: (event: RecordedEvent) => Promise<void>): AllSubscription;
  close(): Promise<void>;
}

export const EVENT_STORE = Symbol('EVENT_STORE');
