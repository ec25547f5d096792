import { Actor, PostCommand } from './post-commands';
import { PostRuleViolation } from './post-errors';
import { PostEvent } from './post-events';
import { ExistingPostState, PostState } from './post-state';
import { assertChangeable, assertFound, assertUnchangedSince, assertValidContent, awaitsApproval, retriable, scheduledAtOnApproval } from './post-rules';
import type { PostingQueue } from '../queue/posting-queue';
import type { ScheduleIntent } from './post-types';
import type { RecyclePlan } from './recycle';
import { draftTimeOf, requestedTime } from './requested-time';
import { evolve } from './evolve';

type Command<T extends PostCommand['type']> = Extract<PostCommand, { type: T }>;

/**
 * Decides which events a command causes, given the post's current state. Throws PostRuleViolation
 * for commands of users that break a rule; returns [] for duplicate or stale commands of the
 * scheduler and the publisher, which are delivered at least once.
 */
export function decide(command: PostCommand, state: PostState): PostEvent[] {
  switch (command.type) {
    case 'CreatePost':
      return publishingWhenDue(createPost(command, state), state, command.now);
    case 'UpdatePost':
      return publishingWhenDue(updatePost(command, state), state, command.now);
    case 'DeletePost':
      assertFound(state);
      assertUnchangedSince(command, state);
      assertChangeable(state);
      return [{ type: 'PostDeleted', data: { deletedBy: command.actor.userId, at: command.now } }];
    case 'ApprovePost':
      return publishingWhenDue(approvePost(command, state), state, command.now);
    case 'RetryPost':
      return publishingWhenDue(retryPost(command, state), state, command.now);
    case 'StartPublishing':
      return startPublishing(command, state);
    case 'RecordPublishResult':
      return recordPublishResult(command, state);
    case 'ExpirePublishing':
      return expirePublishing(command, state);
    case 'RecordMetrics':
      return recordMetrics(command, state);
  }
}

function createPost(command: Command<'CreatePost'>, state: PostState): PostEvent[] {
  if (state.exists) throw new PostRuleViolation('PostAlreadyExists');
  const { postUuid, workspaceUuid, actor, now, input, recycledFrom } = command;
  const requested = requestedTime(input.intent, null, now);
  assertValidContent(input, requested.errors);
  const { versions, accounts, tags, recycle } = input;
  return [
    {
      type: 'PostCreated',
      data: { postUuid, workspaceUuid, createdBy: actor.userId, versions, accounts, tags, ...draftTimeOf(input.intent), ...recyclingOf(recycle, input.intent), ...(recycledFrom && { recycledFrom }), at: now },
    },
    ...scheduling(input.intent, requested.at, actor, now),
  ];
}

function updatePost(command: Command<'UpdatePost'>, state: PostState): PostEvent[] {
  assertFound(state);
  assertUnchangedSince(command, state);
  assertChangeable(state);
  const { actor, now, input } = command;
  const requested = requestedTime(input.intent, state.scheduledAt, now);
  assertValidContent(input, requested.errors);
  const { versions, accounts, tags } = input;
  const recycle = input.recycle === undefined ? state.recycle : input.recycle;
  return [
    { type: 'PostUpdated', data: { versions, accounts, tags, ...draftTimeOf(input.intent), ...recyclingOf(recycle, input.intent), updatedBy: actor.userId, at: now } },
    ...scheduling(input.intent, requested.at, actor, now),
  ];
}

/**
 * A post scheduled for a time that has come (`schedule_now`, a retry, an approval after the time
 * asked for) starts publishing in the same decision, as the scheduler's StartPublishing would
 * have it do a moment later: the post still passes through `scheduled` (its PostScheduled comes
 * first), without the round trip through the scheduler.
 */
function publishingWhenDue(events: PostEvent[], state: PostState, now: string): PostEvent[] {
  const scheduled = events.find((event) => event.type === 'PostScheduled');
  if (!scheduled || Date.parse(scheduled.data.scheduledAt) > Date.parse(now)) return events;
  const after = events.reduce(evolve, state);
  if (!after.exists || after.scheduledRevision === null) return events;
  return [...events, ...startPublishing({ type: 'StartPublishing', scheduledRevision: after.scheduledRevision, now }, after)];
}

/** What PostCreated and PostUpdated keep of recycling: the plan, and the queue a queued post's copies take their slots from. */
const recyclingOf = (recycle: RecyclePlan | null | undefined, intent: ScheduleIntent): { recycle?: RecyclePlan; recycleQueue?: PostingQueue } =>
  recycle ? { recycle, ...(intent.kind === 'queue' && { recycleQueue: intent.queue }) } : {};

/**
 * What follows a create or an update: nothing for a draft, a schedule at `at` (now when null), or
 * a request for approval of `at` (null: as soon as it is approved).
 */
function scheduling(intent: ScheduleIntent, at: string | null, actor: Actor, now: string): PostEvent[] {
  if (intent.kind === 'draft') return [];
  if (actor.canApprove) return [{ type: 'PostScheduled', data: { scheduledAt: at ?? now, at: now } }];
  return [{ type: 'PostApprovalRequested', data: { scheduledAt: at, requestedBy: actor.userId, at: now } }];
}

