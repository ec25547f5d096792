import { ConsumerLag } from '../message-bus.port';
import { BusLog, nextOffsets } from './message-log';

/**
 * The lag of the groups (every group when not given) on each topic they joined: per partition,
 * the partition's next offset less the group's committed one. A group joins all partitions of a
 * topic when it subscribes (joinPartition), so a group that has committed nothing yet shows the
 * whole topic as its lag.
 */
export async function consumerLagOf(log: BusLog, groups?: readonly string[]): Promise<ConsumerLag[]> {
  if (groups?.length === 0) return [];
  let query = log.db.selectFrom('committed_offsets').select(['group_id', 'topic', 'partition', 'next_offset']);
  if (groups) query = query.where('group_id', 'in', [...groups]);
  const committed = await query.orderBy('group_id').orderBy('topic').execute();
  const ends = new Map<string, Map<number, number>>();
  for (const topic of new Set(committed.map((row) => row.topic))) ends.set(topic, await nextOffsets(log, topic));
  const lags = new Map<string, ConsumerLag>();
  for (const row of committed) {
    const key = `${row.group_id}\u0000${row.topic}`;
    const entry = lags.get(key) ?? { topic: row.topic, group: row.group_id, lag: 0, partitions: 0 };
    const end = ends.get(row.topic)?.get(row.partition) ?? 0;
    entry.lag += Math.max(end - Number(row.next_offset), 0);
    entry.partitions += 1;
    lags.set(key, entry);
  }
  return [...lags.values()];
}
