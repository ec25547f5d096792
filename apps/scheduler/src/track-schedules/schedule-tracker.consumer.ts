import { Controller, Logger } from '@nestjs/common';
import { EventPattern } from '@nestjs/microservices';
import { ConsumerGroups, decodePostEventMessage, PostEventMessage, Topics } from '@app/contracts';
import { ConsumerGroupOptions, IncomingMessage, TRACEPARENT } from '@app/messaging';
import { TimerFiring } from '../fire-timers/timer-firing.service';
import { TimerChangeOfPost, TimerStore, TimerUpdate } from '../timers/timer-store';
import { timerChangeFor } from './timer-change';

/** Keeps one timer per scheduled post from the events on `post-events`. */
@Controller()
export class ScheduleTracker {
  private readonly logger = new Logger('Scheduler');

  constructor(
    private readonly timers: TimerStore,
    private readonly firing: TimerFiring,
  ) {}

  /** A batch of `post-events` at a time: the timer changes it makes commit in one transaction. */
  @EventPattern(ConsumerGroups.scheduler, { topics: [Topics.postEvents], batches: true } satisfies ConsumerGroupOptions)
  async handle(messages: readonly IncomingMessage[]): Promise<void> {
    const changes: TimerChangeOfPost[] = [];
    const events: PostEventMessage[] = [];
    for (const message of messages) {
      const event = decodePostEventMessage(message.value);
      const change = timerChangeFor(event);
      if (change.kind === 'none') continue;
      const trace = { traceparent: message.headers[TRACEPARENT] ?? null, storedAt: new Date(event.occurredAt) };
      changes.push({ postUuid: event.postUuid, revision: event.revision, change, trace });
      events.push(event);
    }
    const updates = await this.timers.applyAll(changes);
    updates.forEach((update, index) => this.report(events[index]!, changes[index]!.change, update));
  }

  private report(event: PostEventMessage, change: TimerChangeOfPost['change'], update: TimerUpdate): void {
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
