import { PostTrackingRetention } from './retention/post-tracking-retention';
import { BeforeApplicationShutdown, Logger, Module, OnApplicationBootstrap } from '@nestjs/common';
import { DATABASE, schemaMigrationsAtStart, SqlDatabase } from '@app/persistence';
import { TimerFiring } from './fire-timers/timer-firing.service';
import { SCHEDULER_SCHEMA, schedulerMigrations } from './scheduler-migrations';
import { defaultSchedulerOptions, SCHEDULER_OPTIONS } from './scheduler-options';
import { SCHEDULER_DATABASE, TimerStore } from './timers/timer-store';
import { ScheduleTracker } from './track-schedules/schedule-tracker.consumer';
import { PublishingWatchConsumer } from './watch-publishing/publishing-watch.consumer';
import { PublishingWatchStore } from './watch-publishing/publishing-watch-store';
import { PublishingWatchdog } from './watch-publishing/publishing-watchdog';

/**
 * Durable timers for scheduled posts (schema `scheduler`): learns schedules from `post-events`
 * and sends StartPublishing to `post-commands` when a post is due; watches publishing rounds and
 * sends ExpirePublishing for one that outlives its results.
 */
@Module({
  controllers: [PublishingWatchConsumer, ScheduleTracker],
  providers: [
    TimerStore,
    TimerFiring,
    PublishingWatchStore,
    PublishingWatchdog,
    PostTrackingRetention,
    { provide: SCHEDULER_OPTIONS, useValue: defaultSchedulerOptions },
    { provide: SCHEDULER_DATABASE, inject: [DATABASE], useFactory: (database: SqlDatabase) => database.forSchema(SCHEDULER_SCHEMA) },
    schemaMigrationsAtStart(SCHEDULER_DATABASE, schedulerMigrations),
  ],
})
export class SchedulerModule implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Scheduler');

  constructor(private readonly firing: TimerFiring) {}

  async onApplicationBootstrap(): Promise<void> {
    this.firing.start();
    this.logger.debug('Timers running');
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.firing.stop();
  }
}
