import { Migration } from '@app/persistence';

export const EVENT_STORE_SCHEMA = 'eventstore';

/**
 * One table holds every stream. `position` comes from an identity column and is assigned while
 * the append holds a database-wide advisory lock, so positions commit in increasing order.
 */
export const eventStoreMigrations: readonly Migration[] = [
  {
    id: '001-events',
    sql: `CREATE TABLE ${EVENT_STORE_SCHEMA}.events (
      position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      stream_id text NOT NULL,
      revision integer NOT NULL,
      id uuid NOT NULL,
      type text NOT NULL,
      data jsonb NOT NULL,
      metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
      recorded_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT events_stream_revision_unique UNIQUE (stream_id, revision)
    );
    CREATE INDEX events_id_idx ON ${EVENT_STORE_SCHEMA}.events (id)`,
  },
];
