import { Inject, Logger, Module, OnApplicationBootstrap, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { ConsumerGroups, Topics } from '@app/contracts';
import { MESSAGE_BUS, MessageBus, Subscription } from '@app/messaging';
import { DATABASE, migrateSchema, SchemaDatabase, SqlDatabase } from '@app/persistence';
import { TimerFiring } from './fire-timers/timer-firing.service';
import { SCHEDULER_SCHEMA, schedulerMigrations } from './scheduler-migrations';
import { defaultSchedulerOptions, SCHEDULER_OPTIONS } from './scheduler-options';
import { SCHEDULER_DATABASE, TimerStore } from './timers/timer-store';
import { ScheduleTracker } from './track-schedules/schedule-tracker';

/**
 * Durable timers for scheduled posts (schema `scheduler`): learns schedules from `post-events`
 * and sends StartPublishing to `post-commands` when a post is due.
 */
@Module({
  providers: [
    TimerStore,
    TimerFiring,
    ScheduleTracker,
    { provide: SCHEDULER_OPTIONS, useValue: defaultSchedulerOptions },
    { provide: SCHEDULER_DATABASE, inject: [DATABASE], useFactory: (database: SqlDatabase) => database.forSchema(SCHEDULER_SCHEMA) },
  ],
})
export class SchedulerModule implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Scheduler');
  private subscription: Subscription | null = null;

  constructor(
    @Inject(SCHEDULER_DATABASE) private readonly database: SchemaDatabase,
    @Inject(MESSAGE_BUS) private readonly bus: MessageBus,
    private readonly firing: TimerFiring,
    private readonly tracker: ScheduleTracker,
  ) {}

  async onModuleInit(): Promise<void> {
    const applied = await migrateSchema(this.database, schedulerMigrations);
    if (applied.length > 0) this.logger.log(`Applied migrations ${applied.join(', ')}`);
  }

  async onApplicationBootstrap(): Promise<void> {
    this.firing.start();
    this.subscription = await this.bus.subscribe({
      groupId: ConsumerGroups.scheduler,
      topics: [Topics.postEvents],
      handle: (message) => this.tracker.handle(message),
    });
    this.logger.log('Watching post events for schedules');
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.stop();
    this.subscription = null;
    await this.firing.stop();
  }
}
