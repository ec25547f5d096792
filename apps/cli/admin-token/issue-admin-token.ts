import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { AppConfig, ConfigError } from '@app/config';
import { openSqliteDatabase, SqlDatabase } from '@app/persistence';
import { openPostgresDatabase } from '@app/persistence/postgres';
import { lockDataDir } from '@app/runtime';
import { issueFirstAdminToken } from '../../gateway/src/admin-token';

export interface IssuedAdminToken {
  token: string;
  userId: number;
  email: string;
  /** Where: `PostgreSQL (DATABASE_URL)` or the SQLite file. */
  database: string;
}

/**
 * A new token, without expiry, for the first admin user: the gateway's use case, on the database
 * the configuration names. Distributed mode (DATABASE_URL set): the gateway's tables in
 * PostgreSQL, while the services run (a gateway reads a new token in at its first use). Embedded
 * mode: `DATA_DIR/service.db`, with the service stopped (it holds DATA_DIR while it runs).
 */
export async function issueAdminToken(config: AppConfig): Promise<IssuedAdminToken> {
  const opened = config.databaseUrl ? openDistributed(config) : openEmbedded(config);
  try {
    const outcome = await issueFirstAdminToken(opened.database);
    if (outcome.kind === 'unreadable') throw new ConfigError(`The gateway's tables could not be read in ${opened.where} (has the service started there once?): ${outcome.reason}`);
    if (outcome.kind === 'no-admin') throw new ConfigError(`There is no admin user in ${opened.where}: the service creates one at its first start`);
    return { token: outcome.token, userId: outcome.userId, email: outcome.email, database: opened.where };
  } finally {
    await opened.close();
  }
}

interface OpenedDatabase {
  database: SqlDatabase;
  where: string;
  close(): Promise<void>;
}

function openDistributed(config: AppConfig): OpenedDatabase {
  const database = openPostgresDatabase(config.databaseUrl!, {
    applicationName: 'admin-token',
    connectTimeoutMs: config.databaseConnectTimeoutMs,
    statementTimeoutMs: config.databaseStatementTimeoutMs,
    max: 1,
  });
  return { database, where: 'PostgreSQL (DATABASE_URL)', close: () => database.close() };
}

function openEmbedded(config: AppConfig): OpenedDatabase {
  const dataDir = resolve(config.dataDir);
  const file = join(dataDir, 'service.db');
  if (!existsSync(file)) throw new ConfigError(`There is no embedded database at ${file}: set DATA_DIR to the service's, or DATABASE_URL in distributed mode`);
  const release = lockDataDir(dataDir);
  let database: SqlDatabase;
  try {
    database = openSqliteDatabase(file);
  } catch (error) {
    release();
    throw error;
  }
  return {
    database,
    where: file,
    close: async () => {
      await database.close();
      release();
    },
  };
}
