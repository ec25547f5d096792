import { createHash } from 'node:crypto';

/**
 * An id derived from what names one thing (its parts), so that whoever derives it again finds the
 * same id: a redelivered message, a repeated announcement. Shaped as a UUID (version 8, RFC 9562).
 */
export function derivedUuid(...parts: string[]): string {
  const bytes = createHash('sha256').update(parts.join('\u0000')).digest().subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x80;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
