import { randomUUID } from 'node:crypto';
import { Migration, SqlClient } from '@app/persistence';

/** Identifies this process in lease owners, as `<process>/<instance>`. */
const PROCESS_ID = randomUUID();

/**
 * The relay's checkpoint and lease, in the schema of the service that owns the relay. One row per
 * relay name: the last relayed position, and which instance may relay until when. Times come
 * from the database clock so instances on different machines agree.
 */
export const eventRelayMigration = (schema: string): Migration => ({
  id: '000-event-relays',
  sql: `CREATE TABLE IF NOT EXISTS ${schema}.event_relays (
    name text PRIMARY KEY,
    checkpoint bigint NOT NULL DEFAULT -1,
    owner text,
    lease_until timestamptz,
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
});

export class RelayLease {
  private readonly table: string;
  private readonly owner = `${PROCESS_ID}/${randomUUID()}`;

  constructor(
    private readonly sql: SqlClient,
    schema: string,
    private readonly name: string,
    private readonly leaseMs: number,
  ) {
    this.table = `${schema}.event_relays`;
  }

  /**
   * Takes the lease if it is free, expired or already ours; returns the checkpoint, or null if
   * another instance holds it. Only one process at a time opens a PGlite database, so there a
   * lease of another process is left over from one that has ended and is taken at once.
   */
  async acquire(): Promise<number | null> {
    const rows = await this.sql.query<{ checkpoint: number }>(
      `INSERT INTO ${this.table} AS relay (name, owner, lease_until)
       VALUES ($1, $2, now() + $3::integer * interval '1 millisecond')
       ON CONFLICT (name) DO UPDATE SET owner = excluded.owner, lease_until = excluded.lease_until, updated_at = now()
       WHERE relay.owner IS NULL OR relay.owner = excluded.owner OR relay.lease_until < now()
          OR ($4::boolean AND split_part(relay.owner, '/', 1) <> $5::text)
       RETURNING checkpoint`,
      [this.name, this.owner, this.leaseMs, this.sql.dialect === 'pglite', PROCESS_ID],
    );
    return rows[0]?.checkpoint ?? null;
  }

  /** Extends the lease; false when another instance has taken it over. */
  async renew(): Promise<boolean> {
    const rows = await this.sql.query(
      `UPDATE ${this.table} SET lease_until = now() + $3::integer * interval '1 millisecond', updated_at = now()
       WHERE name = $1 AND owner = $2 RETURNING name`,
      [this.name, this.owner, this.leaseMs],
    );
    return rows.length === 1;
  }

  /** Saves the checkpoint; false when another instance has taken over the lease. */
  async saveCheckpoint(position: number): Promise<boolean> {
    const rows = await this.sql.query(
      `UPDATE ${this.table} SET checkpoint = $3, updated_at = now() WHERE name = $1 AND owner = $2 RETURNING name`,
      [this.name, this.owner, position],
    );
    return rows.length === 1;
  }

  async release(): Promise<void> {
    await this.sql.query(
      `UPDATE ${this.table} SET owner = NULL, lease_until = NULL, updated_at = now() WHERE name = $1 AND owner = $2`,
      [this.name, this.owner],
    );
  }
}
