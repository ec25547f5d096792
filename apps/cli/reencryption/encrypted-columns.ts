import type { EncryptedColumns } from '@app/persistence';
import { gatewayEncryptedColumns } from '../../gateway/src/gateway-stored-secrets';
import { publisherEncryptedColumns } from '../../publisher/src/publisher-stored-secrets';
import { webhooksEncryptedColumns } from '../../webhook-dispatcher/src/webhooks-stored-secrets';

/** Every column of every service that holds a SecretBox value; each service declares its own beside its migrations and offers them with its stored secrets. */
export const ENCRYPTED_COLUMNS: readonly EncryptedColumns[] = [...gatewayEncryptedColumns, ...publisherEncryptedColumns, ...webhooksEncryptedColumns];
