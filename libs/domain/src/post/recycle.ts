import { FieldErrorBag, isAbsent, isFields } from '../fields/field-errors';
import { FieldMessages } from '../fields/field-messages';
import { reportUnknownFields } from '../fields/unknown-fields';
import { PostBodyFields } from './body/post-body-fields';
import type { ExistingPostState } from './post-state';

/** How often a post is published again once it is published: a copy every `interval_days`, `times` copies in all. */
export interface RecyclePlan {
  /** @asType integer */
  interval_days: number;
  /** @asType integer */
  times: number;
}

/** What a copy keeps of where it comes from: the first post (the origin) and which of its copies it is (from 1). */
export interface RecycledFrom {
  postUuid: string;
  copy: number;
}

export const RecycleLimits = {
  intervalDays: { min: 1, max: 365 },
  times: { min: 1, max: 52 },
} as const;

const DAY_MS = 86_400_000;

type Errors = Pick<FieldErrorBag, 'add'>;

/**
 * `recycle` of a post body: undefined when absent (an update keeps what the post has), null for none,
 * else both counts in their bounds; every fault reported under `recycle.<field>`.
 */
export function readRecycle(value: unknown, errors: Errors): RecyclePlan | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  if (!isFields(value)) {
    errors.add('recycle', FieldMessages.object('recycle'));
    return undefined;
  }
  reportUnknownFields(value, PostBodyFields.recycle, 'recycle', errors);
  const interval_days = readCount(value.interval_days, 'interval_days', RecycleLimits.intervalDays, errors);
  const times = readCount(value.times, 'times', RecycleLimits.times, errors);
  return interval_days === null || times === null ? undefined : { interval_days, times };
}

function readCount(value: unknown, field: string, { min, max }: { min: number; max: number }, errors: Errors): number | null {
  const path = `recycle.${field}`;
  if (isAbsent(value)) errors.add(path, FieldMessages.required(field));
  else if (typeof value !== 'number' || !Number.isInteger(value)) errors.add(path, FieldMessages.integer(field));
  else if (value < min || value > max) errors.add(path, FieldMessages.between(field, min, max));
  else return value;
  return null;
}

/**
 * When copy `copy` (from 1) of a post published at `originPublishedAt` is due: `copy` intervals
 * after the origin, never after the copy before it, so that late copies do not push the later ones
 * (the time of day stays the origin's, in UTC).
 */
export function recycleCopyDueAt(originPublishedAt: string, plan: RecyclePlan, copy: number): string {
  return new Date(Date.parse(originPublishedAt) + copy * plan.interval_days * DAY_MS).toISOString();
}

/** A copy of a recycled post to make: which one (from 1) and when it is due. */
export interface RecycleCopy {
  copy: number;
  dueAt: string;
}

/**
 * The copy of `origin` that follows copy `copiesMade` (0: the origin itself was just published),
 * or null: the origin is deleted, not recycled (any more), not published, or made all its copies.
 */
export function nextRecycleCopy(origin: ExistingPostState, copiesMade: number): RecycleCopy | null {
  const plan = origin.recycle;
  if (origin.deleted || !plan || origin.publishedAt === null || copiesMade >= plan.times) return null;
  const copy = copiesMade + 1;
  return { copy, dueAt: recycleCopyDueAt(origin.publishedAt, plan, copy) };
}
