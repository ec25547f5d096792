import { Inject, Injectable } from '@nestjs/common';
import { generateToken, hashToken } from '@app/security';
import { toDate } from '@app/persistence';
import { AccessCache } from '../access/access-cache';
import { GATEWAY_DATABASE, GatewayDatabase } from '../gateway-migrations';
import type { AuthenticatedUser } from './authenticated-user';

export interface IssuedToken {
  id: number;
  name: string;
  token: string;
  expires_at: string | null;
}

type Executor = GatewayDatabase['db'];

interface TokenOwner {
  user: AuthenticatedUser;
  /** When the token stops working (epoch ms), or null. */
  expiresAt: number | null;
}

/** API tokens: only their digest is stored; the plaintext exists once, in the answer that creates it. */
@Injectable()
export class TokenStore {
  constructor(
    @Inject(GATEWAY_DATABASE) private readonly database: GatewayDatabase,
    private readonly cache: AccessCache,
  ) {}

  /**
   * The token's user, answered from the access cache while it is fresh (an unknown token too: a
   * token issued through this process clears the cache, so it works at once). A cached token
   * stops working the moment it expires.
   */
  async authenticate(token: string): Promise<AuthenticatedUser | null> {
    const hash = hashToken(token);
    const owner = await this.cache.get(`token:${hash}`, () => this.ownerOf(hash), (found) => found?.expiresAt ?? null);
    if (!owner || (owner.expiresAt !== null && owner.expiresAt <= Date.now())) return null;
    return owner.user;
  }

  async issue(userId: number, name: string, expiresAt: Date | null, db: Executor = this.database.db): Promise<IssuedToken> {
    const token = generateToken();
    const row = await db
      .insertInto('tokens')
      .values({ user_id: userId, name, token_hash: hashToken(token), expires_at: expiresAt })
      .returning(['id', 'expires_at'])
      .executeTakeFirstOrThrow();
    this.cache.clear();
    return { id: Number(row.id), name, token, expires_at: toDate(row.expires_at)?.toISOString() ?? null };
  }

  /** Makes `token` a live, non-expiring token of `userId` (the operator's ADMIN_TOKEN). */
  async ensure(userId: number, name: string, token: string, db: Executor = this.database.db): Promise<void> {
    await db
      .insertInto('tokens')
      .values({ user_id: userId, name, token_hash: hashToken(token), expires_at: null })
      .onConflict((conflict) => conflict.column('token_hash').doUpdateSet({ user_id: userId, revoked: false, expires_at: null }))
      .execute();
    this.cache.clear();
  }

  async revokeAllOf(userId: number, db: Executor = this.database.db): Promise<void> {
    await db.updateTable('tokens').set({ revoked: true }).where('user_id', '=', userId).where('revoked', '=', false).execute();
    this.cache.clear();
  }

  private async ownerOf(hash: string): Promise<TokenOwner | null> {
    const { db, dialect } = this.database;
    const row = await db
      .selectFrom('tokens')
      .innerJoin('users', 'users.id', 'tokens.user_id')
      .select(['tokens.id as token_id', 'users.id as user_id', 'users.is_admin', 'tokens.expires_at'])
      .where('tokens.token_hash', '=', hash)
      .where('tokens.revoked', '=', false)
      .where((eb) => eb.or([eb('tokens.expires_at', 'is', null), eb('tokens.expires_at', '>', dialect.now())]))
      .where('users.deleted_at', 'is', null)
      .executeTakeFirst();
    if (!row) return null;
    return {
      user: { userId: Number(row.user_id), isAdmin: Boolean(row.is_admin), tokenId: Number(row.token_id) },
      expiresAt: toDate(row.expires_at)?.getTime() ?? null,
    };
  }
}
