import { randomUUID } from 'node:crypto';
import { isPostEventType, PostEvent } from '@app/domain';
import type { NewEvent, RecordedEvent } from '@app/event-store';
import { traceFields } from '@app/messaging';

const POST_STREAM_PREFIX = 'post-';

/** Where a command came from, kept in the metadata of the events it caused, with the trace it was decided in. */
export interface CommandContext {
  commandType: string;
  /** Id of the message that carried the command, when it came over the bus. */
  causationId?: string;
}

export function toNewEvent(event: PostEvent, context: CommandContext): NewEvent {
  const metadata: Record<string, string> = { commandType: context.commandType, ...traceFields() };
  if (context.causationId) metadata.causationId = context.causationId;
  return { id: randomUUID(), type: event.type, data: event.data, metadata };
}

export function isPostEvent(recorded: RecordedEvent): boolean {
  return recorded.streamId.startsWith(POST_STREAM_PREFIX) && isPostEventType(recorded.type);
}

/** A stored event of a post stream, as the service wrote it (its data is the event's own). */
export function toPostEvent(recorded: RecordedEvent): PostEvent {
  const { type } = recorded;
  if (!recorded.streamId.startsWith(POST_STREAM_PREFIX) || !isPostEventType(type)) {
    throw new Error(`Event ${recorded.id} of ${recorded.streamId} is not a post event (${type})`);
  }
  return { type, data: recorded.data } as PostEvent;
}
