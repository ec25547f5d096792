import { Client } from 'pg';
import { randomBytes } from 'node:crypto';

/** Server used by integration tests; a throwaway database is created on it per run. */
export const TEST_POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface ThrowawayDatabase {
  url: string;
  drop(): Promise<void>;
}

export async function createThrowawayDatabase(prefix = 'sps_test', serverUrl = TEST_POSTGRES_URL): Promise<ThrowawayDatabase> {
  const name = `${prefix}_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect().catch((error: Error) => {
    throw new Error(
      `The tests need a PostgreSQL server and none answers at ${withoutPassword(serverUrl)} (${error.message}): start one there, ` +
        'or set TEST_POSTGRES_URL to a server whose user may create databases',
      { cause: error },
    );
  });
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** The server's address for messages: its password, if it has one, is never shown. */
function withoutPassword(serverUrl: string): string {
  try {
    const url = new URL(serverUrl);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return 'TEST_POSTGRES_URL (not a URL)';
  }
}
