import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Headers, Topics } from '@app/contracts';
import { inLaterWork, MESSAGE_BUS, MessageBus } from '@app/messaging';
import { LoopTurn, WakeUpLoop } from '@app/persistence';
import { READINESS_WATCH, ReadinessWatch } from '@app/runtime';
import { PUBLISHER_OPTIONS, PublisherOptions } from '../publisher-options';
import { AccountPublisher } from './account-publisher';
import { DeferredAttempt, DeferredAttempts } from './deferred-attempts';
import { recordPublishResultCommand } from './record-publish-result-command';

/** Deferred attempts resumed per round. */
const BATCH_SIZE = 20;

/**
 * Resumes deferred attempts when the platform's wait is over, and sends each result to
 * `post-commands` as the consumer would have. A result is journaled before it is sent and the
 * attempt removed after, so a crash in between sends the stored result again (same command id).
 * A wake-up loop: it sleeps until the next deferred attempt is due (by the database clock), and
 * looks again at least every `deferredPollMs` for attempts other replicas deferred. Each round
 * beats for readiness, and so does each attempt resumed: a call to the platform may last as long
 * as the attempt's lease.
 */
@Injectable()
export class DeferredAttemptsRunner implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Publisher');
  private readonly wakeUp: WakeUpLoop;

  constructor(
    private readonly deferred: DeferredAttempts,
    private readonly publisher: AccountPublisher,
    @Inject(MESSAGE_BUS) private readonly bus: MessageBus,
    @Inject(PUBLISHER_OPTIONS) private readonly options: PublisherOptions,
    @Inject(READINESS_WATCH) private readonly readiness: ReadinessWatch,
  ) {
    const { deferredPollMs } = options;
    this.wakeUp = new WakeUpLoop(
      { name: 'deferred publish attempts', idleRecheckMs: deferredPollMs, failurePauseMs: deferredPollMs, logger: this.logger },
      (turn) => this.resumeDue(turn),
    );
  }

  onApplicationBootstrap(): void {
    this.wakeUp.start(this.readiness);
  }

  onModuleDestroy(): Promise<void> {
    return this.wakeUp.stop();
  }

  /** Resumes the deferred attempts due now; in how long the next one is due. */
  private async resumeDue(turn: LoopTurn): Promise<number | null> {
    const due = await this.deferred.claimDue(this.options.deferredLeaseMs, BATCH_SIZE);
    for (const attempt of due) {
      // The platform's call is over within the lease, or the attempt counts as cut off.
      turn.progressed(this.options.deferredLeaseMs);
      // In the trace of the publishing that deferred it (a new one, linked to it, after an hour).
      await inLaterWork('deferred publish attempt', attempt.trace, new Date(), () => this.resume(attempt));
    }
    return this.deferred.msUntilNextDue();
  }

  private async resume(attempt: DeferredAttempt): Promise<void> {
    const result = await this.publisher.resume(attempt);
    if (!result) return;
    const command = recordPublishResultCommand(attempt.key, result, new Date());
    await this.bus.publish(Topics.postCommands, [{ key: attempt.key.postUuid, value: command, headers: { [Headers.messageId]: command.commandId } }]);
    await this.deferred.remove(attempt.key);
  }
}
