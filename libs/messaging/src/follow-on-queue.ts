/** Taken items are dropped from the front once this many have piled up (and at least half are taken). */
const COMPACT_AFTER = 256;

/**
 * What a writer of this process handed over to one reader, kept in the order of a number each item
 * carries (a partition offset, an event position), so that the reader takes what follows on from
 * where it stands instead of reading it back. A queue with a read index: neither an add nor a take
 * copies what stays. Past its capacity it empties, and the reader falls back to its store.
 */
export class FollowOnQueue<Item> {
  private items: Item[] = [];
  /** Index of the first item not taken yet. */
  private head = 0;

  constructor(
    private readonly capacity: number,
    private readonly numberOf: (item: Item) => number,
  ) {}

  get size(): number {
    return this.items.length - this.head;
  }

  /** Items in order among themselves; a batch that comes before what is kept is sorted in. */
  add(handedOver: readonly Item[]): void {
    if (handedOver.length === 0) return;
    if (this.size + handedOver.length > this.capacity) return this.clear();
    if (this.head >= COMPACT_AFTER && this.head * 2 >= this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    const last = this.size > 0 ? this.numberOf(this.items[this.items.length - 1]!) : -Infinity;
    for (const item of handedOver) this.items.push(item);
    // Two writers' hand-overs may come in another order than their numbers: rare, and then sorted.
    if (this.numberOf(handedOver[0]!) < last) {
      this.items = this.items.slice(this.head).sort((a, b) => this.numberOf(a) - this.numberOf(b));
      this.head = 0;
    }
  }

  /**
   * The items from number `next` on, at most `limit` with no gap, or null when the first kept does
   * not follow on from it. Items before `next` (read from the store meanwhile) are dropped.
   */
  take(next: number, limit: number): Item[] | null {
    while (this.head < this.items.length && this.numberOf(this.items[this.head]!) < next) this.head++;
    if (this.size === 0) {
      this.clear();
      return null;
    }
    if (this.numberOf(this.items[this.head]!) !== next) return null;
    const end = Math.min(this.items.length, this.head + limit);
    let following = this.head + 1;
    while (following < end && this.numberOf(this.items[following]!) === next + (following - this.head)) following++;
    const taken = this.items.slice(this.head, following);
    this.head = following;
    if (this.size === 0) this.clear();
    return taken;
  }

  private clear(): void {
    this.items = [];
    this.head = 0;
  }
}
