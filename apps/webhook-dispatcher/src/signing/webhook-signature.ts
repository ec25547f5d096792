import { createHmac } from 'node:crypto';
import { webhookSecretKey } from './webhook-secret';

/**
 * The `webhook-signature` value of the Standard Webhooks specification: `v1,` and the base64
 * HMAC-SHA256 of `${id}.${timestamp}.${body}` keyed with the decoded secret.
 */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const digest = createHmac('sha256', webhookSecretKey(secret)).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${digest}`;
}

/**
 * The `webhook-signature` header: one signature per secret, space-separated, as the Standard
 * Webhooks specification allows (during a rotation's grace period, the new secret's and the old one's).
 */
export function signatureHeader(secrets: readonly string[], id: string, timestampSeconds: number, body: string): string {
  return secrets.map((secret) => signWebhook(secret, id, timestampSeconds, body)).join(' ');
}
