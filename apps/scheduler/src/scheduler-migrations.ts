import { Migration } from '@app/persistence';

export const SCHEDULER_SCHEMA = 'scheduler';

export const schedulerMigrations: readonly Migration[] = [
  {
    id: '001-timers',
    sql: `CREATE TABLE IF NOT EXISTS scheduler.timers (
  post_uuid uuid PRIMARY KEY,
  due_at timestamptz NOT NULL,
  scheduled_revision integer NOT NULL,
  claimed_until timestamptz
);
CREATE INDEX IF NOT EXISTS timers_due_at_idx ON scheduler.timers (due_at);
CREATE TABLE IF NOT EXISTS scheduler.post_revisions (
  post_uuid uuid PRIMARY KEY,
  last_revision integer NOT NULL
)`,
  },
];
