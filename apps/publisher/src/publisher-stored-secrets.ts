import { SqlDatabase } from '@app/persistence';
import { SecretBox } from '@app/security';
import { AccountCredentialStore } from './accounts/account-credential-store';
import { ItemProgressJournal } from './publish-post/item-progress-journal';
import { PUBLISHER_SCHEMA, PublisherTables } from './publisher-migrations';

/**
 * What the publisher keeps under the SecretBox, for the tools beside the service: the columns the
 * re-encrypt command moves to a new key, and the stores that write and read them as the publisher does.
 */
export { publisherEncryptedColumns } from './publisher-migrations';

/** The publisher's stores of secrets (accounts with their sessions, content items' progress) on a database, with the SecretBox given. */
export function publisherSecretStores(database: SqlDatabase, box: SecretBox): { accounts: AccountCredentialStore; progress: ItemProgressJournal } {
  const publisher = database.forSchema<PublisherTables>(PUBLISHER_SCHEMA);
  return { accounts: new AccountCredentialStore(publisher, box), progress: new ItemProgressJournal(publisher, box) };
}
