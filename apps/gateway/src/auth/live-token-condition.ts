import type { ExpressionBuilder } from 'kysely';
import type { SqlDialect } from '@app/persistence';
import type { GatewayTables } from '../gateway-migrations';

/**
 * What makes a token live: not revoked, and without an expiry or before it. The one statement of
 * that rule, for every query that counts, finds or indexes live tokens.
 */
export const isLiveToken =
  (dialect: SqlDialect) =>
  (eb: ExpressionBuilder<GatewayTables, 'tokens'>) =>
    eb.and([eb('tokens.revoked', '=', false), eb.or([eb('tokens.expires_at', 'is', null), eb('tokens.expires_at', '>', dialect.now())])]);
