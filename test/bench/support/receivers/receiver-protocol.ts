/** One request a receiver got, as the receivers' process noted it on arrival. */
export interface ReceivedRequest {
  /** Index of the receiver (0-based) in the order of the URLs. */
  receiver: number;
  /** Wall-clock ms when the request's headers arrived. */
  at: number;
  event: string | null;
  postUuid: string | null;
  /** `post.published_at` of the payload (the service's record of the post going live). */
  publishedAt: string | null;
  /** `webhook-id` header: one per delivery, the same on each retry of it. */
  deliveryId: string | null;
}

export interface ReceivedCounts {
  total: number;
  /** Requests after the first of each (receiver, post, event): retries and duplicates left out. */
  distinct: number;
  distinctPerReceiver: number[];
}

/** Requests from the benchmark to the receivers' process, each answered once with the same id. */
export type ReceiverCommand =
  | { id: number; type: 'listen'; count: number }
  | { id: number; type: 'delays'; delaysMs: number[] }
  | { id: number; type: 'counts' }
  | { id: number; type: 'take' };

export type ReceiverAnswer =
  | { id: number; type: 'listening'; urls: string[] }
  | { id: number; type: 'counts'; counts: ReceivedCounts }
  | { id: number; type: 'taken'; requests: ReceivedRequest[] }
  | { id: number; type: 'done' }
  | { id: number; type: 'failed'; message: string };
