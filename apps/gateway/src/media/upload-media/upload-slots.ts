/**
 * The uploads one process receives at once (MEDIA_UPLOADS_MAX_CONCURRENT): each holds a file
 * being written and a connection being read, so their number is bounded, not their memory alone.
 * One user holds at most half of them (at least one), so that the slow uploads of one member
 * never take every slot from the other users.
 */
export class UploadSlots {
  private taken = 0;
  private readonly takenByUser = new Map<number, number>();
  /** The most slots one user may hold at once. */
  readonly maxPerUser: number;

  constructor(readonly max: number) {
    this.maxPerUser = Math.max(1, Math.floor(max / 2));
  }

  /** Takes a slot for the user; false when all are taken, or the user's share is (the upload is refused, not queued). */
  tryTake(userId: number): boolean {
    const held = this.takenByUser.get(userId) ?? 0;
    if (this.taken >= this.max || held >= this.maxPerUser) return false;
    this.taken += 1;
    this.takenByUser.set(userId, held + 1);
    return true;
  }

  /** Gives back a slot the user took. */
  release(userId: number): void {
    const held = this.takenByUser.get(userId) ?? 0;
    if (held === 0) return;
    if (held === 1) this.takenByUser.delete(userId);
    else this.takenByUser.set(userId, held - 1);
    this.taken -= 1;
  }

  get inUse(): number {
    return this.taken;
  }
}
