import { errorMessage } from '@app/errors';
/** The topic a consumer group moves the messages it gives up on to. */
export const deadLetterTopic = (topic: string): string => `${topic}.dlq`;

/**
 * Headers a message gets when a consumer group gives up on it and moves it to `<topic>.dlq`
 * (its own headers are kept). Every bus adapter writes the same ones.
 */
export const DeadLetterHeaders = {
  error: 'dlq-error',
  originalTopic: 'dlq-original-topic',
  originalPartition: 'dlq-original-partition',
  originalOffset: 'dlq-original-offset',
  groupId: 'dlq-group-id',
  attempts: 'dlq-attempts',
} as const;

/** Longest error text kept in a dead-letter header. */
const MAX_ERROR_HEADER_LENGTH = 1000;

export interface DeadLetterOrigin {
  topic: string;
  partition: number;
  offset: string;
  groupId: string;
  attempts: number;
  reason: unknown;
}

/** The message's own headers plus why and where from it was given up on. */
export function deadLetterHeaders(own: Record<string, string>, origin: DeadLetterOrigin): Record<string, string> {
  return {
    ...own,
    [DeadLetterHeaders.error]: errorMessage(origin.reason).slice(0, MAX_ERROR_HEADER_LENGTH),
    [DeadLetterHeaders.originalTopic]: origin.topic,
    [DeadLetterHeaders.originalPartition]: String(origin.partition),
    [DeadLetterHeaders.originalOffset]: origin.offset,
    [DeadLetterHeaders.groupId]: origin.groupId,
    [DeadLetterHeaders.attempts]: String(origin.attempts),
  };
}

/**
 * A message the bus can never carry (larger than the broker takes): thrown before anything of
 * the publish is sent, so that the caller can set that message aside and go on with the others.
 */
export class MessageTooLargeError extends Error {
  constructor(
    readonly topic: string,
    readonly key: string,
    readonly size: number,
    readonly limit: number,
  ) {
    super(`A message for ${topic} (key ${key}) is ${size} bytes, more than the ${limit} the bus carries`);
    this.name = 'MessageTooLargeError';
  }
}

/** A message of a `<topic>.dlq` topic, read back: where it came from, why it was given up on, and whether it may go back. */
export interface DeadLetter {
  /** The topic it was given up on; null for a notice that stands in for a message the bus could not carry. */
  originalTopic: string | null;
  originalPartition: number | null;
  originalOffset: string | null;
  groupId: string | null;
  attempts: number | null;
  error: string;
  /** The message's own headers, without the dead-letter ones. */
  headers: Record<string, string>;
  /** Why it cannot be put back on its topic; null when it can. */
  notReplayable: string | null;
}

const DEAD_LETTER_HEADER_NAMES = new Set<string>(Object.values(DeadLetterHeaders));

export function readDeadLetter(message: { headers: Record<string, string> }): DeadLetter {
  const { headers } = message;
  const own = Object.fromEntries(Object.entries(headers).filter(([name]) => !DEAD_LETTER_HEADER_NAMES.has(name)));
  const originalTopic = headers[DeadLetterHeaders.originalTopic] ?? null;
  const attempts = integerOrNull(headers[DeadLetterHeaders.attempts]);
  let notReplayable: string | null = null;
  if (originalTopic === null) notReplayable = 'Only a notice of this message was kept (it was larger than the bus carries).';
  else if (attempts === 0) notReplayable = 'It never reached a handler: it did not decode, or its signature did not verify.';
  return {
    originalTopic,
    originalPartition: integerOrNull(headers[DeadLetterHeaders.originalPartition]),
    originalOffset: headers[DeadLetterHeaders.originalOffset] ?? null,
    groupId: headers[DeadLetterHeaders.groupId] ?? null,
    attempts,
    error: headers[DeadLetterHeaders.error] ?? '',
    headers: own,
    notReplayable,
  };
}

function integerOrNull(text: string | undefined): number | null {
  return text !== undefined && /^\d+$/.test(text) ? Number(text) : null;
}
