import { SqlDatabase } from '@app/persistence';
import { SecretBox } from '@app/security';
import { GATEWAY_SCHEMA, GatewayTables } from './gateway-migrations';
import { IdempotencyStore } from './idempotency/idempotency-store';

/**
 * What the gateway keeps under the SecretBox, for the tools beside the service: the columns the
 * re-encrypt command moves to a new key, and the store that writes and reads them as the gateway does.
 */
export { gatewayEncryptedColumns } from './gateway-migrations';

/** The gateway's store of secrets on a database, with the SecretBox given; it runs no background work (no sweeps). */
export function gatewaySecretStores(database: SqlDatabase, box: SecretBox): { idempotency: IdempotencyStore } {
  const idempotency = new IdempotencyStore(database.forSchema<GatewayTables>(GATEWAY_SCHEMA), box);
  idempotency.onModuleDestroy();
  return { idempotency };
}
