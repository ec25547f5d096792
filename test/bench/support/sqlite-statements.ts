/** Statements the service ran on SQLite so far, by kind (`sqlite_statements_total`), and the transactions it committed (`sqlite_transactions_total`). */
export interface SqliteStatements {
  begin: number;
  commit: number;
  other: number;
  transactions: number;
}

/**
 * Reads `sqlite_statements_total` from the service's `/metrics`; null when the service does not
 * report it (an earlier build, or a service on PostgreSQL). Unlike CPU time, the count of
 * statements per post does not depend on the machine: it is the database work the pipeline does.
 */
export async function sqliteStatements(baseUrl: string): Promise<SqliteStatements | null> {
  const response = await fetch(`${baseUrl}/metrics`, { signal: AbortSignal.timeout(10_000) }).catch(() => null);
  if (!response?.ok) return null;
  const counts: Partial<SqliteStatements> = {};
  for (const line of (await response.text()).split('\n')) {
    const match = /^sqlite_statements_total\{kind="(begin|commit|other)"\} (\d+)/.exec(line);
    if (match) counts[match[1] as keyof SqliteStatements] = Number(match[2]);
    const transactions = /^sqlite_transactions_total (\d+)/.exec(line);
    if (transactions) counts.transactions = Number(transactions[1]);
  }
  const { begin, commit, other, transactions } = counts;
  return begin === undefined || commit === undefined || other === undefined || transactions === undefined ? null : { begin, commit, other, transactions };
}

/** What was run between two readings. */
export function statementsBetween(before: SqliteStatements | null, after: SqliteStatements | null): SqliteStatements | null {
  if (!before || !after) return null;
  return { begin: after.begin - before.begin, commit: after.commit - before.commit, other: after.other - before.other, transactions: after.transactions - before.transactions };
}
