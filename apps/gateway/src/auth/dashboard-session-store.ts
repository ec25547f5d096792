import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import { hashToken } from '@app/security';
import { GATEWAY_DATABASE, GatewayDatabase } from '../gateway-migrations';
import type { AuthenticatedUser } from './authenticated-user';
import { LiveTokenIndex } from './live-token-index';
import { liveTokenOwners, TokenStore, userOfLiveToken } from './token-store';

/** Random bytes of a session id (base64url in the cookie). */
export const SESSION_ID_BYTES = 32;

/**
 * The dashboard's sessions: signing in with an API token opens one, whose random id is the
 * browser's cookie, and only the id's SHA-256 digest is stored, with the user and the token it was
 * opened with. A session lasts SESSION_TTL_HOURS and never outlives its token: it expires with it,
 * and ends when the token is revoked (TokenStore deletes its row; the lookup checks the token too).
 * Signing out deletes the row: the cookie's value is refused from then on, by every gateway replica
 * (the sessions are in the shared database, and a lookup is never answered from a cache). An id
 * the index of live credentials does not hold is refused without a statement.
 */
@Injectable()
export class DashboardSessionStore {
  private readonly ttlMs: number;

  constructor(
    @Inject(GATEWAY_DATABASE) private readonly database: GatewayDatabase,
    private readonly index: LiveTokenIndex,
    private readonly tokens: TokenStore,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'sessionTtlHours'>,
  ) {
    this.ttlMs = config.sessionTtlHours * 3_600_000;
  }

  /** A new session of a user signed in with a token: its id, for the cookie (never stored). */
  async open(user: AuthenticatedUser, now = Date.now()): Promise<string> {
    const sessionId = randomBytes(SESSION_ID_BYTES).toString('base64url');
    const digest = hashToken(sessionId);
    const expiresAt = Math.min(now + this.ttlMs, user.tokenExpiresAt ?? Number.POSITIVE_INFINITY);
    const { db } = this.database;
    await db.deleteFrom('dashboard_sessions').where('expires_at', '<=', new Date(now)).execute();
    await db.insertInto('dashboard_sessions').values({ session_hash: digest, user_id: user.userId, token_id: user.tokenId, expires_at: new Date(expiresAt) }).execute();
    this.index.add(digest);
    return sessionId;
  }

  /** The user of a live session (the token it was opened with still live, the user not deleted), or null. */
  async authenticate(sessionId: string): Promise<AuthenticatedUser | null> {
    const digest = hashToken(sessionId);
    if (!(await this.index.mayBeLive(digest))) return null;
    const row = await liveTokenOwners(this.database)
      .innerJoin('dashboard_sessions as sessions', 'sessions.token_id', 'tokens.id')
      .where('sessions.session_hash', '=', digest)
      .where('sessions.expires_at', '>', this.database.dialect.now())
      .executeTakeFirst();
    if (!row) return null;
    const user = userOfLiveToken(row);
    await this.tokens.noteUse(user.tokenId);
    return user;
  }

  /**
   * Signs out: the session's row is deleted, so its id is refused from the next request on, by
   * every replica. An id the index does not hold costs no statement (like a made-up token); one
   * opened on another replica in the last INDEX_REFRESH_INTERVAL_MS may not be read in yet, and is
   * refused here as well until it is.
   */
  async end(sessionId: string): Promise<void> {
    const digest = hashToken(sessionId);
    if (!(await this.index.mayBeLive(digest))) return;
    await this.database.db.deleteFrom('dashboard_sessions').where('session_hash', '=', digest).execute();
    this.index.remove([digest]);
  }
}
