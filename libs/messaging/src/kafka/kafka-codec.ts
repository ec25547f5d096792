import { IHeaders, KafkaMessage } from 'kafkajs';
import { IncomingMessage, OutgoingMessage } from '../message-bus.port';

export type Decoded = { ok: true; message: IncomingMessage } | { ok: false; reason: string };

/** Values travel as JSON text, headers as strings; the key is the message's string key. */
export function encodeMessage(message: OutgoingMessage): { key: string; value: string | null; headers?: Record<string, string> } {
  if (typeof message.key !== 'string') throw new TypeError('A message needs a string key.');
  const value = message.value === undefined ? null : JSON.stringify(message.value);
  return message.headers ? { key: message.key, value, headers: { ...message.headers } } : { key: message.key, value };
}

export function decodeMessage(topic: string, partition: number, message: KafkaMessage): Decoded {
  let value: unknown = null;
  if (message.value !== null && message.value.length > 0) {
    try {
      value = JSON.parse(message.value.toString('utf8'));
    } catch (error) {
      return { ok: false, reason: `The message value is not JSON: ${error instanceof Error ? error.message : String(error)}` };
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
      headers: decodeHeaders(message.headers),
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
