import { Inject, Injectable, Logger } from '@nestjs/common';
import { generateToken, hashToken } from '@app/security';
import { toDate, isoTimestamp } from '@app/persistence';
import { AccessCache } from '../access/access-cache';
import { GATEWAY_DATABASE, GatewayDatabase } from '../gateway-migrations';
import type { AuthenticatedUser } from './authenticated-user';
import { isLiveToken } from './live-token-condition';
import { LiveTokenIndex } from './live-token-index';
import { errorMessage } from '@app/errors';

export interface IssuedToken {
  id: number;
  name: string;
  token: string;
  expires_at: string | null;
}

/** A token as listings show it: never the token or its digest. */
export interface TokenSummary {
  id: number;
  name: string;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
}

type Executor = GatewayDatabase['db'];

/** Live (neither revoked nor expired) tokens a user may hold at once; each has its own rate budget. */
export const MAX_LIVE_TOKENS_PER_USER = 50;

export const TOO_MANY_TOKENS = `A user has at most ${MAX_LIVE_TOKENS_PER_USER} live tokens; revoke one first.`;

/** Thrown when a user already holds MAX_LIVE_TOKENS_PER_USER live tokens. */
export class TooManyTokensError extends Error {
  constructor() {
    super(TOO_MANY_TOKENS);
  }
}

/** A token's last use is written at most this often (per token and gateway process). */
export const LAST_USE_PRECISION_MS = 60_000;
const MAX_REMEMBERED_USES = 10_000;

interface TokenOwner {
  user: AuthenticatedUser;
  /** When the token stops working (epoch ms), or null. */
  expiresAt: number | null;
}

/** API tokens: only their digest is stored; the plaintext exists once, in the answer that creates it. */
@Injectable()
export class TokenStore {
  private readonly logger = new Logger('Gateway');
  /** Token id -> when this process last wrote its last_used_at (epoch ms). */
  private readonly usesWritten = new Map<number, number>();

  constructor(
    @Inject(GATEWAY_DATABASE) private readonly database: GatewayDatabase,
    private readonly cache: AccessCache,
    private readonly index: LiveTokenIndex,
  ) {}

  /**
   * The token's user, answered from the access cache while it is fresh (an unknown token too: a
   * token issued through this process clears the cache, so it works at once). A cached token
   * stops working the moment it expires. A token not in the index of live tokens is refused
   * without a lookup.
   */
  async authenticate(token: string): Promise<AuthenticatedUser | null> {
    const hash = hashToken(token);
    if (!(await this.index.mayBeLive(hash))) return null;
    const owner = await this.cache.get(`token:${hash}`, () => this.ownerOf(hash), (found) => found?.expiresAt ?? null);
    if (!owner || (owner.expiresAt !== null && owner.expiresAt <= Date.now())) return null;
    await this.noteUse(owner.user.tokenId);
    return owner.user;
  }

  async issue(userId: number, name: string, expiresAt: Date | null, db: Executor = this.database.db): Promise<IssuedToken> {
    const issued = await this.insert(userId, name, generateToken(), expiresAt, db);
    if (!issued) throw new Error('A generated token collided with a stored one');
    return issued;
  }

  /**
   * A new token for a user who asked for one (through the panel or for themselves): refused with
   * TooManyTokensError when the user holds MAX_LIVE_TOKENS_PER_USER live tokens already. The count
   * and the insert share a transaction under a lock per user, so concurrent requests cannot pass
   * the limit together.
   */
  issueWithinLimit(userId: number, name: string, expiresAt: Date | null): Promise<IssuedToken> {
    const { db, dialect } = this.database;
    return db.transaction().execute(async (tx) => {
      await dialect.transactionLock(tx, `tokens-of-user:${userId}`);
      const live = await tx
        .selectFrom('tokens')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('user_id', '=', userId)
        .where(isLiveToken(dialect))
        .executeTakeFirstOrThrow();
      if (Number(live.count) >= MAX_LIVE_TOKENS_PER_USER) throw new TooManyTokensError();
      return this.issue(userId, name, expiresAt, tx);
    });
  }

  /**
   * Makes a chosen text (the operator's ADMIN_TOKEN) a token of `userId`, without expiry; null when
   * its digest is already stored: a token in use or revoked is never handed out again.
   */
  issueChosen(userId: number, name: string, token: string, db: Executor = this.database.db): Promise<IssuedToken | null> {
    return this.insert(userId, name, token, null, db);
  }

