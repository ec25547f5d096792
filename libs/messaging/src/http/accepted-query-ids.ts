/**
 * The ids of the sealed queries a server accepted, each kept until its query would be refused as
 * too old anyway: the same query sent again (captured on the way and replayed) is refused, and the
 * memory holds no more than the queries of one acceptance window.
 */
export class AcceptedQueryIds {
  /** Id → the instant (this server's clock) from which its query is too old to be accepted. */
  private readonly expiries = new Map<string, number>();

  /** Records `id` until `expiresAt`; false when it was accepted before (a replay). */
  accept(id: string, expiresAt: number, now = Date.now()): boolean {
    this.forgetExpired(now);
    if (this.expiries.has(id)) return false;
    this.expiries.set(id, expiresAt);
    return true;
  }

  /** How many ids are remembered. */
  get size(): number {
    return this.expiries.size;
  }

  /**
   * Oldest first, up to the first id still kept: queries arrive about in the order they were sent,
   * so this costs nothing per query. An expired id kept behind a later one is forgotten with it
   * (until then it refuses only a query that is too old anyway).
   */
  private forgetExpired(now: number): void {
    for (const [id, expiresAt] of this.expiries) {
      if (expiresAt > now) return;
      this.expiries.delete(id);
    }
  }
}
