import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { AppConfig, ConfigError } from '@app/config';
import { EncryptedColumns, openSqliteDatabase, SqlDatabase } from '@app/persistence';
import { openPostgresDatabase } from '@app/persistence/postgres';
import { keyringFromConfig, lockDataDir } from '@app/runtime';
import { SecretBox } from '@app/security';
import { ENCRYPTED_COLUMNS } from './encrypted-columns';
import { ColumnReport, reencryptColumn } from './reencrypt-column';

export interface ReencryptionRun {
  /** Where: `PostgreSQL` or the SQLite file. */
  database: string;
  /** The key everything was moved to (its id, never the key). */
  keyId: string;
  reports: ColumnReport[];
}

/**
 * Moves every encrypted value of the services' tables to the current key (ENCRYPTION_KEY), reading
 * old values with ENCRYPTION_KEYS_OLD. Distributed mode (DATABASE_URL set): the PostgreSQL
 * database, while the services run. Embedded mode: `DATA_DIR/service.db`, with the service
 * stopped (it holds DATA_DIR while it runs), and the key generated in DATA_DIR when
 * ENCRYPTION_KEY is not set, as the service itself would use.
 */
export async function runReencryption(config: AppConfig, targets: readonly EncryptedColumns[] = ENCRYPTED_COLUMNS): Promise<ReencryptionRun> {
  const opened = config.databaseUrl ? openDistributed(config) : openEmbedded(config);
  try {
    const box = new SecretBox(opened.keyring);
    const reports: ColumnReport[] = [];
    for (const target of targets) {
      for (const column of target.columns) reports.push(await reencryptColumn(opened.database, target, column, box));
    }
    return { database: opened.where, keyId: box.currentKeyId, reports };
  } finally {
    await opened.close();
  }
}

interface OpenedDatabase {
  database: SqlDatabase;
  keyring: ReturnType<typeof keyringFromConfig>;
  where: string;
  close(): Promise<void>;
}

function openDistributed(config: AppConfig): OpenedDatabase {
  const keyring = keyringFromConfig(config);
  const database = openPostgresDatabase(config.databaseUrl!, {
    applicationName: 'reencrypt',
    connectTimeoutMs: config.databaseConnectTimeoutMs,
    statementTimeoutMs: config.databaseStatementTimeoutMs,
    max: 2,
  });
  return { database, keyring, where: 'PostgreSQL (DATABASE_URL)', close: () => database.close() };
}

function openEmbedded(config: AppConfig): OpenedDatabase {
  const dataDir = resolve(config.dataDir);
  const file = join(dataDir, 'service.db');
  if (!existsSync(file)) throw new ConfigError(`There is no embedded database at ${file}: set DATA_DIR to the service's, or DATABASE_URL in distributed mode`);
  const keyFile = join(dataDir, 'encryption.key');
  const keyring = keyringFromConfig(config, { generatedKey: () => (existsSync(keyFile) ? readFileSync(keyFile, 'utf8').trim() : '') });
  const release = lockDataDir(dataDir);
  const database = openSqliteDatabase(file);
  return {
    database,
    keyring,
    where: file,
    close: async () => {
      await database.close();
      release();
    },
  };
}
