import { randomUUID } from 'node:crypto';
import { SchemaDatabase, SchemaMigration } from '@app/persistence';

/** Identifies this process in lease owners, as `<process>/<instance>`. */
const PROCESS_ID = randomUUID();

export interface RelayTables {
  event_relays: {
    name: string;
    checkpoint: number;
    owner: string | null;
    lease_until: Date | string | null;
    updated_at: Date | string;
  };
}

/**
 * The relay's checkpoint and lease, in the schema of the service that owns the relay. One row per
 * relay name: the last relayed position, and which instance may relay until when. Times come
 * from the database clock so instances on different machines agree.
 */
export const eventRelayMigration: SchemaMigration = {
  id: '000-event-relays',
  up: async (db, dialect) => {
    await db.schema
      .createTable('event_relays')
      .ifNotExists()
      .addColumn('name', 'text', (col) => col.primaryKey())
      .addColumn('checkpoint', dialect.types.bigint, (col) => col.notNull().defaultTo(-1))
      .addColumn('owner', 'text')
      .addColumn('lease_until', dialect.types.timestamp)
      .addColumn('updated_at', dialect.types.timestamp, (col) => col.notNull().defaultTo(dialect.now()))
      .execute();
  },
};

export class RelayLease {
  private readonly owner = `${PROCESS_ID}/${randomUUID()}`;

  constructor(
    private readonly database: SchemaDatabase<RelayTables>,
    private readonly name: string,
    private readonly leaseMs: number,
  ) {}

  /**
   * Takes the lease if it is free, expired or already ours; returns the checkpoint, or null if
   * another instance holds it. When one process at a time opens the database (embedded mode), a
   * lease of another process is left over from one that has ended and is taken at once.
   */
  async acquire(): Promise<number | null> {
    const { db, dialect } = this.database;
    const row = await db
      .insertInto('event_relays')
      .values({ name: this.name, checkpoint: -1, owner: this.owner, lease_until: dialect.nowPlusMs(this.leaseMs), updated_at: dialect.now() })
      .onConflict((conflict) =>
        conflict
          .column('name')
          .doUpdateSet((eb) => ({ owner: eb.ref('excluded.owner'), lease_until: eb.ref('excluded.lease_until'), updated_at: dialect.now() }))
          .where((eb) => {
            const takeable = [
              eb('event_relays.owner', 'is', null),
              eb('event_relays.owner', '=', eb.ref('excluded.owner')),
              eb('event_relays.lease_until', '<', dialect.now()),
            ];
            if (dialect.singleProcess) takeable.push(eb('event_relays.owner', 'not like', `${PROCESS_ID}/%`));
            return eb.or(takeable);
          }),
      )
      .returning('checkpoint')
      .executeTakeFirst();
    return row ? Number(row.checkpoint) : null;
  }

  /** Extends the lease; false when another instance has taken it over. */
  async renew(): Promise<boolean> {
    const { db, dialect } = this.database;
    const row = await db
      .updateTable('event_relays')
      .set({ lease_until: dialect.nowPlusMs(this.leaseMs), updated_at: dialect.now() })
      .where('name', '=', this.name)
      .where('owner', '=', this.owner)
      .returning('name')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Saves the checkpoint; false when another instance has taken over the lease. */
  async saveCheckpoint(position: number): Promise<boolean> {
    const { db, dialect } = this.database;
    const row = await db
      .updateTable('event_relays')
      .set({ checkpoint: position, updated_at: dialect.now() })
      .where('name', '=', this.name)
      .where('owner', '=', this.owner)
      .returning('name')
      .executeTakeFirst();
    return row !== undefined;
  }

  async release(): Promise<void> {
    const { db, dialect } = this.database;
    await db
      .updateTable('event_relays')
      .set({ owner: null, lease_until: null, updated_at: dialect.now() })
      .where('name', '=', this.name)
      .where('owner', '=', this.owner)
      .execute();
  }
}
