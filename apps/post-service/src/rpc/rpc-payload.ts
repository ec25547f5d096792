import { ServiceError } from '@app/contracts';
import type { PostActionRequest, PostRef } from '@app/contracts';
import { readPostingQueue } from '@app/domain';
import type { Actor, PostContentInput, ScheduleIntent } from '@app/domain';

/**
 * Checks of RPC payloads. The gateway sends well-formed requests; these guard the service against
 * any other caller, so a malformed request is a clear bad_request and never a crash.
 */
export const malformed = (what: string) => new ServiceError('bad_request', `Malformed request: ${what}.`);

export type Fields = Record<string, unknown>;

export function fieldsOf(value: unknown, what = 'payload'): Fields {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw malformed(`${what} must be an object`);
  return value as Fields;
}

export function text(fields: Fields, key: string): string {
  const value = fields[key];
  if (typeof value !== 'string' || value.length === 0) throw malformed(`${key} must be a non-empty string`);
  return value;
}

export function positiveInteger(fields: Fields, key: string, fallback: number): number {
  const value = fields[key] ?? fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) throw malformed(`${key} must be a positive integer`);
  return value;
}

export function actorOf(fields: Fields): Actor {
  const actor = fieldsOf(fields.actor, 'actor');
  if (typeof actor.userId !== 'number' || typeof actor.canApprove !== 'boolean') {
    throw malformed('actor must have a numeric userId and a boolean canApprove');
  }
  return { userId: actor.userId, canApprove: actor.canApprove };
}

const INTENT_KINDS = ['draft', 'schedule', 'schedule_kept_time', 'schedule_now', 'queue'];

export function contentInputOf(fields: Fields): PostContentInput {
  const input = fieldsOf(fields.input, 'input');
  for (const key of ['versions', 'accounts', 'tags']) {
    if (!Array.isArray(input[key])) throw malformed(`input.${key} must be an array`);
  }
  return { ...(input as unknown as PostContentInput), intent: intentOf(fieldsOf(input.intent, 'input.intent')) };
}

/** The schedule asked for; a queued post's slot is never the caller's to choose (the post-service picks it). */
function intentOf(intent: Fields): ScheduleIntent {
  if (!INTENT_KINDS.includes(intent.kind as string)) throw malformed(`input.intent.kind must be one of ${INTENT_KINDS.join(', ')}`);
  const scheduledAt = intent.scheduledAt;
  if (intent.kind === 'schedule' && typeof scheduledAt !== 'string') throw malformed('input.intent.scheduledAt must be a string');
  if (intent.kind === 'draft' && scheduledAt !== undefined && typeof scheduledAt !== 'string') throw malformed('input.intent.scheduledAt must be a string');
  if (intent.kind !== 'queue') return intent as unknown as ScheduleIntent;
  const queue = readPostingQueue(intent.queue);
  if (!queue.ok) throw malformed('input.intent.queue must be a posting queue');
  return { kind: 'queue', queue: queue.queue };
}

export function parsePostRef(payload: unknown): PostRef {
  const fields = fieldsOf(payload);
  return { workspaceUuid: text(fields, 'workspaceUuid'), postUuid: text(fields, 'postUuid') };
}

export function parsePostActionRequest(payload: unknown): PostActionRequest {
  return { ...parsePostRef(payload), actor: actorOf(fieldsOf(payload)) };
}
