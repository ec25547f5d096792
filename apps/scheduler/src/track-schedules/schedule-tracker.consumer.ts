import { Injectable, Logger } from '@nestjs/common';
import { ConsumerGroups, decodePostEventMessage, Topics } from '@app/contracts';
import { ConsumesTopics, IncomingMessage } from '@app/messaging';
import { TimerFiring } from '../fire-timers/timer-firing.service';
import { TimerStore } from '../timers/timer-store';
import { timerChangeFor } from './timer-change';

/** Keeps one timer per scheduled post from the events on `post-events`. */
@Injectable()
export class ScheduleTracker {
  private readonly logger = new Logger('Scheduler');

  constructor(
    private readonly timers: TimerStore,
    private readonly firing: TimerFiring,
  ) {}

  @ConsumesTopics({ groupId: ConsumerGroups.scheduler, topics: [Topics.postEvents] })
  async handle(message: IncomingMessage): Promise<void> {
    const event = decodePostEventMessage(message.value);
    const change = timerChangeFor(event);
    if (change.kind === 'none') return;

    const update = await this.timers.apply(event.postUuid, event.revision, change);
    if (update === 'stale') {
      this.logger.debug(`Skipped ${event.type} of post ${event.postUuid} (revision ${event.revision}): a later event was handled already`);
    } else if (change.kind === 'set') {
      this.logger.log(`Post ${event.postUuid} is due at ${change.dueAt.toISOString()} (schedule revision ${event.revision})`);
      this.firing.timerSet(change.dueAt);
    } else if (update === 'removed') {
      this.logger.log(`Timer of post ${event.postUuid} removed after ${event.type} (revision ${event.revision})`);
    }
  }
}