function approvePost(command: Command<'ApprovePost'>, state: PostState): PostEvent[] {
  const { actor, now } = command;
  assertFound(state);
  if (!actor.canApprove) throw new PostRuleViolation('ApprovalNotAllowed');
  assertUnchangedSince(command, state);
  if (!awaitsApproval(state.status)) throw new PostRuleViolation('PostNotAwaitingApproval');
  const scheduledAt = scheduledAtOnApproval(state.scheduledAt, now);
  return [
    { type: 'PostApproved', data: { approvedBy: actor.userId, at: now } },
    { type: 'PostScheduled', data: { scheduledAt, at: now } },
  ];
}

/**
 * A failed post scheduled again for now, as `schedule_now` would (or put to an approver, for a
 * member who may not approve): its round publishes only to the accounts that have not published it
 * (startPublishing), so the ones already published are left alone.
 */
function retryPost(command: Command<'RetryPost'>, state: PostState): PostEvent[] {
  const { actor, now } = command;
  assertFound(state);
  assertUnchangedSince(command, state);
  if (!retriable(state.status)) throw new PostRuleViolation('PostNotFailed');
  return scheduling({ kind: 'schedule_now' }, null, actor, now);
}

/**
 * Publishes to the post's accounts that have not published it yet: all of them the first time;
 * after a partly failed round, only those that failed (or were added since), so that an account
 * never gets the post twice. A round with nothing left to publish ends published at once.
 */
function startPublishing({ scheduledRevision, now }: Command<'StartPublishing'>, state: PostState): PostEvent[] {
  if (!isLive(state) || state.status !== 'scheduled' || state.scheduledRevision !== scheduledRevision) return [];
  const accounts = state.accounts.filter((account) => state.publications[account.id]?.outcome !== 'published');
  const started: PostEvent = { type: 'PublishingStarted', data: { accounts, versions: state.versions, at: now } };
  return accounts.length > 0 ? [started] : [started, { type: 'PostPublished', data: { publishedAt: now } }];
}

/** What an account whose result never came is told. */
export const noResultMessage = (waitedMs: number): string =>
  `No result came from the platform within ${Math.round(waitedMs / 60_000)} minutes of the start of publishing; the post may or may not be on the platform.`;

/** Ends a publishing round that outlived its results: every account still without one fails. */
function expirePublishing({ waitedMs, now }: Command<'ExpirePublishing'>, state: PostState): PostEvent[] {
  if (!isLive(state) || state.status !== 'publishing') return [];
  const waiting = state.accounts.filter((account) => !(account.id in state.publications));
  if (waiting.length === 0) return [];
  const failures: PostEvent[] = waiting.map((account) => ({ type: 'AccountPublishFailed', data: { accountId: account.id, errors: [noResultMessage(waitedMs)], at: now } }));
  const failedAccountIds = state.accounts
    .filter((account) => waiting.includes(account) || state.publications[account.id]?.outcome === 'failed')
    .map((account) => account.id);
  return [...failures, { type: 'PostPublishFailed', data: { failedAccountIds, at: now } }];
}

function recordPublishResult(command: Command<'RecordPublishResult'>, state: PostState): PostEvent[] {
  const { accountId, now } = command;
  if (!isLive(state) || state.status !== 'publishing') return [];
  if (!state.accounts.some((account) => account.id === accountId) || accountId in state.publications) return [];

  const result: PostEvent =
    command.outcome === 'published'
      ? { type: 'AccountPublished', data: { accountId, externalId: command.externalId, externalUrl: command.externalUrl, items: command.items, at: now } }
      : { type: 'AccountPublishFailed', data: { accountId, errors: command.errors, ...(command.items.some(Boolean) ? { items: command.items } : {}), at: now } };
  const outcomeOf = (id: number) => (id === accountId ? command.outcome : state.publications[id]?.outcome);
  if (state.accounts.some((account) => outcomeOf(account.id) === undefined)) return [result];

  const failedAccountIds = state.accounts.filter((account) => outcomeOf(account.id) === 'failed').map((account) => account.id);
  const completion: PostEvent =
    failedAccountIds.length === 0
      ? { type: 'PostPublished', data: { publishedAt: now } }
      : { type: 'PostPublishFailed', data: { failedAccountIds, at: now } };
  return [result, completion];
}

/** The figures of an account the post is published on, once per point of the collection (repeats and other accounts: nothing). */
function recordMetrics({ accountId, point, metrics, collectedAt }: Command<'RecordMetrics'>, state: PostState): PostEvent[] {
  if (!isLive(state) || state.publications[accountId]?.outcome !== 'published') return [];
  if (state.metrics[accountId]?.points.includes(point)) return [];
  return [{ type: 'MetricsCollected', data: { accountId, point, metrics, collectedAt } }];
}

const isLive = (state: PostState): state is ExistingPostState => state.exists && !state.deleted;
