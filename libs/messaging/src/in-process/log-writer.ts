import { Kysely } from 'kysely';
import { SqlDatabase } from '@app/persistence';
import { IncomingMessage } from '../message-bus.port';
import { BUS_SCHEMA, BusLog, BusTables, insertMessages, nextOffsets, NumberedBatch, PartitionBatch, reserveOffsets, ROWS_PER_INSERT } from './message-log';

/** Work to commit in the same transaction as the appended messages (a dead letter's offset commit). */
export type Alongside = (tx: Kysely<BusTables>) => Promise<void>;

/** How a writer numbers what it appends. */
export interface Appender {
  /** Appends the batches, numbered in order within each partition; resolves once committed, with the messages as readers get them. */
  append(topic: string, batches: readonly PartitionBatch[], alongside?: Alongside): Promise<IncomingMessage[]>;
}

/**
 * The writer where several processes may share the log (PostgreSQL): every append reads and
 * advances the partitions' next offsets under a row lock, two statements per partition touched
 * plus the insert. Partitions are locked in ascending order, so concurrent writers never deadlock.
 */
export class LockedOffsets implements Appender {
  constructor(private readonly log: BusLog) {}

  async append(topic: string, batches: readonly PartitionBatch[], alongside?: Alongside): Promise<IncomingMessage[]> {
    const { db } = this.log;
    return db.transaction().execute(async (tx) => {
      const numbered: NumberedBatch[] = [];
      for (const batch of [...batches].sort((a, b) => a.partition - b.partition)) {
        numbered.push({ ...batch, firstOffset: await reserveOffsets(tx, topic, batch.partition, batch.messages.length) });
      }
      const appended = await insertMessages(this.log, tx, topic, numbered);
      await alongside?.(tx);
      return appended;
    });
  }
}

/**
 * The writer of a log this process alone writes (SQLite): each partition's next offset is read
 * once and then remembered, so an append is one insert statement. Appends run one after another,
 * so offsets are committed in the order they were given; the remembered offsets advance only
 * once an append has committed.
 */
export class RememberedOffsets implements Appender {
  private readonly next = new Map<string, Map<number, number>>();
  private tail: Promise<unknown> = Promise.resolve();

  constructor(private readonly log: BusLog) {}

  append(topic: string, batches: readonly PartitionBatch[], alongside?: Alongside): Promise<IncomingMessage[]> {
    const appended = this.tail.then(() => this.appendNow(topic, batches, alongside));
    this.tail = appended.catch(() => undefined);
    return appended;
  }

  private async appendNow(topic: string, batches: readonly PartitionBatch[], alongside?: Alongside): Promise<IncomingMessage[]> {
    const { db } = this.log;
    let offsets = this.next.get(topic);
    if (!offsets) {
      offsets = await nextOffsets(this.log, topic);
      this.next.set(topic, offsets);
    }
    const numbered = batches.map((batch) => {
      const firstOffset = offsets.get(batch.partition);
      if (firstOffset === undefined) throw new Error(`Topic "${topic}" has no partition ${batch.partition}.`);
      return { ...batch, firstOffset };
    });
    const write = async (executor: Kysely<BusTables>): Promise<IncomingMessage[]> => {
      const appended = await insertMessages(this.log, executor, topic, numbered);
      await alongside?.(executor);
      return appended;
    };
    const rows = batches.reduce((sum, batch) => sum + batch.messages.length, 0);
    const appended = alongside || rows > ROWS_PER_INSERT ? await db.transaction().execute(write) : await write(db);
    for (const { partition, messages, firstOffset } of numbered) offsets.set(partition, firstOffset + messages.length);
    return appended;
  }
}

/**
 * Appends to the log of one database and wakes the readers of what it appended. There is one per
 * database in this process, shared by every bus on it: the remembered offsets must be the only
 * ones, and a publish on one bus wakes the consumers of all.
 */
export class MessageLogWriter {
  private static readonly byDatabase = new WeakMap<SqlDatabase, MessageLogWriter>();

  static of(database: SqlDatabase): MessageLogWriter {
    let writer = MessageLogWriter.byDatabase.get(database);
    if (!writer) {
      writer = new MessageLogWriter(database);
      MessageLogWriter.byDatabase.set(database, writer);
    }
    return writer;
  }

  readonly log: BusLog;
  /** True when every append to the log goes through this writer, so its readers need not poll. */
  readonly seesEveryAppend: boolean;
  private readonly appender: Appender;
  private readonly readers = new Map<string, Set<AppendListener>>();

  private constructor(database: SqlDatabase) {
    this.log = database.forSchema<BusTables>(BUS_SCHEMA);
    this.seesEveryAppend = database.dialect.singleProcess;
    this.appender = this.seesEveryAppend ? new RememberedOffsets(this.log) : new LockedOffsets(this.log);
  }

  async append(topic: string, batches: readonly PartitionBatch[], alongside?: Alongside): Promise<void> {
    if (batches.length === 0) return;
    const appended = await this.appender.append(topic, batches, alongside);
    for (const { partition } of batches) {
      const readers = this.readers.get(partitionName(topic, partition));
      if (!readers) continue;
      const ofPartition = appended.filter((message) => message.partition === partition);
      for (const wake of readers) wake(ofPartition);
    }
  }

  /**
   * Calls `wake` after every append to the partition, with the messages appended (in offset order,
   * shared by every reader: they are not to be changed), until the returned function is called.
   */
  onAppend(topic: string, partition: number, wake: AppendListener): () => void {
    const name = partitionName(topic, partition);
    const readers = this.readers.get(name) ?? new Set();
    readers.add(wake);
    this.readers.set(name, readers);
    return () => {
      readers.delete(wake);
      if (readers.size === 0 && this.readers.get(name) === readers) this.readers.delete(name);
    };
  }
}

const partitionName = (topic: string, partition: number): string => `${partition}/${topic}`;

/** Told of the messages just appended to a partition. */
export type AppendListener = (appended: readonly IncomingMessage[]) => void;
