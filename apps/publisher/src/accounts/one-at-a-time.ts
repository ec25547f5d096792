/**
 * Runs work one at a time per key, in this process: work given for a key while earlier work for
 * it runs waits until that ended (however it ended). Keys with nothing waiting take no memory.
 */
export class OneAtATime<Key> {
  private readonly tails = new Map<Key, Promise<void>>();

  run<T>(key: Key, work: () => Promise<T>): Promise<T> {
    const before = this.tails.get(key) ?? Promise.resolve();
    const result = before.then(work);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }
}
