interface Waiting<T> {
  item: T;
  resolve(): void;
  reject(error: unknown): void;
}

/**
 * Writes items in batches: those added in the same turn of the event loop, or while a write is
 * under way, go together in the next write. A caller's promise settles with the write of its item.
 */
export class BatchWriter<T> {
  private waiting: Array<Waiting<T>> = [];
  private writing: Promise<void> | null = null;

  constructor(
    private readonly write: (items: T[]) => Promise<void>,
    private readonly maxBatch: number,
  ) {}

  add(item: T): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.writing ??= this.drain();
    });
  }

  private async drain(): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.maxBatch);
      try {
        await this.write(batch.map((waiting) => waiting.item));
        for (const waiting of batch) waiting.resolve();
      } catch (error) {
        for (const waiting of batch) waiting.reject(error);
      }
    }
    this.writing = null;
  }
}
