import { createHash } from 'node:crypto';

/**
 * The id of the delivery of one event to one webhook: derived, so a redelivered event finds its
 * delivery again, and sent as `webhook-id` on every attempt. Shaped as a UUID (version 8, RFC 9562).
 */
export function deliveryIdFor(eventId: string, webhookId: number): string {
  const bytes = createHash('sha256').update(`${eventId}\u0000${webhookId}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x80;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
