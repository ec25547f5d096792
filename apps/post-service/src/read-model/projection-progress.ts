import { Injectable, Logger } from '@nestjs/common';

/** How long a read waits for the projection to show a write this process made. */
export const READ_YOUR_WRITES_TIMEOUT_MS = 2000;

interface Waiter {
  revision: number;
  resolve: () => void;
}

/**
 * Read-your-writes on the read side only. Commands answer from the aggregate at once and note
 * the revision they appended; the projection reports each revision it has applied. A read of a
 * post with a write not yet projected waits for it (woken by the projection, no polling), at
 * most READ_YOUR_WRITES_TIMEOUT_MS; a read with nothing pending does not wait at all.
 */
@Injectable()
export class ProjectionProgress {
  private readonly logger = new Logger(ProjectionProgress.name);
  /** Revisions appended by this process and not yet projected, by post. */
  private readonly pending = new Map<string, number>();
  private readonly waiters = new Map<string, Waiter[]>();

  appended(postUuid: string, revision: number): void {
    if ((this.pending.get(postUuid) ?? -1) < revision) this.pending.set(postUuid, revision);
  }

  projected(postUuid: string, revision: number): void {
    const pending = this.pending.get(postUuid);
    if (pending !== undefined && pending <= revision) this.pending.delete(postUuid);
    const waiters = this.waiters.get(postUuid);
    if (!waiters) return;
    const waiting = waiters.filter((waiter) => waiter.revision > revision);
    for (const waiter of waiters) if (waiter.revision <= revision) waiter.resolve();
    if (waiting.length > 0) this.waiters.set(postUuid, waiting);
    else this.waiters.delete(postUuid);
  }

  /** Waits until this process's writes to `postUuid` are projected. */
  async caughtUpWith(postUuid: string): Promise<void> {
    const revision = this.pending.get(postUuid);
    if (revision !== undefined) await this.waitFor(postUuid, revision);
  }

  /** Waits until every write of this process is projected (for lists, which may show any post). */
  async caughtUpWithAll(): Promise<void> {
    await Promise.all([...this.pending].map(([postUuid, revision]) => this.waitFor(postUuid, revision)));
  }

  private waitFor(postUuid: string, revision: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.logger.warn(`Read model has not reached revision ${revision} of post ${postUuid} after ${READ_YOUR_WRITES_TIMEOUT_MS} ms; answering anyway`);
        this.pending.delete(postUuid);
        resolve();
      }, READ_YOUR_WRITES_TIMEOUT_MS);
      const waiters = this.waiters.get(postUuid) ?? [];
      waiters.push({ revision, resolve: () => (clearTimeout(timer), resolve()) });
      this.waiters.set(postUuid, waiters);
    });
  }
}
