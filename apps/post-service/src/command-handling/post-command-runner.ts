import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { ServiceError } from '@app/contracts';
import { decide, evolve, foldPost, PostCommand, PostRuleViolation, PostState, postStreamId } from '@app/domain';
import { EVENT_STORE, EventStore, WrongExpectedRevisionError } from '@app/event-store';
import { HeldInstantRecorder } from '../queue-slots/held-instant-recorder';
import { CommandContext, toNewEvent, toPostEvent } from './post-event-codec';
import { ruleViolationToServiceError } from './rule-violation-to-service-error';

export interface CommandOutcome {
  /** State after the command. */
  state: PostState;
  /** Stream revision of the post's last event after the command (-1 when the stream is empty). */
  revision: number;
  /** How many events the command appended (0 for a duplicate or stale command). */
  appended: number;
}

export interface RunOptions {
  /** The post must belong to this workspace; a post of another workspace is not found. */
  workspaceUuid?: string;
  causationId?: string;
}

const ATTEMPTS = 2;

/**
 * The command path of the Post aggregate: load its stream, fold, decide, append with the
 * revision it was decided on. A concurrent writer makes the append fail; the command is decided
 * again on the new state once, then the caller is told to retry.
 */
@Injectable()
export class PostCommandRunner {
  private readonly logger = new Logger(PostCommandRunner.name);

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    /** Absent only where the runner is tested on its own. */
    @Optional() private readonly heldInstants?: HeldInstantRecorder,
  ) {}

  async run(postUuid: string, command: PostCommand, options: RunOptions = {}): Promise<CommandOutcome> {
    const streamId = postStreamId(postUuid);
    const context: CommandContext = { commandType: command.type, causationId: options.causationId };
    for (let attempt = 1; ; attempt++) {
      const recorded = await this.store.readStream(streamId);
      const state = foldPost(recorded.map(toPostEvent));
      if (options.workspaceUuid !== undefined && state.exists && state.workspaceUuid !== options.workspaceUuid) {
        throw ruleViolationToServiceError(new PostRuleViolation('PostNotFound'));
      }
      const revision = recorded.length === 0 ? -1 : recorded[recorded.length - 1].revision;
      const events = decide(command, state);
      if (events.length === 0) return { state, revision, appended: 0 };
      try {
        const result = await this.store.appendToStream(
          streamId,
          events.map((event) => toNewEvent(event, context)),
          revision === -1 ? 'no_stream' : revision,
        );
        const after = events.reduce(evolve, state);
        await this.heldInstants?.appended(state, after, result.nextRevision, events.length);
        return { state: after, revision: result.nextRevision, appended: events.length };
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        if (attempt >= ATTEMPTS) {
          this.logger.warn(`${command.type} on ${streamId} conflicted ${attempt} times with concurrent writers`);
          throw new ServiceError('unavailable', 'The post was changed by another request at the same time. Please try again.');
        }
        this.logger.debug(`${command.type} on ${streamId} conflicted at revision ${revision}; deciding again`);
      }
    }
  }
}
