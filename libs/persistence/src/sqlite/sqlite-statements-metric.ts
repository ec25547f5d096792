import { appMeter } from '@app/telemetry';
import { sqliteStatementCounts } from './node-sqlite-connection';

let observed = false;

/**
 * `sqlite_statements_total{kind}`: the statements this process ran on SQLite (the embedded
 * service's one database), by kind: `begin`, `commit` (a transaction's start and end) and `other`
 * (what the transactions, or statements on their own, did). `sqlite_transactions_total`: the
 * transactions committed, those begun and committed and each write run on its own (each costs a
 * write of the log). Their rates against the posts published tell how much database work a post
 * costs; the lifecycle benchmark prints them per post. Counted as the statements run, observed
 * when the metrics are collected.
 */
export function observeSqliteStatements(): void {
  if (observed) return;
  observed = true;
  const meter = appMeter();
  meter
    .createObservableCounter('sqlite_statements_total', { description: 'Statements run on SQLite by this process, by kind (begin, commit, other).', unit: '{statement}' })
    .addCallback((result) => {
      const { begin, commit, other } = sqliteStatementCounts;
      result.observe(begin, { kind: 'begin' });
      result.observe(commit, { kind: 'commit' });
      result.observe(other, { kind: 'other' });
    });
  meter
    .createObservableCounter('sqlite_transactions_total', { description: 'Transactions committed on SQLite by this process: begun and committed, or a write on its own.', unit: '{transaction}' })
    .addCallback((result) => result.observe(sqliteStatementCounts.commit + sqliteStatementCounts.writesAlone));
}
