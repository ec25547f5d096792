import { Controller } from '@nestjs/common';
import { EventPattern } from '@nestjs/microservices';
import { ConsumerGroups, decodePostEventMessage, PostEventName, Topics } from '@app/contracts';
import { heldInstantOf } from '@app/domain';
import { ConsumerGroupOptions, IncomingMessage } from '@app/messaging';
import { QueueSlotStore } from './queue-slot-store';

/** Whether a message may change the instant a post holds (the others leave it as it was); a new event type does not compile until it is said here. */
const MAY_CHANGE_HOLD: Readonly<Record<PostEventName, boolean>> = {
  'post.created': false,
  'post.updated': true,
  'post.scheduled': true,
  'post.approval_requested': true,
  'post.approved': true,
  'post.deleted': true,
  'post.publishing_started': false,
  'post.account_published': false,
  'post.account_failed': false,
  'post.published': true,
  'post.failed': true,
  'post.metrics_updated': false,
};

/**
 * Records from `post-events` the instant each post holds, for what HeldInstantRecorder could not
 * record after a command (the process ended between the append and the record): idempotent, an
 * event older than the recorded revision changes nothing.
 */
@Controller()
export class HeldInstantsConsumer {
  constructor(private readonly store: QueueSlotStore) {}

  @EventPattern(ConsumerGroups.postServiceHeldInstants, { topics: [Topics.postEvents] } satisfies ConsumerGroupOptions)
  async handle(message: IncomingMessage): Promise<void> {
    const event = decodePostEventMessage(message.value);
    if (!MAY_CHANGE_HOLD[event.type]) return;
    const held = heldInstantOf({ status: event.post.status, scheduledAt: event.post.scheduled_at, deleted: event.deleted });
    await this.store.recordHold(event.workspaceUuid, event.postUuid, held === null ? null : new Date(held), event.revision);
  }
}
