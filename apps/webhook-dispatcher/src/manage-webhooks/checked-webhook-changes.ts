import { Logger } from '@nestjs/common';
import { Messages, ServiceError, WebhookView } from '@app/contracts';
import { findNonPublicAddress, hostOf } from '@app/network';
import { checkWebhookInput, WebhookChanges, WebhookMessages } from './webhook-input';

const logger = new Logger('WebhookSettings');

/**
 * The settings a create or an update sets: their shape first, then (when the URL is well formed
 * and private addresses are not allowed) where its host resolves. Every failing field at once.
 */
export async function checkedWebhookChanges(input: unknown, mode: 'create' | 'update', allowPrivateUrls: boolean): Promise<WebhookChanges> {
  const { changes, errors } = checkWebhookInput(input, mode);
  if (changes.url !== undefined && !allowPrivateUrls) {
    const refusal = await refusalOf(new URL(changes.url));
    if (refusal) errors.url = [refusal];
  }
  if (Object.keys(errors).length > 0) throw new ServiceError('validation', Messages.validation, errors);
  return changes;
}

async function refusalOf(url: URL): Promise<string | null> {
  try {
    const refused = await findNonPublicAddress(hostOf(url));
    if (!refused) return null;
    logger.warn(`Refused a webhook URL: ${refused.message}`);
    return WebhookMessages.urlNotPublic;
  } catch {
    return WebhookMessages.urlUnresolvable;
  }
}

/** A webhook as the log tells it: never the URL's path or query (a receiver may keep a secret there), never the signing secret. */
export function describeWebhook(webhook: WebhookView): string {
  const events = webhook.events.join(', ');
  return `${new URL(webhook.url).origin}, events ${events}, ${webhook.active ? 'active' : 'inactive'}`;
}
