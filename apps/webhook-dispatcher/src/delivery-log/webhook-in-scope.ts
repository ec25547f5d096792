import { scopeOwner, webhookIdOf } from '../webhook-scope';
import { webhookNotFound } from '../manage-webhooks/webhook-input';
import { WebhookSettingsStore } from '../manage-webhooks/webhook-settings-store';

/** The id of the webhook a delivery-log request names, when it is one of the request's scope; else not found. */
export async function webhookInScope(webhooks: WebhookSettingsStore, payload: unknown): Promise<number> {
  const owner = scopeOwner(payload);
  const id = webhookIdOf(payload);
  if (id === null || !(await webhooks.exists(owner, id))) webhookNotFound();
  return id;
}

/** An ISO 8601 instant from a request, or undefined. */
export function instantOf(value: unknown): Date | undefined {
  if (typeof value !== 'string') return undefined;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? undefined : at;
}
