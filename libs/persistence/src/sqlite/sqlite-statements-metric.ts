import { appMeter } from '@app/telemetry';
import { sqliteStatementCounts } from './node-sqlite-connection';

let observed = false;

/**
 * `sqlite_statements_total{kind}`: the statements this process ran on SQLite (the embedded
 * service's one database), by kind: `begin`, `commit` (a transaction's start and end) and `other`
 * (what the transactions, or statements on their own, did). Their rates against the posts
 * published tell how much database work a post costs; the lifecycle benchmark prints them per post.
 * Counted as the statements run, observed when the metrics are collected.
 */
export function observeSqliteStatements(): void {
  if (observed) return;
  observed = true;
  appMeter()
    .createObservableCounter('sqlite_statements_total', { description: 'Statements run on SQLite by this process, by kind (begin, commit, other).', unit: '{statement}' })
    .addCallback((result) => {
      for (const [kind, count] of Object.entries(sqliteStatementCounts)) result.observe(count, { kind });
    });
}
