/**
 * The ids of the sealed requests a server accepted, each kept until its request would be refused as
 * too old anyway: the same request sent again (captured on the way and replayed) is refused, and the
 * memory holds no more than the requests of one acceptance window.
 */
export class AcceptedRequestIds {
  /** Id → the instant (this server's clock) from which its request is too old to be accepted. */
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
   * Oldest first, up to the first id still kept: requests arrive about in the order they were sent,
   * so this costs nothing per request. An expired id kept behind a later one is forgotten with it
   * (until then it refuses only a request that is too old anyway).
   */
  private forgetExpired(now: number): void {
    for (const [id, expiresAt] of this.expiries) {
      if (expiresAt > now) return;
      this.expiries.delete(id);
    }
  }
}
