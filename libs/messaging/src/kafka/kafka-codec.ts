import { IHeaders, KafkaMessage } from 'kafkajs';
import { IncomingMessage, OutgoingMessage } from '../message-bus.port';
import { errorMessage } from '@app/errors';

export type Decoded = { ok: true; message: IncomingMessage } | { ok: false; reason: string };

/**
 * Signs and verifies messages (topic, key, value and own headers) with a key the services share;
 * the signature travels in the `signature` header. Structural, so that the bus needs no crypto of its own.
 */
export interface MessageAuthenticator {
  sign(parts: { topic: string; key: string; value: string | null; headers: Readonly<Record<string, string>> }): string;
  verify(parts: { topic: string; key: string; value: string | null; headers: Readonly<Record<string, string>> }, signature: string | undefined): boolean;
}

export const SIGNATURE_HEADER = 'signature';
export const UNSIGNED_MESSAGE = 'The message is not signed by a service of this system (no signature, or one that does not verify).';

/** Values travel as JSON text, headers as strings; the key is the message's string key; signed when an authenticator is given. */
export function encodeMessage(
  message: OutgoingMessage,
  signing?: { topic: string; authenticator: MessageAuthenticator },
): { key: string; value: string | null; headers?: Record<string, string> } {
  if (typeof message.key !== 'string') throw new TypeError('A message needs a string key.');
  const value = message.value === undefined ? null : JSON.stringify(message.value);
  const headers = { ...message.headers };
  delete headers[SIGNATURE_HEADER];
  if (signing) headers[SIGNATURE_HEADER] = signing.authenticator.sign({ topic: signing.topic, key: message.key, value, headers });
  return Object.keys(headers).length > 0 ? { key: message.key, value, headers } : { key: message.key, value };
}

export function decodeMessage(topic: string, partition: number, message: KafkaMessage, authenticator?: MessageAuthenticator): Decoded {
  const headers = decodeHeaders(message.headers);
  if (authenticator) {
    const signature = headers[SIGNATURE_HEADER];
    delete headers[SIGNATURE_HEADER];
    const parts = { topic, key: message.key?.toString('utf8') ?? '', value: message.value === null ? null : message.value.toString('utf8'), headers };
    if (!authenticator.verify(parts, signature)) return { ok: false, reason: UNSIGNED_MESSAGE };
  }
  let value: unknown = null;
  if (message.value !== null && message.value.length > 0) {
    try {
      value = JSON.parse(message.value.toString('utf8'));
    } catch (error) {
      return { ok: false, reason: `The message value is not JSON: ${errorMessage(error)}` };
    }
  }
  return {
    ok: true,
    message: {
      topic,
      partition,
      offset: message.offset,
      key: message.key?.toString('utf8') ?? '',
      value,
      headers,
      timestamp: message.timestamp,
    },
  };
}

/** A header repeated on the wire keeps its last value, as a Kafka client's lastHeader() would. */
export function decodeHeaders(headers: IHeaders | undefined): Record<string, string> {
  const decoded: Record<string, string> = {};
  for (const [name, raw] of Object.entries(headers ?? {})) {
    const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
    if (value !== undefined) decoded[name] = value.toString();
  }
  return decoded;
}

/** The offset a group commits once `offset` is handled: the next one to read. */
export function nextOffset(offset: string): string {
  return (BigInt(offset) + 1n).toString();
}
