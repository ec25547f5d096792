import { Admin, AssignerProtocol, GroupDescription } from 'kafkajs';
import { ConsumerLag } from '../message-bus.port';

interface Watermarks {
  low: number;
  high: number;
}

/**
 * The lag of consumer groups from the cluster's own records, through one admin client: for each
 * topic a group has committed offsets for or has been given partitions of, per partition, the
 * high watermark less the committed offset (from the low watermark where the group has committed
 * nothing, which is where a group that starts at the beginning reads first).
 */
export async function kafkaConsumerLag(admin: Admin, groups?: readonly string[]): Promise<ConsumerLag[]> {
  const groupIds = groups ? [...new Set(groups)] : await consumerGroups(admin);
  if (groupIds.length === 0) return [];
  const { groups: described } = await admin.describeGroups(groupIds);
  const assigned = new Map(described.map((group) => [group.groupId, assignedTopics(group)]));
  const watermarks = new Map<string, Promise<Map<number, Watermarks>>>();
  const watermarksOf = (topic: string): Promise<Map<number, Watermarks>> => {
    let found = watermarks.get(topic);
    if (!found) {
      found = admin.fetchTopicOffsets(topic).then((offsets) => new Map(offsets.map(({ partition, low, high }) => [partition, { low: Number(low), high: Number(high) }])));
      watermarks.set(topic, found);
    }
    return found;
  };
  const lags: ConsumerLag[] = [];
  for (const group of groupIds) {
    // Without topics: those the group has committed offsets for (only the partitions it committed).
    const committed = await admin.fetchOffsets({ groupId: group });
    const topics = [...new Set([...committed.map(({ topic }) => topic), ...(assigned.get(group) ?? [])])].sort();
    if (topics.length === 0) continue;
    // With topics: every partition of each, -1 where the group has committed nothing.
    for (const { topic, partitions } of await admin.fetchOffsets({ groupId: group, topics })) {
      const ends = await watermarksOf(topic);
      let lag = 0;
      for (const { partition, offset } of partitions) {
        const end = ends.get(partition);
        if (!end) continue;
        const from = Number(offset) < 0 ? end.low : Number(offset);
        lag += Math.max(end.high - from, 0);
      }
      lags.push({ topic, group, lag, partitions: partitions.length });
    }
  }
  return lags;
}

/** Every consumer group of the cluster (not the groups of Kafka Connect or other protocols). */
async function consumerGroups(admin: Admin): Promise<string[]> {
  const { groups } = await admin.listGroups();
  return groups.filter((group) => group.protocolType === 'consumer').map((group) => group.groupId);
}

/** The topics the group's members were given partitions of (none for a group without members). */
function assignedTopics(group: GroupDescription): string[] {
  const topics = new Set<string>();
  for (const member of group.members) {
    if (member.memberAssignment.length === 0) continue;
    const assignment = AssignerProtocol.MemberAssignment.decode(member.memberAssignment);
    for (const topic of Object.keys(assignment?.assignment ?? {})) topics.add(topic);
  }
  return [...topics];
}
