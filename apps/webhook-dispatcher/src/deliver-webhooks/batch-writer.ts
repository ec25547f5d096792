interface Waiting<T> {
  item: T;
  resolve(): void;
  reject(error: unknown): void;
}

/**
 * Writes items in batches: those added within `gatherMs` of the first, or while a write is under
 * way, go together in the next write. A caller's promise settles with the write of its item.
 */
export class BatchWriter<T> {
  private waiting: Array<Waiting<T>> = [];
  private writing: Promise<void> | null = null;

  constructor(
    private readonly write: (items: T[]) => Promise<void>,
    private readonly options: { maxBatch: number; gatherMs: number },
  ) {}

  add(item: T): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.writing ??= this.drain();
    });
  }

  private async drain(): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, this.options.gatherMs));
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.options.maxBatch);
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
