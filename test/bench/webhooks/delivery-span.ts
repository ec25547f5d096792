import { ReceivedRequest } from '../support/receivers/receivers';

/** How fast deliveries reached a set of receivers: first arrival to last. */
export interface DeliverySpan {
  deliveries: number;
  firstAt: number;
  lastAt: number;
  /** Deliveries per second from the first received to the last (null when they all arrived in the same ms). */
  perSecond: number | null;
}

/** The span of the first arrival of each (receiver, post) pair, leaving out the receivers in `except`. */
export function deliverySpan(requests: readonly ReceivedRequest[], except: ReadonlySet<number> = new Set()): DeliverySpan {
  const firstOfEach = new Map<string, number>();
  for (const request of requests) {
    if (except.has(request.receiver) || request.postUuid === null) continue;
    const key = `${request.receiver}|${request.postUuid}`;
    const known = firstOfEach.get(key);
    if (known === undefined || request.at < known) firstOfEach.set(key, request.at);
  }
  const times = [...firstOfEach.values()];
  if (times.length === 0) return { deliveries: 0, firstAt: NaN, lastAt: NaN, perSecond: null };
  const firstAt = Math.min(...times);
  const lastAt = Math.max(...times);
  return { deliveries: times.length, firstAt, lastAt, perSecond: lastAt > firstAt ? times.length / ((lastAt - firstAt) / 1000) : null };
}

/** How much slower the deliveries of `slowed` were than those of `unhindered` (0.25 = 25% slower), by their rates. */
export function slowdown(unhindered: DeliverySpan, slowed: DeliverySpan): number | null {
  if (unhindered.perSecond === null || slowed.perSecond === null) return null;
  return unhindered.perSecond / slowed.perSecond - 1;
}
