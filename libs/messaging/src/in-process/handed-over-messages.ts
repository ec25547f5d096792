import { IncomingMessage } from '../message-bus.port';

/** Read messages are dropped from the front once this many have piled up (and at least half are read). */
const COMPACT_AFTER = 256;

/**
 * What this process appended to one partition, as the log's writer handed it over, kept for the
 * partition's reader in offset order: a queue with a read index, so that neither an append nor a
 * take copies what stays. Past its capacity it empties, and the reader falls back to the log.
 */
export class HandedOverMessages {
  private messages: IncomingMessage[] = [];
  /** Index of the first message not taken yet. */
  private head = 0;

  constructor(private readonly capacity: number) {}

  get size(): number {
    return this.messages.length - this.head;
  }

  add(appended: readonly IncomingMessage[]): void {
    if (this.size + appended.length > this.capacity) return this.clear();
    if (this.head >= COMPACT_AFTER && this.head * 2 >= this.messages.length) {
      this.messages = this.messages.slice(this.head);
      this.head = 0;
    }
    for (const message of appended) this.messages.push(message);
  }

  /**
   * The messages from `nextOffset` on, at most `limit` with no gap, or null when the first kept
   * does not follow on from it. Messages before `nextOffset` (read from the log meanwhile) are dropped.
   */
  take(nextOffset: number, limit: number): IncomingMessage[] | null {
    while (this.head < this.messages.length && Number(this.messages[this.head]!.offset) < nextOffset) this.head++;
    if (this.size === 0) {
      this.clear();
      return null;
    }
    if (Number(this.messages[this.head]!.offset) !== nextOffset) return null;
    const end = Math.min(this.messages.length, this.head + limit);
    let next = this.head + 1;
    while (next < end && Number(this.messages[next]!.offset) === nextOffset + (next - this.head)) next++;
    const taken = this.messages.slice(this.head, next);
    this.head = next;
    if (this.size === 0) this.clear();
    return taken;
  }

  private clear(): void {
    this.messages = [];
    this.head = 0;
  }
}
