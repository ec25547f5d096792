import { Logger } from '@nestjs/common';

/** What the patch needs of kafkajs's RequestQueue (src/network/requestQueue), one per broker connection. */
interface RequestQueue {
  pending: unknown[];
  scheduleCheckPendingRequests(): void;
}

interface RequestQueueClass {
  prototype: RequestQueue;
}

let quieted: boolean | undefined;

/**
 * kafkajs (2.2.4, its last release) looks at a connection's queue of waiting requests after every
 * answer, and then again and again, one timer after the other, for as long as the connection is
 * open, even when no request waits: the delay it computes for "no throttle" is negative, which
 * Node.js turns into 1 ms. Every broker connection of an app thus woke its process a thousand
 * times a second for nothing, and Node.js 24 says so (TimeoutNegativeWarning). Idle, each of the
 * five distributed apps took 2.9-3.6% of a core, 1.3-2.2% with this (kafkajs issues 1704, 1751).
 *
 * The check only matters while a request waits in the queue: one pushed while the connection had
 * too many in flight, or while the broker throttled the client, schedules the check itself, and an
 * answer or a timeout checks the queue at once. So the queue schedules no check while it is empty.
 * Applied once per process, to the class; if kafkajs's code is not the one this was written
 * against, it is left as it is, with a warning. Returns whether the queues are quieted.
 */
export function quietIdleRequestQueues(): boolean {
  if (quieted !== undefined) return quieted;
  const { prototype } = kafkaRequestQueue();
  const schedule = prototype.scheduleCheckPendingRequests;
  quieted = typeof schedule === 'function' && /throttledUntil - Date\.now\(\)/.test(String(schedule));
  if (!quieted) {
    new Logger('Kafka').warn("kafkajs's request queue is not the one expected (2.2.4): its idle checks are left as they are");
    return false;
  }
  prototype.scheduleCheckPendingRequests = function scheduleWhileRequestsWait(this: RequestQueue): void {
    if (this.pending.length > 0) schedule.call(this);
  };
  return true;
}

function kafkaRequestQueue(): RequestQueueClass {
  // kafkajs exports no way to reach its connections' queues; its files are the package's own.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('kafkajs/src/network/requestQueue') as RequestQueueClass;
}
