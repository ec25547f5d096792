import { Injectable, Logger } from '@nestjs/common';

/** How long a read waits for the read model to show a write made through this gateway. */
export const READ_YOUR_WRITES_TIMEOUT_MS = 2000;

interface Waiter {
  revision: number;
  resolve: () => void;
}

/**
 * Read-your-writes, on the read side only. A command's reply carries the post's revision; this
 * gateway notes it, and the projection reports each revision it has stored. A read of a post with
 * a write not yet projected waits for it (woken by the projection, no polling), at most
 * READ_YOUR_WRITES_TIMEOUT_MS; a read with nothing pending does not wait at all.
 */
@Injectable()
export class ReadYourWrites {
  private readonly logger = new Logger('PostsReadModel');
  /** Revisions written through this gateway and not yet projected: workspace -> post -> revision. */
  private readonly pending = new Map<string, Map<string, number>>();
  private readonly waiters = new Map<string, Waiter[]>();

  written(workspaceUuid: string, postUuid: string, revision: number): void {
    const posts = this.pending.get(workspaceUuid) ?? new Map<string, number>();
    if ((posts.get(postUuid) ?? -1) < revision) posts.set(postUuid, revision);
    this.pending.set(workspaceUuid, posts);
  }

  projected(workspaceUuid: string, postUuid: string, revision: number): void {
    const posts = this.pending.get(workspaceUuid);
    const pending = posts?.get(postUuid);
    if (posts && pending !== undefined && pending <= revision) {
      posts.delete(postUuid);
      if (posts.size === 0) this.pending.delete(workspaceUuid);
    }
    const waiters = this.waiters.get(postUuid);
    if (!waiters) return;
    const waiting = waiters.filter((waiter) => waiter.revision > revision);
    for (const waiter of waiters) if (waiter.revision <= revision) waiter.resolve();
    if (waiting.length > 0) this.waiters.set(postUuid, waiting);
    else this.waiters.delete(postUuid);
  }

  /** Waits until the writes to the post made through this gateway are projected. */
  async caughtUpWith(workspaceUuid: string, postUuid: string): Promise<void> {
    const revision = this.pending.get(workspaceUuid)?.get(postUuid);
    if (revision !== undefined) await this.waitFor(workspaceUuid, postUuid, revision);
  }

  /** Waits until every write to the workspace's posts made through this gateway is projected (for lists). */
  async caughtUpWithWorkspace(workspaceUuid: string): Promise<void> {
    const posts = [...(this.pending.get(workspaceUuid) ?? [])];
    await Promise.all(posts.map(([postUuid, revision]) => this.waitFor(workspaceUuid, postUuid, revision)));
  }

  private waitFor(workspaceUuid: string, postUuid: string, revision: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.logger.warn(`The read model has not reached revision ${revision} of post ${postUuid} after ${READ_YOUR_WRITES_TIMEOUT_MS} ms; answering anyway`);
        this.projected(workspaceUuid, postUuid, revision);
      }, READ_YOUR_WRITES_TIMEOUT_MS);
      const waiters = this.waiters.get(postUuid) ?? [];
      waiters.push({ revision, resolve: () => (clearTimeout(timer), resolve()) });
      this.waiters.set(postUuid, waiters);
    });
  }
}
