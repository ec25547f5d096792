import {
  CONTENT_ITEMS_RULES,
  CreatePostRequest,
  MEDIA_RULES,
  PlatformBodyRules,
  PlatformVideoRule,
  PostActionRequest,
  PostInput,
  PostRef,
  QUEUE_DAYS,
  QueueView,
  RequestActor,
  ScheduleRequest,
  TEXT_COUNTINGS,
  UpdatePostRequest,
} from '../rpc-methods';
import { at, bool, count, DecodeError, Decoder, field, Fields, fieldsOf, listOf, nonEmptyText, nullable, numeric, oneOf, optional, text } from './decode';
import { decodeAccountRef, decodePostVersion, decodeRecyclePlan } from './decode-post-parts';

/*
 * The readers of the post methods' requests (`posts.*`), for the post-service: each request as the
 * contract types it, or DecodeError naming the first field that is not.
 */

export function decodePostRef(value: unknown): PostRef {
  const request = fieldsOf(value, 'payload');
  return { workspaceUuid: field(request, 'workspaceUuid', '', nonEmptyText), postUuid: field(request, 'postUuid', '', nonEmptyText) };
}

export function decodePostActionRequest(value: unknown): PostActionRequest {
  const request = fieldsOf(value, 'payload');
  const expectedRevisions = field(request, 'expectedRevisions', '', optional(listOf(count)));
  return { ...decodePostRef(value), actor: field(request, 'actor', '', decodeActor), ...(expectedRevisions !== undefined && { expectedRevisions }) };
}

/** A create and an update carry the same: the post, who asks, and the body the gateway read (an update, the revisions it was read at too). */
export function decodePostContentRequest(value: unknown): UpdatePostRequest & Pick<CreatePostRequest, 'replayIfExists'> {
  const request = fieldsOf(value, 'payload');
  const replayIfExists = field(request, 'replayIfExists', '', optional(bool));
  return { ...decodePostActionRequest(value), input: field(request, 'input', '', decodePostInput), ...(replayIfExists === true && { replayIfExists }) };
}

const decodeActor: Decoder<RequestActor> = (value, path) => {
  const actor = fieldsOf(value, path);
  return { userId: field(actor, 'userId', path, count), canApprove: field(actor, 'canApprove', path, bool) };
};

const decodePostInput: Decoder<PostInput> = (value, path) => {
  const input = fieldsOf(value, path);
  const platformRules = field(input, 'platformRules', path, optional(decodePlatformRules));
  const recycle = field(input, 'recycle', path, optional(nullable(decodeRecyclePlan)));
  return {
    versions: field(input, 'versions', path, listOf(decodePostVersion)),
    accounts: field(input, 'accounts', path, listOf(decodeAccountRef)),
    tags: field(input, 'tags', path, listOf(text)),
    intent: field(input, 'intent', path, decodeIntent),
    ...(recycle !== undefined && { recycle }),
    ...(platformRules !== undefined && { platformRules }),
  };
};

/** Each kind of schedule, read: a kind added to ScheduleRequest does not compile until it is read here. */
const intentOf: { [Kind in ScheduleRequest['kind']]: (intent: Fields, path: string) => Extract<ScheduleRequest, { kind: Kind }> } = {
  draft: (intent, path) => {
    const scheduledAt = field(intent, 'scheduledAt', path, optional(text));
    return scheduledAt === undefined ? { kind: 'draft' } : { kind: 'draft', scheduledAt };
  },
  schedule: (intent, path) => ({ kind: 'schedule', scheduledAt: field(intent, 'scheduledAt', path, text) }),
  schedule_kept_time: () => ({ kind: 'schedule_kept_time' }),
  schedule_now: () => ({ kind: 'schedule_now' }),
  queue: (intent, path) => ({ kind: 'queue', queue: field(intent, 'queue', path, decodeQueue) }),
};

const isIntentKind = (kind: unknown): kind is ScheduleRequest['kind'] => typeof kind === 'string' && Object.hasOwn(intentOf, kind);

/** The schedule asked for; anything beside what its kind carries is left out (a queued post's slot is never the caller's to choose). */
const decodeIntent: Decoder<ScheduleRequest> = (value, path) => {
  const intent = fieldsOf(value, path);
  if (!isIntentKind(intent.kind)) throw new DecodeError(at(path, 'kind'), `one of ${Object.keys(intentOf).join(', ')}`);
  return intentOf[intent.kind](intent, path);
};

const decodeQueue: Decoder<QueueView> = (value, path) => {
  const queue = fieldsOf(value, path);
  return { timezone: field(queue, 'timezone', path, text), slots: field(queue, 'slots', path, listOf(decodeSlot)) };
};

const decodeSlot: Decoder<QueueView['slots'][number]> = (value, path) => {
  const slot = fieldsOf(value, path);
  return { day: field(slot, 'day', path, oneOf(QUEUE_DAYS)), time: field(slot, 'time', path, text) };
};

/** Account id -> its platform's rules. */
const decodePlatformRules: Decoder<Record<number, PlatformBodyRules>> = (value, path) => {
  const rules: Record<number, PlatformBodyRules> = {};
  for (const [key, each] of Object.entries(fieldsOf(value, path))) {
    if (!/^\d{1,15}$/.test(key)) throw new DecodeError(path, 'keyed by account ids');
    rules[Number(key)] = decodeBodyRules(each, at(path, key));
  }
  return rules;
};

const decodeBodyRules: Decoder<PlatformBodyRules> = (value, path) => {
  const rules = fieldsOf(value, path);
  const video = field(rules, 'video', path, optional(decodeVideoRule));
  return {
    provider: field(rules, 'provider', path, text),
    textLimit: field(rules, 'textLimit', path, nullable(numeric)),
    textLimitWithMedia: field(rules, 'textLimitWithMedia', path, nullable(numeric)),
    textCounting: field(rules, 'textCounting', path, oneOf(TEXT_COUNTINGS)),
    contentItems: field(rules, 'contentItems', path, oneOf(CONTENT_ITEMS_RULES)),
    media: field(rules, 'media', path, oneOf(MEDIA_RULES)),
    ...(video !== undefined && { video }),
  };
};

const decodeVideoRule: Decoder<PlatformVideoRule> = (value, path) => {
  const video = fieldsOf(value, path);
  return {
    accepted: field(video, 'accepted', path, bool),
    minSeconds: field(video, 'minSeconds', path, nullable(numeric)),
    maxSeconds: field(video, 'maxSeconds', path, nullable(numeric)),
    maxBytes: field(video, 'maxBytes', path, nullable(numeric)),
  };
};
