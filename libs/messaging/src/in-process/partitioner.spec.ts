import { Partitioners } from 'kafkajs';
import { partitionForKey } from './partitioner';

describe('partitionForKey', () => {
  const kafkaPartition = (key: string, partitions: number): number =>
    Partitioners.DefaultPartitioner()({
      topic: 'any',
      partitionMetadata: Array.from({ length: partitions }, (_, partitionId) => ({ partitionErrorCode: 0, partitionId, leader: 0, replicas: [0], isr: [0] })),
      message: { key, value: null },
    });

  it('chooses the partition Kafka would choose for the same key', () => {
    const keys = ['', 'a', 'ab', 'abc', 'abcd', 'abcde', 'é-ünïcode-✓', ...Array.from({ length: 200 }, () => crypto.randomUUID())];
    for (const partitions of [1, 3, 4, 12]) {
      for (const key of keys) expect([key, partitionForKey(key, partitions)]).toEqual([key, kafkaPartition(key, partitions)]);
    }
  });

  it('spreads distinct keys over every partition', () => {
    const used = new Set(Array.from({ length: 100 }, (_, i) => partitionForKey(`post-${i}`, 4)));
    expect([...used].sort()).toEqual([0, 1, 2, 3]);
  });
});
