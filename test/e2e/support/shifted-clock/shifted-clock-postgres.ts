import { Client } from 'pg';

/** Where a database that follows the shifted clock keeps its `now()` and the offset it adds. */
const SCHEMA = 'shifted_clock';

/**
 * Gives a PostgreSQL database a `now()` that adds the test's offset, in a schema of its own, with
 * the offset in a table of one row (0 at first), which every connection reads. PostgreSQL looks
 * for an unqualified function in the schemas of `search_path`, and in `pg_catalog` first unless
 * the path names it: a connection whose path starts with this schema, before `pg_catalog`
 * (`followingConnection`), calls this `now()` in every query, and in the column defaults of the
 * tables it creates (a default is bound to the function its table's creation found). Connections
 * without the path (the test's own) keep PostgreSQL's clock.
 */
export async function installShiftedNow(databaseUrl: string): Promise<void> {
  await withClient(databaseUrl, async (client) => {
    await client.query(`CREATE SCHEMA ${SCHEMA}`);
    await client.query(`CREATE TABLE ${SCHEMA}.shift (offset_ms bigint NOT NULL)`);
    await client.query(`INSERT INTO ${SCHEMA}.shift (offset_ms) VALUES (0)`);
    await client.query(
      `CREATE FUNCTION ${SCHEMA}.now() RETURNS timestamptz LANGUAGE sql STABLE
         AS $$ SELECT pg_catalog.now() + (SELECT offset_ms FROM ${SCHEMA}.shift) * interval '1 millisecond' $$`,
    );
  });
}

/** The connection string of a database with `installShiftedNow`, whose connections call its `now()`. */
export function followingConnection(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${SCHEMA},pg_catalog,"$user",public`);
  return url.toString();
}

/** Sets the offset every `now()` of the database adds from the next statement on. */
export async function setShiftedNow(databaseUrl: string, offsetMs: number): Promise<void> {
  await withClient(databaseUrl, (client) => client.query(`UPDATE ${SCHEMA}.shift SET offset_ms = $1`, [offsetMs]));
}

async function withClient<T>(databaseUrl: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
