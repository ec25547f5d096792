/**
 * Where each consumer group member says whether it is in its group, so that readiness can name a
 * member that lost it (crashed, cut off from the broker, stuck rebalancing) for longer than its
 * session timeout.
 */
export interface GroupMembershipWatch {
  /** A member starting: it is not in its group until it has joined. */
  watch(member: WatchedMember): GroupMemberReports;
}

export interface WatchedMember {
  groupId: string;
  topics: readonly string[];
  /** How long the group's coordinator waits for a silent member before it gives its partitions to the others. */
  sessionTimeoutMs: number;
}

export interface GroupMemberReports {
  /** Joined its group with these partitions, by topic (none at all is a legitimate idle member). */
  joined(assignment: Readonly<Record<string, readonly number[]>>): void;
  /** Its group's coordinator answered it as a member (a heartbeat, a commit). */
  answered(): void;
  /** Out of its group, and why (rebalancing, crashed, disconnected, joining again); a member already out counts from when it left. */
  out(reason: string): void;
  /** Stopped on purpose: nothing more to watch. */
  ended(): void;
}
