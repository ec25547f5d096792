import { Injectable, Logger } from '@nestjs/common';
import { heldInstantOf, PostState } from '@app/domain';
import { QueueSlotStore } from './queue-slot-store';

const heldBy = (state: PostState): number | null => (state.exists ? heldInstantOf(state) : null);

/**
 * Records, right after a command's events are appended, the instant the post holds then, so that
 * the next queued post does not get it (and a slot the post gave up is free at once).
 *
 * An append of one event that leaves the instant as it was is not recorded: every message after
 * the recorded revision then says the same, so HeldInstantsConsumer, which records from
 * `post-events` whatever is newer, cannot record anything else. A failure here is only logged:
 * the consumer records the same a moment later.
 */
@Injectable()
export class HeldInstantRecorder {
  private readonly logger = new Logger(HeldInstantRecorder.name);

  constructor(private readonly store: QueueSlotStore) {}

  async appended(before: PostState, after: PostState, revision: number, eventCount: number): Promise<void> {
    if (!after.exists) return;
    const held = heldBy(after);
    if (eventCount === 1 && held === heldBy(before)) return;
    try {
      await this.store.recordHold(after.workspaceUuid, after.postUuid, held === null ? null : new Date(held), revision);
    } catch (error) {
      this.logger.warn(`Could not record the instant post ${after.postUuid} holds at revision ${revision}: ${(error as Error).message}`);
    }
  }
}