  /** The tokens of a user that were not revoked (expired ones too, until revoked), oldest first. */
  async listOf(userId: number): Promise<TokenSummary[]> {
    const rows = await this.database.db
      .selectFrom('tokens')
      .select(['id', 'name', 'created_at', 'expires_at', 'last_used_at'])
      .where('user_id', '=', userId)
      .where('revoked', '=', false)
      .orderBy('id')
      .execute();
    return rows.map((row) => ({
      id: Number(row.id),
      name: row.name,
      created_at: isoTimestamp(row.created_at),
      expires_at: toDate(row.expires_at)?.toISOString() ?? null,
      last_used_at: toDate(row.last_used_at)?.toISOString() ?? null,
    }));
  }

  /**
   * Revokes a token (only one of `ownerId` when given) and ends the dashboard sessions opened with
   * it; false when there is no such live token.
   */
  async revoke(tokenId: number, ownerId?: number): Promise<boolean> {
    let query = this.database.db.updateTable('tokens').set({ revoked: true }).where('id', '=', tokenId).where('revoked', '=', false);
    if (ownerId !== undefined) query = query.where('user_id', '=', ownerId);
    const row = await query.returning('token_hash').executeTakeFirst();
    this.cache.clear();
    if (!row) return false;
    const sessions = await this.database.db.deleteFrom('dashboard_sessions').where('token_id', '=', tokenId).returning('session_hash').execute();
    this.index.remove([row.token_hash, ...sessions.map((session) => session.session_hash)]);
    return true;
  }

  /** Revokes every token of a user and ends their dashboard sessions. */
  async revokeAllOf(userId: number, db: Executor = this.database.db): Promise<void> {
    const rows = await db.updateTable('tokens').set({ revoked: true }).where('user_id', '=', userId).where('revoked', '=', false).returning('token_hash').execute();
    const sessions = await db.deleteFrom('dashboard_sessions').where('user_id', '=', userId).returning('session_hash').execute();
    this.cache.clear();
    this.index.remove([...rows.map((row) => row.token_hash), ...sessions.map((session) => session.session_hash)]);
  }

  private async insert(userId: number, name: string, token: string, expiresAt: Date | null, db: Executor): Promise<IssuedToken | null> {
    const digest = hashToken(token);
    const row = await db
      .insertInto('tokens')
      .values({ user_id: userId, name, token_hash: digest, expires_at: expiresAt })
      .onConflict((conflict) => conflict.column('token_hash').doNothing())
      .returning(['id', 'expires_at'])
      .executeTakeFirst();
    this.cache.clear();
    if (row) this.index.add(digest);
    return row ? { id: Number(row.id), name, token, expires_at: toDate(row.expires_at)?.toISOString() ?? null } : null;
  }

  /** Records that a token was used (itself, or through a session opened with it), at most once a minute per token, so that listings can show it. */
  async noteUse(tokenId: number): Promise<void> {
    const now = Date.now();
    if (now - (this.usesWritten.get(tokenId) ?? 0) < LAST_USE_PRECISION_MS) return;
    if (this.usesWritten.size >= MAX_REMEMBERED_USES) this.usesWritten.clear();
    this.usesWritten.set(tokenId, now);
    const { db, dialect } = this.database;
    try {
      await db.updateTable('tokens').set({ last_used_at: dialect.now() }).where('id', '=', tokenId).execute();
    } catch (error) {
      // Only a record for the listings: the request goes on.
      this.logger.warn(`Could not record the use of token ${tokenId}: ${errorMessage(error)}`);
    }
  }

  private async ownerOf(hash: string): Promise<TokenOwner | null> {
    const row = await liveTokenOwners(this.database).where('tokens.token_hash', '=', hash).executeTakeFirst();
    if (!row) return null;
    const user = userOfLiveToken(row);
    return { user, expiresAt: user.tokenExpiresAt };
  }

}

/**
 * The users that live tokens let in: tokens neither revoked nor expired, of users not deleted. The
 * one statement of that rule, for a token's own digest (ownerOf) and for the token a dashboard
 * session was opened with (DashboardSessionStore); read each row with userOfLiveToken.
 */
export function liveTokenOwners({ db, dialect }: GatewayDatabase) {
  return db
    .selectFrom('tokens')
    .innerJoin('users', 'users.id', 'tokens.user_id')
    .select(['tokens.id as token_id', 'users.id as user_id', 'users.is_admin', 'tokens.expires_at'])
    .where(isLiveToken(dialect))
    .where('users.deleted_at', 'is', null);
}

/** A row of liveTokenOwners. */
type LiveTokenOwner = Awaited<ReturnType<ReturnType<typeof liveTokenOwners>['executeTakeFirstOrThrow']>>;

export function userOfLiveToken(row: LiveTokenOwner): AuthenticatedUser {
  return { userId: Number(row.user_id), isAdmin: Boolean(row.is_admin), tokenId: Number(row.token_id), tokenExpiresAt: toDate(row.expires_at)?.getTime() ?? null };
}
