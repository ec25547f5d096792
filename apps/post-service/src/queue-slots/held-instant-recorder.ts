import { Injectable, Logger } from '@nestjs/common';
import { heldInstantOf, PostState } from '@app/domain';
import { errorMessage } from '@app/errors';
import { WritesAlongside } from '@app/event-store';
import { QueueSlotStore } from './queue-slot-store';

const heldBy = (state: PostState): number | null => (state.exists ? heldInstantOf(state) : null);

/** The instant to record after a command, or undefined when there is nothing to record (see HeldInstantRecorder). */
function holdToRecord(before: PostState, after: PostState, eventCount: number): { workspaceUuid: string; postUuid: string; heldAt: Date | null } | undefined {
  if (!after.exists) return undefined;
  const held = heldBy(after);
  if (eventCount === 1 && held === heldBy(before)) return undefined;
  return { workspaceUuid: after.workspaceUuid, postUuid: after.postUuid, heldAt: held === null ? null : new Date(held) };
}

/**
 * Records, right after a command's events are appended, the instant the post holds then, so that
 * the next queued post does not get it (and a slot the post gave up is free at once).
 *
 * An append of one event that leaves the instant as it was is not recorded: every message after
 * the recorded revision then says the same, so HeldInstantsConsumer, which records from
 * `post-events` whatever is newer, cannot record anything else. A failure here is only logged:
 * the consumer records the same a moment later.
 *
 * Where the posts' tables share the event store's connection (SQLite), the instant is recorded in
 * the append's own transaction instead (`alongside`): it commits with the events, one commit less.
 */
@Injectable()
export class HeldInstantRecorder {
  private readonly logger = new Logger(HeldInstantRecorder.name);

  constructor(private readonly store: QueueSlotStore) {}

  /** The record to make in the append's transaction, when the event store shares the posts' connection. */
  alongside(before: PostState, after: PostState, eventCount: number): WritesAlongside | undefined {
    const { connection } = this.store;
    const hold = holdToRecord(before, after, eventCount);
    if (!connection || !hold) return undefined;
    return {
      connection,
      write: async (revision, transaction) => void (await this.store.recordHoldWithin(transaction, hold.workspaceUuid, hold.postUuid, hold.heldAt, revision)),
    };
  }

  async appended(before: PostState, after: PostState, revision: number, eventCount: number): Promise<void> {
    const hold = holdToRecord(before, after, eventCount);
    if (!hold) return;
    try {
      await this.store.recordHold(hold.workspaceUuid, hold.postUuid, hold.heldAt, revision);
    } catch (error) {
      this.logger.warn(`Could not record the instant post ${hold.postUuid} holds at revision ${revision}: ${errorMessage(error)}`);
    }
  }
}
