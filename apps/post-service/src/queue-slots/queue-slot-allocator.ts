import { Injectable, Logger } from '@nestjs/common';
import { PostContentInput, PostingQueue, PostingQueueLimits, slotInstantsBetween } from '@app/domain';
import { QueueSlotStore } from './queue-slot-store';

const DAY_MS = 86_400_000;
/** Slots looked at together: one query for those that are taken. */
const BATCH = 100;

export interface SlotReservation {
  slotAt: Date;
  /** Reserved by this request (and so given up if its command fails), not by an earlier one of the same post. */
  fresh: boolean;
}

/**
 * Picks a queued post's slot: the first instant of the workspace's queue after now that no other
 * post holds or has reserved, reserved for it before its command is decided (see QueueSlotStore).
 */
@Injectable()
export class QueueSlotAllocator {
  private readonly logger = new Logger(QueueSlotAllocator.name);

  constructor(private readonly store: QueueSlotStore) {}

  /**
   * Runs a create or update: a queued one with its slot (`intent.slotAt`, the first free one after
   * `after`, now unless told) reserved first, and given up again when the command fails. Without a
   * free slot the command goes without one, and the decider answers why.
   */
  async runWithSlot<T>(workspaceUuid: string, postUuid: string, input: PostContentInput, now: Date, run: (input: PostContentInput) => Promise<T>, after = now): Promise<T> {
    if (input.intent.kind !== 'queue') return run(input);
    const reservation = await this.reserveNextFree(workspaceUuid, postUuid, input.intent.queue, now, after);
    if (!reservation) return run(input);
    try {
      return await run({ ...input, intent: { ...input.intent, slotAt: reservation.slotAt.toISOString() } });
    } catch (error) {
      if (reservation.fresh) await this.release(workspaceUuid, reservation.slotAt, postUuid);
      throw error;
    }
  }

  /** The first free slot after `after` (and now), reserved for the post; null when none is free in PostingQueueLimits.searchDays. */
  async reserveNextFree(workspaceUuid: string, postUuid: string, queue: PostingQueue, now: Date, after = now): Promise<SlotReservation | null> {
    await this.store.forgetPast(workspaceUuid, now);
    for await (const slotAt of this.unoccupied(workspaceUuid, postUuid, queue, now, after)) {
      const outcome = await this.store.reserve(workspaceUuid, postUuid, slotAt, now);
      if (outcome !== 'taken') return { slotAt, fresh: outcome === 'reserved' };
    }
    return null;
  }

  /**
   * A create or update as it would be decided now, without taking a slot: a queued one with the
   * first slot no other post holds or has reserved (none: the decider answers why).
   */
  async withNextFreeSlot(workspaceUuid: string, postUuid: string, input: PostContentInput, now: Date): Promise<PostContentInput> {
    if (input.intent.kind !== 'queue') return input;
    for await (const slotAt of this.unoccupied(workspaceUuid, postUuid, input.intent.queue, now)) {
      return { ...input, intent: { ...input.intent, slotAt: slotAt.toISOString() } };
    }
    return input;
  }

  /** The queue's slots after `after` (and now), in order, that no other post held or had reserved when they were looked at. */
  private async *unoccupied(workspaceUuid: string, postUuid: string, queue: PostingQueue, now: Date, after = now): AsyncGenerator<Date> {
    const from = after.getTime() > now.getTime() ? after : now;
    const until = new Date(from.getTime() + PostingQueueLimits.searchDays * DAY_MS);
    for (const batch of batches(slotInstantsBetween(queue, from, until))) {
      const occupied = await this.store.occupied(workspaceUuid, postUuid, batch[0], batch[batch.length - 1], now);
      for (const slotAt of batch) if (!occupied.has(slotAt.getTime())) yield slotAt;
    }
  }

  private async release(workspaceUuid: string, slotAt: Date, postUuid: string): Promise<void> {
    try {
      await this.store.release(workspaceUuid, slotAt, postUuid);
    } catch (error) {
      // Left behind, the reservation lapses on its own (RESERVATION_GRACE_MS).
      this.logger.warn(`Could not give up the slot ${slotAt.toISOString()} of post ${postUuid}: ${(error as Error).message}`);
    }
  }
}

function* batches<T>(items: Iterable<T>): Generator<T[]> {
  let batch: T[] = [];
  for (const item of items) {
    batch.push(item);
    if (batch.length === BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}
