import type { SchemaDatabase } from '@app/persistence';
import type { WebhooksTables } from '../src/webhooks-schema';

/** Empties the webhooks table and adds one active webhook of workspace `w`; returns its id. */
export async function freshWebhook(database: SchemaDatabase<WebhooksTables>): Promise<number> {
  await database.db.deleteFrom('webhooks').execute();
  const row = await database.db
    .insertInto('webhooks')
    .values({ workspace_uuid: 'w', url: 'http://x', events: database.dialect.json([]), secret_ciphertext: 'c', active: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
