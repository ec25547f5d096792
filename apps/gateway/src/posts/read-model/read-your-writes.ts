import { Injectable, Logger } from '@nestjs/common';
import type { PostView } from '@app/contracts';

/** How long a read waits for the read model to show a write made through this gateway. */
export const READ_YOUR_WRITES_TIMEOUT_MS = 2000;

interface Waiter {
  revision: number;
  resolve: () => void;
}

/** A write made through this gateway: the post's revision after it, and the post then, as the command answered it. */
interface Written {
  revision: number;
  post?: PostView;
}

/**
 * Read-your-writes, on the read side only. A command's reply carries the post and its revision;
 * this gateway notes them, and the projection reports each revision it has stored. A read of a
 * post with a write not yet projected waits for it (woken by the projection, no polling), at most
 * READ_YOUR_WRITES_TIMEOUT_MS; a read with nothing pending does not wait at all. A read whose wait
 * runs out is answered with the post as the write left it, when the read model has it older or
 * not at all (a projection slowed down: the client never reads back less than it wrote).
 */
@Injectable()
export class ReadYourWrites {
  private readonly logger = new Logger('PostsReadModel');
  /** Writes made through this gateway and not yet projected: workspace -> post -> the latest. */
  private readonly pending = new Map<string, Map<string, Written>>();
  private readonly waiters = new Map<string, Waiter[]>();

  written(workspaceUuid: string, postUuid: string, revision: number, post?: PostView): void {
    const posts = this.pending.get(workspaceUuid) ?? new Map<string, Written>();
    if ((posts.get(postUuid)?.revision ?? -1) < revision) posts.set(postUuid, { revision, post });
    this.pending.set(workspaceUuid, posts);
  }

  projected(workspaceUuid: string, postUuid: string, revision: number): void {
    const posts = this.pending.get(workspaceUuid);
    const pending = posts?.get(postUuid)?.revision;
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

  /**
   * Waits until the writes to the post made through this gateway are projected: null then, or
   * when nothing was pending; the latest write (with the post as it left it) when the wait ran out.
   */
  async caughtUpWith(workspaceUuid: string, postUuid: string): Promise<Required<Written> | null> {
    const written = this.pending.get(workspaceUuid)?.get(postUuid);
    if (written === undefined) return null;
    const projected = await this.waitFor(workspaceUuid, postUuid, written.revision);
    return projected || written.post === undefined ? null : { revision: written.revision, post: written.post };
  }

  /** Waits until every write to the workspace's posts made through this gateway is projected (for lists). */
  async caughtUpWithWorkspace(workspaceUuid: string): Promise<void> {
    const posts = [...(this.pending.get(workspaceUuid) ?? [])];
    await Promise.all(posts.map(([postUuid, { revision }]) => this.waitFor(workspaceUuid, postUuid, revision)));
  }

  /** True once the projection reached `revision`; false when the wait ran out first. */
  private waitFor(workspaceUuid: string, postUuid: string, revision: number): Promise<boolean> {
    return new Promise((resolve) => {
      let projected = true;
      const timer = setTimeout(() => {
        this.logger.warn(`The read model has not reached revision ${revision} of post ${postUuid} after ${READ_YOUR_WRITES_TIMEOUT_MS} ms; answering with the post as written`);
        projected = false;
        this.projected(workspaceUuid, postUuid, revision);
      }, READ_YOUR_WRITES_TIMEOUT_MS);
      const waiters = this.waiters.get(postUuid) ?? [];
      waiters.push({ revision, resolve: () => (clearTimeout(timer), resolve(projected)) });
      this.waiters.set(postUuid, waiters);
    });
  }
}
