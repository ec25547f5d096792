import { randomBytes } from 'node:crypto';

/** Standard Webhooks secrets: `whsec_` and the base64 of a 24 to 64 byte key. */
const PREFIX = 'whsec_';
const MIN_KEY_BYTES = 24;
const MAX_KEY_BYTES = 64;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

export const generateWebhookSecret = (): string => `${PREFIX}${randomBytes(32).toString('base64')}`;

export function isWebhookSecret(value: string): boolean {
  if (!value.startsWith(PREFIX)) return false;
  const encoded = value.slice(PREFIX.length);
  if (!BASE64.test(encoded)) return false;
  const length = Buffer.from(encoded, 'base64').length;
  return length >= MIN_KEY_BYTES && length <= MAX_KEY_BYTES;
}

/** The HMAC key of a secret: the base64-decoded part after the prefix. */
export const webhookSecretKey = (secret: string): Buffer => Buffer.from(secret.slice(PREFIX.length), 'base64');
