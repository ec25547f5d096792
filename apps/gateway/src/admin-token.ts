import { errorMessage } from '@app/errors';
import { SqlDatabase } from '@app/persistence';
import { AccessCache } from './access/access-cache';
import { LiveTokenIndex } from './auth/live-token-index';
import { TokenStore } from './auth/token-store';
import { GATEWAY_SCHEMA, GatewayTables } from './gateway-migrations';

/** The name the new token is listed under (GET /api/panel/users/{id}/tokens). */
export const ADMIN_COMMAND_TOKEN_NAME = 'admin token (command line)';

/** A new admin token, or why there is none. */
export type AdminTokenOutcome =
  | { kind: 'issued'; token: string; userId: number; email: string }
  /** No admin user yet: the service creates one at its first start. */
  | { kind: 'no-admin' }
  /** The gateway's tables could not be read (most likely, the service never started on this database). */
  | { kind: 'unreadable'; reason: string };

/**
 * A new token, without expiry, for the first admin user (the lowest id among admins not deleted):
 * the way back in when the admin token is lost, for the command line beside the service. A running
 * gateway reads the new token in at its first use.
 */
export async function issueFirstAdminToken(database: SqlDatabase): Promise<AdminTokenOutcome> {
  const gateway = database.forSchema<GatewayTables>(GATEWAY_SCHEMA);
  let admin: { id: number | string; email: string } | undefined;
  try {
    admin = await gateway.db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('is_admin', '=', true)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
  } catch (error) {
    return { kind: 'unreadable', reason: errorMessage(error) };
  }
  if (!admin) return { kind: 'no-admin' };
  const tokens = new TokenStore(gateway, new AccessCache(), new LiveTokenIndex(gateway));
  const issued = await tokens.issue(Number(admin.id), ADMIN_COMMAND_TOKEN_NAME, null);
  return { kind: 'issued', token: issued.token, userId: Number(admin.id), email: admin.email };
}
