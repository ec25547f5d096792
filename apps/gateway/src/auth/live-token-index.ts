import { Inject, Injectable } from '@nestjs/common';
import { GATEWAY_DATABASE, GatewayDatabase } from '../gateway-migrations';
import { isLiveToken } from './live-token-condition';

/** A digest that is not in the index is looked for in the database at most this often (new tokens of other gateway replicas). */
export const INDEX_REFRESH_INTERVAL_MS = 1_000;
/** How often the index is read anew whole, dropping the digests of tokens revoked by other replicas. */
export const INDEX_RELOAD_INTERVAL_MS = 15 * 60_000;

/** How long after its creation time a token's row may become visible (its transaction commits). */
const COMMIT_MARGIN_MS = 60_000;

/**
 * The digests of every token and dashboard session that may be live, in memory. A token (or a
 * session cookie) whose digest is not here is refused without a statement, so a flood of made-up
 * ones never reaches the database, whatever addresses it comes from; and one whose digest is here
 * is let past an address's exhausted budget, so a valid token is never locked out by other clients
 * of its address. (Both are SHA-256 digests of 32 random bytes or more: they cannot collide, and a
 * token is still looked for among tokens only, a session among sessions.)
 *
 * The index holds a superset of the live ones (the database still decides): those issued through
 * this process are added at once, those of other gateway replicas are read in on a miss (one short
 * query at most every INDEX_REFRESH_INTERVAL_MS), and revoked, ended or expired ones leave it at
 * the next whole reload. A digest is 64 hex characters: a million take about 100 MB.
 */
@Injectable()
export class LiveTokenIndex {
  private digests = new Set<string>();
  /** Digests added since the read under way began, kept by a whole reload that did not see them. */
  private addedDuringRead: string[] = [];
  private checkedAt = 0;
  private loadedAt = 0;
  private pending: Promise<void> | null = null;

  constructor(@Inject(GATEWAY_DATABASE) private readonly database: GatewayDatabase) {}

  /**
   * Whether the token with this digest may be live. False: it is not, as far as this process has
   * read (a token another replica issued in the last INDEX_REFRESH_INTERVAL_MS may not be read in yet).
   */
  async mayBeLive(digest: string, now = Date.now()): Promise<boolean> {
    if (this.loadedAt === 0 || now - this.loadedAt >= INDEX_RELOAD_INTERVAL_MS) await this.update(true, now);
    if (this.digests.has(digest)) return true;
    if (now - this.checkedAt < INDEX_REFRESH_INTERVAL_MS) return false;
    await this.update(false, now);
    return this.digests.has(digest);
  }

  /** A token issued, or a session opened, through this process. */
  add(digest: string): void {
    this.digests.add(digest);
    if (this.pending) this.addedDuringRead.push(digest);
  }

  /** Tokens revoked, or sessions ended, through this process. */
  remove(digests: readonly string[]): void {
    for (const digest of digests) this.digests.delete(digest);
  }

  /**
   * Reads the live tokens and sessions created since a minute before the last read began (or all
   * of them), in one statement, one read at a time. By creation time with a margin, not by id: ids
   * of concurrent transactions commit out of order, creation times within a minute of their commit.
   */
  private update(whole: boolean, now: number): Promise<void> {
    this.pending ??= this.read(whole, now).finally(() => (this.pending = null));
    return this.pending;
  }

  private async read(whole: boolean, now: number): Promise<void> {
    const { db, dialect } = this.database;
    const since = whole ? null : dialect.nowPlusMs(-(now - this.checkedAt + COMMIT_MARGIN_MS));
    let tokens = db
      .selectFrom('tokens')
      .select('token_hash as digest')
      .where(isLiveToken(dialect));
    if (since) tokens = tokens.where('created_at', '>', since);
    const query = tokens.unionAll((eb) => {
      const sessions = eb.selectFrom('dashboard_sessions').select('session_hash as digest').where('expires_at', '>', dialect.now());
      return since ? sessions.where('created_at', '>', since) : sessions;
    });
    this.addedDuringRead = [];
    const rows = await query.execute();
    const digests = whole ? new Set<string>(this.addedDuringRead) : this.digests;
    for (const row of rows) digests.add(row.digest);
    this.digests = digests;
    this.checkedAt = now;
    if (whole) this.loadedAt = now;
  }
}
