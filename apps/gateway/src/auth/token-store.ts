import { Inject, Injectable } from '@nestjs/common';
import { SQL_CLIENT, SqlClient, SqlExecutor } from '@app/persistence';
import { generateToken, hashToken } from '@app/security';
import { AuthenticatedUser } from './authenticated-user';

export interface IssuedToken {
  id: number;
  name: string;
  token: string;
  expires_at: string | null;
}

/** API tokens: only their digest is stored; the plaintext exists once, in the answer that creates it. */
@Injectable()
export class TokenStore {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  async authenticate(token: string): Promise<AuthenticatedUser | null> {
    const rows = await this.sql.query<{ token_id: number; user_id: number; is_admin: boolean }>(
      `SELECT t.id AS token_id, u.id AS user_id, u.is_admin
         FROM gateway.tokens t JOIN gateway.users u ON u.id = t.user_id
        WHERE t.token_hash = $1 AND NOT t.revoked AND (t.expires_at IS NULL OR t.expires_at > now()) AND u.deleted_at IS NULL`,
      [hashToken(token)],
    );
    const row = rows[0];
    return row ? { userId: row.user_id, isAdmin: row.is_admin, tokenId: row.token_id } : null;
  }

  async issue(userId: number, name: string, expiresAt: Date | null, db: SqlExecutor = this.sql): Promise<IssuedToken> {
    const token = generateToken();
    const [row] = await db.query<{ id: number; expires_at: Date | null }>(
      `INSERT INTO gateway.tokens (user_id, name, token_hash, expires_at) VALUES ($1, $2, $3, $4) RETURNING id, expires_at`,
      [userId, name, hashToken(token), expiresAt],
    );
    return { id: row.id, name, token, expires_at: row.expires_at ? new Date(row.expires_at).toISOString() : null };
  }

  /** Makes `token` a live, non-expiring token of `userId` (the operator's ADMIN_TOKEN). */
  async ensure(userId: number, name: string, token: string, db: SqlExecutor = this.sql): Promise<void> {
    await db.query(
      `INSERT INTO gateway.tokens (user_id, name, token_hash) VALUES ($1, $2, $3)
       ON CONFLICT (token_hash) DO UPDATE SET user_id = EXCLUDED.user_id, revoked = false, expires_at = NULL`,
      [userId, name, hashToken(token)],
    );
  }

  async revokeAllOf(userId: number, db: SqlExecutor = this.sql): Promise<void> {
    await db.query(`UPDATE gateway.tokens SET revoked = true WHERE user_id = $1 AND NOT revoked`, [userId]);
  }
}
