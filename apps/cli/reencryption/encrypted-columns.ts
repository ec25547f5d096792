import type { EncryptedColumns } from '@app/persistence';
import { gatewayEncryptedColumns } from '../../gateway/src/gateway-migrations';
import { publisherEncryptedColumns } from '../../publisher/src/publisher-migrations';
import { webhooksEncryptedColumns } from '../../webhook-dispatcher/src/webhooks-schema';

/** Every column of every service that holds a SecretBox value; each service declares its own beside its migrations. */
export const ENCRYPTED_COLUMNS: readonly EncryptedColumns[] = [...gatewayEncryptedColumns, ...publisherEncryptedColumns, ...webhooksEncryptedColumns];
