import { randomUUID } from 'node:crypto';
import { POST_EVENT_TYPES, PostEvent, PostEventType } from '@app/domain';
import type { NewEvent, RecordedEvent } from '@app/event-store';

const POST_STREAM_PREFIX = 'post-';

/** Where a command came from, kept in the metadata of the events it caused. */
export interface CommandContext {
  commandType: string;
  /** Id of the message that carried the command, when it came over the bus. */
  causationId?: string;
}

export function toNewEvent(event: PostEvent, context: CommandContext): NewEvent {
  const metadata: Record<string, string> = { commandType: context.commandType };
  if (context.causationId) metadata.causationId = context.causationId;
  return { id: randomUUID(), type: event.type, data: event.data, metadata };
}

export function isPostEvent(recorded: RecordedEvent): boolean {
  return recorded.streamId.startsWith(POST_STREAM_PREFIX) && (POST_EVENT_TYPES as readonly string[]).includes(recorded.type);
}

export function toPostEvent(recorded: RecordedEvent): PostEvent {
  if (!isPostEvent(recorded)) throw new Error(`Event ${recorded.id} of ${recorded.streamId} is not a post event (${recorded.type})`);
  return { type: recorded.type as PostEventType, data: recorded.data } as PostEvent;
}
