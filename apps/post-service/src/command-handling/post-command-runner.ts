import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { ServiceError } from '@app/contracts';
import { decide, evolve, foldPost, initialPostState, PostCommand, PostEvent, PostRuleViolation, PostState, postStreamId } from '@app/domain';
import { EVENT_STORE, EventStore, WrongExpectedRevisionError } from '@app/event-store';
import { HeldInstantRecorder } from '../queue-slots/held-instant-recorder';
import { PublishingLateness } from './publishing-lateness.metric';
import { CommandContext, toNewEvent, toPostEvent } from './post-event-codec';
import { RecentPostStates } from './recent-post-states';
import { ruleViolationToServiceError } from './rule-violation-to-service-error';

export interface CommandOutcome {
  /** State after the command. */
  state: PostState;
  /** Stream revision of the post's last event after the command (-1 when the stream is empty). */
  revision: number;
  /** How many events the command appended (0 for a duplicate or stale command). */
  appended: number;
  /**
   * The post as its author's command left it, and its revision then: the state after the whole
   * decision, but before a publishing round the decision started because the post was due at
   * once (a `schedule_now` post is answered `scheduled`, as the contract says).
   */
  answer: { state: PostState; revision: number };
}

export interface RunOptions {
  /** The post must belong to this workspace; a post of another workspace is not found. */
  workspaceUuid?: string;
  causationId?: string;
}

/** Appends decided on the state read from the stream before the caller is told to retry. */
const ATTEMPTS = 2;

/**
 * The command path of the Post aggregate: take its state, decide, append with the revision it was
 * decided on. The state is the one this process last saw of the post when it has one (the common
 * case: a post's commands follow each other), otherwise its stream folded. A remembered state
 * that is stale fails its append, and a command it refuses or ignores is decided again on the
 * stream, so that only the stream's state answers "no". A concurrent writer makes the append fail;
 * the command is decided again on the new state once, then the caller is told to retry.
 */
@Injectable()
export class PostCommandRunner {
  private readonly logger = new Logger(PostCommandRunner.name);
  private readonly lateness = new PublishingLateness();

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    /** Absent only where the runner is tested on its own. */
    @Optional() private readonly heldInstants?: HeldInstantRecorder,
    @Optional() private readonly recent: RecentPostStates = new RecentPostStates(),
  ) {}

  async run(postUuid: string, command: PostCommand, options: RunOptions = {}): Promise<CommandOutcome> {
    const streamId = postStreamId(postUuid);
    const context: CommandContext = { commandType: command.type, causationId: options.causationId };
    const remembered = this.recent.latest(streamId);
    if (remembered?.exists && remembered.workspaceUuid === (options.workspaceUuid ?? remembered.workspaceUuid)) {
      const outcome = await this.decideWithoutReading(streamId, remembered, remembered.revision, command, context);
      if (outcome) return outcome;
    } else if (!remembered && command.type === 'CreatePost') {
      // A new post's stream is almost always empty: decided on that, and the append says if it is not.
      const outcome = await this.decideWithoutReading(streamId, initialPostState, -1, command, context);
      if (outcome) return outcome;
    }
    for (let attempt = 1; ; attempt++) {
      const recorded = await this.store.readStream(streamId);
      const state = foldPost(recorded.map(toPostEvent));
      if (options.workspaceUuid !== undefined && state.exists && state.workspaceUuid !== options.workspaceUuid) {
        throw ruleViolationToServiceError(new PostRuleViolation('PostNotFound'));
      }
      this.recent.remember(streamId, state);
      const revision = recorded.length === 0 ? -1 : recorded[recorded.length - 1].revision;
      const events = decide(command, state);
      if (events.length === 0) return { state, revision, appended: 0, answer: { state, revision } };
      try {
        return await this.append(streamId, state, revision, events, context);
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

  /** The post as its stream holds it now, and the revision of its last event (-1 when it has none). */
  async current(postUuid: string): Promise<{ state: PostState; revision: number }> {
    const recorded = await this.store.readStream(postStreamId(postUuid));
    return { state: foldPost(recorded.map(toPostEvent)), revision: recorded.length === 0 ? -1 : recorded[recorded.length - 1].revision };
  }

  /**
   * The command decided on a state not read from the stream (the remembered one, or none for a new
   * post) and appended at its revision; undefined when it is to be decided on the stream.
   */
  private async decideWithoutReading(streamId: string, state: PostState, revision: number, command: PostCommand, context: CommandContext): Promise<CommandOutcome | undefined> {
    let events: PostEvent[];
    try {
      events = decide(command, state);
    } catch {
      return undefined;
    }
    if (events.length === 0) return undefined;
    try {
      return await this.append(streamId, state, revision, events, context);
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      this.recent.forget(streamId);
      return undefined;
    }
  }

  private async append(streamId: string, state: PostState, revision: number, events: PostEvent[], context: CommandContext): Promise<CommandOutcome> {
    const states: PostState[] = [];
    let after = state;
    for (const event of events) states.push((after = evolve(after, event)));
    const result = await this.store.appendToStream(
      streamId,
      events.map((event) => toNewEvent(event, context)),
      revision === -1 ? 'no_stream' : revision,
      this.heldInstants?.alongside(state, after, events.length),
    );
    // Each event's state: the relay translates them one by one.
    for (const each of states) this.recent.remember(streamId, each);
    if (!result.wroteAlongside) await this.heldInstants?.appended(state, after, result.nextRevision, events.length);
    const started = events.findIndex((event) => event.type === 'PublishingStarted');
    const [beforeStart, atStart] = [started === 0 ? state : states[started - 1], states[started]];
    if (started >= 0 && beforeStart.exists && beforeStart.scheduledAt && atStart.exists) this.lateness.started(beforeStart.scheduledAt, atStart.updatedAt);
    const answered = started > 0 ? started - 1 : events.length - 1;
    const answer = { state: states[answered], revision: result.nextRevision - (events.length - 1 - answered) };
    return { state: after, revision: result.nextRevision, appended: events.length, answer };
  }
}
