import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { AppConfig, ConfigError } from '@app/config';
import { openPostgresDatabase, openSqliteDatabase, SqlDatabase } from '@app/persistence';
import { lockDataDir } from '@app/runtime';
import { AccessCache } from '../../gateway/src/access/access-cache';
import { LiveTokenIndex } from '../../gateway/src/auth/live-token-index';
import { TokenStore } from '../../gateway/src/auth/token-store';
import { GATEWAY_SCHEMA, GatewayTables } from '../../gateway/src/gateway-migrations';
import { errorMessage } from '@app/errors';

/** The name the new token is listed under (GET /api/panel/users/{id}/tokens). */
export const ADMIN_COMMAND_TOKEN_NAME = 'admin token (command line)';

export interface IssuedAdminToken {
  token: string;
  userId: number;
  email: string;
  /** Where: `PostgreSQL (DATABASE_URL)` or the SQLite file. */
  database: string;
}

/**
 * A new token, without expiry, for the first admin user (the lowest id among admins not deleted):
 * the way back in when the admin token is lost. Distributed mode (DATABASE_URL set): the gateway's
 * tables in PostgreSQL, while the services run (a gateway reads a new token in at its first use).
 * Embedded mode: `DATA_DIR/service.db`, with the service stopped (it holds DATA_DIR while it runs).
 */
export async function issueAdminToken(config: AppConfig): Promise<IssuedAdminToken> {
  const opened = config.databaseUrl ? openDistributed(config) : openEmbedded(config);
  try {
    const gateway = opened.database.forSchema<GatewayTables>(GATEWAY_SCHEMA);
    const admin = await gateway.db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('is_admin', '=', true)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst()
      .catch((error: unknown) => {
        throw new ConfigError(`The gateway's tables could not be read in ${opened.where} (has the service started there once?): ${errorMessage(error)}`);
      });
    if (!admin) throw new ConfigError(`There is no admin user in ${opened.where}: the service creates one at its first start`);
    const tokens = new TokenStore(gateway, new AccessCache(), new LiveTokenIndex(gateway));
    const issued = await tokens.issue(Number(admin.id), ADMIN_COMMAND_TOKEN_NAME, null);
    return { token: issued.token, userId: Number(admin.id), email: admin.email, database: opened.where };
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
