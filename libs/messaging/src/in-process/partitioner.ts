/**
 * Kafka's default partitioner for keyed messages: murmur2 of the key's UTF-8 bytes, made
 * positive, modulo the partition count. Using the same function as Kafka means a key lands on the
 * same partition number in embedded and distributed mode.
 */
export function partitionForKey(key: string, partitions: number): number {
  return (murmur2(Buffer.from(key, 'utf8')) & 0x7fffffff) % partitions;
}

const SEED = 0x9747b28c;
const M = 0x5bd1e995;

function murmur2(data: Buffer): number {
  const length = data.length;
  let h = SEED ^ length;
  const whole = length - (length % 4);
  for (let i = 0; i < whole; i += 4) {
    let k = data[i] | (data[i + 1] << 8) | (data[i + 2] << 16) | (data[i + 3] << 24);
    k = Math.imul(k, M);
    k ^= k >>> 24;
    k = Math.imul(k, M);
    h = Math.imul(h, M) ^ k;
  }
  const rest = length % 4;
  if (rest > 0) {
    if (rest === 3) h ^= data[whole + 2] << 16;
    if (rest >= 2) h ^= data[whole + 1] << 8;
    h ^= data[whole];
    h = Math.imul(h, M);
  }
  h ^= h >>> 13;
  h = Math.imul(h, M);
  h ^= h >>> 15;
  return h;
}
