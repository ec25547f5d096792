import { notFound } from '../http/api-error';
import { idFromPath } from '../http/route-params';

export const WEBHOOK_NOT_FOUND = 'Webhook not found.';

/** A webhook id from the path; anything but a positive integer names no webhook. */
export function webhookIdFromPath(value: string): number {
  const id = idFromPath(value);
  if (id === null) throw notFound(WEBHOOK_NOT_FOUND);
  return id;
}
