/** What a message weighs on the wire, near enough: key, value and headers in UTF-8, plus a record's overhead. */
export interface SizedMessage {
  key: string;
  value: string | null;
  headers?: Record<string, string>;
}

const RECORD_OVERHEAD_BYTES = 64;

export function encodedSize(message: SizedMessage): number {
  let size = RECORD_OVERHEAD_BYTES + Buffer.byteLength(message.key) + (message.value === null ? 0 : Buffer.byteLength(message.value));
  for (const [name, value] of Object.entries(message.headers ?? {})) size += Buffer.byteLength(name) + Buffer.byteLength(value) + 8;
  return size;
}

/**
 * Splits messages, in order, into requests of at most `maxBytes` each, so that a batch of many
 * messages never exceeds what a broker takes in one request (`message.max.bytes`). A message
 * larger than `maxBytes` goes alone.
 */
export function chunkBySize<T extends SizedMessage>(messages: readonly T[], maxBytes: number): T[][] {
  const chunks: T[][] = [];
  let current: T[] = [];
  let currentBytes = 0;
  for (const message of messages) {
    const size = encodedSize(message);
    if (current.length > 0 && currentBytes + size > maxBytes) {
      chunks.push(current);
      current = [];
      currentBytes = 0;
    }
    current.push(message);
    currentBytes += size;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}
