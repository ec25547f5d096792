import { sql } from 'kysely';
import { AnyTables, EncryptedColumns, SqlDatabase } from '@app/persistence';
import { errorMessage } from '@app/errors';

/** The part of the SecretBox the command needs. */
export interface Reencrypter {
  readonly currentKeyId: string;
  reencrypt(stored: string): string;
}

/** What happened to one column. */
export interface ColumnReport {
  /** `<schema>.<table>.<column>` */
  column: string;
  /** Absent table: the service that owns it never ran on this database. */
  missing: boolean;
  /** Values stored (not null). */
  values: number;
  /** Moved to the current key by this run. */
  moved: number;
  /** Changed by a service while this run read them; the service wrote them with the current key. */
  changedMeanwhile: number;
  /** Not readable with ENCRYPTION_KEY or ENCRYPTION_KEYS_OLD, with the first reason. */
  unreadable: number;
  firstError: string | null;
}

const DEFAULT_BATCH = 200;

type Row = Record<string, unknown>;

/**
 * Moves every value of one column that is not under the current key to it, a batch at a time in
 * primary key order. Each value is replaced only if it is still the one read (a service that
 * rewrote it meanwhile used the current key already), so a run beside the services loses nothing;
 * a second run finds nothing to move.
 */
export async function reencryptColumn(
  database: SqlDatabase,
  target: EncryptedColumns,
  column: string,
  box: Reencrypter,
  batchSize = DEFAULT_BATCH,
): Promise<ColumnReport> {
  const report: ColumnReport = { column: `${target.schema}.${target.table}.${column}`, missing: false, values: 0, moved: 0, changedMeanwhile: 0, unreadable: 0, firstError: null };
  const { db } = database.forSchema<AnyTables>(target.schema);
  if (!(await tableExists(database, target))) return { ...report, missing: true };
  const counted = await db.selectFrom(target.table).select((eb) => eb.fn.countAll().as('count')).where(column, 'is not', null).executeTakeFirstOrThrow();
  report.values = Number(counted.count);

  const keyOf = (row: Row) => target.key.map((name) => row[name]);
  let after: unknown[] | null = null;
  for (;;) {
    let query = db
      .selectFrom(target.table)
      .select([...target.key, column])
      .where(column, 'is not', null)
      .where(column, 'not like', `v2:${box.currentKeyId}:%`);
    if (after) query = query.where(sql<boolean>`(${sql.join(target.key.map((name) => sql.ref(name)))}) > (${sql.join(after)})`);
    for (const name of target.key) query = query.orderBy(name);
    const rows: Row[] = await query.limit(batchSize).execute();
    if (rows.length === 0) return report;
    for (const row of rows) {
      const stored = String(row[column]);
      let moved: string;
      try {
        moved = box.reencrypt(stored);
      } catch (error) {
        report.unreadable += 1;
        report.firstError ??= errorMessage(error);
        continue;
      }
      let update = db.updateTable(target.table).set({ [column]: moved }).where(column, '=', stored);
      for (const name of target.key) update = update.where(name, '=', row[name]);
      const result = await update.executeTakeFirst();
      if (Number(result.numUpdatedRows) === 1) report.moved += 1;
      else report.changedMeanwhile += 1;
    }
    after = keyOf(rows[rows.length - 1]);
  }
}

async function tableExists(database: SqlDatabase, target: EncryptedColumns): Promise<boolean> {
  try {
    await database.forSchema<AnyTables>(target.schema).db.selectFrom(target.table).select(sql`1`.as('one')).limit(1).execute();
    return true;
  } catch {
    return false;
  }
}
