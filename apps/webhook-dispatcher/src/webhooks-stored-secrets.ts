import { SqlDatabase } from '@app/persistence';
import { SecretBox } from '@app/security';
import { WebhookActivityStore } from './manage-webhooks/webhook-activity-store';
import { WebhookSettingsStore } from './manage-webhooks/webhook-settings-store';
import { WEBHOOKS_SCHEMA, WebhooksTables } from './webhooks-schema';

/**
 * What the webhook-dispatcher keeps under the SecretBox, for the tools beside the service: the
 * columns the re-encrypt command moves to a new key, and the store that writes and reads them as
 * the dispatcher does.
 */
export { webhooksEncryptedColumns } from './webhooks-schema';

/** The dispatcher's store of webhook signing secrets on a database, with the SecretBox given. */
export function webhooksSecretStores(database: SqlDatabase, box: SecretBox): { webhooks: WebhookSettingsStore } {
  const webhooks = database.forSchema<WebhooksTables>(WEBHOOKS_SCHEMA);
  return { webhooks: new WebhookSettingsStore(webhooks, box, new WebhookActivityStore(webhooks)) };
}
