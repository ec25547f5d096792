import { Logger } from '@nestjs/common';
import { IncomingMessage } from '../message-bus.port';
import { goesToDeadLetter, ConsumerRetryPolicy, retryDelayMs } from './consumer-retry-policy';
import { isUnprocessable } from './unprocessable-message';
import { errorMessage } from '@app/errors';

export interface RetryLoop {
  groupId: string;
  policy: ConsumerRetryPolicy;
  handle(message: IncomingMessage): Promise<void>;
  /** Moves the message to its dead-letter topic; the caller commits past it afterwards. */
  deadLetter(message: IncomingMessage, reason: unknown, attempts: number): Promise<void>;
  /** Waits `ms` (and keeps the consumer's membership alive); false when the consumer stopped meanwhile. */
  pause(ms: number): Promise<boolean>;
  isStopping(): boolean;
  logger: Logger;
  now?: () => number;
}

/** What became of a message: handled (or dead-lettered): commit past it; stopped: leave it for the next reader. */
export type RetryOutcome = 'handled' | 'dead-lettered' | 'stopped';

/**
 * The one retry loop of every bus adapter. A message that can never be handled goes to the
 * dead-letter topic at once; any other failure is retried with backoff until the handler succeeds,
 * the consumer stops, or the failures have lasted `deadLetterAfterMs`.
 */
export async function handleWithRetries(message: IncomingMessage, loop: RetryLoop): Promise<RetryOutcome> {
  const now = loop.now ?? Date.now;
  let firstFailureAt: number | undefined;
  for (let attempt = 1; ; attempt += 1) {
    const failure = await attemptOnce(message, loop);
    if (!failure) {
      if (attempt > 1) loop.logger.log(`Group ${loop.groupId} handled ${where(message)} at attempt ${attempt}`);
      return 'handled';
    }
    if (loop.isStopping()) return 'stopped';
    firstFailureAt ??= now();
    const failingForMs = now() - firstFailureAt;
    if (isUnprocessable(failure.error) || goesToDeadLetter(loop.policy, attempt, failingForMs)) {
      const why = isUnprocessable(failure.error) ? 'it can never be handled' : `it kept failing for ${failingForMs} ms`;
      loop.logger.error(`Group ${loop.groupId} moves ${where(message)} to the dead-letter topic (${why}): ${errorMessage(failure.error)}`);
      await loop.deadLetter(message, failure.error, attempt);
      return 'dead-lettered';
    }
    const delayMs = retryDelayMs(attempt, loop.policy);
    const log = attempt >= 5 ? 'error' : 'warn';
    loop.logger[log](`Group ${loop.groupId} failed on ${where(message)} (attempt ${attempt}): ${errorMessage(failure.error)}; retrying in ${delayMs} ms`);
    if (!(await loop.pause(delayMs))) return 'stopped';
  }
}

async function attemptOnce(message: IncomingMessage, loop: RetryLoop): Promise<{ error: unknown } | undefined> {
  try {
    await loop.handle(message);
    return undefined;
  } catch (error) {
    return { error };
  }
}

const where = (message: IncomingMessage) => `${message.topic}/${message.partition}@${message.offset}`;
