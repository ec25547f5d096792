/**
 * The uploads one process receives at once (MEDIA_UPLOADS_MAX_CONCURRENT): each holds a file
 * being written and a connection being read, so their number is bounded, not their memory alone.
 */
export class UploadSlots {
  private taken = 0;

  constructor(readonly max: number) {}

  /** Takes a slot; false when all are taken (the upload is refused, not queued). */
  tryTake(): boolean {
    if (this.taken >= this.max) return false;
    this.taken += 1;
    return true;
  }

  release(): void {
    this.taken = Math.max(0, this.taken - 1);
  }

  get inUse(): number {
    return this.taken;
  }
}
