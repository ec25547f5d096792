import { derivedUuid } from '@app/contracts';

/**
 * The id of the delivery of one event to one webhook: derived, so a redelivered event finds its
 * delivery again, and sent as `webhook-id` on every attempt.
 */
export function deliveryIdFor(eventId: string, webhookId: number): string {
  return derivedUuid(eventId, String(webhookId));
}
